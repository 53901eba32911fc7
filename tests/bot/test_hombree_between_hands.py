"""A table of La Bête Hombrée between two hands says what its next deal plays for: the
server's pot and the bête the deal will put in play, as they stand now, when hands at
another table of the server have been dealt or settled since its own hand (RULES.md
§1.8: the register and the pot are the server's)."""

from __future__ import annotations

import pytest

from bot.games.bete_hombree import GAME
from bot.games.bete_hombree.betes import pot_line, register_line
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from db import Database
from games.bete_hombree import Action, Rules

GUILD = 10
SAID = {
    "fr": ("aucune bête en jeu au prochain coup", "au prochain coup : une pinandèle de 8"),
    "en": ("no bête in play next hand", "next hand: a pinandèle of 8"),
}


@pytest.fixture
def table_seed() -> int:
    return 3


async def started(service: TableService, channel: int, first: int) -> LiveTable:
    table = await service.open_table(
        guild_id=GUILD, channel_id=channel, player=str(first), name="Sud", rules=Rules()
    )
    for player, name in ((first + 1, "Est"), (first + 2, "Nord"), (first + 3, "Ouest")):
        await service.join(table.id, str(player), name, "fr")
    await service.start(table.id, str(first))
    return table


async def all_pass(service: TableService, table: LiveTable) -> None:
    """A pinandèle: the four pass (2 sous each into the pot, 8 in the register)."""
    state = table.state
    assert state is not None
    while not state.is_over:
        await service.act(table.id, table.players[state.turn], Action.parse("pass"))


def pot(table: LiveTable, lang: str) -> str:
    return pot_line(table, None, GAME.renderer.amount, lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_between_hands_the_table_says_the_servers_pot_and_next_bete(service, lang):
    nothing, pinandele = SAID[lang]
    first = await started(service, 20, 101)
    await all_pass(service, first)  # its pinandèle of 8, the pot 8
    assert register_line(first, None, lang) == pinandele and "8 sous" in pot(first, lang)
    second = await started(service, 21, 201)  # which puts that pinandèle in play there
    assert second.state is not None and second.state.entry is not None
    assert register_line(first, None, lang) == nothing  # it waits for that hand
    await all_pass(service, second)  # a pinandèle there too: the server's pot is 16
    assert "16 sous" in pot(first, lang)
    assert register_line(first, None, lang) == pinandele  # the first, let go


async def test_rebuilt_between_hands_the_table_reads_the_server_register(database_target, service):
    first = await started(service, 20, 101)
    await all_pass(service, first)
    await started(service, 21, 201)  # the pinandèle of the first table in play there
    await service.close()
    await service.db.close()
    db = await Database.open(database_target)
    again = TableService(db, seed_source=lambda: 3, decider=inline_decider, ai_pause=0)
    await again.load()
    try:
        rebuilt = again.tables[first.id]
        assert rebuilt.between_hands
        assert register_line(rebuilt, None, "en") == SAID["en"][0]
        assert "8 sous" in pot(rebuilt, "en")
    finally:
        await again.close()
        await db.close()

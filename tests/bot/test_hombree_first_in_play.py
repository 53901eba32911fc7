"""The bête a lobby (and ``/betes`` in its channel) marks as the first in play is the one
the table's deal plays: a pinandèle of the register the pot left to the deal cannot
pay waits for another deal (RULES.md §1.6: it is paid from the pot), and so does
every pinandèle of the register at a ``pinandele=with_next_bete`` table, whose pot goes
with the next bête won."""

from __future__ import annotations

import pytest

from bot.drawing.boards import register_embed
from bot.drawing.lobby_text import lobby_text
from bot.games.bete_hombree import GAME
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from db import NewEntry
from games.bete_hombree import Rules

GUILD = 10
FIRST = {"fr": "(la première en jeu)", "en": "(first in play)"}
NEXT = {"fr": "la prochaine en jeu à la table n°", "en": "next in play at table #"}


@pytest.fixture
def table_seed() -> int:
    return 3


async def seated(service: TableService, channel: int, first: int, rules: Rules) -> LiveTable:
    table = await service.open_table(
        guild_id=GUILD, channel_id=channel, player=str(first), name="Sud", rules=rules
    )
    for player, name in ((first + 1, "Est"), (first + 2, "Nord"), (first + 3, "Ouest")):
        await service.join(table.id, str(player), name, "fr")
    return table


def marked(table: LiveTable, lang: str) -> list[str]:
    """The lobby's bêtes marked first in play."""
    _, fields = lobby_text(table, lang)
    listed = next(value for name, value, _ in fields if "Bête" in name or "bête" in name)
    return [part for part in listed.split(", ") if FIRST[lang] in part]


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_with_next_bete_table_marks_the_bete_its_deal_plays(service, lang):
    async with service.db.transaction() as store:  # a pinandèle of a table that queues them
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_to_pot(GUILD, GAME.id, 8)
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Sud", 40))
    table = await seated(service, 20, 101, Rules.from_dict({"pinandele": "with_next_bete"}))
    assert [m.split(" (")[0] for m in marked(table, lang)] == ["Sud 40 sous"]
    assert table.guild_register is not None
    embed = register_embed(GAME, table.guild_register, lang, table)
    next_lines = [line for line in (embed.description or "").split("\n") if NEXT[lang] in line]
    assert len(next_lines) == 1 and "Sud" in next_lines[0]
    await service.start(table.id, "101")
    assert table.state is not None and table.state.entry is not None
    assert table.state.entry.owner == 0 and table.state.entry.amount == 40


async def test_a_pinandele_the_pot_cannot_pay_is_not_marked(service):
    """A pinandèle of 12 and a pot of 8 (a register and pot that do not go together): the
    deal leaves the pinandèle waiting and plays Sud's bête; the lobby marks that one."""
    async with service.db.transaction() as store:
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 12))
        await store.ledger.add_to_pot(GUILD, GAME.id, 8)
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Sud", 40))
    table = await seated(service, 20, 101, Rules())
    assert [m.split(" (")[0] for m in marked(table, "en")] == ["Sud 40 sous"]
    await service.start(table.id, "101")
    assert table.state is not None and table.state.entry is not None
    assert table.state.entry.owner == 0

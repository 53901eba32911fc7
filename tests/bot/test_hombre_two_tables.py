"""Two tables of L'Hombre in one server share its poule (RULES.md §3: the money of a
table carries over to the next): whether the last poule taken went by codille (3 each
into the next one) is the last deal's, whichever table played it, not the sum of the
tables' codilles."""

from __future__ import annotations

import random

import pytest

from bot.games.hombre import GAME
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from games.hombre import DealState
from games.hombre.settle import CODILLE, WIN

GUILD = 10


@pytest.fixture
def table_seed() -> int:
    return 5


async def open_table(
    service: TableService, channel: int, first: int, start: bool = True
) -> LiveTable:
    """Three players, ``first`` and the next two, at a table of ``channel`` (started)."""
    players = [str(first + i) for i in range(3)]
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=channel,
        player=players[0],
        name="P" + players[0],
        game=GAME,
        rules=GAME.spec.options_from({}),
    )
    for player in players[1:]:
        await service.join(table.id, player, "P" + player, "fr")
    if start:
        await service.start(table.id, players[0])
    return table


async def play_out(service: TableService, table: LiveTable, rng: random.Random) -> str:
    """The deal in progress played to its end at random; its result."""
    state = table.state
    assert isinstance(state, DealState)
    while not state.is_over:
        player = table.seats[state.turn].player
        await service.act(table.id, player, rng.choice(state.legal_actions()))
    assert state.outcome is not None
    return state.outcome.result


async def codille_flag(service: TableService) -> int:
    async with service.db.reading() as store:
        return (await store.ledger.pot_parts(GUILD, GAME.id)).get("codille", 0)


@pytest.mark.parametrize("last", [WIN, CODILLE])
async def test_the_codille_that_counts_is_the_last_poule_taken_in_the_server(service, last):
    """One table ends its deal in codille, the other's ends after it with ``last``: the
    server's next poule takes 3 each only if that last one was a codille too."""
    one, other = await open_table(service, 20, 100), await open_table(service, 21, 200)
    rng = random.Random(3)
    for _ in range(200):  # deals at random, until the two results come in that order
        first, then = await play_out(service, one, rng), await play_out(service, other, rng)
        if first == CODILLE and then == last:
            break
        for table in (one, other):
            await service.next_hand(table.id, table.seats[0].player)
    else:
        pytest.fail(f"no codille then {last} in 200 deals")
    assert await codille_flag(service) == (last == CODILLE)

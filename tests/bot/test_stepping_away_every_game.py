"""``/table away`` in every game offered: the people called away, the computer plays
their seats to the end of the deal, which is settled as any other; its record names
the seats a computer played (no review judges those moves as the person's), the log
says who stepped away, and each takes the seat back for the next deal."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.game import TableGame
from bot.games import table_games
from tests.bot.test_away_moves import opened


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
async def test_the_computer_plays_the_seats_of_those_away_to_the_end_of_the_deal(
    tmp_path: Path, game: TableGame
) -> None:
    service, table = await opened(tmp_path, game)
    stays, *away = table.players  # the first person plays on, the others step away
    for player in away:
        await service.step_away(table.id, player)
    keys = [line.key for line in table.log]
    assert keys.count("log.away") == len(away)
    assert all(table.seats[s].stand_in for s in range(1, len(table.seats)))
    deadline = time.monotonic() + 60
    while table.in_deal:
        assert time.monotonic() < deadline, "the deal did not end"
        state = table.state
        assert state is not None
        if state.turn == 0:  # the person still there: his first move offered
            await service.act(table.id, stays, state.view(0).legal[0], table.moves)
        else:  # the computer's, on its timer
            await asyncio.sleep(0.01)
    assert table.between_hands and table.last is not None
    async with service.db.reading() as store:
        hands = await store.ledger.hands(table.row.guild_id, game.id)
    assert len(hands) == 1, "the deal was not settled"
    assert hands[0].record.get("stood_in") == list(range(1, len(table.seats)))
    for player in away:
        await service.take_back(table.id, player)
    assert all(s.human for s in table.seats)
    await service.close()
    await service.db.close()

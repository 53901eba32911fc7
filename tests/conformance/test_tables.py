"""Every game offered plays whole tables through the table service and keeps the
invariants of the bot side (``tests.conformance``): at each number of seats by people
making random moves, and at its most seats with computer players."""

from __future__ import annotations

import random
import zlib
from pathlib import Path
from typing import Any

import pytest

from bot.drawing.boards import history_embed
from bot.drawing.render import ended_text, table_embed
from bot.game import TableGame
from bot.games import table_games
from bot.tables.table import apply_event, new_table
from tests.conformance.checks import snapshot
from tests.conformance.run import GUILD, TableRun
from tests.conformance.watch import LANGS, embed_strings, naming


def seat_counts() -> list[Any]:
    """(game, seats): each game offered, at each number of seats it plays at."""
    return [
        pytest.param(game, seats, id=f"{game.id}-{seats}")
        for game in table_games()
        for seats in range(game.min_seats, game.max_seats + 1)
    ]


def every_game() -> list[Any]:
    return [pytest.param(game, id=game.id) for game in table_games()]


def rng_for(game: TableGame, seats: int, kind: str) -> random.Random:
    """The same moves on every run of a table, and other moves at another table."""
    return random.Random(zlib.crc32(f"{game.id}/{seats}/{kind}".encode()))


async def played_out(run: TableRun) -> None:
    """Play ``run``'s table to its end, and check what every ended table must be."""
    try:
        table = await run.play()
        game = run.game
        assert not run.checks.failures, "\n".join(run.checks.failures[:10])
        assert table.status == "ended"
        for lang in LANGS:  # the table says it ended, in the words of its end
            words = ended_text(table, lang)
            assert words and any(words in s for s in embed_strings(table_embed(table, lang)))
        async with run.db.reading() as store:
            row = await store.tables.table(table.id)
            events = await store.tables.events(table.id)
            hands = await store.ledger.hands(GUILD, game.id)
            history = await store.ledger.recent_hands(GUILD, game.id, None, 50)
        assert row is not None and row.status == "ended"
        replayed = new_table(row, game)
        for event in events:
            apply_event(replayed, event.seq, event.kind, event.payload)
        assert snapshot(replayed) == snapshot(table)
        settled = table.hand_no - (0 if table.state is None or table.state.is_over else 1)
        assert len(hands) == settled >= 1
        for hand in hands:  # each settled hand's record replays by its rules
            game.spec.replay(hand.record)
        secret = run.checks.knowledge.secret()
        for lang in LANGS:  # the last deal in /history names none of its unseen cards
            assert not naming(embed_strings(history_embed(history[:1], lang)), secret)
    finally:
        await run.close()


@pytest.mark.parametrize(("game", "seats"), seat_counts())
async def test_people_play_a_table_to_its_end(tmp_path: Path, game: TableGame, seats: int) -> None:
    run = TableRun(str(tmp_path / "tables.sqlite3"), game, seats, rng_for(game, seats, "people"))
    await played_out(run)
    assert run.checks.refusals, "no wrong move was tried"
    assert run.restarts >= 1


@pytest.mark.parametrize("game", every_game())
async def test_computer_players_play_a_table_to_its_end(tmp_path: Path, game: TableGame) -> None:
    seats = game.max_seats
    rng = rng_for(game, seats, "computers")
    run = TableRun(str(tmp_path / "tables.sqlite3"), game, seats, rng, computers=seats - 1)
    run.deals = 2
    await played_out(run)
    assert run.checks.looks > run.moves + 2 * run.deals, "the computer moves were not checked"

"""Migration 11: the reviews of a Bésigue hand made when they counted the game's
earlier deals again are dropped (and a review's decisions under way), to be made
again on the hand's own deal; every other review is kept. On both backends, each
with the database as the migration before left it."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from db import Database, HandSeat
from tests.teacher.helpers import played_record

both = pytest.mark.both_backends
LAST = 11  # the migration under test
SEAT = 0


def a_review(game: str) -> dict[str, Any]:
    counts = {"inaccuracy": 1, "mistake": 0, "blunder": 0}
    return {"game": game, "valued": 3, "total_loss": 2.5, "counts": counts, "accuracy": 66.7}


async def stored(db: Database, record: dict[str, Any]) -> int:
    """A hand of ``record`` with a review of seat 0, and seat 1's under way."""
    game = str(record["game"])
    async with db.transaction() as store:
        players = [HandSeat(str(n), str(p), 0) for n, p in enumerate(record["players"])]
        hand = await store.ledger.insert_hand(
            guild_id=1, game=game, table_id=None, hand_no=1, record=record, declarer=None,
            made=None, players=players,
        )  # fmt: skip
        await store.reviews.save_review(
            hand_id=hand, seat=SEAT, guild_id=1, player="0", review=a_review(game)
        )
        await store.reviews.add_reviewed_decision(hand, SEAT + 1, "0:1", {"key": "0:1"})
    return hand


async def before_the_migration(target: str, backend: str, last: int = LAST) -> None:
    """Mark the database as the migration before ``last`` left it (``last`` and the later
    ones to apply)."""
    if backend == "sqlite":
        raw = sqlite3.connect(target)
        raw.execute(f"PRAGMA user_version = {last - 1}")
        raw.commit()
        raw.close()
        return
    import asyncpg

    connection = await asyncpg.connect(target)
    await connection.execute("DELETE FROM schema_migrations WHERE number >= $1", last)
    await connection.close()


@both
async def test_reviews_that_counted_earlier_deals_are_made_again(database_target, backend):
    db = await Database.open(database_target)
    several = await stored(db, played_record("besigue", 3, deals=2))
    haiti = await stored(db, played_record("besigue-haiti", 3, deals=2))
    one = await stored(db, played_record("besigue", 3))
    other = await stored(db, played_record("hombre", 3))
    plain = await stored(db, played_record("bete-hombree", 3))
    await db.close()
    await before_the_migration(database_target, backend)
    db = await Database.open(database_target)
    async with db.reading() as store:
        for hand in (several, haiti):
            assert await store.reviews.review(hand, SEAT) is None
            assert await store.reviews.reviewed_decisions(hand, SEAT + 1) == []
        for hand in (one, other, plain):
            kept = await store.reviews.review(hand, SEAT)
            assert kept is not None and kept.review["total_loss"] == 2.5
            assert await store.reviews.reviewed_decisions(hand, SEAT + 1) == [{"key": "0:1"}]
    await db.close()

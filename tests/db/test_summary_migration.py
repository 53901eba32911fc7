"""Migration 13: a restart now posts the summaries not posted of ended tables too, so
the hands of the tables ended before it are taken as posted (those settled before
migration 2 were all left unmarked); an open table's keep what they were. On both
backends, each with the database as the migration before left it."""

from __future__ import annotations

import pytest

from db import Database, HandSeat
from tests.db.test_review_migration import before_the_migration

both = pytest.mark.both_backends
LAST = 13  # the migration under test


async def a_table_with_a_hand(db: Database, *, ended: bool) -> int:
    """A table whose hand 1 is settled, its summary not marked posted."""
    async with db.transaction() as store:
        row = await store.tables.insert_table(
            guild_id=1, channel_id=2, game="bete-hombree", options={}, turn_seconds=0,
            created_by="0", seed=7,
        )  # fmt: skip
        await store.ledger.insert_hand(
            guild_id=1, game="bete-hombree", table_id=row.id, hand_no=1, record={},
            declarer=None, made=None, players=[HandSeat("0", "Sud", 0)],
        )  # fmt: skip
        if ended:
            await store.tables.set_table_status(row.id, "ended")
    return row.id


@both
async def test_the_summaries_of_tables_ended_before_are_taken_as_posted(database_target, backend):
    db = await Database.open(database_target)
    ended = await a_table_with_a_hand(db, ended=True)
    open_ = await a_table_with_a_hand(db, ended=False)
    await db.close()
    await before_the_migration(database_target, backend, LAST)
    db = await Database.open(database_target)
    async with db.reading() as store:
        assert await store.ledger.unposted_summaries(ended) == set()
        assert await store.ledger.unposted_summaries(open_) == {1}
        assert await store.tables.ended_with_summaries_due() == []
    await db.close()

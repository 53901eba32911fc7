"""Shards over one database: the holder of each shard, and the clicks handed between processes.

Two ``Database`` objects on one database stand for two bot processes, each with
its own connections; PostgreSQL is the real server of the tests."""

from __future__ import annotations

import asyncio

import pytest

from db import Database, NewEntry

both = pytest.mark.both_backends


@both
async def test_a_handed_click_is_taken_once(database_target):
    first, second = await Database.open(database_target), await Database.open(database_target)
    try:
        async with first.transaction() as store:
            handoff = await store.shards.hand_over(1, '{"id": "42"}')
        takes = await asyncio.gather(*(take(db, handoff) for db in (first, second, first)))
        assert takes.count(None) == 2 and '{"id": "42"}' in takes
        async with second.transaction() as store:
            await store.shards.set_shard_owner(1, "process-a")
            await store.shards.set_shard_owner(1, "process-b")  # a replacement takes it over
            assert await store.shards.shard_owner(1) == "process-b"
            assert await store.shards.shard_owner(2) is None
    finally:
        await first.close()
        await second.close()


async def take(database: Database, handoff: int) -> str | None:
    async with database.transaction() as store:
        return await store.shards.take_handoff(handoff)


@both
async def test_the_open_tables_of_a_player_name_their_guilds(database_target):
    database = await Database.open(database_target)
    try:
        async with database.transaction() as store:
            tables = []
            for guild in (7 << 22, 9 << 22):
                row = await store.tables.insert_table(
                    guild_id=guild,
                    channel_id=guild + 1,
                    game="bete-hombree",
                    options={},
                    turn_seconds=0,
                    created_by="u1",
                    seed=1,
                )
                await store.tables.add_seat(row.id, guild, 0, "u1", "U1")
                tables.append(row.id)
            await store.tables.set_table_status(tables[1], "ended")
            assert await store.shards.open_tables_of("u1") == [(tables[0], 7 << 22)]
            assert await store.shards.open_tables_of("u2") == []
    finally:
        await database.close()


async def test_a_live_process_keeps_its_shards_until_it_dies(postgres):
    """The second process waits for shard 1 while the first holds it; the first dies
    (its connections close), and the second holds it at once and hears its clicks."""
    name = postgres.new_database()
    url = postgres.server.url(name)
    first, second = await Database.open(url), await Database.open(url)
    heard: list[int] = []
    lost: list[str] = []
    try:
        await first.hold_shards(
            [0, 1], "first", on_handoff=heard.append, on_lost=lambda: lost.append("first")
        )
        waiting = asyncio.create_task(
            second.hold_shards(
                [1], "second", on_handoff=heard.append, on_lost=lambda: lost.append("second")
            )
        )
        await asyncio.sleep(0.6)
        assert not waiting.done(), "shard 1 was taken from a live holder"
        async with second.transaction() as store:
            assert await store.shards.shard_owner(1) == "first"
        await first.close()  # as at a SIGKILL, its server connections end
        await asyncio.wait_for(waiting, 2.0)
        async with second.transaction() as store:
            assert await store.shards.shard_owner(1) == "second"
            handoff = await store.shards.hand_over(1, "{}")
        for _ in range(50):
            if heard:
                break
            await asyncio.sleep(0.02)
        assert heard == [handoff]
        assert lost == []  # a process closing its database has not lost anything
        # the holding connection cut from the server's side: the process is told
        await second.select(
            "SELECT pg_terminate_backend(pid) FROM pg_locks"
            " WHERE locktype = 'advisory' AND pid != pg_backend_pid()"
        )
        for _ in range(100):
            if lost:
                break
            await asyncio.sleep(0.02)
        assert lost == ["second"]
    finally:
        await first.close()
        await second.close()
        postgres.drop(name)


async def test_a_table_write_waits_for_no_takeover_and_sees_the_new_holder(postgres):
    """The holder read under a share lock: a takeover waits for the write in flight, and
    the write after it reads the new holder (the fence of bot.delivery.handoffs.Ownership)."""
    name = postgres.new_database()
    url = postgres.server.url(name)
    first, second = await Database.open(url), await Database.open(url)
    try:
        async with first.transaction() as store:
            await store.shards.set_shard_owner(3, "old")
        order: list[str] = []

        async def write() -> None:
            async with first.transaction() as store:
                assert await store.shards.shard_owner(3) == "old"
                await asyncio.sleep(0.3)
                await store.ledger.add_entry(1, "bete-hombree", NewEntry("b", "B", 1))
                order.append("write")

        async def takeover() -> None:
            await asyncio.sleep(0.1)
            async with second.transaction() as store:
                await store.shards.set_shard_owner(3, "new")
                order.append("takeover")

        await asyncio.gather(write(), takeover())
        assert order == ["write", "takeover"]
        async with first.transaction() as store:
            assert await store.shards.shard_owner(3) == "new"
    finally:
        await first.close()
        await second.close()
        postgres.drop(name)


async def test_a_click_is_handed_over_by_statements_each_committed_at_once(postgres):
    """``statements()``: no transaction around them, so the row is there for the holder
    before the block ends (each in one round trip); and a pooled connection given back
    without the pool's reset still starts the next block clean."""
    name = postgres.new_database()
    url = postgres.server.url(name)
    first, second = await Database.open(url), await Database.open(url)
    try:
        async with first.statements() as store:
            handoff = await store.shards.hand_over(2, '{"id": "7"}')
            assert await take(second, handoff) == '{"id": "7"}'  # seen before the block ends
            assert await store.shards.take_handoff(handoff) is None  # and taken once
        with pytest.raises(RuntimeError):
            async with first.transaction() as store:
                await store.shards.hand_over(2, '{"id": "8"}')
                raise RuntimeError("a block that fails")
        for _ in range(3):  # every pooled connection: nothing of the failed block is left
            async with first.statements() as store:
                assert await store.shards.take_handoff(handoff + 1) is None
    finally:
        await first.close()
        await second.close()
        postgres.drop(name)

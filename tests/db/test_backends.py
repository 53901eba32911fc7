"""The two backends hold the same schema and keep the same guarantees under concurrency:
two settlements of one guild at once, as two processes would run them."""

from __future__ import annotations

import asyncio

import pytest

from db import Database, HandSeat, NewEntry, NewPayment
from db.database import MigrationError, migrations

both = pytest.mark.both_backends
GAME = "bete-hombree"
GUILD = 1_234_567_890_123_456_789  # Discord ids need 64 bits

# A SQLite declared type and the PostgreSQL types that hold the same values.
COMPATIBLE = {
    "integer": {"integer", "bigint"},
    "text": {"text"},
    "real": {"double precision"},
}


def test_the_dialects_have_the_same_migrations():
    sqlite, postgresql = migrations("sqlite"), migrations("postgresql")
    assert [(n, name) for n, name, _ in sqlite] == [(n, name) for n, name, _ in postgresql]


async def test_both_schemas_hold_the_same_tables_and_columns(tmp_path, postgres):
    lite = await Database.open(tmp_path / "s.sqlite3")
    name = postgres.new_database()
    try:
        pg = await Database.open(postgres.server.url(name))
        try:
            sqlite_schema, pg_schema = await lite.schema(), await pg.schema()
        finally:
            await pg.close()
    finally:
        await lite.close()
        postgres.drop(name)
    assert sorted(sqlite_schema) == sorted(pg_schema)
    assert "pots" in pg_schema and "table_events" in pg_schema
    for table, columns in sqlite_schema.items():
        assert sorted(columns) == sorted(pg_schema[table]), table
        for column, kind in columns.items():
            assert pg_schema[table][column] in COMPATIBLE[kind], (table, column, kind)


async def settle(db: Database, entry_id: int, hand_no: int, pause: float) -> bool:
    """What the settlement of one hand writes, with a pause inside the transaction so that
    another settlement tries to run meanwhile: the hand, its payments, the crossing of
    the one unpaid entry, a new bête and the pot."""
    async with db.transaction() as store:
        hand = await store.ledger.insert_hand(
            guild_id=GUILD,
            game=GAME,
            table_id=None,
            hand_no=hand_no,
            record={"actions": []},
            declarer="a",
            made=True,
            players=[HandSeat("a", "A", 24), HandSeat("b", "B", -24)],
        )
        await store.ledger.add_payments(GUILD, GAME, hand, [NewPayment("b", "a", 24, "bete")])
        await asyncio.sleep(pause)
        crossed = await store.ledger.cross_entry(entry_id, "a", 24, hand)
        await store.ledger.add_entry(GUILD, GAME, NewEntry("b", "B", 8), hand)
        await asyncio.sleep(pause)
        await store.ledger.add_to_pot(GUILD, GAME, 8)
    return crossed


@both
async def test_settlements_at_the_same_moment_keep_the_register_consistent(database_target):
    # Two Database objects on one database: two processes, each with its connections.
    first, second = await Database.open(database_target), await Database.open(database_target)
    try:
        async with first.transaction() as store:
            entry = await store.ledger.add_entry(GUILD, GAME, NewEntry("b", "B", 24))
            await store.ledger.add_to_pot(GUILD, GAME, 100)
        crossed = await asyncio.gather(
            *(settle((first, second)[i % 2], entry.id, i, 0.01) for i in range(8))
        )
        assert crossed.count(True) == 1  # the bête is paid once
        async with second.reading() as store:
            unpaid = await store.ledger.unpaid_entries(GUILD, GAME)
            pot = (await store.ledger.pot_parts(GUILD, GAME)).get("", 0)
            payments = await store.ledger.payments(GUILD, GAME)
            hands = await store.ledger.hands(GUILD, GAME)
            paid = await store.ledger.entry(entry.id)
    finally:
        await first.close()
        await second.close()
    assert pot == 100 + 8 * 8  # no increment lost
    assert [(e.owner, e.amount) for e in unpaid] == [("b", 8)] * 8
    assert len(payments) == len(hands) == 8
    assert paid is not None and paid.crossed_by == "a" and paid.paid == 24


@both
async def test_two_settlements_of_one_guild_write_one_after_the_other(database_target):
    first, second = await Database.open(database_target), await Database.open(database_target)
    order: list[str] = []
    locked = asyncio.Event()

    async def slow() -> None:
        async with first.transaction() as store:
            await store.ledger.add_to_pot(GUILD, GAME, 8)  # takes the guild's register
            locked.set()
            await asyncio.sleep(0.3)
            order.append("first commits")

    async def quick() -> None:
        await locked.wait()
        async with second.transaction() as store:
            await store.ledger.add_entry(GUILD, GAME, NewEntry(None, "", 8))
            order.append("second wrote")

    try:
        await asyncio.gather(slow(), quick())
        async with first.reading() as store:
            assert await store.ledger.pot_parts(GUILD, GAME) == {"": 8}
            assert len(await store.ledger.unpaid_entries(GUILD, GAME)) == 1
    finally:
        await first.close()
        await second.close()
    assert order == ["first commits", "second wrote"]


@both
async def test_an_event_is_appended_once_and_big_ids_come_back(database_target, integrity_error):
    db = await Database.open(database_target)
    try:
        async with db.transaction() as store:
            table = await store.tables.insert_table(
                guild_id=GUILD,
                channel_id=GUILD + 1,
                game=GAME,
                options={"pinandele": 8},
                turn_seconds=120,
                created_by="123456789012345678",
                seed=2**62 - 1,
                guild_name="Le Berry",
                channel_name="salon",
            )
            await store.tables.set_table_message(table.id, GUILD + 2)
            await store.tables.append_event(table.id, 1, "open", {"by": "a", "name": "Élise"})
        with pytest.raises(integrity_error):
            async with db.transaction() as store:
                await store.tables.append_event(table.id, 2, "join", {"player": "b"})
                await store.tables.append_event(table.id, 1, "join", {"player": "c"})
        async with db.reading() as store:
            row = await store.tables.table(table.id)
            events = await store.tables.events(table.id)
    finally:
        await db.close()
    assert row is not None
    assert (row.guild_id, row.channel_id, row.message_id, row.seed) == (
        GUILD,
        GUILD + 1,
        GUILD + 2,
        2**62 - 1,
    )
    assert row.options == {"pinandele": 8} and row.created_at.tzinfo is not None
    assert [(e.seq, e.kind, e.payload) for e in events] == [
        (1, "open", {"by": "a", "name": "Élise"})
    ]  # the failed block left nothing, not even its event 2


def test_a_migration_outside_the_dialect_folders_is_refused(tmp_path):
    """A migration written for the single folder of old would otherwise never run."""
    (tmp_path / "sqlite").mkdir()
    (tmp_path / "sqlite" / "0001_initial.sql").write_text("CREATE TABLE t (a INTEGER);")
    assert [name for _, name, _ in migrations("sqlite", tmp_path)] == ["0001_initial.sql"]
    (tmp_path / "0002_new_feature.sql").write_text("ALTER TABLE t ADD COLUMN b TEXT;")
    with pytest.raises(MigrationError, match=r"0002_new_feature\.sql"):
        migrations("sqlite", tmp_path)

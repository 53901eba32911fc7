"""The Database on both backends: migrations tracked, foreign keys, constraints, atomic
blocks, the register and the scoreboard; SQLite's own file format (WAL, user_version)."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from db import Database, DatabaseUnavailable, HandSeat, NewEntry, NewPayment
from db.database import migrations
from db.models import HandMessage

both = pytest.mark.both_backends


async def test_migrations_apply_once_and_are_tracked(tmp_path):
    path = tmp_path / "b.sqlite3"
    db = await Database.open(path)
    assert await db.user_version() == len(migrations()) >= 1
    assert await db.migrate() == 0  # nothing left to apply
    await db.close()
    again = await Database.open(path)
    assert await again.user_version() == len(migrations())
    await again.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


async def test_a_path_that_is_no_sqlite_file_is_unavailable_and_left_as_it_was(tmp_path):
    """A folder, a file of another kind, a path through a file: ``DatabaseUnavailable``,
    the one line ``python -m bot`` prints, not sqlite3's traceback; nothing written."""
    other = tmp_path / "notes.txt"
    other.write_text("not a database\n", encoding="utf-8")
    for path in (tmp_path, other, other / "b.sqlite3"):
        threads = threading.active_count()
        with pytest.raises(DatabaseUnavailable, match=f"cannot open the SQLite file {path}"):
            await Database.open(path)
        # aiosqlite's thread is over once the error is raised: left running, it answered
        # into the loop the bot closes on this error, a traceback under the one line
        assert threading.active_count() == threads, path
    assert other.read_text(encoding="utf-8") == "not a database\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


@both
async def test_migrations_apply_once_on_both_backends(database_target, backend):
    db = await Database.open(database_target)
    assert db.dialect == backend
    assert await db.schema_version() == len(migrations(backend)) >= 1
    assert await db.migrate() == 0
    await db.close()
    again = await Database.open(database_target)
    assert await again.schema_version() == len(migrations(backend))
    await again.close()


@both
async def test_foreign_keys_are_enforced(database_target, integrity_error):
    db = await Database.open(database_target)
    with pytest.raises(integrity_error):
        async with db.transaction() as store:
            await store.ledger.add_payments(
                1, "bete-hombree", 999, [NewPayment("a", "b", 1, "contract")]
            )
    await db.close()


@both
async def test_a_failed_block_writes_nothing(database_target):
    db = await Database.open(database_target)
    with pytest.raises(RuntimeError):
        async with db.transaction() as store:
            await store.ledger.add_entry(1, "bete-hombree", NewEntry("a", "A", 10))
            await store.ledger.add_to_pot(1, "bete-hombree", 8)
            raise RuntimeError("boom")
    async with db.reading() as store:
        assert await store.ledger.unpaid_entries(1, "bete-hombree") == []
        assert await store.ledger.pot_parts(1, "bete-hombree") == {}
    await db.close()


@both
async def test_one_open_table_per_channel_and_one_seat_per_guild(database_target, integrity_error):
    db = await Database.open(database_target)
    args = dict(guild_id=1, channel_id=2, game="bete-hombree", options={}, turn_seconds=0)
    async with db.transaction() as store:
        first = await store.tables.insert_table(**args, created_by="a", seed=1)
        await store.tables.add_seat(first.id, 1, 0, "a", "A")
    with pytest.raises(integrity_error):
        async with db.transaction() as store:
            await store.tables.insert_table(**args, created_by="b", seed=2)
    async with db.transaction() as store:
        other = await store.tables.insert_table(**{**args, "channel_id": 3}, created_by="b", seed=2)
    with pytest.raises(integrity_error):
        async with db.transaction() as store:
            await store.tables.add_seat(other.id, 1, 0, "a", "A")
    async with db.transaction() as store:
        await store.tables.set_table_status(first.id, "ended")
        await store.tables.add_seat(other.id, 1, 0, "a", "A")  # free again once the table ended
        await store.tables.insert_table(**args, created_by="c", seed=3)  # the channel is free too
    await db.close()


@both
async def test_a_players_private_hand_message_is_kept_while_the_table_lives(database_target):
    db = await Database.open(database_target)
    args = dict(guild_id=1, game="bete-hombree", options={}, turn_seconds=0, created_by="a")
    big = 1_576_245_928_308_768_768  # Discord's ids pass 2**60
    async with db.transaction() as store:
        live = await store.tables.insert_table(**args, channel_id=2, seed=1)
        ended = await store.tables.insert_table(**args, channel_id=3, seed=2)
        await store.tables.set_hand_message(HandMessage(live.id, "a", big, big + 1, 1))
        await store.tables.set_hand_message(HandMessage(live.id, "b", 5, 6, 1))
        await store.tables.set_hand_message(HandMessage(live.id, "a", big, big + 9, 2))  # anew
        await store.tables.set_hand_message(HandMessage(ended.id, "c", 7, 8, 1))
        await store.tables.set_table_status(ended.id, "ended")
    async with db.reading() as store:
        assert await store.tables.open_hand_messages() == [
            HandMessage(live.id, "a", big, big + 9, 2),
            HandMessage(live.id, "b", 5, 6, 1),
        ]
    await db.close()


@both
async def test_a_table_message_on_its_way_is_marked_until_its_id_is_written(database_target):
    db = await Database.open(database_target)
    args = dict(guild_id=1, game="bete-hombree", options={}, turn_seconds=0, created_by="a")
    big = 1_576_245_928_308_768_768
    async with db.transaction() as store:
        table = await store.tables.insert_table(**args, channel_id=2, seed=1)
        other = await store.tables.insert_table(**args, channel_id=3, seed=2)
        await store.tables.set_table_message(table.id, big)
        await store.tables.mark_message_posting(table.id)
        await store.tables.mark_message_posting(table.id)  # tried again: marked once
    async with db.reading() as store:
        marked = await store.tables.table(table.id)
        assert marked is not None and (marked.message_id, marked.message_posting) == (big, True)
        assert [r.message_posting for r in await store.tables.open_tables()] == [True, False]
    async with db.transaction() as store:
        await store.tables.set_table_message(table.id, big + 1)
    async with db.reading() as store:
        noted = await store.tables.table(table.id)
        assert noted is not None and (noted.message_id, noted.message_posting) == (big + 1, False)
        unmarked = await store.tables.table(other.id)
        assert unmarked is not None and not unmarked.message_posting
    await db.close()


@both
async def test_a_summary_on_its_way_is_marked_until_it_is_noted_posted(database_target):
    db = await Database.open(database_target)
    args = dict(guild_id=1, game="bete-hombree", options={}, turn_seconds=0, created_by="a")
    async with db.transaction() as store:
        table = await store.tables.insert_table(**args, channel_id=2, seed=1)
        other = await store.tables.insert_table(**args, channel_id=3, seed=2)
        for table_id, hand_no in ((table.id, 1), (table.id, 2), (table.id, 3), (other.id, 1)):
            await store.ledger.insert_hand(
                guild_id=1,
                game="bete-hombree",
                table_id=table_id,
                hand_no=hand_no,
                record={"actions": []},
                declarer=None,
                made=None,
                players=[HandSeat("a", "A", 0)],
            )
        for hand_no in (1, 2):
            await store.ledger.mark_summary_posting(table.id, hand_no)
        await store.ledger.mark_summary_posting(table.id, 2)  # tried again: still marked
        await store.ledger.mark_summary_posted(table.id, 1)
    async with db.reading() as store:
        assert await store.ledger.summaries_posting(table.id) == {2}
        assert await store.ledger.unposted_summaries(table.id) == {2, 3}
        assert await store.ledger.summaries_posting(other.id) == set()
    async with db.transaction() as store:
        await store.ledger.mark_summary_posted(table.id, 2)
    async with db.reading() as store:
        assert await store.ledger.summaries_posting(table.id) == set()
    await db.close()


@both
async def test_register_crossing_and_scoreboard(database_target):
    db = await Database.open(database_target)
    async with db.transaction() as store:
        entry = await store.ledger.add_entry(1, "bete-hombree", NewEntry("b", "B", 24))
        hand = await store.ledger.insert_hand(
            guild_id=1,
            game="bete-hombree",
            table_id=None,
            hand_no=1,
            record={"actions": []},
            declarer="a",
            made=True,
            players=[
                HandSeat("a", "A", 30),
                HandSeat("b", "B", -30),
                HandSeat("c", "C", 0),
                HandSeat("d", "D", 0),
            ],
        )
        await store.ledger.add_payments(
            1,
            "bete-hombree",
            hand,
            [NewPayment("b", "a", 6, "contract"), NewPayment("b", "a", 24, "bete")],
        )
        assert await store.ledger.cross_entry(entry.id, "a", 24, hand)
        assert not await store.ledger.cross_entry(entry.id, "a", 24, hand)  # only once
    async with db.reading() as store:
        assert await store.ledger.unpaid_entries(1, "bete-hombree") == []
        crossed = await store.ledger.entry(entry.id)
        assert crossed is not None and crossed.crossed_by == "a" and crossed.paid == 24
        board = await store.ledger.scoreboard(1, "bete-hombree")
    top = board[0]
    assert (top.player, top.net, top.hands, top.made, top.betes_collected) == ("a", 30, 1, 1, 1)
    assert next(r for r in board if r.player == "b").net == -30
    await db.close()


async def _insert_hand(store, made, result=None) -> int:
    return await store.ledger.insert_hand(
        guild_id=1,
        game="bete-hombree",
        table_id=None,
        hand_no=1,
        record={"actions": []},
        declarer=None if made is None else "a",
        made=made,
        players=[HandSeat("a", "A", 0), HandSeat("b", "B", 0)],
        **({} if result is None else {"result": result}),
    )


@both
async def test_a_hand_stores_its_result_in_a_word(database_target):
    db = await Database.open(database_target)
    async with db.transaction() as store:
        made = await _insert_hand(store, True)
        failed = await _insert_hand(store, False)
        void = await _insert_hand(store, None)
        remise = await _insert_hand(store, False, result="remise")
    rows = {h: (m, r) for h, m, r in await db.select("SELECT id, made, result FROM hands")}
    await db.close()
    assert rows[made] == (1, "made")
    assert rows[failed] == (0, "failed")
    assert rows[void] == (None, None)
    assert rows[remise] == (0, "remise")


async def test_the_result_migration_fills_in_older_hands(tmp_path):
    path = tmp_path / "b.sqlite3"
    raw = sqlite3.connect(path)
    for number, _, sql in migrations("sqlite"):
        if number < 4:
            raw.executescript(sql)
    raw.execute("PRAGMA user_version = 3")
    for made in (1, 0, None):
        raw.execute(
            "INSERT INTO hands (guild_id, game, hand_no, record, declarer, made, finished_at)"
            " VALUES (1, 'bete-hombree', 1, '{}', 'a', ?, '2026-01-01')",
            (made,),
        )
    raw.commit()
    raw.close()
    db = await Database.open(path)
    assert await db.user_version() == len(migrations())
    await db.close()
    raw = sqlite3.connect(path)
    results = [r for (r,) in raw.execute("SELECT result FROM hands ORDER BY id")]
    raw.close()
    assert results == ["made", "failed", None]


@both
async def test_a_players_notify_setting_is_kept(database_target, integrity_error):
    path = database_target
    db = await Database.open(path)
    try:
        async with db.reading() as store:
            assert await store.preferences.player_notify("42") == "dm"  # the default
        async with db.transaction() as store:
            await store.preferences.set_player_notify("42", "mention")
            await store.preferences.set_player_notify("42", "none")
        with pytest.raises(integrity_error):
            async with db.transaction() as store:
                await store.preferences.set_player_notify("42", "carrier pigeon")
    finally:
        await db.close()
    again = await Database.open(path)
    try:
        async with again.reading() as store:
            assert await store.preferences.player_notify("42") == "none"
    finally:
        await again.close()


@pytest.mark.both_backends
async def test_the_scoreboard_names_a_player_as_their_last_hand_did(database_target):
    """A player renamed since ("Zoé", then "Anne") is listed by the latest name, not by
    the one that sorts last."""
    db = await Database.open(database_target)
    async with db.transaction() as store:
        for hand_no, name in enumerate(("Zoé", "Anne"), start=1):
            hand = await store.ledger.insert_hand(
                guild_id=1,
                game="bete-hombree",
                table_id=None,
                hand_no=hand_no,
                record={"actions": []},
                declarer=None,
                made=None,
                players=[HandSeat("a", name, 6), HandSeat("b", "B", -6)],
            )
            await store.ledger.add_payments(1, "bete-hombree", hand, [NewPayment("b", "a", 6, "x")])
    async with db.reading() as store:
        board = await store.ledger.scoreboard(1, "bete-hombree")
    assert {row.player: (row.name, row.net) for row in board} == {
        "a": ("Anne", 12),
        "b": ("B", -12),
    }
    await db.close()

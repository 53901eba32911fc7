"""What a game left in the bot's database, in a form two games can be compared in.

Two games on two fake servers have different user and guild ids, so players
are named by their seat (``seat0``..``seat3``, the order they joined) and
guilds are left out; tables and register entries are numbered in the order they
were written. Everything
else is kept as stored: the table's event log, the hands and their records, each
player's net, the ledger, the register and the pot (in total, and by game and part
as ``Store.pot_parts`` reads it), and the results of the games settled per match
(Bésigue: no money, its scores in the session, a match's standing in
``match_results`` once it ends). Each record is also replayed by the engine: its
result (a Bésigue deal's scores after it) must be the same too.

The database is a SQLite file (a path) or a PostgreSQL database (a
``postgresql://`` URL): several bot processes share one. With ``guild``, only that
guild's rows are read (two tables of two guilds played in one database).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import asyncpg

from db.database import is_url
from db.postgresql import numbered
from games.replay import replay_result

if TYPE_CHECKING:
    from tests.e2e.fake import BotProcess

Target = Path | str
"""A bot's database: a SQLite file, or a ``postgresql://`` URL."""
T = TypeVar("T")


def database_of(bot: BotProcess) -> Target:
    """The database ``bot`` runs on (the URL when it has one: the bot prefers it)."""
    target = bot.database_url or bot.database_path
    assert target is not None
    return target


class Rows(list[tuple[Any, ...]]):
    """A query's rows, read like a sqlite3 cursor's."""

    def fetchone(self) -> tuple[Any, ...] | None:
        return self[0] if self else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self)


class PostgresReader:
    """Synchronous reads of a PostgreSQL database, as the SQLite half reads its file.

    The tests read while their own event loop runs (the fake Discord lives in it), so
    asyncpg runs on a loop of its own, in a thread, for the length of one block: one
    connection, one read-only snapshot, ``?`` parameters as the bot's store writes them.
    """

    def __init__(self, url: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        try:
            self._connection = self._wait(asyncpg.connect(url))
            self._wait(self._connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"))
        except BaseException:
            self._stop()
            raise

    def _wait(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(30)

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Rows:
        records = self._wait(self._connection.fetch(numbered(sql), *parameters))
        return Rows(tuple(record) for record in records)

    def close(self) -> None:
        try:
            self._wait(self._connection.close())
        finally:
            self._stop()

    def _stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


@contextmanager
def reading(target: Target) -> Iterator[Any]:
    """A read-only connection: safe while the bot runs (SQLite: the database is in WAL
    mode; PostgreSQL: one consistent snapshot). ``execute`` as sqlite3's."""
    if is_url(target):
        reader = PostgresReader(str(target))
        try:
            yield reader
        finally:
            reader.close()
        return
    con = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
    try:
        yield con
    finally:
        con.close()


def count_rows(target: Target, table: str) -> int:
    with reading(target) as con:
        (count,) = con.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(count)


def table_message_id(target: Target, table_id: int) -> int | None:
    """The table message the table's row names (what a restart edits)."""
    with reading(target) as con:
        row = con.execute("SELECT message_id FROM tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def summaries_unposted(target: Target, table_id: int) -> list[int]:
    """The hands of the table whose summary is not noted posted (a restart posts them)."""
    with reading(target) as con:
        rows = con.execute(
            "SELECT hand_no FROM hands WHERE table_id = ? AND summary_posted = 0 ORDER BY hand_no",
            (table_id,),
        ).fetchall()
    return [int(row[0]) for row in rows]


COUNTED = (
    "table_events",
    "hands",
    "hand_players",
    "ledger",
    "register_entries",
    "seats",
    "match_results",
    "kept_matches",
)


def counts(target: Target) -> dict[str, int]:
    """Rows of the tables an action may add to."""
    with reading(target) as con:
        return {
            name: int(con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]) for name in COUNTED
        }


@dataclass(frozen=True)
class Outcome:
    events: list[tuple[int, int, str, Any]]  # table, seq, kind, payload
    hands: list[tuple[Any, ...]]  # hand_no, declarer, made, record
    nets: list[tuple[Any, ...]]  # hand_no, seat, player, name, net
    ledger: list[tuple[Any, ...]]  # hand_no, payer, payee, amount, reason
    register: list[tuple[Any, ...]]  # owner, name, amount, hand_no, crossed hand_no, by, paid
    pot: int
    pot_parts: dict[str, dict[str, int]]  # game -> part -> amount ("" for an undivided pot)
    results: list[Any]  # each hand's record replayed by the engine: its result JSON
    matches: list[tuple[Any, ...]]  # seat, player, name, points, won, counted, best, points

    def totals(self) -> dict[str, int]:
        """Each player's net over every hand, from the ledger."""
        out: dict[str, int] = {}
        for _, payer, payee, amount, _ in self.ledger:
            if payer is not None:
                out[payer] = out.get(payer, 0) - amount
            if payee is not None:
                out[payee] = out.get(payee, 0) + amount
        return out


def numbered_entries(payload: Any, entries: dict[int, int]) -> Any:
    """A deal's register rows ``[entry id, owner, amount]`` with each entry numbered in
    the order it was written (the ids count every guild's entries)."""
    if isinstance(payload, dict) and isinstance(payload.get("register"), list):
        rows = payload["register"]
        if all(isinstance(r, list) and r and isinstance(r[0], int) for r in rows):
            return {**payload, "register": [[entries.get(r[0], r[0]), *r[1:]] for r in rows]}
    return payload


def outcome(target: Target, players: list[str], guild: int | None = None) -> Outcome:
    """The outcome stored in ``target`` (of ``guild`` only, if given); ``players`` are the
    user ids in seat order."""
    seats = {player: f"seat{index}" for index, player in enumerate(players)}

    def named(value: Any) -> Any:
        if isinstance(value, str):
            return seats.get(value, value)
        if isinstance(value, list):
            return [named(v) for v in value]
        if isinstance(value, dict):
            return {k: named(v) for k, v in value.items()}
        return value

    # every statement below reads the rows of ``guild`` only when it is given
    only, of = ("", ()) if guild is None else (" AND guild_id = ?", (guild,))
    with reading(target) as con:
        tables = {
            int(table): number
            for number, (table,) in enumerate(
                con.execute(f"SELECT id FROM tables WHERE 1 = 1{only} ORDER BY id", of), start=1
            )
        }
        hand_no = dict(con.execute(f"SELECT id, hand_no FROM hands WHERE 1 = 1{only}", of))
        entries = {
            int(entry): number
            for number, (entry,) in enumerate(
                con.execute(f"SELECT id FROM register_entries WHERE 1 = 1{only} ORDER BY id", of),
                start=1,
            )
        }
        events = [
            (tables[int(table)], seq, kind, numbered_entries(named(json.loads(payload)), entries))
            for table, seq, kind, payload in con.execute(
                "SELECT table_id, seq, kind, payload FROM table_events"
                f" WHERE table_id IN (SELECT id FROM tables WHERE 1 = 1{only})"
                " ORDER BY table_id, seq",
                of,
            )
        ]
        hands = [
            (number, named(declarer), made, named(json.loads(record)))
            for number, declarer, made, record in con.execute(
                f"SELECT hand_no, declarer, made, record FROM hands WHERE 1 = 1{only} ORDER BY id",
                of,
            )
        ]
        nets = [
            (hand_no[hand], seat, named(player), name, net)
            for hand, seat, player, name, net in con.execute(
                "SELECT hand_id, seat, player, name, net FROM hand_players"
                f" WHERE hand_id IN (SELECT id FROM hands WHERE 1 = 1{only})"
                " ORDER BY hand_id, seat",
                of,
            )
        ]
        ledger = [
            (hand_no[hand], named(payer), named(payee), amount, reason)
            for hand, payer, payee, amount, reason in con.execute(
                "SELECT hand_id, payer, payee, amount, reason FROM ledger"
                f" WHERE 1 = 1{only} ORDER BY id",
                of,
            )
        ]
        register = [
            (
                named(owner),
                name,
                amount,
                hand_no.get(hand),
                hand_no.get(crossed_hand),
                named(by),
                paid,
            )
            for owner, name, amount, hand, crossed_hand, by, paid in con.execute(
                "SELECT owner, owner_name, amount, hand_id, crossed_hand_id, crossed_by, paid"
                f" FROM register_entries WHERE 1 = 1{only} ORDER BY id",
                of,
            )
        ]
        pot = sum(
            int(amount)
            for (amount,) in con.execute(f"SELECT amount FROM pots WHERE 1 = 1{only}", of)
        )
        pot_parts: dict[str, dict[str, int]] = {}
        # one guild (per fake server, or chosen): each game's parts are Store.pot_parts
        for game, part, amount in con.execute(
            f"SELECT game, part, amount FROM pots WHERE 1 = 1{only} ORDER BY game, part", of
        ):
            pot_parts.setdefault(str(game), {})[str(part)] = int(amount)
        matches = [
            (seat, named(player), *rest)
            for seat, player, *rest in con.execute(
                "SELECT seat, player, name, points, won, counted, best, best_points"
                f" FROM match_results WHERE 1 = 1{only} ORDER BY table_id, seat",
                of,
            )
        ]
    results = [replay_result(record) for _, _, _, record in hands]
    return Outcome(events, hands, nets, ledger, register, pot, pot_parts, results, matches)

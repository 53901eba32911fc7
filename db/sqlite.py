"""SQLite through aiosqlite: one connection, one asyncio lock, ``PRAGMA user_version``.

Every access goes through :meth:`SQLiteDatabase.transaction` or
:meth:`SQLiteDatabase.reading`, which hold one asyncio lock: statements of two
tasks never interleave on the shared connection, so a transaction is exactly
what its block wrote. ``BEGIN IMMEDIATE`` takes the file's write lock at once,
so a second process waits (``busy_timeout``) instead of failing mid-block.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from db.database import Database, DatabaseUnavailable, migrations
from db.repository import Row
from db.store import Store

log = logging.getLogger(__name__)
WORKER_STOP_SECONDS = 5.0  # the most a failed connection's thread is waited for
WORKER_POLL_SECONDS = 0.001


class SQLiteConnection:
    """The store's :class:`~db.repository.Connection` over aiosqlite.

    Each statement is one trip to aiosqlite's thread (execute and fetch together,
    the cursor closed there): a cursor's execute, fetch and close would be three,
    and every trip is a thread switch the event loop pays for on each action."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._c = connection

    async def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._c.execute_fetchall(sql, params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._c.execute_fetchall(sql, params))

    async def lock(self, key: str) -> None:
        """Nothing to do: the transaction began IMMEDIATE, holding the file's write lock."""

    share_lock = ""

    async def notify(self, channel: str, payload: str) -> None:
        """Nobody to tell: a SQLite file serves one bot process."""


class SQLiteDatabase(Database):
    """Owns the connection; hands out a :class:`Store` inside a lock."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def connect(cls, path: str | Path) -> SQLiteDatabase:
        """Open (creating if needed) the file, switch on WAL and foreign keys, migrate."""
        text = str(path)
        connecting = None
        try:
            if text != ":memory:":
                Path(text).parent.mkdir(parents=True, exist_ok=True)
            connecting = aiosqlite.connect(text, isolation_level=None)
            connection = await connecting
        except (OSError, sqlite3.Error) as error:  # a folder, a path through a file, no access
            if connecting is not None:
                await _worker_stopped(connecting)
            raise DatabaseUnavailable(f"cannot open the SQLite file {text}: {error}") from error
        connection.row_factory = aiosqlite.Row  # the store reads columns by name
        try:
            try:
                await _run(connection, "PRAGMA journal_mode = WAL")
            except sqlite3.DatabaseError as error:  # another kind of file
                raise DatabaseUnavailable(f"cannot open the SQLite file {text}: {error}") from error
            await _run(connection, "PRAGMA foreign_keys = ON")
            await _run(connection, "PRAGMA busy_timeout = 5000")
            database = cls(connection, text)
            await database.migrate()
        except BaseException:
            await connection.close()
            await _worker_stopped(connection)  # its thread over too: the same one-line error
            raise
        return database

    @property
    def is_open(self) -> bool:
        return bool(self._connection._running)

    async def close(self) -> None:
        async with self._lock:
            await self._connection.close()

    async def user_version(self) -> int:
        async with self._connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def schema_version(self) -> int:
        return await self.user_version()

    async def migrate(self) -> int:
        """Apply every migration above ``PRAGMA user_version``, each in its own transaction."""
        async with self._lock:
            current = await self.user_version()
            applied = 0
            for number, name, sql in migrations(self.dialect):
                if number <= current:
                    continue
                log.info("applying migration %s", name)
                await _run(self._connection, "BEGIN IMMEDIATE")
                try:
                    for statement in _statements(sql):
                        await _run(self._connection, statement)
                    await _run(self._connection, f"PRAGMA user_version = {number}")
                    await _run(self._connection, "COMMIT")
                except BaseException:
                    await _run(self._connection, "ROLLBACK")
                    raise
                applied += 1
            return applied

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Store]:
        async with self._lock:
            await _run(self._connection, "BEGIN IMMEDIATE")
            try:
                yield Store(SQLiteConnection(self._connection))
            except BaseException:
                await _run(self._connection, "ROLLBACK")
                raise
            await _run(self._connection, "COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Store]:
        async with self._lock:
            yield Store(SQLiteConnection(self._connection))

    async def select(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        async with self._lock:
            rows = await self._connection.execute_fetchall(sql, params)
        return [tuple(r) for r in rows]

    async def schema(self) -> dict[str, dict[str, str]]:
        tables = await self.select(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        out: dict[str, dict[str, str]] = {}
        for (table,) in tables:
            columns = await self.select(f"PRAGMA table_info({table})")
            out[str(table)] = {str(c[1]): str(c[2]).lower() for c in columns}
        return out


Database.openers[SQLiteDatabase.dialect] = SQLiteDatabase.connect


async def _worker_stopped(connection: aiosqlite.Connection) -> None:
    """Wait for the worker thread of a connection that failed to open (or to become a
    database, closed since): aiosqlite stops it by a last task whose answer it posts to
    the event loop, which, were the loop closed by then (the bot exiting on this very
    error), prints a traceback from the thread ("Event loop is closed") under the
    one-line error; and ``close`` returns before the thread has quite ended."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WORKER_STOP_SECONDS
    while connection._thread.is_alive() and loop.time() < deadline:
        await asyncio.sleep(WORKER_POLL_SECONDS)  # the loop runs meanwhile: the answer lands


async def _run(connection: aiosqlite.Connection, sql: str) -> None:
    """Execute and close the cursor at once: an open cursor would block COMMIT.

    (Not ``execute_fetchall``: with it here, aiosqlite's thread was seen to outlive the
    closed connection, and the test process never exited.)"""
    async with connection.execute(sql):
        pass


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (no semicolons inside string literals here)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]

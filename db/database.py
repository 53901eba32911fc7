"""The one Database of the process: an aiosqlite connection, migrations, transactions.

Every access goes through :meth:`Database.transaction` or :meth:`Database.reading`,
which hold one asyncio lock: statements of two tasks never interleave on the
shared connection, so a transaction is exactly what its block wrote.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

from db.store import Store

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class MigrationError(RuntimeError):
    """The migrations on disk do not make a sequence 1, 2, 3, ..."""


def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration, in order."""
    found: list[tuple[int, str, str]] = []
    folder = resources.files("db") / "migrations"
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    for expected, (number, name, _) in enumerate(found, start=1):
        if number != expected:
            raise MigrationError(f"migration {name} should be numbered {expected:04d}")
    return found


class Database:
    """Owns the connection; hands out a :class:`Store` inside a lock."""

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) the file, switch on WAL and foreign keys, migrate."""
        text = str(path)
        if text != ":memory:":
            Path(text).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(text, isolation_level=None)
        try:
            await _run(connection, "PRAGMA journal_mode = WAL")
            await _run(connection, "PRAGMA foreign_keys = ON")
            await _run(connection, "PRAGMA busy_timeout = 5000")
            database = cls(connection, text)
            await database.migrate()
        except BaseException:
            await connection.close()
            raise
        return database

    async def close(self) -> None:
        async with self._lock:
            await self._connection.close()

    async def user_version(self) -> int:
        async with self._connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration above ``PRAGMA user_version``, each in its own transaction."""
        async with self._lock:
            current = await self.user_version()
            applied = 0
            for number, name, sql in migrations():
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
        """One write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await _run(self._connection, "BEGIN IMMEDIATE")
            try:
                yield Store(self._connection)
            except BaseException:
                await _run(self._connection, "ROLLBACK")
                raise
            await _run(self._connection, "COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Store]:
        """Reads that see a consistent database (no other task's half-written block)."""
        async with self._lock:
            yield Store(self._connection)


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

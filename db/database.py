"""The one Database of a process, whichever the backend: transactions, reads, migrations.

``Database.open(target)`` opens a SQLite file (a path: :mod:`db.sqlite`) or a
PostgreSQL database (a ``postgresql://`` URL: :mod:`db.postgresql`), migrates it,
and hands out a :class:`~db.store.Store` inside :meth:`Database.transaction`
(one transaction, committed when the block ends, rolled back if it raises) or
:meth:`Database.reading` (a consistent view). The service never knows which.

Migrations: ``db/migrations/<dialect>/NNNN_name.sql``, one folder per dialect,
numbered 1, 2, 3... with the same numbers and names in both folders (a test
compares the two schemas). A new migration is two files, the same number and
name in ``sqlite/`` and ``postgresql/``; each is applied once, in its own
transaction, and recorded (SQLite: ``PRAGMA user_version``; PostgreSQL: the
``schema_migrations`` table).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar

from db.store import Store

DIALECTS = ("sqlite", "postgresql")
URL_SCHEMES = ("postgresql://", "postgres://")

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseUnavailable(RuntimeError):
    """The database cannot be reached or opened; the message is one line for the operator."""


class MigrationError(RuntimeError):
    """The migrations on disk do not make a sequence 1, 2, 3, ... in each dialect's folder."""


def migrations(
    dialect: str = "sqlite", root: Traversable | None = None
) -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration of ``dialect``, in order (``root``: the
    folder of migrations, the package's own by default)."""
    found: list[tuple[int, str, str]] = []
    root = root if root is not None else resources.files("db") / "migrations"
    stray = sorted(e.name for e in root.iterdir() if e.is_file() and e.name.endswith(".sql"))
    if stray:
        raise MigrationError(
            f"migrations {stray} lie outside the dialect folders: put each in"
            f" db/migrations/sqlite/ and write its twin in db/migrations/postgresql/"
        )
    folder = root / dialect
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    for expected, (number, name, _) in enumerate(found, start=1):
        if number != expected:
            raise MigrationError(f"migration {dialect}/{name} should be numbered {expected:04d}")
    return found


def is_url(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a SQLite file."""
    return str(target).startswith(URL_SCHEMES)


class Database(ABC):
    """Owns the connection(s); hands out a :class:`Store` for one block at a time."""

    dialect: ClassVar[str]

    # dialect -> how to open one; filled by each backend's module (db/sqlite.py,
    # db/postgresql.py), both imported by the package db, so this module names neither.
    openers: ClassVar[dict[str, Callable[[str], Awaitable[Database]]]] = {}

    @staticmethod
    async def open(target: str | Path) -> Database:
        """Open and migrate the database of ``target``: a file path, or a postgresql:// URL."""
        return await Database.openers["postgresql" if is_url(target) else "sqlite"](str(target))

    @property
    @abstractmethod
    def is_open(self) -> bool:
        """Whether the database is still open (not yet closed)."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration not yet applied; how many were."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Store]:
        """One write transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Store]:
        """Reads that see a consistent database (no other block's half-written changes)."""

    def statements(self) -> AbstractAsyncContextManager[Store]:
        """Writes of one atomic statement each, each committed as it runs: no transaction
        around them, one round trip each (PostgreSQL). The base runs them in one."""
        return self.transaction()

    async def hold_shards(
        self,
        shards: Sequence[int],
        owner: str,
        *,
        on_handoff: Callable[[int], None],
        on_lost: Callable[[], None],
    ) -> None:
        """Take ``shards`` for the process ``owner`` and write it as their holder.

        The base (one process over a SQLite file) only writes the holder: nobody else can
        hold a shard, nor hand a click over. PostgreSQL also holds each shard for as long
        as the process lives, waits while another live process holds one, and calls
        ``on_handoff(id)`` for every click handed to these shards (``take_handoff``), and
        ``on_lost()`` if the shards slip away (the database connection lost)."""
        async with self.transaction() as store:
            for shard in shards:
                await store.shards.set_shard_owner(shard, owner)

    @abstractmethod
    async def select(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """Rows of a raw query in this dialect, for tests and tools (the bot uses the Store)."""

    @abstractmethod
    async def schema(self) -> dict[str, dict[str, str]]:
        """Each table of the project's schema: its columns and their declared types
        (lower case), for comparing the dialects; the migrations' own record is left out."""

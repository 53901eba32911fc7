"""PostgreSQL through asyncpg: a pool of connections, one per block, the same Store.

Writes run at READ COMMITTED, each block on its own pooled connection, so two
tables' transactions run side by side. What keeps them apart is in the schema
and the store: an event is appended once (primary key ``(table_id, seq)``);
the register and the pot of a guild's game are written only under its advisory
lock (``Store._lock_register``), so two tables settling at once write one after
the other, and by statements that read and write a row at once (an upsert that
adds to the pot, a crossing that succeeds only while the entry is unpaid). Reads
run in a REPEATABLE READ, READ ONLY transaction: one snapshot for the block.
Migrations are recorded in ``schema_migrations`` and applied under an advisory
lock, so processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from db.database import Database, DatabaseUnavailable, migrations
from db.repository import Row, now_text
from db.shards import shard_channel
from db.store import Store

log = logging.getLogger(__name__)

_MIGRATIONS_LOCK = "schema_migrations"
PgConnection = asyncpg.Connection | PoolConnectionProxy  # a pooled connection, or a lone one
_PARAMETER = re.compile(r"\?")
HANDOFFS_KEPT = timedelta(minutes=1)  # a click older than this is long past answering


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The store's ``?`` parameters as PostgreSQL's ``$1, $2...`` (no ``?`` in literals)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return _PARAMETER.sub(number, sql)


def lock_key(key: str) -> int:
    """A stable signed 64-bit number for an advisory lock's name."""
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big", signed=True)


class PostgresConnection:
    """The store's :class:`~db.repository.Connection` over one asyncpg connection."""

    def __init__(self, connection: PgConnection) -> None:
        self._c = connection

    async def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._c.execute(numbered(sql), *params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._c.fetch(numbered(sql), *params))

    async def lock(self, key: str) -> None:
        await self._c.execute("SELECT pg_advisory_xact_lock($1)", lock_key(key))

    share_lock = " FOR SHARE"

    async def notify(self, channel: str, payload: str) -> None:
        await self._c.execute("SELECT pg_notify($1, $2)", channel, payload)


async def keep_session(connection: asyncpg.Connection) -> None:
    """What a pooled connection needs before its next block: nothing. The pool's own reset
    (unlisten, unlock, reset settings) would cost each block one more round trip, and no
    block leaves any of that behind: listening and the shards' locks live on a connection
    of their own, the register's locks end with their transaction, migrations unlock
    theirs. (asyncpg rolls back an open transaction whatever this does.)"""


class PostgresDatabase(Database):
    """Owns a pool; hands out a :class:`Store` bound to one connection per block."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self._holder: asyncpg.Connection | None = None  # holds this process's shards
        self._on_lost: Callable[[], None] = lambda: None

    @classmethod
    async def connect(cls, url: str, *, max_connections: int = 10) -> PostgresDatabase:
        """Connect to the database of ``url`` and migrate it."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=max_connections, reset=keep_session
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnavailable(f"cannot connect to PostgreSQL: {error}") from error
        database = cls(pool, url)
        try:
            await database.migrate()
        except BaseException:
            await pool.close()
            raise
        return database

    @property
    def is_open(self) -> bool:
        return not self._pool.is_closing()

    async def close(self) -> None:
        holder, self._holder = self._holder, None
        if holder is not None:
            holder.remove_termination_listener(self._lost_holder)
            await holder.close()
        await self._pool.close()

    async def hold_shards(
        self,
        shards: Sequence[int],
        owner: str,
        *,
        on_handoff: Callable[[int], None],
        on_lost: Callable[[], None],
    ) -> None:
        """Each shard is a session advisory lock on a connection of this process's own:
        PostgreSQL frees it when the connection ends, so a process killed with SIGKILL
        lets its replacement in at once, and a live holder keeps any other out."""
        holder = await asyncpg.connect(self._url)
        try:
            for shard in shards:
                key = lock_key(f"shard:{shard}")
                tries = 0
                while not await holder.fetchval("SELECT pg_try_advisory_lock($1)", key):
                    if tries % 20 == 0:
                        log.warning("shard %d is held by another live process: waiting", shard)
                    tries += 1
                    await asyncio.sleep(0.25)
            async with self.transaction() as store:
                for shard in shards:
                    await store.shards.set_shard_owner(shard, owner)
                await store.shards.forget_handoffs(now_text(datetime.now(UTC) - HANDOFFS_KEPT))

            def handed(_c: object, _pid: int, _channel: str, payload: object) -> None:
                on_handoff(int(str(payload)))

            for shard in shards:
                await holder.add_listener(shard_channel(shard), handed)
        except BaseException:
            await holder.close()
            raise
        self._on_lost = on_lost
        holder.add_termination_listener(self._lost_holder)
        self._holder = holder

    def _lost_holder(self, _connection: object) -> None:
        log.critical("the connection holding this process's shards is lost")
        self._holder = None
        self._on_lost()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as connection:
            return await _version(connection)

    async def migrate(self) -> int:
        """Apply every migration not in ``schema_migrations``, each in its own transaction."""
        applied = 0
        async with self._pool.acquire() as connection:
            key = lock_key(_MIGRATIONS_LOCK)
            await connection.execute("SELECT pg_advisory_lock($1)", key)
            try:
                await connection.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                )
                current = await _version(connection)
                for number, name, sql in migrations(self.dialect):
                    if number <= current:
                        continue
                    log.info("applying migration %s", name)
                    async with connection.transaction():
                        await connection.execute(sql)  # no parameters: several statements
                        await connection.execute(
                            "INSERT INTO schema_migrations (number, name, applied_at)"
                            " VALUES ($1, $2, $3)",
                            number,
                            name,
                            datetime.now(UTC).isoformat(timespec="seconds"),
                        )
                    applied += 1
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1)", key)
        return applied

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Store]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield Store(PostgresConnection(connection))

    @asynccontextmanager
    async def statements(self) -> AsyncIterator[Store]:
        async with self._pool.acquire() as connection:
            yield Store(PostgresConnection(connection))

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Store]:
        async with (
            self._pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield Store(PostgresConnection(connection))

    async def select(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        async with self._pool.acquire() as connection:
            rows = await connection.fetch(numbered(sql), *params)
        return [tuple(r) for r in rows]

    async def schema(self) -> dict[str, dict[str, str]]:
        rows = await self.select(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name != 'schema_migrations'"
            " ORDER BY table_name, ordinal_position"
        )
        out: dict[str, dict[str, str]] = {}
        for table, column, kind in rows:
            out.setdefault(str(table), {})[str(column)] = str(kind).lower()
        return out


Database.openers[PostgresDatabase.dialect] = PostgresDatabase.connect


async def _version(connection: PgConnection) -> int:
    exists = await connection.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    return int(await connection.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_migrations"))

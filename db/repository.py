"""What every repository of the store is built on: the backend connection it speaks
through, the row it reads, and the few helpers that run the store's SQL."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Record = TypeVar("Record", bound="DataclassInstance")


class Row(Protocol):
    """A row as both backends return it (an aiosqlite.Row, an asyncpg.Record): read by
    column name, the name a statement gives each column (an alias for an expression)."""

    def __getitem__(self, column: str, /) -> Any: ...


def record_of(kind: type[Record], row: Row, **read: Callable[[Any], object]) -> Record:
    """A row as the dataclass ``kind`` whose fields are its columns, by name; ``read``
    converts the columns stored otherwise than the field holds them (a time, JSON)."""
    names = [f.name for f in fields(kind)]
    return kind(**{n: read[n](row[n]) if n in read else row[n] for n in names})


def now_text(moment: datetime | None = None) -> str:
    return (moment or datetime.now(UTC)).isoformat(timespec="microseconds")


def time_of(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def int_of(value: Any) -> int | None:
    """A nullable whole-number column."""
    return None if value is None else int(value)


class Connection(Protocol):
    """What the store needs of a backend, inside the block that handed it out."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Execute a statement that returns no rows."""

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Execute a statement and return every row."""

    async def lock(self, key: str) -> None:
        """Serialise, until this transaction ends, every transaction that locks ``key``.

        The guild's register and pot of a game are written under the lock of
        ``register:<guild>:<game>``: two tables settling at once write one after
        the other (PostgreSQL: a transaction-scoped advisory lock). SQLite needs
        nothing: ``BEGIN IMMEDIATE`` already holds the whole file's write lock."""

    @property
    def share_lock(self) -> str:
        """What a SELECT ends with to hold its rows against writers until the transaction
        ends (PostgreSQL: `` FOR SHARE``; SQLite: nothing, its writer lock is whole-file)."""

    async def notify(self, channel: str, payload: str) -> None:
        """Tell the processes listening on ``channel``, once this transaction commits
        (PostgreSQL ``NOTIFY``; SQLite: one process, nobody to tell)."""


class Repository:
    """Statements run on the connection of the current block (``Database.transaction``
    or ``Database.reading``)."""

    def __init__(self, connection: Connection) -> None:
        self._c = connection

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._c.run(sql, params)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._c.all(sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._c.all(sql, params)
        return rows[0] if rows else None

    async def _insert(self, sql: str, params: Sequence[Any]) -> int:
        """An INSERT (without its RETURNING clause): the new row's id."""
        rows = await self._c.all(sql + " RETURNING id", params)
        return int(rows[0]["id"])

    async def _lock_register(self, guild_id: int, game: str) -> None:
        await self._c.lock(f"register:{guild_id}:{game}")

"""The live tables of a process, as every part of the table service sees them: finding
a table (by id, by channel, by player), a player's seat, and the one way a part
changes a table (``Commit``: the service's event pipeline)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, Protocol

from bot.errors import UserError
from bot.tables.table import LiveTable
from db import Store

Events = list[tuple[str, dict[str, Any]]]  # (kind, payload) of each event, in order


class Commit(Protocol):
    """Apply ``events`` to the table in memory, then write them (and ``extra``) in one
    transaction; called with the table's lock held (``TableService.commit``)."""

    async def __call__(
        self,
        table: LiveTable,
        events: Events,
        extra: Callable[[Store], Awaitable[None]] | None = None,
    ) -> None: ...


def seat_of(table: LiveTable, player: str) -> int:
    """``player``'s seat at ``table``, or the refusal."""
    seat = table.seat_of(player)
    if seat is None:
        raise UserError("error.not_seated")
    return seat


class Finding:
    """Finds the live tables of the process (the service's dict, by id)."""

    def __init__(self, tables: dict[int, LiveTable]) -> None:
        self.tables = tables
        self._seating: dict[int, asyncio.Lock] = {}

    @asynccontextmanager
    async def held(self, table_id: int) -> AsyncIterator[LiveTable]:
        """The live table ``table_id`` under its lock, as it is once the lock is held: a
        command that waited for it may find the table ended meanwhile (refused, nothing
        written), or rebuilt after a failed write (the same lock, a new object)."""
        async with self.get(table_id).lock:
            yield self.get(table_id)

    @asynccontextmanager
    async def seated_at(self, table_id: int, player: str) -> AsyncIterator[tuple[LiveTable, int]]:
        """``held``, and ``player``'s seat at the table (or the refusal)."""
        async with self.held(table_id) as table:
            yield table, seat_of(table, player)

    def seating(self, guild_id: int) -> asyncio.Lock:
        """Held from the check that a player sits nowhere in ``guild_id`` to their seat's
        write (a new table's, a join's), so that two at once cannot both pass the check."""
        return self._seating.setdefault(guild_id, asyncio.Lock())

    def get(self, table_id: int) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None or table.status == "ended":
            raise UserError("error.table_gone")
        return table

    def in_channel(self, channel_id: int) -> LiveTable | None:
        for table in self.tables.values():
            if table.row.channel_id == channel_id and table.status != "ended":
                return table
        return None

    def of_player(self, player: str, guild_id: int | None) -> LiveTable:
        """The open table where ``player`` sits (in ``guild_id``, or anywhere if None)."""
        found = [
            t
            for t in self.tables.values()
            if t.status != "ended"
            and t.seat_of(player) is not None
            and (guild_id is None or t.row.guild_id == guild_id)
        ]
        if not found:
            raise UserError("error.no_table")
        if len(found) > 1:
            raise UserError("error.many_tables")
        return found[0]

    def seated_here(self, channel_id: int | None, player: str, guild_id: int | None) -> LiveTable:
        """The table of the channel a command was typed in, where ``player`` sits: a
        command that changes a table acts on the one in front of its user, never on
        theirs elsewhere; the refusal names the channel of theirs, if they have one."""
        table = None if channel_id is None else self.in_channel(channel_id)
        if table is not None and table.seat_of(player) is not None:
            return table
        try:
            theirs = self.of_player(player, guild_id).row.channel_id
        except UserError:
            theirs = None
        if theirs is not None:
            where = "error.not_seated_there" if table is not None else "error.no_table_there"
            raise UserError(where, channel=theirs)
        raise UserError("error.not_seated" if table is not None else "error.no_table_here")

    def open_in_guild(self, guild_id: int) -> list[LiveTable]:
        """The guild's tables not ended."""
        return [
            t for t in self.tables.values() if t.status != "ended" and t.row.guild_id == guild_id
        ]

    def seat_in_guild(
        self, guild_id: int, player: str, besides: LiveTable | None = None
    ) -> LiveTable | None:
        """The open table of the guild (other than ``besides``) where ``player`` sits."""
        for table in self.open_in_guild(guild_id):
            if table is not besides and table.seat_of(player) is not None:
                return table
        return None

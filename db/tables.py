"""The tables, their seats and their event logs: what the table service writes as a
table changes, and reads back to rebuild it (``bot.tables.table`` folds the events)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from db.models import HandMessage, SeatRow, TableEvent, TableRow
from db.repository import Repository, Row, now_text, record_of

_TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, options, turn_seconds, status, message_id,"
    " created_by, created_at, seed, guild_name, channel_name,"
    " EXISTS (SELECT 1 FROM table_message_posting p WHERE p.table_id = tables.id)"
    " AS message_posting"
)


def _table(row: Row) -> TableRow:
    return record_of(
        TableRow,
        row,
        options=json.loads,
        created_at=datetime.fromisoformat,
        message_posting=bool,
    )


def _event(row: Row) -> TableEvent:
    return record_of(TableEvent, row, payload=json.loads, created_at=datetime.fromisoformat)


class TableRepository(Repository):
    """Tables, seats and events."""

    async def insert_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, object],
        turn_seconds: int,
        created_by: str,
        seed: int,
        guild_name: str = "",
        channel_name: str = "",
        created_at: datetime | None = None,
    ) -> TableRow:
        stamp = now_text(created_at)
        table_id = await self._insert(
            "INSERT INTO tables (guild_id, channel_id, game, options, turn_seconds, status,"
            " created_by, created_at, seed, guild_name, channel_name)"
            " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                game,
                json.dumps(options),
                turn_seconds,
                created_by,
                stamp,
                seed,
                guild_name,
                channel_name,
            ),
        )
        table = await self.table(table_id)
        assert table is not None
        return table

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return None if row is None else _table(row)

    async def open_tables(self) -> list[TableRow]:
        rows = await self._all(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status != 'ended' ORDER BY id"
        )
        return [_table(r) for r in rows]

    async def ended_with_summaries_due(self) -> list[TableRow]:
        """The ended tables that settled a hand whose summary has not reached their
        channel yet: a restart replays their logs to post those summaries."""
        rows = await self._all(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status = 'ended' AND id IN"
            " (SELECT table_id FROM hands WHERE summary_posted = 0) ORDER BY id"
        )
        return [_table(r) for r in rows]

    async def set_table_message(self, table_id: int, message_id: int | None) -> None:
        """The table's public message is this one from now on (none on its way)."""
        await self._run("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))
        await self._run("DELETE FROM table_message_posting WHERE table_id = ?", (table_id,))

    async def mark_message_posting(self, table_id: int) -> None:
        """A new public message of the table is on its way: until ``set_table_message``
        notes it, one may exist that the row does not name (``TableRow.message_posting``)."""
        await self._run(
            "INSERT INTO table_message_posting (table_id) VALUES (?)"
            " ON CONFLICT (table_id) DO NOTHING",
            (table_id,),
        )

    async def set_hand_message(self, hand: HandMessage) -> None:
        """The player's private hand at the table is this message from now on."""
        await self._run(
            "INSERT INTO hand_messages (table_id, player, channel_id, message_id, hand_no)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, player) DO UPDATE SET"
            " channel_id = excluded.channel_id, message_id = excluded.message_id,"
            " hand_no = excluded.hand_no",
            (hand.table_id, hand.player, hand.channel_id, hand.message_id, hand.hand_no),
        )

    async def open_hand_messages(self) -> list[HandMessage]:
        """The private hand messages of every table not ended."""
        rows = await self._all(
            "SELECT h.table_id, h.player, h.channel_id, h.message_id, h.hand_no"
            " FROM hand_messages h JOIN tables t ON t.id = h.table_id"
            " WHERE t.status != 'ended' ORDER BY h.table_id, h.player"
        )
        return [record_of(HandMessage, r) for r in rows]

    async def set_table_status(self, table_id: int, status: str) -> None:
        ended = now_text() if status == "ended" else None
        await self._run(
            "UPDATE tables SET status = ?, ended_at = ? WHERE id = ?", (status, ended, table_id)
        )
        if status == "ended":
            await self._run("UPDATE seats SET active = 0 WHERE table_id = ?", (table_id,))

    async def add_seat(
        self,
        table_id: int,
        guild_id: int,
        seat: int,
        player: str,
        name: str,
        ai_level: str | None = None,
    ) -> None:
        await self._run(
            "INSERT INTO seats (table_id, guild_id, seat, player, name, ai_level)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, guild_id, seat, player, name, ai_level),
        )

    async def rename_seat(self, table_id: int, player: str, to: str, name: str) -> None:
        """A computer player in the lobby takes another player key and name."""
        await self._run(
            "UPDATE seats SET player = ?, name = ? WHERE table_id = ? AND player = ?",
            (to, name, table_id, player),
        )

    async def remove_seat(self, table_id: int, player: str) -> None:
        """A player leaves a table still in the lobby: the later seats move up."""
        row = await self._one(
            "SELECT seat FROM seats WHERE table_id = ? AND player = ?", (table_id, player)
        )
        if row is None:
            return
        left = row["seat"]
        await self._run("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, left))
        rest = await self._all(
            "SELECT seat FROM seats WHERE table_id = ? AND seat > ? ORDER BY seat",
            (table_id, left),
        )
        for later in rest:
            seat = later["seat"]
            await self._run(
                "UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?",
                (seat - 1, table_id, seat),
            )

    async def seats(self, table_id: int) -> list[SeatRow]:
        """The seats of a table as stored (the bot rebuilds them from the log; a check
        that the two agree reads them here)."""
        rows = await self._all(
            "SELECT table_id, seat, player, name, ai_level FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        )
        return [
            SeatRow(r["table_id"], r["seat"], r["player"], r["name"], r["ai_level"]) for r in rows
        ]

    async def append_event(
        self, table_id: int, seq: int, kind: str, payload: dict[str, Any]
    ) -> TableEvent:
        stamp = now_text()
        await self._run(
            "INSERT INTO table_events (table_id, seq, kind, payload, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (table_id, seq, kind, json.dumps(payload), stamp),
        )
        return TableEvent(table_id, seq, kind, payload, datetime.fromisoformat(stamp))

    async def events(self, table_id: int) -> list[TableEvent]:
        rows = await self._all(
            "SELECT table_id, seq, kind, payload, created_at FROM table_events"
            " WHERE table_id = ? ORDER BY seq",
            (table_id,),
        )
        return [_event(r) for r in rows]

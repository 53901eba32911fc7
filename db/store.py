"""The repositories: every SQL statement on the bot's data lives here, one text for both backends.

A :class:`Store` is handed out by ``Database.transaction()`` (writes, one
transaction) or ``Database.reading()``; its methods return the plain dataclasses
of :mod:`db.models`. It speaks to its backend through a :class:`Connection`
(``db.sqlite`` or ``db.postgresql``), which runs the statements written here with
``?`` parameters (PostgreSQL's connection numbers them ``$1, $2...``). The SQL
is the subset both dialects read alike: ``RETURNING`` rather than a last row id,
``CASE`` rather than summing booleans, an alias on every subquery.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db.matches import MatchRepository
from db.models import (
    GuildSettings,
    HandRow,
    HandSeat,
    PastHand,
    Payment,
    RegisterEntry,
    ScoreRow,
    SeatRow,
    TableEvent,
    TableRow,
)
from db.repository import Row, int_of, now_text, time_of
from db.shards import ShardRepository


@dataclass(frozen=True, slots=True)
class NewPayment:
    payer: str | None  # None: the pot
    payee: str | None
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class NewEntry:
    owner: str | None
    owner_name: str
    amount: int


class Store(MatchRepository, ShardRepository):
    """The repositories, bound to the connection of the current block."""

    # ---- guild settings ----------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one("SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings(guild_id, None if row is None else row[0])

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, language),
        )

    async def player_notify(self, player: str) -> str:
        """How ``player`` is told it is their turn: dm (the default), mention or none."""
        row = await self._one("SELECT notify FROM player_settings WHERE player = ?", (player,))
        return "dm" if row is None else str(row[0])

    async def set_player_notify(self, player: str, notify: str) -> None:
        await self._run(
            "INSERT INTO player_settings (player, notify) VALUES (?, ?)"
            " ON CONFLICT (player) DO UPDATE SET notify = excluded.notify",
            (player, notify),
        )

    # ---- tables, seats, events -------------------------------------------------

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

    _TABLE_COLUMNS = (
        "id, guild_id, channel_id, game, options, turn_seconds, status, message_id,"
        " created_by, created_at, seed, guild_name, channel_name"
    )

    @staticmethod
    def _table(row: Row) -> TableRow:
        return TableRow(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            game=row[3],
            options=json.loads(row[4]),
            turn_seconds=row[5],
            status=row[6],
            message_id=row[7],
            created_by=row[8],
            created_at=datetime.fromisoformat(row[9]),
            seed=row[10],
            guild_name=row[11],
            channel_name=row[12],
        )

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one(f"SELECT {self._TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        return None if row is None else self._table(row)

    async def open_tables(self) -> list[TableRow]:
        rows = await self._all(
            f"SELECT {self._TABLE_COLUMNS} FROM tables WHERE status != 'ended' ORDER BY id"
        )
        return [self._table(r) for r in rows]

    async def open_table_in_channel(self, channel_id: int) -> TableRow | None:
        row = await self._one(
            f"SELECT {self._TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND status != 'ended'",
            (channel_id,),
        )
        return None if row is None else self._table(row)

    async def set_table_message(self, table_id: int, message_id: int | None) -> None:
        await self._run("UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id))

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
        await self._run("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, row[0]))
        rest = await self._all(
            "SELECT seat FROM seats WHERE table_id = ? AND seat > ? ORDER BY seat",
            (table_id, row[0]),
        )
        for (seat,) in rest:
            await self._run(
                "UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?",
                (seat - 1, table_id, seat),
            )

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT table_id, seat, player, name, ai_level FROM seats WHERE table_id = ?"
            " ORDER BY seat",
            (table_id,),
        )
        return [SeatRow(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def seated_table(self, guild_id: int, player: str) -> int | None:
        row = await self._one(
            "SELECT table_id FROM seats WHERE guild_id = ? AND player = ? AND active = 1",
            (guild_id, player),
        )
        return None if row is None else int(row[0])

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
        return [self._event(r) for r in rows]

    async def open_table_events(self) -> dict[int, list[TableEvent]]:
        """The log of every open table, by table id, in one read: what a start-up replays
        (one query for all tables rather than one per table)."""
        rows = await self._all(
            "SELECT e.table_id, e.seq, e.kind, e.payload, e.created_at FROM table_events e"
            " JOIN tables t ON t.id = e.table_id WHERE t.status != 'ended'"
            " ORDER BY e.table_id, e.seq"
        )
        logs: dict[int, list[TableEvent]] = {}
        for r in rows:
            logs.setdefault(r[0], []).append(self._event(r))
        return logs

    @staticmethod
    def _event(row: Row) -> TableEvent:
        return TableEvent(
            row[0], row[1], row[2], json.loads(row[3]), datetime.fromisoformat(row[4])
        )

    # ---- the register and the pot -------------------------------------------

    _ENTRY_COLUMNS = (
        "id, guild_id, game, owner, owner_name, amount, created_at, hand_id,"
        " crossed_at, crossed_by, paid, crossed_hand_id"
    )

    @staticmethod
    def _entry(row: Row) -> RegisterEntry:
        return RegisterEntry(
            id=row[0],
            guild_id=row[1],
            game=row[2],
            owner=row[3],
            owner_name=row[4],
            amount=row[5],
            created_at=datetime.fromisoformat(row[6]),
            hand_id=row[7],
            crossed_at=time_of(row[8]),
            crossed_by=row[9],
            paid=row[10],
            crossed_hand_id=row[11],
        )

    async def unpaid_entries(self, guild_id: int, game: str) -> list[RegisterEntry]:
        """The guild's register for a game: unpaid entries, oldest first."""
        rows = await self._all(
            f"SELECT {self._ENTRY_COLUMNS} FROM register_entries"
            " WHERE guild_id = ? AND game = ? AND crossed_at IS NULL ORDER BY id",
            (guild_id, game),
        )
        return [self._entry(r) for r in rows]

    async def entry(self, entry_id: int) -> RegisterEntry | None:
        row = await self._one(
            f"SELECT {self._ENTRY_COLUMNS} FROM register_entries WHERE id = ?", (entry_id,)
        )
        return None if row is None else self._entry(row)

    async def add_entry(
        self, guild_id: int, game: str, entry: NewEntry, hand_id: int | None = None
    ) -> RegisterEntry:
        await self._lock_register(guild_id, game)
        entry_id = await self._insert(
            "INSERT INTO register_entries (guild_id, game, owner, owner_name, amount,"
            " created_at, hand_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, game, entry.owner, entry.owner_name, entry.amount, now_text(), hand_id),
        )
        stored = await self.entry(entry_id)
        assert stored is not None
        return stored

    async def cross_entry(self, entry_id: int, by: str | None, paid: int, hand_id: int) -> bool:
        """Cross out an unpaid entry; False if it was already crossed out."""
        await self._lock_register(*await self._entry_key(entry_id))
        crossed = await self._all(
            "UPDATE register_entries SET crossed_at = ?, crossed_by = ?, paid = ?,"
            " crossed_hand_id = ? WHERE id = ? AND crossed_at IS NULL RETURNING id",
            (now_text(), by, paid, hand_id, entry_id),
        )
        return len(crossed) == 1

    async def collect_entry(self, entry_id: int, by: str) -> bool:
        """Name who collected an entry paid into a stake (crossed out by nobody) when
        they took the stake with it; False if it is not such an entry."""
        await self._lock_register(*await self._entry_key(entry_id))
        collected = await self._all(
            "UPDATE register_entries SET crossed_by = ? WHERE id = ?"
            " AND crossed_at IS NOT NULL AND crossed_by IS NULL RETURNING id",
            (by, entry_id),
        )
        return len(collected) == 1

    async def _entry_key(self, entry_id: int) -> tuple[int, str]:
        row = await self._one(
            "SELECT guild_id, game FROM register_entries WHERE id = ?", (entry_id,)
        )
        return (0, "") if row is None else (int(row[0]), str(row[1]))

    async def pot(self, guild_id: int, game: str, part: str = "") -> int:
        row = await self._one(
            "SELECT amount FROM pots WHERE guild_id = ? AND game = ? AND part = ?",
            (guild_id, game, part),
        )
        return 0 if row is None else int(row[0])

    async def pot_parts(self, guild_id: int, game: str) -> dict[str, int]:
        """Every part of a game's pot in the guild (a part never paid into is absent)."""
        rows = await self._all(
            "SELECT part, amount FROM pots WHERE guild_id = ? AND game = ? ORDER BY part",
            (guild_id, game),
        )
        return {str(r[0]): int(r[1]) for r in rows}

    async def add_to_pot(self, guild_id: int, game: str, delta: int, part: str = "") -> None:
        await self._lock_register(guild_id, game)
        await self._run(
            "INSERT INTO pots (guild_id, game, part, amount) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, part)"
            " DO UPDATE SET amount = pots.amount + excluded.amount",
            (guild_id, game, part, delta),
        )

    # ---- hands and the ledger -------------------------------------------------

    async def insert_hand(
        self,
        *,
        guild_id: int,
        game: str,
        table_id: int | None,
        hand_no: int,
        record: dict[str, Any],
        declarer: str | None,
        made: bool | None,
        players: Iterable[HandSeat],  # in seat order
        result: str | None = None,  # the result word (made, failed, remise, codille...)
    ) -> int:
        if result is None and made is not None:
            result = "made" if made else "failed"
        hand_id = await self._insert(
            "INSERT INTO hands (guild_id, game, table_id, hand_no, record, declarer, made,"
            " result, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                game,
                table_id,
                hand_no,
                json.dumps(record, ensure_ascii=False),
                declarer,
                None if made is None else int(made),
                result,
                now_text(),
            ),
        )
        for seat, p in enumerate(players):
            await self._run(
                "INSERT INTO hand_players (hand_id, seat, player, name, net, side, points, score)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (hand_id, seat, p.player, p.name, p.net, p.side, p.points, p.score),
            )
        return hand_id

    async def mark_summary_posted(self, table_id: int, hand_no: int) -> None:
        await self._run(
            "UPDATE hands SET summary_posted = 1 WHERE table_id = ? AND hand_no = ?",
            (table_id, hand_no),
        )

    async def unposted_summaries(self, table_id: int) -> set[int]:
        """The hands of a table whose summary has not reached its channel yet."""
        rows = await self._all(
            "SELECT hand_no FROM hands WHERE table_id = ? AND summary_posted = 0", (table_id,)
        )
        return {int(row[0]) for row in rows}

    async def hands(self, guild_id: int, game: str) -> list[HandRow]:
        rows = await self._all(
            "SELECT id, guild_id, game, table_id, hand_no, record, finished_at FROM hands"
            " WHERE guild_id = ? AND game = ? ORDER BY id",
            (guild_id, game),
        )
        return [
            HandRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), datetime.fromisoformat(r[6]))
            for r in rows
        ]

    async def recent_hands(
        self, guild_id: int, game: str | None, player: str | None, limit: int
    ) -> list[PastHand]:
        """The guild's last settled hands, newest first (of ``game``, with ``player``)."""
        where, params = ["h.guild_id = ?"], list[object]([guild_id])
        if game is not None:
            where.append("h.game = ?")
            params.append(game)
        if player is not None:
            where.append("h.id IN (SELECT hand_id FROM hand_players WHERE player = ?)")
            params.append(player)
        rows = await self._all(
            "SELECT h.id, h.guild_id, h.game, h.table_id, h.hand_no, h.record, h.finished_at,"
            " h.result, h.declarer FROM hands h WHERE " + " AND ".join(where) + " ORDER BY h.id"
            " DESC LIMIT ?",
            (*params, limit),
        )
        out = []
        for r in rows:
            found = await self._all(
                "SELECT player, name, net, side, points, score FROM hand_players"
                " WHERE hand_id = ? ORDER BY seat",
                (r[0],),
            )
            seats = tuple(
                HandSeat(str(p), str(n), int(v), int_of(side), int_of(points), int_of(score))
                for p, n, v, side, points, score in found
            )
            declarer = next((s for s in seats if s.player == r[8]), None)
            side = [] if declarer is None else [declarer]
            if declarer is not None and declarer.side is not None:  # and his partners
                side = [s for s in seats if s.side == declarer.side]
            row = HandRow(
                r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), datetime.fromisoformat(r[6])
            )
            out.append(PastHand(row, r[7], tuple(s.name for s in side), seats))
        return out

    async def add_payments(
        self, guild_id: int, game: str, hand_id: int, payments: Iterable[NewPayment]
    ) -> None:
        stamp = now_text()
        for p in payments:
            await self._run(
                "INSERT INTO ledger (guild_id, game, hand_id, payer, payee, amount, reason,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, game, hand_id, p.payer, p.payee, p.amount, p.reason, stamp),
            )

    async def payments(self, guild_id: int, game: str) -> list[Payment]:
        rows = await self._all(
            "SELECT id, guild_id, game, hand_id, payer, payee, amount, reason, created_at"
            " FROM ledger WHERE guild_id = ? AND game = ? ORDER BY id",
            (guild_id, game),
        )
        return [
            Payment(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], datetime.fromisoformat(r[8]))
            for r in rows
        ]

    async def net_series(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[tuple[int, str, int]]:
        """Each player's net of each settled hand, hand by hand: (hand id, player, net)."""
        start = now_text(since) if since is not None else ""
        rows = await self._all(
            "SELECT h.id, hp.player, hp.net FROM hand_players hp JOIN hands h ON h.id = hp.hand_id"
            " WHERE h.guild_id = ? AND h.game = ? AND h.finished_at >= ? ORDER BY h.id, hp.seat",
            (guild_id, game, start),
        )
        return [(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    async def scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[ScoreRow]:
        """Players ranked by net sous from the ledger (best first), with their counts."""
        start = now_text(since) if since is not None else ""
        nets = await self._all(
            "SELECT player, SUM(amount) FROM ("
            "  SELECT payee AS player, amount FROM ledger"
            "   WHERE guild_id = ? AND game = ? AND created_at >= ? AND payee IS NOT NULL"
            "  UNION ALL"
            "  SELECT payer AS player, -amount FROM ledger"
            "   WHERE guild_id = ? AND game = ? AND created_at >= ? AND payer IS NOT NULL"
            ") AS moves GROUP BY player",
            (guild_id, game, start, guild_id, game, start),
        )
        played = await self._all(
            "SELECT hp.player, COUNT(*), MAX(hp.name) FROM hand_players hp"
            " JOIN hands h ON h.id = hp.hand_id"
            " WHERE h.guild_id = ? AND h.game = ? AND h.finished_at >= ? GROUP BY hp.player",
            (guild_id, game, start),
        )
        contracts = await self._all(
            "SELECT declarer, SUM(CASE WHEN made = 1 THEN 1 ELSE 0 END),"
            " SUM(CASE WHEN made = 0 THEN 1 ELSE 0 END) FROM hands"
            " WHERE guild_id = ? AND game = ? AND finished_at >= ? AND declarer IS NOT NULL"
            " GROUP BY declarer",
            (guild_id, game, start),
        )
        by_result = await self._all(
            "SELECT declarer, result, COUNT(*) FROM hands"
            " WHERE guild_id = ? AND game = ? AND finished_at >= ? AND declarer IS NOT NULL"
            " AND result IS NOT NULL GROUP BY declarer, result",
            (guild_id, game, start),
        )
        made_betes = await self._all(
            "SELECT owner, COUNT(*) FROM register_entries"
            " WHERE guild_id = ? AND game = ? AND created_at >= ? AND owner IS NOT NULL"
            " AND hand_id IS NOT NULL GROUP BY owner",
            (guild_id, game, start),
        )
        collected = await self._all(
            "SELECT crossed_by, COUNT(*) FROM register_entries"
            " WHERE guild_id = ? AND game = ? AND crossed_at >= ? AND crossed_by IS NOT NULL"
            " AND (owner IS NULL OR owner != crossed_by) GROUP BY crossed_by",
            (guild_id, game, start),
        )
        net = {r[0]: int(r[1]) for r in nets}
        hands = {r[0]: (int(r[1]), str(r[2])) for r in played}
        made = {r[0]: (int(r[1] or 0), int(r[2] or 0)) for r in contracts}
        betes = {r[0]: int(r[1]) for r in made_betes}
        taken = {r[0]: int(r[1]) for r in collected}
        results: dict[str, list[tuple[str, int]]] = {}
        for declarer, word, count in sorted(by_result, key=lambda r: (str(r[0]), str(r[1]))):
            results.setdefault(declarer, []).append((str(word), int(count)))
        players = set(net) | set(hands)
        rows = [
            ScoreRow(
                player=p,
                name=hands.get(p, (0, p))[1],
                net=net.get(p, 0),
                hands=hands.get(p, (0, p))[0],
                made=made.get(p, (0, 0))[0],
                failed=made.get(p, (0, 0))[1],
                betes_made=betes.get(p, 0),
                betes_collected=taken.get(p, 0),
                results=tuple(results.get(p, ())),
            )
            for p in players
        ]
        rows.sort(key=lambda r: (-r.net, -r.hands, r.name))
        return rows

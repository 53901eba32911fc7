"""The guild's register of bêtes and its pot, the hands settled and the ledger of what
was paid: what a settled hand writes (``bot.tables.settlement``), and what the commands read
of it (``/betes``, ``/history``, ``/scoreboard``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db.models import HandRow, HandSeat, PastHand, Payment, RegisterEntry, ScoreRow
from db.repository import Repository, Row, int_of, now_text, record_of, time_of


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


def _hand(row: Row) -> HandRow:
    return record_of(HandRow, row, record=json.loads, finished_at=datetime.fromisoformat)


class LedgerRepository(Repository):
    """The register, the pot, the hands and the ledger."""

    # ---- the register and the pot -------------------------------------------

    _ENTRY_COLUMNS = (
        "id, guild_id, game, owner, owner_name, amount, created_at, hand_id,"
        " crossed_at, crossed_by, paid, crossed_hand_id"
    )

    @staticmethod
    def _entry(row: Row) -> RegisterEntry:
        return record_of(RegisterEntry, row, created_at=datetime.fromisoformat, crossed_at=time_of)

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

    async def collect_stake_entry(self, guild_id: int, game: str, by: str) -> bool:
        """Name ``by`` as the collector of the guild's newest entry paid into a stake and
        not yet collected: the one in a stake that a table took over with the server's
        pot (a session stopped, or another table's round, left it there); False if
        there is none."""
        await self._lock_register(guild_id, game)
        collected = await self._all(
            "UPDATE register_entries SET crossed_by = ? WHERE id = ("
            " SELECT MAX(id) FROM register_entries WHERE guild_id = ? AND game = ?"
            " AND crossed_at IS NOT NULL AND crossed_by IS NULL) RETURNING id",
            (by, guild_id, game),
        )
        return len(collected) == 1

    async def _entry_key(self, entry_id: int) -> tuple[int, str]:
        row = await self._one(
            "SELECT guild_id, game FROM register_entries WHERE id = ?", (entry_id,)
        )
        return (0, "") if row is None else (int(row["guild_id"]), str(row["game"]))

    async def pot_parts(self, guild_id: int, game: str) -> dict[str, int]:
        """Every part of a game's pot in the guild (a part never paid into is absent)."""
        rows = await self._all(
            "SELECT part, amount FROM pots WHERE guild_id = ? AND game = ? ORDER BY part",
            (guild_id, game),
        )
        return {str(r["part"]): int(r["amount"]) for r in rows}

    async def add_to_pot(self, guild_id: int, game: str, delta: int, part: str = "") -> None:
        await self._lock_register(guild_id, game)
        await self._run(
            "INSERT INTO pots (guild_id, game, part, amount) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, part)"
            " DO UPDATE SET amount = pots.amount + excluded.amount",
            (guild_id, game, part, delta),
        )

    async def set_pot_part(self, guild_id: int, game: str, part: str, amount: int) -> None:
        """A part of the pot that says how the last deal ended (not an amount added to)."""
        await self._lock_register(guild_id, game)
        await self._run(
            "INSERT INTO pots (guild_id, game, part, amount) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, part) DO UPDATE SET amount = excluded.amount",
            (guild_id, game, part, amount),
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
        await self._run(
            "DELETE FROM summary_posting WHERE table_id = ? AND hand_no = ?", (table_id, hand_no)
        )

    async def mark_summary_posting(self, table_id: int, hand_no: int) -> None:
        """The hand's summary is on its way to its channel: until ``mark_summary_posted``,
        it may be there unnoted (``summaries_posting``)."""
        await self._run(
            "INSERT INTO summary_posting (table_id, hand_no) VALUES (?, ?)"
            " ON CONFLICT (table_id, hand_no) DO NOTHING",
            (table_id, hand_no),
        )

    async def summaries_posting(self, table_id: int) -> set[int]:
        """The hands of a table whose summary was on its way and is not noted posted: a
        process stopped in between may have posted it."""
        rows = await self._all(
            "SELECT hand_no FROM summary_posting WHERE table_id = ?", (table_id,)
        )
        return {int(row["hand_no"]) for row in rows}

    async def unposted_summaries(self, table_id: int) -> set[int]:
        """The hands of a table whose summary has not reached its channel yet."""
        rows = await self._all(
            "SELECT hand_no FROM hands WHERE table_id = ? AND summary_posted = 0", (table_id,)
        )
        return {int(row["hand_no"]) for row in rows}

    async def hands(self, guild_id: int, game: str) -> list[HandRow]:
        rows = await self._all(
            "SELECT id, guild_id, game, table_id, hand_no, record, finished_at FROM hands"
            " WHERE guild_id = ? AND game = ? ORDER BY id",
            (guild_id, game),
        )
        return [_hand(r) for r in rows]

    async def hand(self, guild_id: int, hand_id: int) -> HandRow | None:
        """A guild's stored hand by its number (None for another guild's)."""
        row = await self._one(
            "SELECT id, guild_id, game, table_id, hand_no, record, finished_at FROM hands"
            " WHERE guild_id = ? AND id = ?",
            (guild_id, hand_id),
        )
        return None if row is None else _hand(row)

    async def hand_id(self, table_id: int, hand_no: int) -> int | None:
        """The number of a table's hand ``hand_no`` (None: not settled)."""
        row = await self._one(
            "SELECT id FROM hands WHERE table_id = ? AND hand_no = ?", (table_id, hand_no)
        )
        return None if row is None else int(row["id"])

    async def hand_seats(self, hand_id: int) -> list[HandSeat]:
        """A settled hand's seats, in seat order."""
        found = await self._all(
            "SELECT player, name, net, side, points, score FROM hand_players"
            " WHERE hand_id = ? ORDER BY seat",
            (hand_id,),
        )
        return [
            HandSeat(
                str(p["player"]),
                str(p["name"]),
                int(p["net"]),
                int_of(p["side"]),
                int_of(p["points"]),
                int_of(p["score"]),
            )
            for p in found
        ]

    async def recent_hands(
        self, guild_id: int, game: str | None, player: str | None, limit: int, skip: int = 0
    ) -> list[PastHand]:
        """The guild's last settled hands, newest first (of ``game``, with ``player``),
        the ``skip`` newest of them aside (a page further back)."""
        where, params = _hands_where(guild_id, game, player)
        rows = await self._all(
            "SELECT id, guild_id, game, table_id, hand_no, record, finished_at, result, declarer"
            " FROM hands h WHERE " + where + " ORDER BY h.id DESC LIMIT ? OFFSET ?",
            (*params, limit, skip),
        )
        out = []
        for r in rows:
            seats = tuple(await self.hand_seats(int(r["id"])))
            declarer = next((s for s in seats if s.player == r["declarer"]), None)
            side = [] if declarer is None else [declarer]
            if declarer is not None and declarer.side is not None:  # and his partners
                side = [s for s in seats if s.side == declarer.side]
            out.append(PastHand(_hand(r), r["result"], tuple(s.name for s in side), seats))
        return out

    async def hands_settled(self, guild_id: int, game: str | None, player: str | None) -> int:
        """How many hands ``recent_hands`` may list in all."""
        where, params = _hands_where(guild_id, game, player)
        row = await self._one("SELECT COUNT(*) AS hands FROM hands h WHERE " + where, params)
        return int(row["hands"]) if row is not None else 0

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
            Payment(
                r["id"],
                r["guild_id"],
                r["game"],
                r["hand_id"],
                r["payer"],
                r["payee"],
                r["amount"],
                r["reason"],
                datetime.fromisoformat(r["created_at"]),
            )
            for r in rows
        ]

    async def net_series(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[tuple[int, str, int]]:
        """Each player's net of each settled hand, hand by hand: (hand id, player, net)."""
        start = now_text(since) if since is not None else ""
        rows = await self._all(
            "SELECT h.id AS id, hp.player AS player, hp.net AS net"
            " FROM hand_players hp JOIN hands h ON h.id = hp.hand_id"
            " WHERE h.guild_id = ? AND h.game = ? AND h.finished_at >= ? ORDER BY h.id, hp.seat",
            (guild_id, game, start),
        )
        return [(int(r["id"]), str(r["player"]), int(r["net"])) for r in rows]

    async def scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[ScoreRow]:
        """Players ranked by net sous from the ledger (best first), with their counts."""
        start = now_text(since) if since is not None else ""
        nets = await self._all(
            "SELECT player, SUM(amount) AS net FROM ("
            "  SELECT payee AS player, amount FROM ledger"
            "   WHERE guild_id = ? AND game = ? AND created_at >= ? AND payee IS NOT NULL"
            "  UNION ALL"
            "  SELECT payer AS player, -amount FROM ledger"
            "   WHERE guild_id = ? AND game = ? AND created_at >= ? AND payer IS NOT NULL"
            ") AS moves GROUP BY player",
            (guild_id, game, start, guild_id, game, start),
        )
        played = await self._all(
            "SELECT hp.player AS player, COUNT(*) AS hands"
            " FROM hand_players hp JOIN hands h ON h.id = hp.hand_id"
            " WHERE h.guild_id = ? AND h.game = ? AND h.finished_at >= ? GROUP BY hp.player",
            (guild_id, game, start),
        )
        # each player's name as their last hand of the game showed it, whatever the period
        # (one paid in the period whose hands fall just before it is named too)
        names = await self._all(
            "SELECT hp.player AS player, hp.name AS name FROM hand_players hp JOIN ("
            "  SELECT last.player AS player, MAX(last.hand_id) AS hand_id"
            "   FROM hand_players last JOIN hands h ON h.id = last.hand_id"
            "   WHERE h.guild_id = ? AND h.game = ? GROUP BY last.player"
            ") AS latest ON latest.player = hp.player AND latest.hand_id = hp.hand_id",
            (guild_id, game),
        )
        contracts = await self._all(
            "SELECT declarer, SUM(CASE WHEN made = 1 THEN 1 ELSE 0 END) AS made,"
            " SUM(CASE WHEN made = 0 THEN 1 ELSE 0 END) AS failed FROM hands"
            " WHERE guild_id = ? AND game = ? AND finished_at >= ? AND declarer IS NOT NULL"
            " GROUP BY declarer",
            (guild_id, game, start),
        )
        by_result = await self._all(
            "SELECT declarer, result, COUNT(*) AS hands FROM hands"
            " WHERE guild_id = ? AND game = ? AND finished_at >= ? AND declarer IS NOT NULL"
            " AND result IS NOT NULL GROUP BY declarer, result",
            (guild_id, game, start),
        )
        made_betes = await self._all(
            "SELECT owner, COUNT(*) AS betes FROM register_entries"
            " WHERE guild_id = ? AND game = ? AND created_at >= ? AND owner IS NOT NULL"
            " AND hand_id IS NOT NULL GROUP BY owner",
            (guild_id, game, start),
        )
        collected = await self._all(
            "SELECT crossed_by, COUNT(*) AS betes FROM register_entries"
            " WHERE guild_id = ? AND game = ? AND crossed_at >= ? AND crossed_by IS NOT NULL"
            " AND (owner IS NULL OR owner != crossed_by) GROUP BY crossed_by",
            (guild_id, game, start),
        )
        net = {r["player"]: int(r["net"]) for r in nets}
        named = {r["player"]: str(r["name"]) for r in names}
        hands = {r["player"]: int(r["hands"]) for r in played}
        made = {r["declarer"]: (int(r["made"] or 0), int(r["failed"] or 0)) for r in contracts}
        betes = {r["owner"]: int(r["betes"]) for r in made_betes}
        taken = {r["crossed_by"]: int(r["betes"]) for r in collected}
        results: dict[str, list[tuple[str, int]]] = {}
        for r in sorted(by_result, key=lambda r: (str(r["declarer"]), str(r["result"]))):
            results.setdefault(r["declarer"], []).append((str(r["result"]), int(r["hands"])))
        players = set(net) | set(hands)
        rows = [
            ScoreRow(
                player=p,
                name=named.get(p, p),
                net=net.get(p, 0),
                hands=hands.get(p, 0),
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


def _hands_where(
    guild_id: int, game: str | None, player: str | None
) -> tuple[str, tuple[object, ...]]:
    """The condition on ``hands h`` of a guild's hands, of ``game``, with ``player``."""
    where, params = ["h.guild_id = ?"], list[object]([guild_id])
    if game is not None:
        where.append("h.game = ?")
        params.append(game)
    if player is not None:
        where.append("h.id IN (SELECT hand_id FROM hand_players WHERE player = ?)")
        params.append(player)
    return " AND ".join(where), tuple(params)

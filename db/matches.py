"""The repositories of games played to a target over several deals and settled at
their end (Bésigue): the standing of each finished match, and the matches kept to
be resumed another day."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from db.models import KeptMatch, MatchScoreRow
from db.repository import Repository, Row, now_text, time_of


@dataclass(frozen=True, slots=True)
class NewStanding:
    """One seat's line when a match ends."""

    player: str
    name: str
    points: int
    won: bool
    counted: int  # games the result counts for (2: en bas table), 0 for a loser
    best: str | None
    best_points: int
    partie: int = 0  # the partie's number at its table (Haiti plays several at one)
    hundreds: int = 0  # hundreds the seat's side gave with it (Haiti)


class MatchRepository(Repository):
    """Matches stood and matches kept."""

    async def insert_standings(
        self, guild_id: int, game: str, table_id: int, standings: Sequence[NewStanding]
    ) -> None:
        """A finished match's (or partie's) standing, once per table and partie (a
        replayed write is refused)."""
        moment = now_text()
        for seat, s in enumerate(standings):
            await self._run(
                "INSERT INTO match_results (table_id, partie, seat, guild_id, game, player, name,"
                " points, won, counted, best, best_points, hundreds, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    s.partie,
                    seat,
                    guild_id,
                    game,
                    s.player,
                    s.name,
                    s.points,
                    int(s.won),
                    s.counted,
                    s.best,
                    s.best_points,
                    s.hundreds,
                    moment,
                ),
            )

    async def match_scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[MatchScoreRow]:
        """Players ranked by wins as counted, then points (best first), with the
        hundreds their side gave."""
        start = now_text(since) if since is not None else ""
        rows = await self._all(
            "SELECT player, MAX(name) AS name, COUNT(*) AS played, SUM(won) AS won,"
            " SUM(counted) AS counted, SUM(CASE WHEN counted > 1 THEN 1 ELSE 0 END) AS en_bas,"
            " SUM(points) AS points, MAX(best_points) AS best_points, SUM(hundreds) AS hundreds"
            " FROM match_results WHERE guild_id = ? AND game = ? AND finished_at >= ?"
            " GROUP BY player",
            (guild_id, game, start),
        )
        best = await self._all(
            "SELECT player, best, best_points FROM match_results"
            " WHERE guild_id = ? AND game = ? AND finished_at >= ? AND best IS NOT NULL"
            " ORDER BY best_points DESC, finished_at",
            (guild_id, game, start),
        )
        feats: dict[str, str] = {}
        for feat in best:
            feats.setdefault(str(feat["player"]), str(feat["best"]))
        scores = [
            MatchScoreRow(
                player=str(r["player"]),
                name=str(r["name"]),
                played=int(r["played"]),
                won=int(r["won"]),
                counted=int(r["counted"]),
                en_bas_table=int(r["en_bas"]),
                points=int(r["points"]),
                best=feats.get(str(r["player"])),
                best_points=int(r["best_points"] or 0),
                hundreds=int(r["hundreds"] or 0),
            )
            for r in rows
        ]
        scores.sort(key=lambda r: (-r.counted, -r.points, r.name))
        return scores

    async def keep_match(
        self,
        *,
        guild_id: int,
        game: str,
        table_id: int,
        options: dict[str, object],
        seats: Sequence[tuple[str, str, str | None]],
        state: dict[str, object],
        summary: str,
    ) -> int:
        return await self._insert(
            "INSERT INTO kept_matches (guild_id, game, table_id, options, seats, state, summary,"
            " kept_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                game,
                table_id,
                json.dumps(options, ensure_ascii=False),
                json.dumps([list(s) for s in seats], ensure_ascii=False),
                json.dumps(state, ensure_ascii=False),
                summary,
                now_text(),
            ),
        )

    @staticmethod
    def _kept(row: Row) -> KeptMatch:
        seats = tuple(
            (str(p), str(n), None if a is None else str(a)) for p, n, a in json.loads(row["seats"])
        )
        kept_at = time_of(row["kept_at"])
        assert kept_at is not None
        return KeptMatch(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            game=str(row["game"]),
            table_id=int(row["table_id"]),
            options=json.loads(row["options"]),
            seats=seats,
            state=json.loads(row["state"]),
            summary=str(row["summary"]),
            kept_at=kept_at,
        )

    _KEPT = (
        "SELECT id, guild_id, game, table_id, options, seats, state, summary, kept_at"
        " FROM kept_matches"
    )

    async def kept_matches(self, guild_id: int, game: str) -> list[KeptMatch]:
        """The guild's matches of ``game`` waiting to be resumed, the latest first."""
        rows = await self._all(
            self._KEPT + " WHERE guild_id = ? AND game = ? AND resumed_by IS NULL ORDER BY id DESC",
            (guild_id, game),
        )
        return [self._kept(r) for r in rows]

    async def kept_match(self, kept_id: int) -> KeptMatch | None:
        """A match kept and not resumed yet."""
        row = await self._one(self._KEPT + " WHERE id = ? AND resumed_by IS NULL", (kept_id,))
        return None if row is None else self._kept(row)

    async def resume_match(self, kept_id: int, table_id: int) -> bool:
        """Mark a kept match taken up by a table; False if it was taken up already."""
        rows = await self._all(
            "UPDATE kept_matches SET resumed_by = ? WHERE id = ? AND resumed_by IS NULL"
            " RETURNING id",
            (table_id, kept_id),
        )
        return bool(rows)

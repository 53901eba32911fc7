"""The teacher's reviews of stored hands: the decisions valued so far (so that a
review interrupted takes up where it stopped) and the whole reviews, which
``/history review:`` shows again at once and ``/stats`` sums."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from datetime import datetime
from typing import Any

from db.models import ReviewFigures, StoredReview, UnreviewedSeat
from db.repository import Repository, Row, now_text, record_of

_REVIEW_COLUMNS = (
    "r.hand_id, r.seat, r.guild_id, r.game, r.player, r.valued, r.total_loss,"
    " r.inaccuracies, r.mistakes, r.blunders, r.accuracy, r.review, r.reviewed_at,"
    " h.finished_at AS played_at"
)

# what /stats sums: the figures stored beside each review, never the review's JSON
_FIGURES_COLUMNS = (
    "r.hand_id, r.seat, r.game, r.valued, r.total_loss, r.inaccuracies, r.mistakes,"
    " r.blunders, r.accuracy, h.finished_at AS played_at"
)


# the figures' columns stored otherwise than their fields hold them (a numeric, a time)
_FIGURES_READ: dict[str, Callable[[Any], object]] = {
    "total_loss": float,
    "accuracy": lambda v: None if v is None else float(v),
    "played_at": datetime.fromisoformat,
}


def _review(row: Row) -> StoredReview:
    return record_of(
        StoredReview,
        row,
        review=json.loads,
        reviewed_at=datetime.fromisoformat,
        **_FIGURES_READ,
    )


class ReviewRepository(Repository):
    """Reviews, whole or under way, by hand and seat."""

    async def reviewed_decisions(self, hand_id: int, seat: int) -> list[dict[str, Any]]:
        """The decisions of a review under way valued so far, by key."""
        rows = await self._all(
            "SELECT result FROM review_decisions WHERE hand_id = ? AND seat = ? ORDER BY key",
            (hand_id, seat),
        )
        return [json.loads(row["result"]) for row in rows]

    async def add_reviewed_decision(
        self, hand_id: int, seat: int, key: str, result: Mapping[str, Any]
    ) -> None:
        """One decision of a review under way valued (valued again: replaced)."""
        await self._run(
            "INSERT INTO review_decisions (hand_id, seat, key, result) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (hand_id, seat, key) DO UPDATE SET result = excluded.result",
            (hand_id, seat, key, json.dumps(result, ensure_ascii=False)),
        )

    async def save_review(
        self, *, hand_id: int, seat: int, guild_id: int, player: str, review: Mapping[str, Any]
    ) -> bool:
        """Store a whole review (``Review.to_json``) and drop its decisions under way;
        False, storing nothing, when the seat's review is already stored (two asked
        for it at once: the same budget and seed made the same review)."""
        counts = review["counts"]
        accuracy = review["accuracy"]
        rows = await self._all(
            "INSERT INTO reviews (hand_id, seat, guild_id, game, player, valued, total_loss,"
            " inaccuracies, mistakes, blunders, accuracy, review, reviewed_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (hand_id, seat) DO NOTHING RETURNING hand_id",
            (
                hand_id,
                seat,
                guild_id,
                str(review["game"]),
                player,
                int(review["valued"]),
                float(review["total_loss"]),
                int(counts["inaccuracy"]),
                int(counts["mistake"]),
                int(counts["blunder"]),
                None if accuracy is None else float(accuracy),
                json.dumps(review, ensure_ascii=False),
                now_text(),
            ),
        )
        await self._run(
            "DELETE FROM review_decisions WHERE hand_id = ? AND seat = ?", (hand_id, seat)
        )
        return bool(rows)

    async def review(self, hand_id: int, seat: int) -> StoredReview | None:
        row = await self._one(
            f"SELECT {_REVIEW_COLUMNS} FROM reviews r JOIN hands h ON h.id = r.hand_id"
            " WHERE r.hand_id = ? AND r.seat = ?",
            (hand_id, seat),
        )
        return None if row is None else _review(row)

    async def player_reviews(
        self, guild_id: int, player: str, game: str | None = None, since: datetime | None = None
    ) -> list[ReviewFigures]:
        """The figures of a player's stored reviews in a guild (of ``game``; of hands
        played since ``since``), in the order the hands were played."""
        where, params = ["r.guild_id = ?", "r.player = ?"], list[object]([guild_id, player])
        if game is not None:
            where.append("r.game = ?")
            params.append(game)
        if since is not None:
            where.append("h.finished_at >= ?")
            params.append(now_text(since))
        rows = await self._all(
            f"SELECT {_FIGURES_COLUMNS} FROM reviews r JOIN hands h ON h.id = r.hand_id"
            " WHERE " + " AND ".join(where) + " ORDER BY h.id",
            params,
        )
        return [record_of(ReviewFigures, row, **_FIGURES_READ) for row in rows]

    async def unreviewed_seats(
        self,
        guild_id: int,
        skip_prefix: str,
        limit: int,
        games: Collection[str] | None = None,
    ) -> list[UnreviewedSeat]:
        """The guild's seats with no stored review, newest hands first, leaving out the
        players whose key starts with ``skip_prefix`` (the computer players), and the
        hands of games not in ``games`` (given: those that can be reviewed)."""
        # a plain comparison of the key's start: no LIKE pattern, no wildcard to escape
        params: list[object] = [guild_id, len(skip_prefix), skip_prefix]
        only = ""
        if games is not None:
            if not games:
                return []
            only = f" AND h.game IN ({', '.join('?' for _ in games)})"
            params.extend(sorted(games))
        rows = await self._all(
            "SELECT hp.hand_id, hp.seat, h.guild_id, h.game, hp.player"
            " FROM hand_players hp JOIN hands h ON h.id = hp.hand_id"
            " WHERE h.guild_id = ? AND substr(hp.player, 1, ?) <> ?"
            + only
            + " AND NOT EXISTS (SELECT 1 FROM reviews r"
            " WHERE r.hand_id = hp.hand_id AND r.seat = hp.seat)"
            " ORDER BY hp.hand_id DESC, hp.seat LIMIT ?",
            [*params, limit],
        )
        return [record_of(UnreviewedSeat, row) for row in rows]

"""Plain dataclasses returned by the repositories: no SQL, no connection.

A *player* is a string key: a Discord user id written in decimal
(``"123456789012345678"``) for humans, ``"ai:<name>"`` for computer players.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    language: str | None  # "fr" or "en"; None = follow the guild's locale
    auto_review: bool = False  # every hand reviewed in the background when the bot is idle


@dataclass(frozen=True, slots=True)
class RegisterEntry:
    """One bête of a guild's register for a game (owner None = a pinandèle)."""

    id: int
    guild_id: int
    game: str
    owner: str | None
    owner_name: str
    amount: int
    created_at: datetime
    hand_id: int | None  # the hand that made it
    crossed_at: datetime | None
    crossed_by: str | None  # the declarer who won it
    paid: int | None  # what its owner paid (0 if the owner crossed out his own bête)
    crossed_hand_id: int | None


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer of the ledger; payer/payee None is the pot."""

    id: int
    guild_id: int
    game: str
    hand_id: int
    payer: str | None
    payee: str | None
    amount: int
    reason: str  # the game's word for it (a contract, an ante...)
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SeatRow:
    table_id: int
    seat: int
    player: str
    name: str
    ai_level: str | None  # None for a human


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, object]  # the variant options, as in a hand record
    turn_seconds: int
    status: str  # "lobby", "playing", "ended"
    message_id: int | None
    created_by: str
    created_at: datetime
    seed: int  # the session's master seed: tirer le roi and every deal derive from it
    guild_name: str = ""
    channel_name: str = ""
    # a newer message of the table may have been posted and not noted yet (the bot
    # stopped between the post and ``message_id``: ``table_message_posting``)
    message_posting: bool = False


@dataclass(frozen=True, slots=True)
class HandMessage:
    """A player's private hand message at a table: the DM the bot edits as play goes on,
    sent for the table's deal ``hand_no``."""

    table_id: int
    player: str
    channel_id: int
    message_id: int
    hand_no: int


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One accepted action of a live table, in order; replaying them rebuilds it."""

    table_id: int
    seq: int
    kind: str  # e.g. "join", "start", "action", "stop", "timeout"
    payload: dict[str, object]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class HandRow:
    id: int
    guild_id: int
    game: str
    table_id: int | None
    hand_no: int
    record: dict[str, object]  # the hand record, RULES.md §5
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class HandSeat:
    """A seat of a settled hand: who played it and what the hand gave it."""

    player: str
    name: str
    net: int  # money won or lost (0 in a game without money)
    side: int | None = None  # its side, where partners share a result (None: its own)
    points: int | None = None  # its points in the hand, in a game that scores points
    score: int | None = None  # its side's score after the hand, in a game to a target


@dataclass(frozen=True, slots=True)
class PastHand:
    """A settled hand as ``/history`` shows it."""

    hand: HandRow
    result: str | None  # made, failed... (None: no declarer)
    declarers: tuple[str, ...]  # the declarer's name and his partners' (none: no declarer)
    seats: tuple[HandSeat, ...]  # in seat order


@dataclass(frozen=True, slots=True)
class Pot:
    guild_id: int
    game: str
    amount: int


@dataclass(frozen=True, slots=True)
class ScoreRow:
    player: str
    name: str
    net: int
    hands: int
    made: int
    failed: int
    betes_made: int
    betes_collected: int
    results: tuple[tuple[str, int], ...] = ()  # hands declared, by result word (made, codille...)

    def result_count(self, word: str) -> int:
        return dict(self.results).get(word, 0)


@dataclass(frozen=True, slots=True)
class MatchScoreRow:
    """A player's standing in the matches of a game settled per match (Bésigue):
    matches played and won, wins counted (an *en bas table* counts double),
    points scored, and the best feat (a combination) with its points."""

    player: str
    name: str
    played: int
    won: int
    counted: int  # wins as the scoreboard counts them
    en_bas_table: int  # wins that counted double
    points: int
    best: str | None
    best_points: int
    hundreds: int = 0  # Haiti: the hundreds the player's side gave (*donner cent points*)


@dataclass(frozen=True, slots=True)
class KeptMatch:
    """A match stopped to be resumed another day at the same scores."""

    id: int
    guild_id: int
    game: str
    table_id: int  # the table it was kept from
    options: dict[str, object]
    seats: tuple[tuple[str, str, str | None], ...]  # (player, name, ai level) in seat order
    state: dict[str, object]  # what the game keeps (its scores, the next dealer)
    summary: str  # its scores in a line
    kept_at: datetime


@dataclass(frozen=True, slots=True)
class ReviewFigures:
    """The figures of a seat's stored review that ``/stats`` sums (not the review
    itself); ``played_at`` is when the hand ended."""

    hand_id: int
    seat: int
    game: str
    valued: int  # decisions valued
    total_loss: float  # in the game's unit
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float | None  # percent of valued decisions with no classified loss
    played_at: datetime


@dataclass(frozen=True, slots=True)
class StoredReview(ReviewFigures):
    """A seat's review of a stored hand (``games.ai.teacher``), whole: its figures,
    whose guild and player, and the review's JSON."""

    guild_id: int
    player: str
    review: dict[str, object]  # the review's JSON (``Review.to_json``)
    reviewed_at: datetime


@dataclass(frozen=True, slots=True)
class UnreviewedSeat:
    """A person's seat of a stored hand that has no review yet."""

    hand_id: int
    seat: int
    guild_id: int
    game: str
    player: str

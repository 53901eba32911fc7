"""What the commands read of a guild's past (a part of the table service): the last hands
(``/history``), the standings (``/scoreboard``, by hand or by match), the matches kept
to be taken up again, and a player's reviewed hands (``/stats``); and the one read of
the register and the pot (``read_register``), for a deal, a lobby and ``/betes``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.errors import UserError
from bot.game import TableGame
from db import Database, Store
from db.models import (
    KeptMatch,
    MatchScoreRow,
    PastHand,
    RegisterEntry,
    ReviewFigures,
    ScoreRow,
)

HISTORY = 5  # hands /history shows (their records attached for a referee only)


@dataclass(frozen=True, slots=True)
class RegisterView:
    """The guild's register of a game and its pot, as the database has them."""

    entries: list[RegisterEntry]  # unpaid, oldest first
    pot: dict[str, int]  # by part (La Bête Hombrée's one part is "")


def keeps_register(game: TableGame) -> bool:
    """Whether ``game`` keeps a register of bêtes or a pot, which outlive its tables."""
    return game.capabilities.register or bool(game.capabilities.pot_parts)


async def read_register(store: Store, guild_id: int, game: TableGame) -> RegisterView | None:
    """The guild's register and pot of ``game`` as they stand (None: it keeps neither):
    the one read of them, for ``/betes``, a lobby and a deal alike."""
    capabilities = game.capabilities
    if not keeps_register(game):
        return None
    entries = await store.ledger.unpaid_entries(guild_id, game.id) if capabilities.register else []
    pot = await store.ledger.pot_parts(guild_id, game.id) if capabilities.pot_parts else {}
    return RegisterView(entries, pot)


class Readings:
    """What the commands read of a guild's past, in ``db`` (a part of the table service)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def history(
        self, guild_id: int, game: str | None, player: str | None, page: int = 1
    ) -> tuple[list[PastHand], int]:
        """Page ``page`` of the guild's settled hands, newest first, ``HISTORY`` a page (a
        hand in progress is never among them), and how many pages there are (0: none settled)."""
        async with self.db.reading() as store:
            hands = await store.ledger.recent_hands(
                guild_id, game, player, HISTORY, (page - 1) * HISTORY
            )
            settled = await store.ledger.hands_settled(guild_id, game, player)
        return hands, -(-settled // HISTORY)

    async def scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> tuple[list[ScoreRow], list[tuple[int, str, int]]]:
        """The standings, and each player's net hand by hand (for the chart)."""
        async with self.db.reading() as store:
            rows = await store.ledger.scoreboard(guild_id, game, since)
            return rows, await store.ledger.net_series(guild_id, game, since)

    async def match_scoreboard(
        self, guild_id: int, game: str, since: datetime | None = None
    ) -> list[MatchScoreRow]:
        """The standings of a game settled per match: matches won first."""
        async with self.db.reading() as store:
            return await store.matches.match_scoreboard(guild_id, game, since)

    async def player_reviews(
        self, guild_id: int, player: str, game: str | None, since: datetime | None
    ) -> list[ReviewFigures]:
        """A player's reviewed hands in the guild (of ``game``, since ``since``), in the
        order they were played (``/stats``)."""
        async with self.db.reading() as store:
            return await store.reviews.player_reviews(guild_id, player, game, since)

    async def kept_matches(self, guild_id: int, game: str) -> list[KeptMatch]:
        """The guild's matches of ``game`` kept for later, the latest first."""
        async with self.db.reading() as store:
            return await store.matches.kept_matches(guild_id, game)

    async def kept_match(self, kept_id: int) -> KeptMatch:
        """A kept match not yet taken up again (``UserError`` if it is gone)."""
        async with self.db.reading() as store:
            kept = await store.matches.kept_match(kept_id)
        if kept is None:
            raise UserError("error.kept_gone")
        return kept

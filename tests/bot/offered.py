"""The games the bot offers, for the suites that every offered game must pass."""

from __future__ import annotations

from bot.game import TableGame
from bot.games import table_games
from games import offered


def offered_games() -> list[TableGame]:
    """Every game of ``games.offered.PACKAGES`` as the bot seats it (a test's own game,
    registered beside them, aside)."""
    games = [g for g in table_games() if g.id.replace("-", "_") in offered.PACKAGES]
    assert len(games) == len(offered.PACKAGES)
    return games

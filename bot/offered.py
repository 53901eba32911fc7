"""The games offered at the table, by the id stored with tables, hands and registers."""

from __future__ import annotations

from typing import Final

from bot.bete import BETE
from bot.hombree import HOMBREE
from bot.tablegame import TableGame

GAMES: Final[dict[str, TableGame]] = {game.id: game for game in (HOMBREE, BETE)}
DEFAULT_GAME: Final = HOMBREE.id


def table_game(game_id: str) -> TableGame:
    """The game of a stored table; ``KeyError`` for a game this bot does not offer."""
    return GAMES[game_id]

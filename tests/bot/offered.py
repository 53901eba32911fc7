"""The games the bot offers, for the suites that every offered game must pass."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.game import TableGame
from bot.games import offered_games as offered_table_games
from games import offered


def offered_games() -> list[TableGame]:
    """Every game of ``games.offered.PACKAGES`` as the bot seats it (a test's own game,
    registered beside them, aside), each package's game found."""
    games = offered_table_games()
    assert len(games) == len(offered.PACKAGES)
    return games


def positions(game: TableGame, seed: int) -> Iterator[Any]:
    """Each position of a random deal of ``game`` (its state, before the move played)."""
    players = [f"p{i}" for i in range(game.min_seats)]
    session, _ = game.port.start(players, seed, game.spec.options_from({}))
    state = session.deal(seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_actions()))

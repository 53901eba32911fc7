"""Computer players: pure Python, no Discord, and the parts every game's share.

Each game brings its players in its own package (``games/<game>/ai``, listed
by its registration's ``players``); here live only the shared parts, naming no
game: the double-dummy search skeleton (``search``), the PIMC sampler
(``sampling``, over ``knowledge``), the duplicate duel (``duel``), the random
player, the rules of thumb's card sense (``thumb``), the players' protocols
(``base``), a game's roster of players with its arena and valuer
(``roster``), and the way a bot runs a decision: ``decide`` (the worker entry
point: a game's id, a player's name, a seat's view, a budget and a seed, all
of which pickle), ``evaluate`` (the strong player's value of each of a seat's
moves from its view, in the game's unit: ``teacher``, with the review of a
record) and ``DecisionPool`` (decisions in worker processes, so that an event
loop is never blocked).
"""

from __future__ import annotations

import random
from typing import Any

from games import registry

from .base import DEFAULT_BUDGET, FullInfoPlayer, Player
from .randomplayer import RandomPlayer
from .teacher.evaluate import evaluate
from .worker import DecisionPool


def decide(game: str, name: str, view: Any, budget: float = DEFAULT_BUDGET, seed: int = 0) -> Any:
    """One decision of the computer player ``name`` of ``game`` (a registered game's
    id) from a seat's view: the worker entry point.  A player that sees every card
    (for evaluation only) cannot decide from a view."""
    player = registry.game(game).player(name)
    if isinstance(player, FullInfoPlayer):
        raise ValueError(f"{name!r} cannot play from a view")
    return player.act(view, random.Random(seed), budget)


__all__ = [
    "DEFAULT_BUDGET",
    "DecisionPool",
    "FullInfoPlayer",
    "Player",
    "RandomPlayer",
    "decide",
    "evaluate",
]

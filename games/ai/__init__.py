"""Computer players of La Bête Hombrée: pure Python, no Discord.

Players decide from one seat's ``HandView`` only (the cheater, an evaluation
bound, excepted).  ``decide`` is the entry point for a worker process: it takes
a view, a time budget and a seed, and returns an ``Action``; everything it
takes and returns pickles.  ``DecisionPool`` runs decisions in worker
processes so that an event loop is never blocked.
"""

from __future__ import annotations

import random

from games.bete_hombree.actions import Action
from games.bete_hombree.state import HandView

from .base import DEFAULT_BUDGET, FullInfoPlayer, Player
from .cheater import CheaterPlayer
from .heuristic import HeuristicPlayer
from .pimc import PimcPlayer
from .randomplayer import RandomPlayer
from .value import DEFAULT_BETE_WEIGHT
from .worker import DecisionPool

OFFERED = ("random", "heuristic", "pimc")  # the players a table may seat
EVALUATION_ONLY = ("cheater",)
NAMES = OFFERED + EVALUATION_ONLY


def make_player(name: str, bete_weight: float = DEFAULT_BETE_WEIGHT) -> Player | FullInfoPlayer:
    """A player by name: ``random``, ``heuristic``, ``pimc`` or ``cheater``.

    ``bete_weight``: how much of a bête made counts against its owner now
    (``games.ai.value``), for the players that weigh contracts.
    """
    if name == "random":
        return RandomPlayer()
    if name == "heuristic":
        return HeuristicPlayer()
    if name == "pimc":
        return PimcPlayer(bete_weight=bete_weight)
    if name == "cheater":
        return CheaterPlayer(bete_weight=bete_weight)
    raise ValueError(f"unknown player {name!r} (known: {', '.join(NAMES)})")


def decide(name: str, view: HandView, budget: float = DEFAULT_BUDGET, seed: int = 0) -> Action:
    """One decision of an offered player from a seat's view: the worker entry point."""
    if name not in OFFERED:
        raise ValueError(f"{name!r} cannot play from a view (offered: {', '.join(OFFERED)})")
    player = make_player(name)
    assert isinstance(player, Player)
    return player.act(view, random.Random(seed), budget)


__all__ = [
    "DEFAULT_BUDGET",
    "EVALUATION_ONLY",
    "NAMES",
    "OFFERED",
    "CheaterPlayer",
    "DecisionPool",
    "FullInfoPlayer",
    "HeuristicPlayer",
    "PimcPlayer",
    "Player",
    "RandomPlayer",
    "decide",
    "make_player",
]

"""Computer players of La Bête Hombrée and La Bête: pure Python, no Discord.

Players decide from one seat's view only (the cheater, an evaluation bound,
excepted): a La Bête Hombrée ``HandView`` or a La Bête ``DealView``.
``decide`` is the entry point for a worker process: it takes a view of either
game, a time budget and a seed, dispatches on the view's type and returns that
game's ``Action``; everything it takes and returns pickles.  ``DecisionPool``
runs decisions in worker processes so that an event loop is never blocked.

La Bête's players are ``BeteHeuristicPlayer`` (rules of thumb) and
``BetePimcPlayer`` (sampling and double-dummy search), offered under the same
names as La Bête Hombrée's: ``heuristic`` and ``pimc`` (and ``random``).
"""

from __future__ import annotations

import random
from typing import Any, Literal, overload

from games import registry

from .base import DEFAULT_BUDGET, AnyAction, AnyView, BetePlayer, FullInfoPlayer, Player
from .bete_heuristic import BeteHeuristicPlayer
from .bete_pimc import BetePimcPlayer
from .cheater import CheaterPlayer
from .heuristic import HeuristicPlayer
from .pimc import PimcPlayer
from .randomplayer import RandomPlayer
from .value import DEFAULT_BETE_WEIGHT
from .worker import DecisionPool

OFFERED = ("random", "heuristic", "pimc")  # the players a table may seat
EVALUATION_ONLY = ("cheater",)
NAMES = OFFERED + EVALUATION_ONLY
Game = Literal["bete_hombree", "bete"]


@overload
def make_player(
    name: str, bete_weight: float = ..., game: Literal["bete_hombree"] = ...
) -> Player | FullInfoPlayer: ...


@overload
def make_player(name: str, bete_weight: float = ..., *, game: Literal["bete"]) -> BetePlayer: ...


def make_player(
    name: str, bete_weight: float = DEFAULT_BETE_WEIGHT, game: Game = "bete_hombree"
) -> Player | FullInfoPlayer | BetePlayer:
    """A player by name: ``random``, ``heuristic``, ``pimc`` or ``cheater``.

    ``game``: ``bete_hombree`` (the default) or ``bete`` (La Bête, 1792: no
    cheater).  ``bete_weight``: how much of a bête made counts against its owner
    now (``games.ai.value``), for La Bête Hombrée's players that weigh
    contracts; La Bête's players weigh bêtes by ``games.ai.bete_value``.
    """
    if game == "bete":
        if name == "random":
            return RandomPlayer()
        if name == "heuristic":
            return BeteHeuristicPlayer()
        if name == "pimc":
            return BetePimcPlayer()
        raise ValueError(f"unknown La Bête player {name!r} (known: {', '.join(OFFERED)})")
    if name == "random":
        return RandomPlayer()
    if name == "heuristic":
        return HeuristicPlayer()
    if name == "pimc":
        return PimcPlayer(bete_weight=bete_weight)
    if name == "cheater":
        return CheaterPlayer(bete_weight=bete_weight)
    raise ValueError(f"unknown player {name!r} (known: {', '.join(NAMES)})")


def decide(game: str, name: str, view: Any, budget: float = DEFAULT_BUDGET, seed: int = 0) -> Any:
    """One decision of the computer player ``name`` of ``game`` (a registered game's
    id) from a seat's view: the worker entry point.  Only the players a table may
    seat decide from a view (the cheater sees the whole hand)."""
    if name in EVALUATION_ONLY:
        raise ValueError(f"{name!r} cannot play from a view")
    player = registry.game(game).player(name)
    return player.act(view, random.Random(seed), budget)


__all__ = [
    "DEFAULT_BUDGET",
    "EVALUATION_ONLY",
    "NAMES",
    "OFFERED",
    "AnyAction",
    "AnyView",
    "BeteHeuristicPlayer",
    "BetePimcPlayer",
    "BetePlayer",
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

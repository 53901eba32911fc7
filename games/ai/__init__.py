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
from typing import Literal, overload

from games.bete import Action as BeteAction
from games.bete import DealView
from games.bete_hombree.actions import Action
from games.bete_hombree.state import HandView

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


@overload
def decide(name: str, view: HandView, budget: float = ..., seed: int = ...) -> Action: ...


@overload
def decide(name: str, view: DealView, budget: float = ..., seed: int = ...) -> BeteAction: ...


def decide(name: str, view: AnyView, budget: float = DEFAULT_BUDGET, seed: int = 0) -> AnyAction:
    """One decision of an offered player from a seat's view of either game: the
    worker entry point."""
    if name not in OFFERED:
        raise ValueError(f"{name!r} cannot play from a view (offered: {', '.join(OFFERED)})")
    rng = random.Random(seed)
    if isinstance(view, DealView):
        return make_player(name, game="bete").act(view, rng, budget)
    player = make_player(name)
    assert isinstance(player, Player)
    return player.act(view, rng, budget)


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

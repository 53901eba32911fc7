"""The Haitian game's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player);
``pimc`` (sampling, a trick of lookahead and an exact phase 2: the *strong*
one).  Each decides from a ``HaitiView``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import games.besigue.haiti.spec  # noqa: F401  (registers the game for the duel's command line)
from games.ai.randomplayer import RandomPlayer
from games.besigue.actions import Action
from games.besigue.haiti.deal import HaitiView
from games.registry import ComputerPlayer

from .heuristic import HaitiHeuristicPlayer

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[HaitiView, Action]]] = {
    "random": RandomPlayer,
    "heuristic": HaitiHeuristicPlayer,
    "pimc": HaitiHeuristicPlayer,  # until the sampling player is written
}

__all__ = ["PLAYERS", "HaitiHeuristicPlayer", "RandomPlayer"]

"""L'Hombre's computer players, by name (the registry's ``players``):
``random`` (the table's *fair* one for now) and ``heuristic`` (rules of thumb,
the *strong* one until a searching player exists)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.ai.randomplayer import RandomPlayer
from games.hombre.actions import Action
from games.hombre.state import DealView
from games.registry import ComputerPlayer

from .heuristic import HombreHeuristicPlayer

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]] = {
    "random": RandomPlayer,
    "heuristic": HombreHeuristicPlayer,
}

__all__ = ["PLAYERS", "HombreHeuristicPlayer", "RandomPlayer"]

"""Bésigue's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player, and its
*strong* one until a sampling player exists).  Each decides from a
``DealView``; the game's side of the duel is ``duel`` (registered here).

The game's registration is imported here too: until the bot offers Bésigue
(``games.offered``), its players are what makes it known to the duel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import games.besigue.spec  # noqa: F401  (registers the game for the duel's command line)
from games.ai.duel import register_arena
from games.ai.randomplayer import RandomPlayer
from games.besigue.actions import Action
from games.besigue.record import GAME
from games.besigue.state import DealView
from games.registry import ComputerPlayer

from .duel import BesigueArena
from .heuristic import BesigueHeuristicPlayer
from .pimc import BesiguePimcPlayer

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]] = {
    "random": RandomPlayer,
    "heuristic": BesigueHeuristicPlayer,
    "pimc": BesiguePimcPlayer,
}

register_arena(GAME, BesigueArena)

__all__ = ["PLAYERS", "BesigueArena", "BesigueHeuristicPlayer", "RandomPlayer"]

"""Bésigue's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player);
``pimc`` (sampling, a trick of lookahead and an exact phase 2: the *strong*
one); ``cheater`` (sees every card: an upper bound for the duels, never
offered at a table, and refusing to play from a view).  Each decides from a
``DealView``; the game's part of the shared search is ``solver``, the
valuation of a hand in phase 1 ``value`` and its lookahead ``lookahead``, and
its side of the duel ``duel`` (registered here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import games.besigue.spec  # noqa: F401  (registers the game for the duel's command line)
from games.ai.randomplayer import RandomPlayer
from games.ai.roster import computer_players
from games.besigue.actions import Action
from games.besigue.record import GAME
from games.besigue.state import DealView
from games.registry import ComputerPlayer

from .cheater import CheaterPlayer
from .duel import BesigueArena, besigue_arena
from .evaluate import besigue_valuer
from .heuristic import BesigueHeuristicPlayer
from .pimc import BesiguePimcPlayer
from .why import card_sense

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]] = computer_players(
    GAME,
    besigue_arena,
    besigue_valuer(),
    heuristic=BesigueHeuristicPlayer,
    pimc=BesiguePimcPlayer,
    cheater=CheaterPlayer,
    explainer=card_sense,
)

__all__ = [
    "PLAYERS",
    "BesigueArena",
    "BesigueHeuristicPlayer",
    "BesiguePimcPlayer",
    "CheaterPlayer",
    "RandomPlayer",
]

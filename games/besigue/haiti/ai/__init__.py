"""The Haitian game's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player);
``pimc`` (sampling, a trick of lookahead and an exact phase 2: the *strong*
one).  Each decides from a ``HaitiView``; its side of the duel is ``duel``
(registered here under the game's own id, and reached from Bésigue's with
``--set variant=haiti``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import games.besigue.haiti.spec  # noqa: F401  (registers the game for the duel's command line)
from games.ai.randomplayer import RandomPlayer
from games.ai.roster import computer_players
from games.besigue.actions import Action
from games.besigue.haiti.deal import HaitiView
from games.besigue.record import HAITI_GAME
from games.registry import ComputerPlayer

from .duel import HaitiArena
from .evaluate import haiti_valuer
from .heuristic import HaitiHeuristicPlayer
from .pimc import HaitiPimcPlayer

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[HaitiView, Action]]] = computer_players(
    HAITI_GAME, HaitiArena, haiti_valuer(), heuristic=HaitiHeuristicPlayer, pimc=HaitiPimcPlayer
)

__all__ = ["PLAYERS", "HaitiArena", "HaitiHeuristicPlayer", "HaitiPimcPlayer", "RandomPlayer"]

"""La Bête's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player); ``pimc``
(sampling and double-dummy search, the *strong* one).  Each decides from a
``DealView``; the game's part of the shared search is ``solver``, of the
sampler ``pimc`` (its knowledge and reading of the speaking), and of the duel
``duel`` (its arena, registered here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.ai.randomplayer import RandomPlayer
from games.ai.roster import computer_players
from games.bete.actions import Action
from games.bete.record import GAME
from games.bete.state import DealView
from games.registry import ComputerPlayer

from .duel import BeteArena
from .evaluate import BeteValuer
from .heuristic import BeteHeuristicPlayer
from .pimc import BetePimcPlayer
from .why import card_sense

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]] = computer_players(
    GAME,
    BeteArena,
    BeteValuer(),
    heuristic=BeteHeuristicPlayer,
    pimc=BetePimcPlayer,
    explainer=card_sense,
)

__all__ = ["PLAYERS", "BeteHeuristicPlayer", "BetePimcPlayer", "RandomPlayer"]

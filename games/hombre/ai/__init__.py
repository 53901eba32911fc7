"""L'Hombre's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player); ``pimc``
(sampling and double-dummy search, the *strong* one); ``pimc1`` (the first
strong player, whose calls and exchange a single playout a deal judged: kept
for the duel, never offered at a table); ``cheater`` (sees every card: an
upper bound for the duels, never offered at a table, and refusing to play
from a view).  Each decides from a ``DealView``; the game's part of the shared
search is ``solver``, of the sampler ``inference`` (its knowledge and reading
of the calls and exchanges), and of the duel ``duel`` (its arena, registered
here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import games.hombre.spec  # noqa: F401  (registers the game for the duel's command line)
from games.ai.randomplayer import RandomPlayer
from games.ai.roster import computer_players
from games.hombre.actions import Action
from games.hombre.record import GAME
from games.hombre.state import DealView
from games.registry import ComputerPlayer

from .cheater import CheaterPlayer
from .duel import HombreArena
from .evaluate import HombreValuer
from .heuristic import HombreHeuristicPlayer
from .pimc import HombrePimcPlayer
from .pimc1 import HombrePimc1Player
from .why import card_sense

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]] = computer_players(
    GAME,
    HombreArena,
    HombreValuer(),
    heuristic=HombreHeuristicPlayer,
    pimc=HombrePimcPlayer,
    pimc1=HombrePimc1Player,
    cheater=CheaterPlayer,
    explainer=card_sense,
)

__all__ = [
    "PLAYERS",
    "CheaterPlayer",
    "HombreHeuristicPlayer",
    "HombrePimc1Player",
    "HombrePimcPlayer",
    "RandomPlayer",
]

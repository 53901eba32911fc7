"""La Bête Hombrée's computer players, by name (the registry's ``players``).

``random``; ``heuristic`` (rules of thumb, the table's *fair* player); ``pimc``
(sampling and double-dummy search, the *strong* one); ``cheater`` (sees every
card: an upper bound for the duels, never offered at a table, and refusing to
play from a view).  Each decides from a ``HandView``; the game's part of the
shared search is ``solver``, of the sampler ``inference``, and of the duel
``duel`` (its arena, registered here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.ai.randomplayer import RandomPlayer
from games.ai.roster import computer_players
from games.bete_hombree import HandView
from games.bete_hombree.actions import Action
from games.bete_hombree.record import GAME
from games.registry import ComputerPlayer

from .cheater import CheaterPlayer
from .duel import HombreeArena
from .evaluate import HombreeValuer
from .heuristic import HeuristicPlayer
from .pimc import PimcPlayer
from .why import card_sense

PLAYERS: Mapping[str, Callable[[], ComputerPlayer[HandView, Action]]] = computer_players(
    GAME,
    HombreeArena,
    HombreeValuer(),
    heuristic=HeuristicPlayer,
    pimc=PimcPlayer,
    cheater=CheaterPlayer,
    explainer=card_sense,
)

__all__ = ["PLAYERS", "CheaterPlayer", "HeuristicPlayer", "PimcPlayer", "RandomPlayer"]

"""A game's computer players as its ``ai`` package lists them (the registry's
``players``): the shared random player and the game's own, its duel arena and
its teacher's valuer (and the hints' reading of a view) registered under the
game's id in the same step, so that no game lists one without the others."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.registry import ComputerPlayer

from .base import HasLegal
from .duel import ArenaFactory, register_arena
from .randomplayer import RandomPlayer
from .teacher.evaluate import Valuer, register_valuer
from .teacher.why import Explainer, register_explainer

ViewT = TypeVar("ViewT", bound=HasLegal[Any])  # the random player reads its legal moves
ActionT = TypeVar("ActionT")


def computer_players(
    game: str,
    arena: ArenaFactory,
    valuer: Valuer,
    *,
    explainer: Explainer | None = None,
    **players: Callable[[], ComputerPlayer[ViewT, ActionT]],
) -> Mapping[str, Callable[[], ComputerPlayer[ViewT, ActionT]]]:
    """``random`` then the game's ``players`` by name (``heuristic``, the *fair*
    player; ``pimc``, the *strong* one; any others), once ``game``'s arena and
    valuer are registered, and its reading of a view for the hints' rules of thumb
    (``explainer``) where it has one."""
    register_arena(game, arena)
    register_valuer(game, valuer)
    if explainer is not None:
        register_explainer(game, explainer)
    return {"random": RandomPlayer, **players}

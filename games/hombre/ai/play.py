"""The card play of L'Hombre's strong players, on one deal whose hands are all
known (a drawn deal, or the cheater's true one): each legal card valued by the
double-dummy solver (``solver``), exactly over the last ``EXACT_FROM`` tricks,
earlier ``DEPTH`` tricks ahead and then a playout."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.hombre.rules import SEATS
from games.hombre.state import DealView

from .solver import Goal, HombrePosition, HombreSolver
from .value import Payoffs

EXACT_FROM: Final = 7  # tricks left from which the play is searched to the end
DEPTH: Final = 2  # tricks searched before a playout judges, earlier in the play

Values = Callable[[Goal, HombrePosition], dict[int, bool]]


def solver_values(hombre: int, trump: int, left: int, deadline: float) -> Values:
    """Move values by goal, one solver per goal kept for the decision: exact late in
    the play, ``DEPTH`` tricks then a playout earlier."""
    horizon = 0 if left <= EXACT_FROM else left - DEPTH
    solvers: dict[Goal, HombreSolver] = {}

    def values(goal: Goal, position: HombrePosition) -> dict[int, bool]:
        solver = solvers.get(goal)
        if solver is None:
            solver = HombreSolver.of(hombre, goal, trump, deadline, horizon)
            solvers[goal] = solver
        return solver.move_values(position)

    return values


def card_worths(
    position: HombrePosition, payoffs: Payoffs, matadors: int, vole: bool, values: Values
) -> dict[int, float]:
    """What each legal card is worth to the seat in one deal, solved double-dummy:
    in a vole (or undertaking it) made or failed, else win, remise or codille."""
    if vole:
        made = values(Goal.ALL, position)
        return {c: payoffs.value("vole" if m else "vole-failed", matadors) for c, m in made.items()}
    win = values(Goal.WIN, position)
    safe = win if all(win.values()) else values(Goal.SAFE, position)
    return {c: payoffs.of_play(win[c], safe[c], matadors) for c in win}


def play_position(view: DealView) -> HombrePosition:
    """The card-play position of ``view``, the hands left empty."""
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else view.turn
    return HombrePosition.of(
        [0] * SEATS, leader, trick, list(view.tricks_won), view.hombre, view.trump
    )


__all__ = ["DEPTH", "EXACT_FROM", "Values", "card_worths", "play_position", "solver_values"]

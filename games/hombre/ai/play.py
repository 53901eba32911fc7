"""The card play of L'Hombre's strong players, on one deal whose hands are all
known (a drawn deal, or the cheater's true one): each legal card valued by the
double-dummy solver (``solver``), exactly over the last ``EXACT_FROM`` tricks,
earlier ``DEPTH`` tricks ahead and then a playout."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from games.ai.sampling import played_by_seat
from games.ai.thumb import card_of
from games.hombre.actions import STOP, Kind
from games.hombre.rules import SEATS, TRICKS, trick_rules
from games.hombre.state import DealView

from .solver import Goal, HombrePosition, HombreSolver, SearchTimeout
from .value import Payoffs

EXACT_FROM: Final = 7  # tricks left from which the play is searched to the end
DEPTH: Final = 2  # tricks searched before a playout judges, earlier in the play

Values = Callable[[Goal, HombrePosition], dict[int, bool]]


def solver_values(hombre: int, trump: int, left: int, deadline: float, cards: int = -1) -> Values:
    """Move values by goal, one solver per goal kept for the decision: exact late in
    the play, ``DEPTH`` tricks then a playout earlier; of the legal cards among ``cards``
    only (a mask)."""
    horizon = 0 if left <= EXACT_FROM else left - DEPTH
    solvers: dict[Goal, HombreSolver] = {}

    def values(goal: Goal, position: HombrePosition) -> dict[int, bool]:
        solver = solvers.get(goal)
        if solver is None:
            solver = HombreSolver.of(hombre, goal, trump, deadline, horizon)
            solvers[goal] = solver
        return solver.move_values(position, cards)

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


@dataclass(slots=True)
class SampledWorths:
    """Each legal card's worth to the seat summed over drawn deals, each deal's by
    its weight; stopping's too (at the stop after five tricks)."""

    cards: list[int]  # the legal cards, in the view's order
    worth: dict[int, float]
    stop_worth: float
    total: float  # the weights summed: 0 when no deal was solved in time


def sampled_worths(
    view: DealView, payoffs: Payoffs, deals: Iterable[tuple[float, list[int]]], hard: float
) -> SampledWorths:
    """The legal cards valued over ``deals`` (weight, hands), each solved double-dummy
    (``card_worths``) until the deals or the time (``hard``) run out."""
    base = play_position(view)
    played = played_by_seat(SEATS, view.tricks_played, view.trick)[view.hombre]
    values = solver_values(view.hombre, view.trump, TRICKS - len(view.tricks_played), hard)
    stop = STOP in view.legal
    cards = list(dict.fromkeys(card_of(a) for a in view.legal if a.kind is Kind.PLAY))
    sums = SampledWorths(cards, dict.fromkeys(cards, 0.0), 0.0, 0.0)
    worth = sums.worth
    try:
        for weight, deal in deals:
            position = base.copy()
            position.hands = list(deal[:SEATS])
            matadors = trick_rules(view.trump).matador_run(deal[view.hombre] | played)
            per_card = card_worths(position, payoffs, matadors, view.vole or stop, values)
            for c, v in per_card.items():
                worth[c] += weight * v
            sums.stop_worth += weight * payoffs.value("win", matadors)
            sums.total += weight
    except SearchTimeout:
        pass
    return sums


__all__ = [
    "DEPTH",
    "EXACT_FROM",
    "SampledWorths",
    "Values",
    "card_worths",
    "play_position",
    "sampled_worths",
    "solver_values",
]

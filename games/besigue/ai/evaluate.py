"""Bésigue's values of a seat's moves, in points (``games.ai.teacher``), for
either Bésigue (the Haitian game brings its own ``TeachingParts``).

* Phase 1: each card played one trick ahead on every deal drawn (the other
  hands, the stock's order) and judged by the points and what every seat's
  cards are then worth (``lookahead``), as the strong player judges it.
* Phase 2: each card valued by the double-dummy search (``solver``): the
  points (brisques, the last trick) the seat can still take after it; with
  two players every card is known, with more the other hands are drawn, in
  the last tricks only (``pimc.searched``; earlier, and with partners, phase
  2 has no valuation yet).
* Declaring: each combination by its points and what the seat's cards are
  worth with it laid, as the strong player values it; the 7 of trump shown
  or exchanged scores its 10 points, drawing nothing.  No hidden card counts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Generic, TypeVar

from games.ai.knowledge import Knowledge
from games.ai.teacher.evaluate import Deal, Valuation, Values
from games.besigue.actions import Action, Kind
from games.besigue.melds import resolve
from games.besigue.state import SEVEN_POINTS, DealView, Phase

from .lookahead import Lookahead, move_cards
from .pimc import knowledge_of, phase2_rules, position_with, searched, view_valuer
from .solver import BesigueSolver, TrumpTricks, best_points
from .views import SeatView

ViewT = TypeVar("ViewT", bound=SeatView)
HAITI_PARTS_MODULE = "games.besigue.haiti.ai.evaluate"


@dataclass(frozen=True, slots=True)
class TeachingParts(Generic[ViewT]):
    """What each Bésigue gives its evaluation: what a seat knows, its legal plays
    and their cards, phase 1's trick ahead on one deal, phase 2's rules and the
    worth of a declaration."""

    knowledge: Callable[[ViewT], Knowledge]
    plays: Callable[[ViewT], tuple[list[Action], list[int]]]
    ahead: Callable[[ViewT, list[int], list[int], random.Random], list[float]]
    rules: Callable[[ViewT], TrumpTricks]
    declared: Callable[[ViewT, Action], float]


class BesigueValuer(Generic[ViewT]):
    """Either Bésigue's side of the evaluation; ``parts`` by the view's kind (a
    record of ``besigue`` may hold the Haitian game, its options say)."""

    unit = "points"

    def __init__(self, parts: Callable[[ViewT], TeachingParts[ViewT]]) -> None:
        self.parts_of = parts

    def candidates(self, view: ViewT) -> list[Action]:
        return list(view.legal)

    def valuation(self, view: ViewT, moves: Sequence[Action]) -> Valuation | None:
        parts = self.parts_of(view)
        if view.phase is Phase.DECLARE:

            def declared(batch: Sequence[Deal], rng: random.Random) -> list[float]:
                return [parts.declared(view, m) for m in moves]

            return Valuation("points and cards' worth", None, declared)
        if any(m.kind is not Kind.PLAY for m in moves):
            return None
        plays, cards = parts.plays(view)
        index = [plays.index(m) for m in moves]
        if view.phase is Phase.PLAY2:
            if not searched(view):
                return None
            values = _phase_two(view, parts, [cards[i] for i in index])
            return Valuation("double-dummy points", parts.knowledge(view), values)

        def ahead(batch: Sequence[Deal], rng: random.Random) -> list[float]:
            sums = [0.0] * len(moves)
            total = 0.0
            for weight, deal in batch:
                found = parts.ahead(view, cards, deal, rng)
                total += weight
                for k, i in enumerate(index):
                    sums[k] += weight * found[i]
            return [s / total if total else 0.0 for s in sums]

        return Valuation("one trick ahead", parts.knowledge(view), ahead)


def _phase_two(view: ViewT, parts: TeachingParts[ViewT], cards: list[int]) -> Values:
    rules = parts.rules(view)
    seats = len(view.hand_sizes)
    solver = BesigueSolver.of(view.seat, seats, rules, math.inf)

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        sums = [0.0] * len(cards)
        total = 0.0
        for weight, deal in batch:
            position = position_with(view, list(deal[:seats]), rules)
            total += weight
            for i, card in enumerate(cards):
                child = position.copy()
                child.play(card)
                sums[i] += weight * best_points(solver, child)
        return [s / total if total else 0.0 for s in sums]

    return values


def _ahead(view: DealView, cards: list[int], deal: list[int], rng: random.Random) -> list[float]:
    look = Lookahead(view, cards)
    look.add_drawn(deal, rng)
    return look.values()


def _declared(view: DealView, action: Action) -> float:
    valuer = view_valuer(view)
    laid = view.laid_of(view.seat)
    cards = view.cards
    if action.kind is Kind.MELD:
        assert action.meld is not None
        meld = resolve(action.meld, action.cards, cards, laid, view.trump, view.rules.reuse)
        return meld.points + valuer.worth(cards, laid.lay(meld))
    bonus = SEVEN_POINTS if action.kind in (Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE) else 0
    return bonus + valuer.worth(cards, laid)


def _rules(view: DealView) -> TrumpTricks:
    return phase2_rules(view)


PARTS: TeachingParts[Any] = TeachingParts(knowledge_of, move_cards, _ahead, _rules, _declared)


def _parts_of(view: Any) -> TeachingParts[Any]:
    if isinstance(view, DealView):
        return PARTS
    # the Haitian game's parts (a record of ``besigue`` whose options say haiti): its
    # module builds on this one, so it is looked up by name where its view is met
    parts: TeachingParts[Any] = import_module(HAITI_PARTS_MODULE).HAITI_PARTS
    return parts


def besigue_valuer() -> BesigueValuer[Any]:
    """The valuer of a ``besigue`` record, classic or Haitian."""
    return BesigueValuer(_parts_of)


__all__ = ["BesigueValuer", "TeachingParts", "besigue_valuer"]

"""L'Hombre's values of a seat's moves, in jetons (``games.ai.teacher``).

* Card play: each deal solved double-dummy (``play``: exact late in the play,
  a few tricks then a playout earlier), each card worth what the deal's result
  is then worth to the seat (``value.Payoffs``); at the stop after five
  tricks, stopping is worth a sure win.  A defender's signal changes nothing
  of a card's value.
* The call, the trump and the exchange: the strong player's own valuations
  (``bidding.call_values``, ``bidding.Options``, ``exchange.exchange_values``),
  each on batches of deals (the call's valuation judges its contracts on
  halves of a batch); a vole is checked by the solver to the end, so that the
  values do not depend on the machine's speed.
* Showing or hiding the talon has no valuation yet.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from games.ai.sampling import played_by_seat
from games.ai.teacher.evaluate import Deal, Valuation, Values, deal_means
from games.ai.thumb import card_of
from games.hombre.actions import Action, Kind, Signal, discard
from games.hombre.rules import SEATS, TRICKS, trick_rules
from games.hombre.state import DealView, Phase

from .bidding import Options, call_values, shuffled_talon
from .contract import Judge
from .exchange import discard_choices, exchange_values
from .inference import Reading, knowledge_of
from .play import card_worths, play_position, solver_values
from .value import Payoffs

JUDGED_BATCH: Final = 4  # deals per batch for the call, the trump and the exchange


class HombreValuer:
    """L'Hombre's side of the evaluation."""

    unit = "jetons"

    def candidates(self, view: DealView) -> list[Action]:
        if view.phase is Phase.PLAY:  # one move a card: a defender's signal is worth nothing here
            return [a for a in view.legal if a.signal is Signal.NONE]
        if view.phase is not Phase.EXCHANGE:
            return list(view.legal)
        least, most = view.exchange or (0, 0)
        return [discard(cards) for cards in discard_choices(view.hand, view.trump, least, most)]

    def valuation(self, view: DealView, moves: Sequence[Action]) -> Valuation | None:
        reading = Reading.from_view(view)
        weigh = reading.weight if reading.informative else None
        knowledge = knowledge_of(view)
        phase = view.phase
        if phase is Phase.PLAY:
            return Valuation("double-dummy", knowledge, _play(view, moves), weigh)
        if phase is Phase.AUCTION:
            values = _calls(view, moves)
            return Valuation(
                "contracts played out", knowledge, values, weigh, JUDGED_BATCH, JUDGED_BATCH
            )
        if phase is Phase.TRUMP:
            values = _trumps(view, moves)
            return Valuation(
                "contracts played out", knowledge, values, weigh, JUDGED_BATCH, JUDGED_BATCH
            )
        if phase is Phase.EXCHANGE:
            values = _exchange(view, moves)
            return Valuation(
                "exchanges played out", knowledge, values, weigh, JUDGED_BATCH, JUDGED_BATCH
            )
        return None


def _play(view: DealView, moves: Sequence[Action]) -> Values:
    assert view.mode is not None
    payoffs = Payoffs(view.pool, (view.dealer + 1) % SEATS, view.hombre, view.mode, view.seat)
    base = play_position(view)
    played = played_by_seat(SEATS, view.tricks_played, view.trick)[view.hombre]
    stopping = any(m.kind is Kind.STOP for m in moves)
    # only the cards valued are solved: a hint confirming a close call values two or three
    # of the legal cards again, at a share of the first valuation's time
    cards = 0
    for move in moves:
        cards |= 0 if move.kind is Kind.STOP else move.cards
    left = TRICKS - len(view.tricks_played)
    solve = solver_values(view.hombre, view.trump, left, math.inf, cards)

    def worths(deal: list[int]) -> list[float]:
        position = base.copy()
        position.hands = list(deal[:SEATS])
        matadors = trick_rules(view.trump).matador_run(deal[view.hombre] | played)
        per_card = card_worths(position, payoffs, matadors, view.vole or stopping, solve)
        won = payoffs.value("win", matadors) if stopping else 0.0
        return [won if m.kind is Kind.STOP else per_card[card_of(m)] for m in moves]

    return deal_means(worths, len(moves))


def _calls(view: DealView, moves: Sequence[Action]) -> Values:
    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        by_kind = call_values(view, Judge(view, exact=True), batch, rng)
        passing = by_kind.get(Kind.PASS, 0.0)
        # a call the strong player never makes (a doubtful vole) is worth no more than passing
        return [by_kind.get(m.kind, passing) for m in moves]

    return values


def _trumps(view: DealView, moves: Sequence[Action]) -> Values:
    assert view.mode is not None
    mode = view.mode

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        options = Options.of(view, Judge(view, exact=True), [mode], range(4))
        total = 0.0
        for weight, deal in batch:
            options.add(weight, deal[:SEATS], shuffled_talon(deal[SEATS], rng), {mode})
            total += weight
        best: dict[int, float] = {}
        for (_, suit, _), value in zip(options.choices, options.sums, strict=True):
            best[suit] = max(best.get(suit, -math.inf), value)
        return [best[m.suit] / total if total else 0.0 for m in moves]

    return values


def _exchange(view: DealView, moves: Sequence[Action]) -> Values:
    candidates = [m.cards for m in moves]

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        return exchange_values(view, Judge(view, exact=True), candidates, batch, rng)

    return values


__all__ = ["HombreValuer"]

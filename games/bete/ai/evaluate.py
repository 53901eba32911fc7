"""La Bête's values of a seat's moves, in jetons (``games.ai.teacher``).

* Card play: each deal solved double-dummy (``solver``) for the declarer and a
  contreur, each card worth what the deal is then worth to the seat
  (``pimc``'s per-deal worths: success, failure, dévole, vole; ``value``).
* Je joue and contrer against passing (worth 0): the strong player's worth of
  the call (``heuristic.declare_worth``, ``contre_worth``) with the chance of
  success read from the share of deals made double-dummy, over batches of
  ``SPEAKING_BATCH`` deals (a chance is a share of several deals).
* En curieuse against passing (worth 0): for each deal the next card of the
  talon is drawn for the trump it turns, and the seat, who will speak once it
  sees it, counts the better of passing and je joue with that trump, less the
  jeton it pays, as the strong player values it (over batches of deals).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from games.ai.teacher.evaluate import Deal, Valuation, Values, deal_means
from games.ai.thumb import card_of
from games.bete.actions import Action, Kind
from games.bete.state import DealView, Phase

from .heuristic import contre_worth, declare_worth, stakes_of, trump_of
from .pimc import CurieuseTally, SpeakingReading, card_worths, contract_chance, knowledge_of
from .solver import BeteSolver, Goal, start_of_play

SPEAKING_BATCH: Final = 4


class BeteValuer:
    """La Bête's side of the evaluation."""

    unit = "jetons"

    def candidates(self, view: DealView) -> list[Action]:
        return list(view.legal)

    def valuation(self, view: DealView, moves: Sequence[Action]) -> Valuation | None:
        reading = SpeakingReading.from_view(view)
        weigh = reading.weight if reading.readings else None
        if view.phase is Phase.PLAY:
            return Valuation("double-dummy", knowledge_of(view), _play(view, moves), weigh)
        kinds = {m.kind for m in moves}
        if Kind.CURIEUSE in {a.kind for a in view.legal}:
            if not kinds <= {Kind.PASS, Kind.CURIEUSE}:
                return None
            values = _curieuse(view, moves)
            return Valuation(
                "double-dummy chance of each trump",
                knowledge_of(view),
                values,
                weigh,
                SPEAKING_BATCH,
                SPEAKING_BATCH,
            )
        if not kinds <= {Kind.PASS, Kind.PLAY_CONTRACT, Kind.CONTRE}:
            return None
        return Valuation(
            "double-dummy chance of the contract",
            knowledge_of(view),
            _speak(view, moves),
            weigh,
            SPEAKING_BATCH,
            SPEAKING_BATCH,
        )


def _play(view: DealView, moves: Sequence[Action]) -> Values:
    worths_in = card_worths(view, math.inf)
    cards = [card_of(m) for m in moves]

    def worths(deal: list[int]) -> list[float]:
        per_card = worths_in(deal)
        return [per_card[card] for card in cards]

    return deal_means(worths, len(cards))


def _curieuse(view: DealView, moves: Sequence[Action]) -> Values:
    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        tally = CurieuseTally(view, math.inf)
        for weight, deal in batch:
            tally.add(weight, deal, rng)
        worth = tally.worth()
        return [worth if m.kind is Kind.CURIEUSE else 0.0 for m in moves]

    return values


def _speak(view: DealView, moves: Sequence[Action]) -> Values:
    seats = view.seats
    first = (view.dealer + 1) % seats
    trump = trump_of(view)
    underruff = view.rules.bete_must_underruff
    stakes = stakes_of(view)
    mine = BeteSolver.of(view.seat, Goal.SUCCEED, trump, seats, underruff, math.inf)
    theirs = BeteSolver.of(view.declarer, Goal.SUCCEED, trump, seats, underruff, math.inf)
    contre = any(m.kind is Kind.CONTRE for m in moves)

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        made = declarer_made = total = 0.0
        for weight, deal in batch:
            position = start_of_play(deal[:seats], first, trump, underruff)
            made += weight * mine.solve(position.copy())
            if contre:
                declarer_made += weight * theirs.solve(position.copy())
            total += weight
        p = contract_chance(made / total) if total else 0.0
        q = contract_chance(declarer_made / total) if total else 0.0
        out = []
        for move in moves:
            if move.kind is Kind.PLAY_CONTRACT:
                out.append(declare_worth(stakes, p, view.hand, trump))
            elif move.kind is Kind.CONTRE:
                out.append(contre_worth(stakes, p, q))
            else:
                out.append(0.0)
        return out

    return values

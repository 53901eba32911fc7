"""La Bête Hombrée's values of a seat's moves, in sous (``games.ai.teacher``).

* Card play: each deal is solved double-dummy for the contract
  (``solver``); a card is worth, to the declarer, the contract's value
  (``value.contract_value``: the stake, the register's entry in play, the
  bête a failure makes) made or failed after it, a failure double-dummy
  counting as made in ``FAIL_MADE`` of cases as the strong player counts it;
  to a defender, minus a third of that (the three defenders share the
  declarer's gain or loss).
* Declaration: each (trump, level, matadors) by the share of deals where the
  contract is made double-dummy, as the strong player values it.
* The auction (pass, a bid, je cagnote, je prends le tout) and the discard:
  the strong player's own valuations (``PimcPlayer.auction_values``,
  ``discard_values``: each contract judged double-dummy, the cagnot drawn),
  over batches of ``JUDGED_BATCH`` deals (a bid is valued by its best trump
  on a batch).  The blind calls (sans préjudice, je retiens), made without
  looking at the hand, have no valuation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.ai.teacher.evaluate import Deal, Valuation, Values, deal_means
from games.ai.thumb import card_of
from games.bete_hombree import HandView, Phase
from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.state import SEATS

from .inference import AuctionReading, knowledge_of
from .pimc import Contracts, PimcPlayer, discard_candidates, expected_gain, play_position
from .solver import Solver

OPPONENTS = SEATS - 1
JUDGED_BATCH = 4  # deals per batch for the auction and the discard
BLIND = (Kind.SANS_PREJUDICE, Kind.RETIENS)  # the calls made without looking at the hand


class HombreeValuer:
    """La Bête Hombrée's side of the evaluation."""

    unit = "sous"

    def candidates(self, view: HandView) -> list[Action]:
        if view.face_down:  # its seat has not looked: a hint or a review would read the hand
            return []
        if view.phase is Phase.DISCARD:
            return discard_candidates(view)
        return [a for a in view.legal if a.kind not in BLIND]

    def valuation(self, view: HandView, moves: Sequence[Action]) -> Valuation | None:
        reading = AuctionReading.from_view(view)
        weigh = reading.weight if reading.informative and view.phase is not Phase.PLAY else None
        if view.phase is Phase.PLAY:
            return Valuation("double-dummy", knowledge_of(view), _play(view, moves))
        if view.phase is Phase.DECLARE:
            return Valuation(
                "double-dummy contracts", knowledge_of(view), _declare(view, moves), weigh
            )
        if view.phase is Phase.DISCARD:
            values = _discard(view, moves)
            return Valuation(
                "contracts after the cagnot",
                knowledge_of(view),
                values,
                weigh,
                JUDGED_BATCH,
                JUDGED_BATCH,
            )
        if any(m.kind in BLIND for m in moves):
            return None  # a call made without looking at the hand
        values = _auction(view, moves)
        return Valuation(
            "contracts judged double-dummy",
            knowledge_of(view),
            values,
            weigh,
            JUDGED_BATCH,
            JUDGED_BATCH,
        )


def _auction(view: HandView, moves: Sequence[Action]) -> Values:
    player = PimcPlayer()

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        found = {action: value for value, action in player.auction_values(view, batch)}
        return [found[m] for m in moves]

    return values


def _discard(view: HandView, moves: Sequence[Action]) -> Values:
    player = PimcPlayer()

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        total = sum(w for w, _ in batch)
        sums = player.discard_values(view, list(moves), batch, rng)
        return [v / total if total else 0.0 for v in sums]

    return values


def _play(view: HandView, moves: Sequence[Action]) -> Values:
    contract = view.contract
    assert contract is not None
    solver = Solver.of(contract.declarer, contract.level, int(contract.trump))
    base = play_position(view, [0] * SEATS)
    cards = [card_of(m) for m in moves]
    declaring = view.seat == contract.declarer
    terms = (contract.declarer, contract.level, contract.belle, contract.matadors)
    made_value = expected_gain(view, *terms, True)
    failed_value = expected_gain(view, *terms, False)

    def worths(deal: list[int]) -> list[float]:
        position = base.copy()
        position.hands = list(deal[:SEATS])
        made = solver.move_values(position)
        gains = [made_value if made[card] else failed_value for card in cards]
        return [gain if declaring else -gain / OPPONENTS for gain in gains]

    return deal_means(worths, len(cards))


def _declare(view: HandView, moves: Sequence[Action]) -> Values:
    contracts = Contracts(view.seat, (view.dealer + 1) % SEATS)
    belle = int(view.belle)

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        sums = [0.0] * len(moves)
        total = 0.0
        for weight, deal in batch:
            hands = list(deal[:SEATS])
            total += weight
            for i, action in enumerate(moves):
                made = contracts.made(hands, action.level, action.suit)
                sums[i] += weight * expected_gain(
                    view, view.seat, action.level, action.suit == belle, action.matadors, made
                )
        return [s / total if total else 0.0 for s in sums]

    return values

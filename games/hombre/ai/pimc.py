"""The strong L'Hombre player: Perfect Information Monte Carlo over consistent deals.

The hidden cards (the other hands, the talon and the discards) are drawn
uniformly among the deals consistent with what the seat has seen and weighed
by how well they explain the other players' calls and exchanges
(``inference``: how many cards each drew, a pass, a sans-prendre).

* The call and the trump (``bidding``) and the exchange (``exchange``): each
  choice is valued on the same deals, the talon's order drawn too, by the
  seat's worth of the whole deal in jetons (``contract``): the exchanges still
  to come, then the hands played out, the playout's margin read as the chances
  of each result.  The hombre's exchange may take ``EXCHANGE_TIME`` budgets.
* Card play: every legal card is valued over the deals by what the deal's
  result is worth to the seat (``value.Payoffs``), each deal solved
  double-dummy (``play``): does the hombre win, else does he avoid the
  codille; in a vole, does he take every trick.  At the stop after five
  tricks, stopping is a sure win and each card undertakes the vole: the
  hombre plays on when the vole made in enough deals is worth more.  A
  defender prefers the card his partner asked for (``signals``) and gives
  signals himself.  Ties go to the rules of thumb.

Every decision stops drawing deals when its time budget is spent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Final

from games.ai.base import ChoosingPlayer
from games.ai.sampling import Sampler
from games.hombre.actions import HIDE, STOP, Action, discard, play, trump
from games.hombre.rules import SEATS
from games.hombre.state import DealView, Phase

from .bidding import choose_call, choose_trump
from .contract import Judge
from .exchange import discard_choices, exchange_values
from .heuristic import play_rule_of_thumb
from .inference import Reading, knowledge_of
from .play import sampled_worths
from .signals import HONOUR, asked, honours, signal_for
from .value import Payoffs

EXCHANGE_TIME: Final = 3.0  # budgets the hombre's exchange may take (one decision a deal)
JUDGED_DEALS: Final = 4  # deals drawn for a call, a trump or an exchange, per card-play deal
# and for the hombre's exchange, which has the time for more (his one long decision:
# the defenders' exchanges, twice as many, would lift the 95th percentile of all)
EXCHANGE_DEALS: Final = 12


class HombrePimcPlayer(ChoosingPlayer[DealView, Action]):
    """Sampling and double-dummy solving: the strong L'Hombre player."""

    name = "pimc"

    def __init__(self, max_deals: int = 48) -> None:
        self.sampler = Sampler(max_deals)
        self.judging = Sampler(max_deals * JUDGED_DEALS)
        self.exchanging = Sampler(max_deals * EXCHANGE_DEALS)

    def choose(self, view: DealView, rng: random.Random, budget: float) -> Action:
        start = time.perf_counter()
        # deals are drawn until ``deadline``; a search still running at ``hard`` stops
        deadline, hard = start + budget * 0.75, start + budget * 0.9
        phase = view.phase
        if phase is Phase.PLAY:
            return self._play(view, rng, deadline, hard)
        if phase is Phase.TALON:
            return HIDE  # showing helps the others read the hands more than it helps us
        judge = Judge(view)
        if phase is Phase.AUCTION:
            deals = self.deals(view, rng, deadline, self.judging)
            call = choose_call(view, judge, deals, rng)
            return next(a for a in view.legal if a.kind is call)
        if phase is Phase.TRUMP:
            deals = self.deals(view, rng, deadline, self.judging)
            return trump(choose_trump(view, judge, deals, rng))
        sampler = self.judging
        if view.seat == view.hombre:
            deadline, sampler = start + budget * EXCHANGE_TIME * 0.9, self.exchanging
        return self._exchange(view, judge, self.deals(view, rng, deadline, sampler), rng)

    def deals(
        self, view: DealView, rng: random.Random, deadline: float, sampler: Sampler | None = None
    ) -> Iterator[tuple[float, list[int]]]:
        """Consistent deals (the hands, then the unseen rest) with their weights."""
        reading = Reading.from_view(view)
        weigh = reading.weight if reading.informative else None
        return (sampler or self.sampler).deals(knowledge_of(view), weigh, rng, deadline)

    def _exchange(
        self,
        view: DealView,
        judge: Judge,
        deals: Iterator[tuple[float, list[int]]],
        rng: random.Random,
    ) -> Action:
        least, most = view.exchange or (0, 0)
        candidates = discard_choices(view.hand, view.trump, least, most)
        if len(candidates) == 1:
            return discard(candidates[0])
        values = exchange_values(view, judge, candidates, deals, rng)
        best = max(range(len(candidates)), key=lambda i: values[i])
        return discard(candidates[best])

    # ---- card play ---------------------------------------------------------------

    def _play(self, view: DealView, rng: random.Random, deadline: float, hard: float) -> Action:
        assert view.mode is not None
        payoffs = Payoffs(view.pool, (view.dealer + 1) % SEATS, view.hombre, view.mode, view.seat)
        sums = sampled_worths(view, payoffs, self.deals(view, rng, deadline), hard)
        cards, worth, total = sums.cards, sums.worth, sums.total
        if not total:
            return self._card(view, play_rule_of_thumb(view, cards))
        signal = asked(view)
        for c in cards:
            if honours(view, c, signal):
                worth[c] += HONOUR * total
        top = max(worth.values())
        if STOP in view.legal and sums.stop_worth >= top:
            return STOP
        best = [c for c in cards if worth[c] >= top - 1e-9 * total]
        return self._card(view, best[0] if len(best) == 1 else play_rule_of_thumb(view, best))

    @staticmethod
    def _card(view: DealView, card: int) -> Action:
        """Playing ``card``, with what a defender says with it."""
        if view.seat == view.hombre:
            return play(card)
        return play(card, signal_for(view, card))


__all__ = ["EXCHANGE_TIME", "HombrePimcPlayer"]

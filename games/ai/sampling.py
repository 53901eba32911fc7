"""The PIMC sampler every game's strong player shares: deals consistent with a
seat's view, weighted by how well they explain the calls made.

A game brings its ``Knowledge`` (what the seat has seen, ``games.ai.knowledge``)
and its reading of the calls (a weight in [0, 1] per deal, None when the calls
say nothing).  When few deals fit, every one is enumerated; otherwise deals are
drawn uniformly and kept with the probability their weight gives (rejection
sampling, bounded: the best of ``max_draws`` draws when none is kept), until
the budget is spent.  A reading multiplies a deal's weight by ``misfit`` for
every call the deal does not explain (``misfit_weight``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from games.cards import Card
from games.tricks import PlayedTrick

from .knowledge import Knowledge

MIN_DEALS: Final = 4  # drawn even when the budget is short
MAX_DRAWS: Final = 12  # draws for one deal kept, when the calls make most deals unlikely

Weigh = Callable[[list[int]], float]


@dataclass(frozen=True, slots=True)
class Sampler:
    """Deals for one decision: at most ``max_deals``, at least ``min_deals``."""

    max_deals: int
    min_deals: int = MIN_DEALS
    max_draws: int = MAX_DRAWS

    def deals(
        self,
        knowledge: Knowledge,
        weigh: Weigh | None,
        rng: random.Random,
        deadline: float,
    ) -> Iterator[tuple[float, list[int]]]:
        """Consistent deals (the cards of each bucket: hands, then out) with their
        weights: all of them when few, else drawn until ``deadline``."""
        if knowledge.count() <= self.max_deals:
            for n, deal in enumerate(knowledge.enumerate()):
                if n >= self.min_deals and time.perf_counter() > deadline:
                    return
                yield (1.0 if weigh is None else weigh(deal)), deal
            return
        for n in range(self.max_deals):
            if n >= self.min_deals and time.perf_counter() > deadline:
                return
            if weigh is None:
                yield 1.0, knowledge.sample(rng)
                continue
            best = (-1.0, list(knowledge.fixed))
            for _ in range(self.max_draws):
                deal = knowledge.sample(rng)
                weight = weigh(deal)
                if rng.random() < weight:
                    best = (1.0, deal)
                    break
                if weight > best[0]:
                    best = (weight, deal)
            yield best


def played_by_seat(
    seats: int, tricks_played: Sequence[PlayedTrick], trick: Sequence[tuple[int, Card]]
) -> tuple[int, ...]:
    """The cards each seat has played (to rebuild the hand it called with)."""
    played = [0] * seats
    for done in tricks_played:
        for seat, card in done.cards:
            played[seat] |= card.bit
    for seat, card in trick:
        played[seat] |= card.bit
    return tuple(played)


def tricks_seen(
    tricks_played: Sequence[PlayedTrick], trick: Sequence[tuple[int, Card]]
) -> list[Sequence[tuple[int, Card]]]:
    """The tricks a seat has seen, the one in progress last (``Knowledge.of``)."""
    seen: list[Sequence[tuple[int, Card]]] = [t.cards for t in tricks_played]
    seen.append(trick)
    return seen

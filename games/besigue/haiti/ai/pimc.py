"""The strong Haitian player: Perfect Information Monte Carlo, solved exactly once
the stock is empty (the classic game's search, ``games.besigue.ai.solver``,
under the Haitian card play).

* Phase 2 (RULES.md §4.1): with two players every card is known (the other
  hand is what nobody has seen played), so each card is valued exactly by the
  double-dummy search: the most brisques and the last trick the seat can
  still take after it.  Ties go to the rules of thumb.  With three or four
  players, in the last tricks, the other hands are drawn consistently with
  the view (the voids shown, a joker played only from a hand of jokers) and
  each card scores the deals where it is best; earlier, or with partners,
  the rules of thumb play.
* Phase 1: each card is played one trick ahead on deals drawn consistently
  with the view and judged by the points and what every seat's cards are
  worth after it, jokers and the trump not yet fixed included
  (``lookahead``, ``value``).  Ties go to the rules of thumb.
* Declaring: the first marriage in the suit the seat would most like as
  trump; after it, the combination worth most with what it leaves (the trump
  marriage first when the quinte's A 10 J are held: the quinte is laid on it).

Every decision stops drawing deals when its time budget is spent.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Final

from games.ai.base import ChoosingPlayer
from games.ai.knowledge import Knowledge
from games.ai.sampling import Sampler
from games.besigue.actions import DRAW, Action, Kind
from games.besigue.ai.pimc import held_known, unseen_of
from games.besigue.ai.solver import BesiguePosition, BesigueSolver, SearchTimeout, optimal_cards
from games.besigue.flow import Phase
from games.besigue.haiti.ai.heuristic import play_one, play_two
from games.besigue.haiti.ai.lookahead import HaitiLookahead, move_cards
from games.besigue.haiti.ai.value import WEIGHTS, Weights, worth
from games.besigue.haiti.deal import HaitiView
from games.besigue.haiti.tricks import HaitiTricks, haiti_tricks
from games.besigue.melds import MeldKind
from games.besigue.rules import HAITI_HAND
from games.cards import Card, Rank, Suit, bits_of

SEARCHED_CARDS: Final = {3: 5, 4: 4}  # with more than two, phase 2 searched from this hand


def phase2_rules(view: HaitiView) -> HaitiTricks:
    return haiti_tricks(view.trump, True)


def knowledge_of(view: HaitiView) -> Knowledge:
    """What the seat knows of the other hands and the stock: the laid cards where
    they lie; in phase 2, the voids shown since."""
    known = held_known(view)
    unknown = unseen_of(view)
    for cards in known:
        unknown |= cards
    if view.phase is Phase.PLAY2:
        # (the seat is to play: its card is in none of phase 2's tricks yet)
        first = len(view.tricks_played) - (HAITI_HAND - view.hand_sizes[view.seat])
        tricks = [t.cards for t in view.tricks_played[max(first, 0) :]]
        tricks.append(view.trick)
        rules = phase2_rules(view)
        return Knowledge.of(view.seat, view.cards, view.hand_sizes, unknown, tricks, rules, known)
    return Knowledge.of(view.seat, view.cards, view.hand_sizes, unknown, [], None, known)


def solve_deal(view: HaitiView, hands: list[int], deadline: float) -> list[int]:
    """The seat's cards that take the most points in phase 2 with these hands."""
    rules = phase2_rules(view)
    solver = BesigueSolver.of(view.seat, len(hands), rules, deadline)
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else view.turn
    position = BesiguePosition.of(hands, leader, trick, list(view.tricks_won), rules, view.seat)
    return optimal_cards(solver, position)[1]


def searched(view: HaitiView) -> bool:
    """Whether phase 2 is searched: always with two players; with more, in its last
    tricks, and not with partners (the search plays one seat against the others)."""
    seats = len(view.hand_sizes)
    if seats == 2:
        return True
    if view.rules.partnerships and seats == 4:
        return False
    return view.hand.bit_count() <= SEARCHED_CARDS[seats]


class HaitiPimcPlayer(ChoosingPlayer[HaitiView, Action]):
    """Sampling and search: the strong Haitian player."""

    name = "pimc"

    def __init__(self, max_deals: int = 24, weights: Weights = WEIGHTS) -> None:
        self.sampler = Sampler(max_deals)
        self.weights = weights

    def choose(self, view: HaitiView, rng: random.Random, budget: float) -> Action:
        start = time.perf_counter()
        deadline, hard = start + budget * 0.6, start + budget * 0.85
        if view.phase is Phase.PLAY2:
            return self._play_two(view, rng, deadline, hard)
        if view.phase is Phase.DECLARE:
            return declaring(view, self.weights)
        return self._play_one(view, rng, deadline)

    def _play_one(self, view: HaitiView, rng: random.Random, deadline: float) -> Action:
        plays, cards = move_cards(view)
        look = HaitiLookahead(view, cards, self.weights)
        seats = len(view.hand_sizes)
        for _, deal in self.sampler.deals(knowledge_of(view), None, rng, deadline):
            look.add(deal[:seats])
        values = look.values()
        top = max(values)
        best = [a for a, v in zip(plays, values, strict=True) if v >= top - 1e-6]
        if len(best) == 1:
            return best[0]
        return play_one(view, best)

    def _play_two(
        self, view: HaitiView, rng: random.Random, deadline: float, hard: float
    ) -> Action:
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        seats = len(view.hand_sizes)
        best: list[int] | None = None
        if seats == 2:
            hands = [0, 0]
            hands[view.seat] = view.hand
            hands[1 - view.seat] = unseen_of(view) | held_known(view)[1 - view.seat]
            try:
                best = solve_deal(view, hands, hard)
            except SearchTimeout:
                best = None  # the rules of thumb, rather than an answer late
        elif searched(view):
            best = self._sampled_best(view, rng, deadline, hard)
        if not best:
            return play_two(view, plays)
        faces = {Card.from_index(c).face for c in best}
        return play_two(view, [a for a in plays if a.card in faces])

    def _sampled_best(
        self, view: HaitiView, rng: random.Random, deadline: float, hard: float
    ) -> list[int]:
        """The cards best in the most deals drawn (none if no deal was solved)."""
        votes: Counter[int] = Counter()
        try:
            for _, deal in self.sampler.deals(knowledge_of(view), None, rng, deadline):
                for card in solve_deal(view, deal[: len(view.hand_sizes)], hard):
                    votes[Card.from_index(card).face.index] += 1
        except SearchTimeout:
            pass
        if not votes:
            return []
        top = max(votes.values())
        return [c for c, n in votes.items() if n == top]


def trump_liking(view: HaitiView, suit: Suit) -> float:
    """How much the seat's cards would be worth with ``suit`` as trump."""
    return worth(view.cards, view.laid_of(view.seat), int(suit), view.rules, WEIGHTS)


def declaring(view: HaitiView, weights: Weights = WEIGHTS) -> Action:
    """The first marriage in the suit the seat would most like as trump; after it,
    the combination worth most with what it leaves."""
    melds = [a for a in view.legal if a.kind is Kind.MELD]
    if not melds:
        return DRAW
    if view.trump is None:
        return max(melds, key=lambda a: trump_liking(view, a.cards[0].suit))
    trump = int(view.trump)
    laid = view.laid_of(view.seat)
    faces = {Card.from_index(i).face for i in bits_of(view.cards)}
    quinte_held = all(Card(Suit(trump), r) in faces for r in (Rank.A, Rank.TEN, Rank.J))

    def value(action: Action) -> float:
        meld = view.meld_of(action)
        after = laid.lay(meld)
        bonus = 150.0 if quinte_held and meld.kind is MeldKind.TRUMP_MARRIAGE else 0.0
        return meld.points + bonus + worth(view.cards, after, trump, view.rules, weights)

    return max(melds, key=value)


__all__ = ["HaitiPimcPlayer", "declaring", "knowledge_of", "solve_deal", "unseen_of"]

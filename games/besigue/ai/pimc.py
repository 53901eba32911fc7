"""The strong Bésigue player: Perfect Information Monte Carlo, solved exactly once
the stock is empty.

* Phase 2 (RULES.md §4): with two players every card is known (the other hand
  is what nobody has seen played), so each card is valued exactly by the
  double-dummy search (``solver``): the most points, brisques and the last
  trick, the seat can still take after it.  Ties go to the rules of thumb.
  With three or four players, in the last tricks (``SEARCHED_CARDS``), the
  other hands are drawn consistently with the view (voids shown in phase 2,
  the cards each laid and has not played), each deal is searched for the
  seat against all the others, and each card scores the deals where it is
  best; earlier, with partners, or when no deal is searched in time, the
  rules of thumb play.
* Phase 1: each card is played one trick ahead on deals drawn consistently
  with the view (the other hands, the stock's order) and judged by the points
  and what every seat's cards are worth after it (``lookahead``, ``value``).
  Ties go to the rules of thumb.
* Declaring: the 7 of trump exchanged first (the turned card it brings may
  complete a combination), then the combination worth most with what it
  leaves (the largest, or one that keeps cards for a larger under
  ``reuse=class``), then the 7 shown.

Every decision stops drawing deals when its time budget is spent.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from games.ai.base import ChoosingPlayer, deadlines
from games.ai.knowledge import Knowledge
from games.ai.sampling import Sampler
from games.besigue.actions import DRAW, Action, Kind
from games.besigue.melds import resolve
from games.besigue.rules import BesigueTricks, deck_for, trick_rules
from games.besigue.state import DealView, Phase
from games.cards import Card
from games.tricks import TrickRules, played_mask

from .heuristic import play_one, play_two
from .lookahead import Lookahead, move_cards
from .solver import BesiguePosition, BesigueSolver, SearchTimeout, TrumpTricks, optimal_cards
from .value import WEIGHTS, Valuer, Weights, pool_of
from .views import SeatView

DEAL_TRICKS: Final = 32  # each seat plays 32 cards in a deal: one pack's worth
# with more than two players, phase 2 is searched from this many cards in the hand
SEARCHED_CARDS: Final = {3: 5, 4: 4}


ViewT = TypeVar("ViewT", bound=SeatView)
WeightsT = TypeVar("WeightsT")  # each Bésigue's weights of its valuation


def unseen_of(view: SeatView) -> int:
    """The cards the seat of ``view`` has not seen: in the other hands (laid cards
    apart) or in the stock (the turned card apart)."""
    seen = view.cards | played_mask(view.trick, view.tricks_played)
    for laid in view.laid:
        for card in laid:
            seen |= card.card.bit
    if view.turned is not None:
        seen |= view.turned.bit
    return deck_for(len(view.hand_sizes), view.rules.variant).mask & ~seen


def held_known(view: SeatView) -> list[int]:
    """The cards each seat is known to hold besides its own: its laid cards, and in
    phase 2 the cards of its combinations it has not played."""
    seats = len(view.hand_sizes)
    known = [0] * seats
    played = played_mask(view.trick, view.tricks_played)
    for seat in range(seats):
        for laid in view.laid[seat]:
            known[seat] |= laid.card.bit
        for meld in view.melds[seat]:
            known[seat] |= meld.mask & ~played
    known[view.seat] = 0
    return known


def phase1_tricks(view: DealView) -> int:
    """How many tricks of the deal are played in phase 1."""
    return DEAL_TRICKS - view.rules.hand_size


def knowledge_of(view: DealView) -> Knowledge:
    """What the seat of ``view`` knows of the other hands and the stock (the out
    pile): the laid cards where they lie; in phase 2, the voids shown since."""
    return knowledge_with(view, phase1_tricks(view), phase2_rules(view))


def knowledge_with(view: SeatView, phase2_from: int, rules: TrickRules) -> Knowledge:
    """What the seat knows, either Bésigue: in phase 2 (from trick ``phase2_from`` of
    the deal, under ``rules``) the voids shown too."""
    known = held_known(view)
    unknown = unseen_of(view)
    for cards in known:
        unknown |= cards
    if view.phase is Phase.PLAY2:
        tricks = [t.cards for t in view.tricks_played[phase2_from:]]
        tricks.append(view.trick)
        return Knowledge.of(view.seat, view.cards, view.hand_sizes, unknown, tricks, rules, known)
    return Knowledge.of(view.seat, view.cards, view.hand_sizes, unknown, [], None, known)


def phase2_rules(view: DealView) -> BesigueTricks:
    return trick_rules(view.trump, True, view.rules.phase2_must_win)


def play_position(view: DealView, hands: list[int]) -> BesiguePosition:
    """The phase-2 position of ``view`` with these hands, the seat the target."""
    return position_with(view, hands, phase2_rules(view))


def position_with(view: SeatView, hands: list[int], rules: TrumpTricks) -> BesiguePosition:
    """The phase-2 position of either Bésigue's ``view`` with these hands, under
    ``rules``, the seat the target."""
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else view.turn
    return BesiguePosition.of(hands, leader, trick, list(view.tricks_won), rules, view.seat)


class Ahead(Protocol):
    """Phase 1's trick ahead, played out on each deal drawn (``lookahead``)."""

    def add_drawn(self, deal: Sequence[int], rng: random.Random) -> None: ...

    def values(self) -> list[float]: ...


@dataclass(frozen=True, slots=True)
class SearchParts(Generic[ViewT, WeightsT]):
    """What each Bésigue gives its strong player: what a seat knows, phase 2's
    search, the rules of thumb of each phase that break ties, its declaring, the
    weights its valuation uses unless the player is given others, and phase 1's
    plays with the trick ahead that values them."""

    knowledge: Callable[[ViewT], Knowledge]
    solve: Callable[[ViewT, list[int], float], list[int]]
    thumb_one: Callable[[ViewT, list[Action]], Action]
    thumb_two: Callable[[ViewT, list[Action]], Action]
    declaring: Callable[[ViewT, WeightsT], Action]
    weights: WeightsT
    moves: Callable[[ViewT], tuple[list[Action], list[int]]]
    lookahead: Callable[[ViewT, list[int], WeightsT], Ahead]


class SearchingPlayer(ChoosingPlayer[ViewT, Action], Generic[ViewT, WeightsT]):
    """Either Bésigue's strong player: declaring, phase 1 ahead on deals drawn, and
    phase 2 searched (``solve``) on the hands known or drawn (``knowledge``); the
    rules of thumb break ties (``thumb_two``).  Each game gives its own parts."""

    parts: SearchParts[ViewT, WeightsT]

    def __init__(self, max_deals: int = 24, weights: WeightsT | None = None) -> None:
        self.sampler = Sampler(max_deals)
        self.weights = self.parts.weights if weights is None else weights

    def choose(self, view: ViewT, rng: random.Random, budget: float) -> Action:
        deadline, hard = deadlines(budget, 0.6, 0.85)
        if view.phase is Phase.PLAY2:
            return self._play_two(view, rng, deadline, hard)
        if view.phase is Phase.DECLARE:
            return self.declare(view)
        plays, values = self.ahead(view, rng, deadline)
        top = max(values)
        best = [a for a, v in zip(plays, values, strict=True) if v >= top - 1e-6]
        if len(best) == 1:
            return best[0]
        return self.parts.thumb_one(view, best)

    def declare(self, view: ViewT) -> Action:
        """The winner of a trick's combination or call, else the draws."""
        return self.parts.declaring(view, self.weights)

    def ahead(
        self, view: ViewT, rng: random.Random, deadline: float
    ) -> tuple[list[Action], list[float]]:
        """Phase 1's plays and the value of each, one trick ahead on deals drawn."""
        parts = self.parts
        plays, cards = parts.moves(view)
        look = parts.lookahead(view, cards, self.weights)
        for _, deal in self.sampler.deals(parts.knowledge(view), None, rng, deadline):
            look.add_drawn(deal, rng)
        return plays, look.values()

    # ---- phase 2 -------------------------------------------------------------------

    def _play_two(self, view: ViewT, rng: random.Random, deadline: float, hard: float) -> Action:
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        seats = len(view.hand_sizes)
        if seats == 2:
            other = unseen_of(view) | held_known(view)[1 - view.seat]
            hands = [0, 0]
            hands[view.seat], hands[1 - view.seat] = view.hand, other
            try:
                best: list[int] | None = self.parts.solve(view, hands, hard)
            except SearchTimeout:
                best = None  # the rules of thumb, rather than an answer late
        elif searched(view):
            best = self._sampled_best(view, rng, deadline, hard)
        else:
            best = None
        if not best:
            return self.parts.thumb_two(view, plays)
        faces = {Card.from_index(c).face for c in best}
        return self.parts.thumb_two(view, [a for a in plays if a.card in faces])

    def _sampled_best(
        self, view: ViewT, rng: random.Random, deadline: float, hard: float
    ) -> list[int]:
        """The cards best in the most deals drawn (none if no deal was solved)."""
        votes: Counter[int] = Counter()
        knowledge = self.parts.knowledge(view)
        try:
            for _, deal in self.sampler.deals(knowledge, None, rng, deadline):
                for card in self.parts.solve(view, deal[: len(view.hand_sizes)], hard):
                    votes[Card.from_index(card).face.index] += 1
        except SearchTimeout:
            pass
        if not votes:
            return []
        top = max(votes.values())
        return [c for c, n in votes.items() if n == top]


def searched(view: SeatView) -> bool:
    """Whether phase 2 is searched: always with two players; with more, in its last
    tricks (from eight cards each a search takes seconds), and not with partners
    (the search plays one seat against all the others)."""
    seats = len(view.hand_sizes)
    if seats == 2:
        return True
    if view.rules.partnerships and seats == 4:
        return False
    return view.hand.bit_count() <= SEARCHED_CARDS[seats]


def declaring(view: DealView, weights: Weights = WEIGHTS) -> Action:
    """The winner of a trick: the 7 exchanged first (the turned card may complete a
    combination), then the combination worth most with what it leaves (largest,
    or the one that keeps cards for a larger), then the 7 shown, then the draws."""
    kinds = {a.kind: a for a in view.legal}
    if Kind.SEVEN_EXCHANGE in kinds:
        return kinds[Kind.SEVEN_EXCHANGE]
    melds = [a for a in view.legal if a.kind is Kind.MELD]
    if melds:
        valuer = view_valuer(view, weights)
        laid = view.laid_of(view.seat)
        cards = view.cards

        def value(action: Action) -> float:
            assert action.meld is not None
            meld = resolve(action.meld, action.cards, cards, laid, view.trump, view.rules.reuse)
            return meld.points + valuer.worth(cards, laid.lay(meld))

        return max(melds, key=value)
    return kinds.get(Kind.SEVEN_SHOW, DRAW)


def view_valuer(view: DealView, weights: Weights = WEIGHTS) -> Valuer:
    """The valuation of the seat's cards before the draws of the trick it won: each
    card it has not seen may come to it (the stock's share of them, its turn
    of the draws)."""
    seats = len(view.hand_sizes)
    unseen = unseen_of(view)
    stock = view.stock + (1 if view.turned is not None else 0)
    pool = pool_of(unseen | (view.turned.bit if view.turned is not None else 0))
    draw = view.stock / max(1, unseen.bit_count()) / seats
    future = stock / seats - 1
    return Valuer(int(view.trump), view.rules.reuse, seats, pool, draw, future, weights)


def solve_deal(view: DealView, hands: list[int], deadline: float) -> list[int]:
    """The seat's cards that take the most points in phase 2 with these hands."""
    return solve_with(view, hands, deadline, phase2_rules(view))


def solve_with(view: SeatView, hands: list[int], deadline: float, rules: TrumpTricks) -> list[int]:
    """The seat's cards that take the most points in phase 2 with these hands, under
    either Bésigue's ``rules`` of phase 2."""
    solver = BesigueSolver.of(view.seat, len(hands), rules, deadline)
    return optimal_cards(solver, position_with(view, hands, rules))[1]


def lookahead(view: DealView, cards: list[int], weights: Weights) -> Lookahead:
    """Phase 1's trick ahead of the seat's ``cards``, valued with ``weights``."""
    return Lookahead(view, cards, weights=weights)


class BesiguePimcPlayer(SearchingPlayer[DealView, Weights]):
    """Sampling and search: the strong Bésigue player."""

    name = "pimc"
    parts = SearchParts(
        knowledge_of, solve_deal, play_one, play_two, declaring, WEIGHTS, move_cards, lookahead
    )


__all__ = [
    "BesiguePimcPlayer",
    "SearchParts",
    "SearchingPlayer",
    "declaring",
    "held_known",
    "knowledge_of",
    "play_position",
    "searched",
    "unseen_of",
    "view_valuer",
]

"""Bésigue's rule-of-thumb player.

Declaring: it lays the best combination and exchanges the 7 of trump (else
shows it).  In phase 1 it keeps combination material (kings and queens, the
bésigue's Q♠ and J♦, trumps, aces and tens) and leads or throws its least
useful card; it takes a trick when there are brisques in it, when winning
would let it lay a combination, or late in the stock, with the cheapest card
that wins it.  In phase 2 it takes a trick as cheaply as it can when the trick
is worth it or it plays last, leads its aces, gives brisques to a partner who
is winning, and otherwise throws its smallest card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from games.ai.base import DEFAULT_BUDGET
from games.besigue.actions import DRAW, Action, Kind
from games.besigue.melds import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, legal_melds
from games.besigue.rules import STRENGTH, is_brisque, trick_rules
from games.besigue.state import DealView, Phase
from games.cards import Card, Rank, bits_of, rank_of, suit_of
from games.tricks import TrickRules, trick_winner

from .views import SeatView

ViewT = TypeVar("ViewT", bound=SeatView)

LATE: Final = 3  # rounds of draws left under which phase 1's tricks are fought for


def material_value(card: Card) -> int:
    """What a card (not a joker) is worth keeping in phase 1 whatever trump is, in
    either game: its strength, a brisque's points, the bésigue's Q♠ and J♦."""
    value = STRENGTH[card.rank]
    if is_brisque(card.index):
        value += 12
    if card.face in (QUEEN_OF_SPADES, JACK_OF_DIAMONDS):
        value += 10
    return value


def keep_value(card: Card, trump: int) -> int:
    """How much a card is worth keeping in phase 1 (higher: keep it)."""
    value = material_value(card)
    if card.suit == trump:
        value += 20 if card.rank is not Rank.SEVEN else 15
    if card.rank in (Rank.K, Rank.Q):
        value += 8
    return value


def power(card: Card, trump: int) -> int:
    """A card's strength for taking tricks: trumps above every plain card, jokers (the
    Haitian game's, which take only when led) below all."""
    if card.is_joker:
        return -1
    return STRENGTH[card.rank] + (100 if card.suit == trump else 0)


def declare(view: DealView) -> Action:
    """The best combination (listed first), else the seven exchanged, else shown."""
    by_kind = {a.kind: a for a in view.legal}
    melds = [a for a in view.legal if a.kind is Kind.MELD]
    if melds:
        return melds[0]  # listed best first
    for kind in (Kind.SEVEN_EXCHANGE, Kind.SEVEN_SHOW):
        if kind in by_kind:
            return by_kind[kind]
    return DRAW


def play_one(view: DealView, plays: list[Action]) -> Action:
    """The rules of thumb's card of phase 1 among ``plays`` (legal plays of the view)."""
    trump = int(view.trump)
    # the laid copy only where it is the one left (always among all legal plays)
    hand_plays = [a for a in plays if not a.laid] or plays
    cards = [a.card for a in hand_plays if a.card is not None]
    if not view.trick:
        junk = min(cards, key=lambda c: (keep_value(c, trump), c.index))
        return choose(plays, junk)
    beating = winners(view, cards, trick_rules(view.trump, False))
    late = view.stock < LATE * len(view.hand_sizes)
    worth = any(is_brisque(c.index) for _, c in view.trick) or late or can_declare(view)
    if beating and worth and not partner_winning(view):
        cheapest = min(beating, key=lambda c: (keep_value(c, trump), power(c, trump)))
        return choose(plays, cheapest)
    junk = min(cards, key=lambda c: (keep_value(c, trump), c.index))
    return choose(plays, junk)


def play_two(view: DealView, plays: list[Action]) -> Action:
    """The rules of thumb's card of phase 2 among ``plays`` (legal plays of the view)."""
    return phase_two_card(view, plays, int(view.trump), trick_rules(view.trump, True))


def phase_two_card(view: SeatView, plays: list[Action], trump: int, rules: TrickRules) -> Action:
    """Phase 2's card among ``plays``, for either Bésigue: under ``trump`` (-1 for
    none) and phase 2's ``rules`` of the trick."""
    cards = [a.card for a in plays if a.card is not None]
    if not view.trick:
        aces = [c for c in cards if c.rank is Rank.A and c.suit != trump]
        if aces:
            return choose(plays, aces[0])
        return choose(plays, min(cards, key=lambda c: (power(c, trump), c.index)))
    if partner_winning(view):
        brisques = [c for c in cards if is_brisque(c.index) and c.suit != trump]
        if brisques:
            return choose(plays, max(brisques, key=lambda c: STRENGTH[c.rank]))
        return choose(plays, min(cards, key=lambda c: (power(c, trump), c.index)))
    beating = winners(view, cards, rules)
    last = len(view.trick) == len(view.hand_sizes) - 1
    worth = last or any(is_brisque(c.index) for _, c in view.trick)
    if beating and worth:
        return choose(plays, min(beating, key=lambda c: power(c, trump)))
    plain = [c for c in cards if not is_brisque(c.index)] or cards
    return choose(plays, min(plain, key=lambda c: (power(c, trump), c.index)))


# ---- helpers -------------------------------------------------------------------


def choose(plays: list[Action], card: Card) -> Action:
    """The first of ``plays`` playing ``card`` (by its code)."""
    return next(a for a in plays if a.card == card.face)


def winners(view: SeatView, cards: list[Card], rules: TrickRules) -> list[Card]:
    """The cards that would take the trick from the card winning it now."""
    best = trick_winner([c.index for _, c in view.trick], rules)
    return [c for c in cards if rules.beats(c.index, best)]


def partner_winning(view: SeatView) -> bool:
    winning, teams = view.winning, view.teams
    return winning >= 0 and winning != view.seat and teams[winning] == teams[view.seat]


def can_declare(view: DealView) -> bool:
    """Whether winning the trick would let this seat lay a combination or a seven."""
    laid = view.laid_of(view.seat)
    if legal_melds(view.cards, laid, view.trump, view.rules.reuse):
        return True
    sevens = [i for i in bits_of(view.hand) if rank_of(i) == Rank.SEVEN]
    return any(suit_of(i) == view.trump for i in sevens) and view.turned is not None


@dataclass(frozen=True, slots=True)
class Thumbs(Generic[ViewT]):
    """A Bésigue's rules of thumb: the declaring, and a card of each phase."""

    declare: Callable[[ViewT], Action]
    play_one: Callable[[ViewT, list[Action]], Action]
    play_two: Callable[[ViewT, list[Action]], Action]


class ThumbPlayer(Generic[ViewT]):
    """Either Bésigue's rule-of-thumb player, by the game's ``thumbs``."""

    name = "heuristic"
    thumbs: Thumbs[ViewT]

    def act(self, view: ViewT, rng: random.Random, budget: float = DEFAULT_BUDGET) -> Action:
        if not view.legal:
            raise ValueError("it is not this seat's turn")
        if view.phase is Phase.DECLARE:
            return self.thumbs.declare(view)
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        if view.phase is Phase.PLAY2:
            return self.thumbs.play_two(view, plays)
        return self.thumbs.play_one(view, plays)


class BesigueHeuristicPlayer(ThumbPlayer[DealView]):
    thumbs = Thumbs(declare, play_one, play_two)

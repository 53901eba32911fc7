"""L'Hombre's part of the double-dummy search (``games.ai.search``), RULES.md §3.

The hombre plays against the two defenders as one team.  What a deal pays
depends on the trick counts at the end (win, remise, codille, vole), so the
solver answers one of three yes/no questions for the hombre (``Goal``): does
he take more tricks than each defender (win), at least as many as the best
defender (no codille), or all nine (the vole)?  Two searches (win, then no
codille) place a deal among win, remise and codille.

Legal cards and who takes a trick come only from the engine's rules object
(``HombreTricks``: following, the black aces in trump, the matador
privilege).  The shared search assumes that inside a suit a lower bit is a
stronger card; L'Hombre's orders differ (red plain suits, the manilles, the
black aces in trump), so this module overrides the move ordering and the
equivalent-card test with the strength tables of ``HombreTricks``.  Matadors
and other trumps are never equivalent moves: the privilege treats them apart.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from games.ai.search import Position, SearchTimeout, TrickSolver, card_play
from games.cards import Suit, bits_of
from games.hombre.rules import SEATS, TRICKS, HombreTricks, trick_rules
from games.hombre.state import DealState, Phase

__all__ = [
    "CardOrder",
    "Goal",
    "HombrePosition",
    "HombreSolver",
    "SearchTimeout",
    "playout",
    "reached",
]


class Goal(IntEnum):
    WIN = 0  # more tricks than each defender
    SAFE = 1  # at least as many as the best defender: no codille
    ALL = 2  # all nine tricks: the vole


def reached(goal: Goal, hombre: int, tricks: tuple[int, ...], left: int) -> bool | None:
    """Whether the hombre reaches ``goal`` if that can no longer change, else None
    (``left`` tricks still to play; the worst case puts them all with one defender)."""
    own = tricks[hombre]
    if goal is Goal.ALL:
        if own < TRICKS - left:
            return False
        return True if left == 0 else None
    best = max(t for s, t in enumerate(tricks) if s != hombre)
    if goal is Goal.WIN:
        if own > best + left:
            return True
        return False if own + left <= best else None
    if own >= best + left:
        return True
    return False if own + left < best else None


class CardOrder:
    """Strength tables of one trump for the search: each card's class (suit, and
    matador or not), its place in its suit, and the stronger cards of its class."""

    __slots__ = ("between", "klass", "place", "stronger")

    def __init__(self, rules: HombreTricks) -> None:
        self.klass = [-1] * 64
        self.place = [99] * 64  # 0: the strongest of its suit
        self.stronger: list[tuple[int, ...]] = [()] * 64  # same class, nearest first
        self.between: dict[tuple[int, int], int] = {}
        for suit in range(4):
            members = [c for c in range(64) if rules.suit[c] == suit]
            members.sort(key=lambda c: -rules.power[c])
            for n, card in enumerate(members):
                self.place[card] = n
                self.klass[card] = 2 * suit + bool(rules.matadors >> card & 1)
            for i, a in enumerate(members):
                same = [c for c in members[:i] if self.klass[c] == self.klass[a]]
                self.stronger[a] = tuple(reversed(same))
                mask = 0
                for b in members[i + 1 :]:
                    self.between[(a, b)] = mask
                    mask |= 1 << b


_ORDERS: Final = {int(s): CardOrder(trick_rules(s)) for s in Suit}


@dataclass(slots=True)
class HombrePosition(Position[int]):
    """A card-play position of L'Hombre (no memo: the counts say everything)."""

    hombre: int = 0

    @property
    def trump(self) -> int:
        return self.rules.trump  # type: ignore[attr-defined, no-any-return]

    @classmethod
    def of(
        cls,
        hands: list[int],
        leader: int,
        trick: list[int],
        tricks: list[int],
        hombre: int,
        trump: int,
    ) -> HombrePosition:
        return cls(hands, leader, trick, tricks, trick_rules(trump), 0, hombre)

    @classmethod
    def from_state(cls, state: DealState) -> HombrePosition:
        """The position of a deal being played (phase PLAY)."""
        if state.phase is not Phase.PLAY:
            raise ValueError("the deal is not in its card play")
        return cls.of(*card_play(state), state.hombre, state.trump)


@dataclass(slots=True)
class HombreSolver(TrickSolver[int]):
    """Does the hombre reach ``goal``?  Keep one per goal and deal's trump."""

    goal: Goal = Goal.WIN
    # positions with at most this many tricks left are judged by a playout, not
    # searched (0: an exact search); set below the tricks of the decision's position
    horizon: int = 0
    order: CardOrder = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        TrickSolver.__post_init__(self)
        self.order = _ORDERS[self.trump]

    @classmethod
    def of(
        cls, hombre: int, goal: Goal, trump: int, deadline: float = float("inf"), horizon: int = 0
    ) -> HombreSolver:
        return cls(hombre, SEATS, trump, trick_rules(trump), deadline, goal=goal, horizon=horizon)

    def fits(self, position: Position[int]) -> bool:
        return (
            isinstance(position, HombrePosition)
            and position.hombre == self.target
            and position.rules is self.rules
        )

    def settled(self, tricks: tuple[int, ...], memo: int, left: int) -> bool | None:
        return reached(self.goal, self.target, tricks, left)

    def estimate(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: int, left: int
    ) -> bool | None:
        if leader == self.target:
            masters = self._masters(hands)
            if masters:
                counts = list(tricks)
                counts[self.target] += masters
                if reached(self.goal, self.target, tuple(counts), left - masters):
                    return True
        if left > self.horizon:
            return None
        counts = playout(self.rules, hands, leader, list(tricks), self.target)  # type: ignore[arg-type]
        result = reached(self.goal, self.target, tuple(counts), 0)
        assert result is not None
        return result

    def _masters(self, hands: list[int]) -> int:
        """How many of the hombre's cards no card of the defenders beats: on lead he
        takes that many tricks in a row whatever they play (their hands only shrink),
        and stays on lead; all of them proves a made vole, which the search would
        otherwise prove over every defence."""
        target = self.target
        others = hands[(target + 1) % SEATS] | hands[(target + 2) % SEATS]
        beaters = _PLAYOUT_ORDERS[self.trump].beaters
        return sum(1 for card in bits_of(hands[target]) if not beaters[card] & others)

    def key(self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: int) -> Hashable:
        if self.goal is Goal.ALL:  # only whether the defenders have a trick matters
            return (hands[0], hands[1], hands[2], leader)
        return (hands[0], hands[1], hands[2], leader, *tricks)

    # ---- L'Hombre's card orders ------------------------------------------------

    def ordered_moves(
        self, legal: int, hand: int, present: int, n: int, winner: int, wseat: int, maximizing: bool
    ) -> list[int]:
        order = self.order
        klass, place, between = order.klass, order.place, order.between
        ranked = sorted(bits_of(legal), key=lambda c: (klass[c], place[c]))
        cards: list[int] = []
        for card in ranked:
            if cards:
                prev = cards[-1]
                # equivalent to the stronger card kept: nothing of another hand between
                if klass[prev] == klass[card] and not present & between[(prev, card)] & ~hand:
                    continue
            cards.append(card)
        if len(cards) <= 1:
            return cards
        is_trump = self.rules.trump_mask  # type: ignore[attr-defined]
        if n == 0:
            # lead: strong cards first, trumps before side suits of equal place
            cards.sort(key=lambda c: place[c] * 2 + (0 if is_trump >> c & 1 else 1))
            return cards
        power = self.rules.power  # type: ignore[attr-defined]
        partner_wins = (wseat == self.target) == maximizing
        if partner_wins:
            # let the partner's trick run: cheapest cards first, side suits before trump
            cards.sort(key=lambda c: (is_trump >> c & 1, power[c]))
            return cards
        beats = self._beats
        winning = sorted((c for c in cards if beats(c, winner)), key=lambda c: power[c])
        losing = sorted(
            (c for c in cards if not beats(c, winner)), key=lambda c: (is_trump >> c & 1, power[c])
        )
        if n == self.seats - 1:
            return winning + losing
        # a later seat may still overtake: try the strongest winner first
        return winning[::-1] + losing

    def representative(self, card: int, hand: int, present: int) -> int:  # type: ignore[override]
        """The strongest card of ``hand`` equivalent to ``card`` (itself if none)."""
        rep = card
        for c in self.order.stronger[card]:
            if present >> c & 1:
                if hand >> c & 1:
                    rep = c
                else:
                    break
        return rep


class PlayoutOrders:
    """The greedy playout's card orders under one trump, each a tuple of the deck's
    cards: cheapest to give away (plain cards, then trumps, weakest first),
    strongest first, weakest first; and per card the set of cards that beat it."""

    __slots__ = ("beaters", "cheap", "strong", "weak")

    def __init__(self, rules: HombreTricks) -> None:
        power = rules.power
        trumps = rules.trump_mask
        cards = [c for c in range(64) if power[c] >= 0]
        # ties between suits go to the lower bit, as ``min`` and ``max`` over bits_of would
        self.cheap = tuple(sorted(cards, key=lambda c: (trumps >> c & 1, power[c], c)))
        self.strong = tuple(sorted(cards, key=lambda c: (-power[c], c)))
        self.weak = tuple(sorted(cards, key=lambda c: (power[c], c)))
        self.beaters = [0] * 64
        for winner in cards:
            for card in cards:
                if rules.beats(card, winner):
                    self.beaters[winner] |= 1 << card


_PLAYOUT_ORDERS: Final = {int(s): PlayoutOrders(trick_rules(s)) for s in Suit}


def _first_in(order: tuple[int, ...], mask: int) -> int:
    """The first card of ``order`` in ``mask`` (not empty)."""
    for card in order:
        if mask >> card & 1:
            return card
    raise ValueError("no card of the order in the set")


def playout(
    rules: HombreTricks, hands: list[int], leader: int, tricks: list[int], hombre: int
) -> list[int]:
    """The trick counts once the hands are played out by a greedy double-dummy
    policy from a trick boundary: the search's judgement past its horizon, and
    the fast evaluation of a whole deal at the auction and the exchange.

    The leader: the hombre draws trumps with his best while the defenders hold
    some, a defender leads his strongest plain card, otherwise the strongest
    card.  Then a seat whose side wins the trick plays its cheapest card; one
    that cannot win it too; otherwise it wins as cheaply as it can when it is
    the last to play or its partner plays last, else with its strongest."""
    orders = _PLAYOUT_ORDERS[rules.trump]
    cheap, strong, weak, beaters = orders.cheap, orders.strong, orders.weak, orders.beaters
    trumps = rules.trump_mask
    legal_of = rules.legal
    hands = list(hands)
    tricks = list(tricks)
    while hands[leader]:
        hand = hands[leader]
        if leader == hombre:
            others = hands[(leader + 1) % SEATS] | hands[(leader + 2) % SEATS]
            own = hand & trumps
            card = _first_in(strong, own if own and others & trumps else hand)
        else:
            card = _first_in(strong, hand & ~trumps or hand)
        hands[leader] = hand & ~(1 << card)
        lead = winner = card
        wseat = leader
        for step in range(1, SEATS):
            seat = (leader + step) % SEATS
            hand = hands[seat]
            legal = legal_of(hand, lead, winner)
            beating = legal & beaters[winner]
            if (wseat == hombre) == (seat == hombre) or not beating:
                card = _first_in(cheap, legal)
            elif step == SEATS - 1 or ((seat + 1) % SEATS != hombre and seat != hombre):
                card = _first_in(weak, beating)
            else:
                card = _first_in(strong, beating)
            hands[seat] = hand & ~(1 << card)
            if beaters[winner] >> card & 1:
                winner, wseat = card, seat
        tricks[wseat] += 1
        leader = wseat
    return tricks

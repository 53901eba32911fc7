"""Bésigue's part of the double-dummy search (``games.ai.search``): phase 2.

Once the stock is empty (RULES.md §4 "Phase 2") no card is drawn and no
combination laid: what is left to win are the brisques of the tricks (10 each
ace and ten) and the last trick (10).  With two players each knows the other's
hand (every other card has been seen), so the rest of the deal is a game of
perfect information, solved exactly here; with more players the hidden split
of the other hands is sampled (``games.besigue.ai.pimc``).

The shared search answers yes/no questions; here: does the target take at
least ``goal`` more points from this position?  Its memo follows the points
(``Points``: the target's so far, those still in play, the tricks left), read
from the cards of each trick (``counts_cards``); the transposition key is the
hands, the leader and the points still needed, so one table serves every goal
of a decision, and ``best_points`` finds the most the target can take by a
bisection over the goal (every point here is a multiple of 10).

Legal cards and who takes a trick come only from the engine's rules object
(``games.besigue.rules.BesigueTricks``, or the Haitian game's
``games.besigue.haiti.tricks.HaitiTricks``, whose jokers are a suit of their
own here: identical, and never level with a card of a suit).  Bésigue's bits do not follow the
shared search's order (the packs apart, A 10 K Q J 9 8 7 by rank number), so
the move ordering and the equivalent cards are this module's: two cards of one
hand and suit are the same move when they are worth the same (two brisques, or
two cards that are not) and no card of another hand or of the trick lies
between them or level with either (identical cards of two packs are the same
move in one hand; of two hands, the first played wins).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Protocol

from games.ai.search import Position, SearchTimeout, TrickSolver
from games.besigue.rules import ALL_BITS, LAST_TRICK, STRENGTH, is_brisque
from games.cards import bits_of, is_joker, rank_of, suit_of
from games.tricks import TrickRules

__all__ = [
    "BRISQUES",
    "BesiguePosition",
    "BesigueSolver",
    "Points",
    "SearchTimeout",
    "best_points",
    "card_points",
    "optimal_cards",
]

POINT: Final = 10  # every point of phase 2 is a multiple of 10: a brisque, the last trick
BRISQUES: Final = sum(1 << i for i in range(ALL_BITS) if is_brisque(i))
JOKER_SUIT: Final = 4  # jokers, of no suit, apart from every suit in the move order
SUIT: Final = tuple(JOKER_SUIT if is_joker(i) else suit_of(i) for i in range(ALL_BITS))


class TrumpTricks(TrickRules, Protocol):
    """The card play's rules object under a trump (-1: none yet, in Haiti)."""

    trump: int


POWER: Final = tuple(STRENGTH[rank_of(i)] for i in range(ALL_BITS))  # 0: not a card played
WORTH: Final = tuple(POINT if is_brisque(i) else 0 for i in range(ALL_BITS))


def _level_masks() -> tuple[tuple[int, ...], ...]:
    """Per suit and strength, every copy of that card (any pack)."""
    out = []
    for suit in range(4):
        row = [0] * 9
        for index in range(ALL_BITS):
            if SUIT[index] == suit and POWER[index]:
                row[POWER[index]] |= 1 << index
        out.append(tuple(row))
    return tuple(out)


LEVELS: Final = _level_masks()
# per suit, (weaker, stronger) strength: every copy of the cards from one to the other
BETWEEN: Final = tuple(
    {
        (lo, hi): sum(LEVELS[suit][s] for s in range(lo, hi + 1))
        for lo in range(1, 9)
        for hi in range(lo, 9)
    }
    for suit in range(4)
)

# (the target's points so far, the points still in play, tricks left)
Points = tuple[int, int, int]


def card_points(cards: int) -> int:
    """The brisques' points among ``cards``."""
    return POINT * (cards & BRISQUES).bit_count()


def take(memo: Points, ours: bool, cards: int) -> Points:
    """The points once a trick of ``cards`` is taken (by the target: ``ours``)."""
    own, rest, left = memo
    points = card_points(cards)
    left -= 1
    if not left:
        points += LAST_TRICK
    return (own + points if ours else own, rest - points, left)


@dataclass(slots=True)
class BesiguePosition(Position[Points]):
    """A phase-2 position; ``target`` is the seat whose points the memo counts."""

    target: int = 0

    @classmethod
    def of(
        cls,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        tricks: Sequence[int],
        rules: TrumpTricks,
        target: int,
    ) -> BesiguePosition:
        """The position with ``trick`` (bit numbers, from ``leader``) in progress;
        the memo starts at no points for the target."""
        present = 0
        for hand in hands:
            present |= hand
        for card in trick:
            present |= 1 << card
        left = max(h.bit_count() for h in hands)
        memo = (0, card_points(present) + LAST_TRICK, left)
        return cls(list(hands), leader, list(trick), list(tricks), rules, memo, target)

    def trick_taken(self, tricks: list[int], memo: Points, winner: int, cards: int) -> Points:
        return take(memo, winner == self.target, cards)


@dataclass(slots=True)
class BesigueSolver(TrickSolver[Points]):
    """Does the target take at least ``goal`` more points?  Keep one per decision
    and deal (its table serves every goal)."""

    counts_cards: ClassVar[bool] = True
    goal: int = 0

    @classmethod
    def of(
        cls, target: int, seats: int, rules: TrumpTricks, deadline: float = float("inf")
    ) -> BesigueSolver:
        return cls(target, seats, rules.trump, rules, deadline)

    def fits(self, position: Position[Points]) -> bool:
        return (
            isinstance(position, BesiguePosition)
            and position.target == self.target
            and position.seats == self.seats
            and position.rules is self.rules
        )

    def settled(self, tricks: tuple[int, ...], memo: Points, left: int) -> bool | None:
        own, rest, _ = memo
        need = self.goal - own
        if need <= 0:
            return True
        return False if rest < need else None

    def key(self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: Points) -> Hashable:
        # what is left to win follows from the hands: the points still needed say the rest
        return (*hands, leader, self.goal - memo[0])

    def trick_taken(self, tricks: list[int], memo: Points, winner: int, cards: int) -> Points:
        return take(memo, winner == self.target, cards)

    # ---- Bésigue's card order --------------------------------------------------

    def ordered_moves(
        self, legal: int, hand: int, present: int, n: int, winner: int, wseat: int, maximizing: bool
    ) -> list[int]:
        cards = distinct_moves(legal, hand, present)
        if len(cards) <= 1:
            return cards
        trump = self.trump
        if n == 0:
            # lead: strong cards first, trumps before side suits of equal strength
            cards.sort(key=lambda c: -2 * POWER[c] - (SUIT[c] == trump))
            return cards
        partner_wins = (wseat == self.target) == maximizing
        if partner_wins:
            # the side's trick: brisques onto it first, then the cheapest cards
            cards.sort(key=lambda c: (-WORTH[c], SUIT[c] == trump, POWER[c]))
            return cards
        beats = self._beats
        winning = [c for c in cards if beats(c, winner)]
        losing = [c for c in cards if not beats(c, winner)]
        # discards: no brisque into the other side's trick, side suits before trump
        losing.sort(key=lambda c: (WORTH[c], SUIT[c] == trump, POWER[c]))
        if n == self.seats - 1:
            # last to play: the cheapest winner, a brisque first (it wins its own points)
            winning.sort(key=lambda c: (SUIT[c] == trump, -WORTH[c], POWER[c]))
            return winning + losing
        # a later seat may still overtake: the strongest winner first
        winning.sort(key=lambda c: (SUIT[c] != trump, -POWER[c]))
        return winning + losing

    def representative(self, card: int, hand: int, present: int) -> int:  # type: ignore[override]
        """The strongest card of ``hand`` equivalent to ``card`` (itself if none)."""
        return representative(card, hand, present)


def equivalent(a: int, b: int, hand: int, present: int) -> bool:
    """Whether cards ``a`` and ``b`` of ``hand`` (one suit) are the same move:
    worth the same, and no card elsewhere level with or between them."""
    if WORTH[a] != WORTH[b]:
        return False
    lo, hi = sorted((POWER[a], POWER[b]))
    if lo == hi:
        return True  # identical cards of two packs
    return not present & ~hand & BETWEEN[SUIT[a]][lo, hi]


def distinct_moves(legal: int, hand: int, present: int) -> list[int]:
    """One card of each class of equivalent cards of ``legal``, the strongest."""
    ranked = sorted(bits_of(legal), key=lambda c: (SUIT[c], -POWER[c]))
    out: list[int] = []
    for card in ranked:
        if out:
            prev = out[-1]
            if SUIT[prev] == SUIT[card] and equivalent(prev, card, hand, present):
                continue
        out.append(card)
    return out


def representative(card: int, hand: int, present: int) -> int:
    """The strongest card of ``hand`` equivalent to ``card`` (classes run unbroken
    up the suit: the first stronger card that is not equivalent ends the class)."""
    suit, power = SUIT[card], POWER[card]
    rep = card
    for c in sorted((c for c in bits_of(hand) if SUIT[c] == suit and POWER[c] > power),
                    key=lambda c: POWER[c]):  # fmt: skip
        if not equivalent(card, c, hand, present):
            break
        rep = c
    return rep


def _bisect(solver: BesigueSolver, position: BesiguePosition, lo: int, hi: int) -> int:
    """The most points (a multiple of 10 in [lo, hi]) the target takes from
    ``position``, ``lo`` known to be reached."""
    low, high = lo // POINT, hi // POINT
    while low < high:
        mid = (low + high + 1) // 2
        solver.goal = mid * POINT
        if solver.solve(position):
            low = mid
        else:
            high = mid - 1
    return low * POINT


def best_points(solver: BesigueSolver, position: BesiguePosition) -> int:
    """The most points the target can take from ``position`` against the others'
    best play (the brisques of the tricks still to take, and the last trick)."""
    return _bisect(solver, position, 0, position.memo[1])


def optimal_cards(solver: BesigueSolver, position: BesiguePosition) -> tuple[int, list[int]]:
    """The most points the target, to play, can take, and its legal cards that take them."""
    if position.turn != solver.target:
        raise ValueError("the target is not to play")
    value = best_points(solver, position)
    solver.goal = value
    values = solver.move_values(position)
    return value, [c for c, made in values.items() if made]

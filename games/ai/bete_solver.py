"""Double-dummy solver for the card play of La Bête (RULES.md §2).

Every card known, one seat (the *target*) plays for a goal and all the others
play against it as one team: does the target reach its goal?  That is the
question each side of a La Bête deal asks: the declarer (and a contreur, for
himself) wants to *succeed* — 3 tricks, or exactly the first two while nobody
takes 3 — and everybody else wants him to fail.  Two lesser goals settle the
deal's extremes: taking *any* trick (a declarer without one makes a dévole)
and taking *all* five (a vole).

The search is the boolean alpha-beta of La Bête Hombrée's solver
(``games.ai.solver``), whose move ordering and equivalent-card pruning it
shares, for 2 to 5 seats: a transposition table at trick boundaries, early
decisions when the goal is reached or out of reach, and a direct evaluation of
the last trick.  Legal cards come from ``games.tricks.legal_plays`` with the
table's ``bete_must_underruff``, winners from ``games.tricks.beats``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from games.cards import bits_of
from games.obligations import beats, legal_plays

from .solver import ordered_moves, representative, trick_led_winner

TRICKS = 5


class SearchTimeout(Exception):
    """The solver's deadline passed before the answer was known."""


class Goal(IntEnum):
    SUCCEED = 0  # 3 tricks, or exactly the first two while nobody takes 3
    ANY_TRICK = 1  # at least one trick (no dévole)
    ALL = 2  # all five tricks (vole)


@dataclass(slots=True)
class BetePosition:
    """A card-play position of La Bête, all hands known.

    ``trick`` holds the cards (bit numbers) of the trick in progress in play
    order from ``leader``; ``tricks`` the tricks each seat has won;
    ``opening`` the winners of the first two tricks (as far as played).
    """

    hands: list[int]
    leader: int
    trick: list[int]
    tricks: list[int]
    opening: tuple[int, ...]
    trump: int
    underruff: bool = False

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    def copy(self) -> BetePosition:
        return BetePosition(
            list(self.hands),
            self.leader,
            list(self.trick),
            list(self.tricks),
            self.opening,
            self.trump,
            self.underruff,
        )

    def legal(self) -> int:
        """The legal cards of the seat to play, as a bit set."""
        led, winner = trick_led_winner(self.trick, self.trump)
        return legal_plays(self.hands[self.turn], led, winner, self.trump, self.underruff)

    def play(self, card: int) -> None:
        """Play a card (bit number) for the seat to play; completes tricks."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < self.seats:
            return
        _, winner = trick_led_winner(self.trick, self.trump)
        wseat = (self.leader + self.trick.index(winner)) % self.seats
        self.tricks[wseat] += 1
        if len(self.opening) < 2:
            self.opening = (*self.opening, wseat)
        self.trick = []
        self.leader = wseat


def reached(
    goal: Goal,
    target: int,
    tricks: Sequence[int],
    opening: tuple[int, ...],
    left: int,
) -> bool | None:
    """Whether ``target`` reaches ``goal`` if it can no longer change, else None.

    ``left`` is the number of tricks still to play.
    """
    taken = tricks[target]
    if goal is Goal.ANY_TRICK:
        return True if taken else (False if left == 0 else None)
    if goal is Goal.ALL:
        played = TRICKS - left
        return False if taken < played else (True if left == 0 else None)
    if taken >= 3:
        return True
    if len(opening) == 2 and opening[0] == opening[1] == target:
        # the first two are his: he fails only if one other seat takes the last three
        other = max(t for s, t in enumerate(tricks) if s != target)
        if other >= 3:
            return False
        return True if other + left < 3 else None
    return False if taken + left < 3 else None


@dataclass(slots=True)
class BeteSolver:
    """Solves positions for one target and goal; keep one to reuse its table.

    Past ``deadline`` (a ``time.perf_counter()`` value) a search raises
    ``SearchTimeout``.
    """

    target: int
    goal: Goal
    trump: int
    seats: int
    underruff: bool = False
    deadline: float = float("inf")
    nodes: int = 0
    table: dict[tuple[object, ...], bool] = field(default_factory=dict)

    def solve(self, position: BetePosition) -> bool:
        """Whether the target reaches its goal from ``position``."""
        self._check(position)
        return self._from(position)

    def move_values(self, position: BetePosition) -> dict[int, bool]:
        """For every legal card of the seat to play: does the target reach its goal after it?"""
        self._check(position)
        legal = position.legal()
        values: dict[int, bool] = {}
        present = _present(position)
        hand = position.hands[position.turn]
        for card in bits_of(legal):
            rep = representative(card, hand, present)
            if rep in values:
                values[card] = values[rep]
                continue
            child = position.copy()
            child.play(card)
            values[card] = self._from(child)
            values.setdefault(rep, values[card])
        return {c: values[c] for c in bits_of(legal)}

    # ---- search ------------------------------------------------------------

    def _check(self, position: BetePosition) -> None:
        if (position.trump, position.seats, position.underruff) != (
            self.trump,
            self.seats,
            self.underruff,
        ):
            raise ValueError("this solver was made for another deal")

    def _from(self, p: BetePosition) -> bool:
        tricks = tuple(p.tricks)
        if not p.trick:
            return self._boundary(list(p.hands), p.leader, tricks, p.opening)
        led, winner = trick_led_winner(p.trick, self.trump)
        wseat = (p.leader + p.trick.index(winner)) % self.seats
        trick_mask = 0
        for card in p.trick:
            trick_mask |= 1 << card
        return self._node(
            list(p.hands), p.leader, len(p.trick), led, winner, wseat, trick_mask, tricks, p.opening
        )

    def _boundary(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], opening: tuple[int, ...]
    ) -> bool:
        left = hands[leader].bit_count()
        result = reached(self.goal, self.target, tricks, opening, left)
        if result is not None:
            return result
        if left == 1:
            return self._last_trick(hands, leader, tricks, opening)
        key = (*hands, leader, *tricks, *opening)
        cached = self.table.get(key)
        if cached is not None:
            return cached
        value = self._node(hands, leader, 0, -1, -1, -1, 0, tricks, opening)
        self.table[key] = value
        return value

    def _last_trick(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], opening: tuple[int, ...]
    ) -> bool:
        """Every play is forced: find the winner and judge the goal."""
        self.nodes += 1
        trump = self.trump
        winner = hands[leader].bit_length() - 1
        wseat = leader
        for step in range(1, self.seats):
            seat = (leader + step) % self.seats
            card = hands[seat].bit_length() - 1
            if beats(card, winner, trump):
                winner = card
                wseat = seat
        counts = list(tricks)
        counts[wseat] += 1
        result = reached(self.goal, self.target, counts, opening, 0)
        assert result is not None  # with no trick left the result is known
        return result

    def _node(
        self,
        hands: list[int],
        leader: int,
        n: int,
        led: int,
        winner: int,
        wseat: int,
        trick_mask: int,
        tricks: tuple[int, ...],
        opening: tuple[int, ...],
    ) -> bool:
        """A position inside a trick: ``n`` cards played, ``winner`` winning it."""
        self.nodes += 1
        if not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise SearchTimeout
        target = self.target
        trump = self.trump
        seats = self.seats
        seat = (leader + n) % seats
        hand = hands[seat]
        legal = legal_plays(hand, led, winner, trump, self.underruff)
        maximizing = seat == target
        present = trick_mask
        for h in hands:
            present |= h
        moves = ordered_moves(
            legal, hand, present, n, winner, wseat, trump, maximizing, target, seats
        )
        for card in moves:
            hands[seat] = hand ^ (1 << card)
            if n == 0:
                new_led, new_winner, new_wseat = card >> 4, card, seat
            elif beats(card, winner, trump):
                new_led, new_winner, new_wseat = led, card, seat
            else:
                new_led, new_winner, new_wseat = led, winner, wseat
            if n == seats - 1:
                counts = list(tricks)
                counts[new_wseat] += 1
                new_opening = opening if len(opening) >= 2 else (*opening, new_wseat)
                value = self._boundary(list(hands), new_wseat, tuple(counts), new_opening)
            else:
                value = self._node(
                    hands,
                    leader,
                    n + 1,
                    new_led,
                    new_winner,
                    new_wseat,
                    trick_mask | (1 << card),
                    tricks,
                    opening,
                )
            hands[seat] = hand
            if value is maximizing:
                return value
        return not maximizing


def _present(p: BetePosition) -> int:
    mask = 0
    for hand in p.hands:
        mask |= hand
    for card in p.trick:
        mask |= 1 << card
    return mask

"""La Bête Hombrée's part of the double-dummy search (``games.ai.search``).

Once trump and level are declared, a hand's payments depend only on whether
the contract is made, so the solver answers one yes/no question: with every
card known and both sides playing perfectly, does the declarer make it?  The
declarer plays against the three defenders as one team.  The simple demande's
race rule (RULES.md §1.6) needs each seat's trick count and whether the
declarer took his second trick before any opponent took two (the memo).  From
level 3 the race does not matter, so the transposition key drops it and keeps
only the declarer's tricks.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from games.ai.search import Position, SearchTimeout, TrickSolver, card_play
from games.bete_hombree import HandState, Phase
from games.bete_hombree.state import SEATS
from games.obligations import FollowBeatTrump

__all__ = ["HombreePosition", "SearchTimeout", "Solver", "decided", "solve"]


def race_after(tricks: list[int], race_won: bool, winner: int, declarer: int) -> bool:
    """The race once ``winner`` has taken a trick (``tricks`` counts it)."""
    if winner == declarer and tricks[winner] == 2:
        return max(t for s, t in enumerate(tricks) if s != declarer) < 2
    return race_won


def decided(level: int, taken: int, max_opp: int, race_won: bool, remaining: int) -> bool | None:
    """The contract's result if it can no longer change, else None (RULES.md §1.6)."""
    if level >= 3:
        if taken >= level:
            return True
        return False if taken + remaining < level else None
    if taken >= 3:
        return True
    can_make = taken + remaining >= 3 or (
        taken + remaining == 2 and (race_won or max_opp < 2) and max_opp < 3
    )
    can_fail = taken < 2 or not race_won or max_opp + remaining >= 3
    if can_make and can_fail:
        return None
    return can_make


@dataclass(slots=True)
class HombreePosition(Position[bool]):
    """A card-play position of a declared contract; the memo is ``race_won``:
    the declarer took his second trick before any opponent took two."""

    declarer: int = 0
    level: int = 2

    @classmethod
    def of(
        cls,
        hands: list[int],
        leader: int,
        trick: list[int],
        tricks: list[int],
        declarer: int,
        level: int,
        trump: int,
        race_won: bool = False,
    ) -> HombreePosition:
        return cls(
            hands, leader, trick, tricks, FollowBeatTrump(trump, True), race_won, declarer, level
        )

    @classmethod
    def from_state(cls, state: HandState) -> HombreePosition:
        """The position of a hand being played (phase PLAY)."""
        if state.phase is not Phase.PLAY:
            raise ValueError("the hand is not in its card play")
        return cls.of(*card_play(state), state.declarer, state.level, state.trump, state.race_won)

    @property
    def trump(self) -> int:
        return self.rules.trump  # type: ignore[attr-defined, no-any-return]

    @property
    def race_won(self) -> bool:
        return self.memo

    def after_trick(self, tricks: list[int], memo: bool, winner: int) -> bool:
        return race_after(tricks, memo, winner, self.declarer)


@dataclass(slots=True)
class Solver(TrickSolver[bool]):
    """Does the declarer make his contract?  Keep one per contract to reuse its table."""

    level: int = 2

    @classmethod
    def of(cls, declarer: int, level: int, trump: int, deadline: float = float("inf")) -> Solver:
        return cls(declarer, SEATS, trump, FollowBeatTrump(trump, True), deadline, level=level)

    @classmethod
    def for_position(cls, position: HombreePosition) -> Solver:
        return cls.of(position.declarer, position.level, position.trump)

    def fits(self, position: Position[bool]) -> bool:
        return (
            isinstance(position, HombreePosition)
            and position.declarer == self.target
            and position.level == self.level
            and position.rules == self.rules
        )

    def settled(self, tricks: tuple[int, ...], memo: bool, left: int) -> bool | None:
        declarer = self.target
        if self.level >= 3:  # the race does not matter
            return decided(self.level, tricks[declarer], 0, memo, left)
        max_opp = max(t for s, t in enumerate(tricks) if s != declarer)
        return decided(self.level, tricks[declarer], max_opp, memo, left)

    def key(self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: bool) -> Hashable:
        if self.level >= 3:
            return (hands[0], hands[1], hands[2], hands[3], leader, tricks[self.target])
        return (hands[0], hands[1], hands[2], hands[3], leader, *tricks, memo)

    def after_trick(self, tricks: list[int], memo: bool, winner: int) -> bool:
        if winner != self.target or self.level >= 3:
            return memo
        return race_after(tricks, memo, winner, self.target)


def solve(position: HombreePosition) -> bool:
    """Whether the declarer makes the contract from ``position`` (fresh table)."""
    return Solver.for_position(position).solve(position)

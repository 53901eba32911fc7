"""La Bête's part of the double-dummy search (``games.ai.search``), RULES.md §2.

The declarer (and a contreur, for himself) wants to *succeed* — 3 tricks, or
exactly the first two while nobody takes 3 — and everybody else wants him to
fail.  Two lesser goals settle the deal's extremes: taking *any* trick (a
declarer without one makes a dévole) and taking *all* five (a vole).  The memo
is the winners of the first two tricks (as far as played).  Legal cards come
from the bête family's ``FollowBeatTrump`` with the table's
``bete_must_underruff``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from games.ai.search import Position, SearchTimeout, TrickSolver
from games.obligations import FollowBeatTrump

__all__ = ["BetePosition", "BeteSolver", "Goal", "SearchTimeout", "reached", "start_of_play"]

TRICKS = 5


class Goal(IntEnum):
    SUCCEED = 0  # 3 tricks, or exactly the first two while nobody takes 3
    ANY_TRICK = 1  # at least one trick (no dévole)
    ALL = 2  # all five tricks (vole)


def opening_after(opening: tuple[int, ...], winner: int) -> tuple[int, ...]:
    return opening if len(opening) >= 2 else (*opening, winner)


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
class BetePosition(Position[tuple[int, ...]]):
    """A card-play position of La Bête; the memo is ``opening``, the winners of
    the first two tricks (as far as played)."""

    @property
    def opening(self) -> tuple[int, ...]:
        return self.memo

    def after_trick(self, tricks: list[int], memo: tuple[int, ...], winner: int) -> tuple[int, ...]:
        return opening_after(memo, winner)


def start_of_play(hands: list[int], leader: int, trump: int, underruff: bool) -> BetePosition:
    """The position before the first card, ``leader`` to lead."""
    rules = FollowBeatTrump(trump, underruff)
    return BetePosition(hands, leader, [], [0] * len(hands), rules, ())


@dataclass(slots=True)
class BeteSolver(TrickSolver[tuple[int, ...]]):
    """Does ``target`` reach ``goal``?  Keep one to reuse its table."""

    goal: Goal = Goal.SUCCEED

    @classmethod
    def of(
        cls,
        target: int,
        goal: Goal,
        trump: int,
        seats: int,
        underruff: bool = False,
        deadline: float = float("inf"),
    ) -> BeteSolver:
        return cls(target, seats, trump, FollowBeatTrump(trump, underruff), deadline, goal=goal)

    def settled(self, tricks: tuple[int, ...], memo: tuple[int, ...], left: int) -> bool | None:
        return reached(self.goal, self.target, tricks, memo, left)

    def key(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: tuple[int, ...]
    ) -> tuple[int, ...]:
        return (*hands, leader, *tricks, *memo)

    def after_trick(self, tricks: list[int], memo: tuple[int, ...], winner: int) -> tuple[int, ...]:
        return opening_after(memo, winner)

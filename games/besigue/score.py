"""The count of a Bésigue deal (RULES.md §4 "Brisques" and "Game"): the last
trick, the brisques and their threshold, the scores after, the end of the game.

Scores are kept by *side*: each seat's with independent players, each
partnership's (seats 0 and 2, 1 and 3) with ``partnerships`` at four.  A
deal's points are counted per seat and added up by side.

Decisions where RULES.md is silent, here:

- the threshold of the brisques with three players or more (a side's game
  total with this deal's combinations, sevens and last trick, before the
  brisques, at least 100; and at least 8 brisques in the side's tricks) is
  read by side, like the scores;
- at the end of a deal, if sides reach the target, the highest wins; a tie
  at the top wins nothing yet: another deal is played (and so on until one
  is ahead);
- a game ended at once by a combination or a seven counts no last trick and
  no brisques (``ended_at_once``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from games.besigue.melds import Meld, MeldKind
from games.besigue.rules import (
    BRISQUE,
    BRISQUE_MIN_CARDS,
    BRISQUE_MIN_SCORE,
    EN_BAS_TABLE,
    LAST_TRICK,
    is_brisque,
)
from games.cards import Suit
from games.money import Transfer
from games.tricks import PlayedTrick

UNDER_SCORE: Final = "score"  # brisques not counted: the side had under 100 points
FEW_BRISQUES: Final = "brisques"  # brisques not counted: fewer than 8 in the side's tricks


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished deal's count, per seat unless said (``scores`` are by side).

    ``net`` (zeros) and ``transfers`` (none) are there for the tables of every
    game: Bésigue moves no money, it is won on the scoreboard.
    """

    trump: Suit | None  # None: a Haitian deal whose trump was never fixed
    melds: tuple[int, ...]  # points from combinations and sevens (the dealer's turned 7 too)
    last_trick: int | None  # the seat that took it (None: the game ended at once)
    brisque_cards: tuple[int, ...]  # aces and tens in each seat's tricks
    brisques: tuple[int, ...]  # their points as counted (0 where they do not count)
    brisques_lost: tuple[str | None, ...]  # why not counted: UNDER_SCORE, FEW_BRISQUES
    points: tuple[int, ...]  # the deal's points
    tricks: tuple[int, ...]
    teams: tuple[int, ...]  # each seat's side
    scores_before: tuple[int, ...]  # by side
    scores: tuple[int, ...]  # by side, after the deal
    target: int
    over: bool  # the game is over
    winner: int | None  # the side that won the game
    en_bas_table: bool  # won while every loser is under 750: counts double
    ended_at_once: bool  # a combination or a seven reached the target mid-deal
    best: tuple[tuple[MeldKind, int] | None, ...]  # each seat's best combination of the deal
    net: tuple[int, ...]
    transfers: tuple[Transfer, ...] = ()


def side_totals(points: Sequence[int], teams: Sequence[int], sides: int) -> list[int]:
    """Seat points added up by side."""
    out = [0] * sides
    for seat, value in enumerate(points):
        out[teams[seat]] += value
    return out


def reached(scores: Sequence[int], target: int) -> tuple[bool, int | None]:
    """Whether the game is over and who won: the highest of the sides at the target
    or past it, nobody (another deal) when two share the top."""
    top = max(scores)
    if top < target:
        return False, None
    leaders = [side for side, score in enumerate(scores) if score == top]
    if len(leaders) > 1:
        return False, None
    return True, leaders[0]


def en_bas_table(scores: Sequence[int], winner: int) -> bool:
    """Every loser under 750, whatever the target."""
    return all(score < EN_BAS_TABLE for side, score in enumerate(scores) if side != winner)


def best_of(melds: Sequence[Meld]) -> tuple[MeldKind, int] | None:
    best = max(melds, key=lambda m: m.points, default=None)
    return None if best is None else (best.kind, best.points)


# a count of the brisques: (the brisques in each seat's tricks, each seat's points of the
# deal before them, each seat's side, the sides' scores before the deal) -> each seat's
# points for them, and why they did not count (None where they did)
BrisqueRule = Callable[
    [Sequence[int], Sequence[int], Sequence[int], Sequence[int]],
    tuple[list[int], list[str | None]],
]


def classic_brisques(
    cards: Sequence[int], before: Sequence[int], teams: Sequence[int], scores: Sequence[int]
) -> tuple[list[int], list[str | None]]:
    """10 each; with three or more players, only for a side with 100 points (its game
    total with this deal's points so far) and 8 brisques in its tricks."""
    seats = len(cards)
    counted = [BRISQUE * n for n in cards]
    lost: list[str | None] = [None] * seats
    if seats < 3:
        return counted, lost
    sides = len(scores)
    side_points = side_totals(before, teams, sides)
    side_cards = side_totals(cards, teams, sides)
    for seat in range(seats):
        side = teams[seat]
        reason = None
        if scores[side] + side_points[side] < BRISQUE_MIN_SCORE:
            reason = UNDER_SCORE
        elif side_cards[side] < BRISQUE_MIN_CARDS:
            reason = FEW_BRISQUES
        if reason is not None:
            lost[seat] = reason
            counted[seat] = 0
    return counted, lost


def count_deal(
    *,
    trump: Suit | None,
    melds: Sequence[int],
    laid: Sequence[Sequence[Meld]],
    history: Sequence[PlayedTrick],
    tricks: Sequence[int],
    teams: Sequence[int],
    scores_before: Sequence[int],
    target: int,
    reached_at_once: int | None = None,
    brisques: BrisqueRule = classic_brisques,
) -> Outcome:
    """The count of a deal played out, or stopped when a combination or a seven took
    side ``reached_at_once`` to the target (then no last trick and no brisques); the
    brisques as ``brisques`` counts them."""
    ended_at_once = reached_at_once is not None
    seats = len(melds)
    sides = len(scores_before)
    cards = [0] * seats
    last: int | None = None
    before_brisques = list(melds)
    counted = [0] * seats
    lost: list[str | None] = [None] * seats
    if not ended_at_once:
        for played in history:
            cards[played.winner] += sum(is_brisque(c.index) for _, c in played.cards)
        last = history[-1].winner if history else None
        if last is not None:
            before_brisques[last] += LAST_TRICK
        counted, lost = brisques(cards, before_brisques, teams, scores_before)
    points = [before_brisques[s] + counted[s] for s in range(seats)]
    gained = side_totals(points, teams, sides)
    scores = tuple(scores_before[side] + gained[side] for side in range(sides))
    winner: int | None
    if reached_at_once is not None:
        over, winner = True, reached_at_once
    else:
        over, winner = reached(scores, target)
    return Outcome(
        trump=trump,
        melds=tuple(melds),
        last_trick=last,
        brisque_cards=tuple(cards),
        brisques=tuple(counted),
        brisques_lost=tuple(lost),
        points=tuple(points),
        tricks=tuple(tricks),
        teams=tuple(teams),
        scores_before=tuple(scores_before),
        scores=scores,
        target=target,
        over=over,
        winner=winner,
        en_bas_table=over and winner is not None and en_bas_table(scores, winner),
        ended_at_once=ended_at_once,
        best=tuple(best_of(m) for m in laid),
        net=(0,) * seats,
    )

"""The count of a Haitian deal (RULES.md §4.1 "Brisques", "The partie"): the last
trick, the brisques (``each`` or ``majority``), the marque after, the partie won.

Scores are kept by side, as in the classic game (``games.besigue.score``): a
seat's, or a partnership's.  The brisques are the aces and tens in a side's
tricks, counted for every side whatever the number of players (no threshold
of 100 points and 8 brisques as in §4).

``brisques=majority``: the side with the most brisques scores 10 for each of
them, every other side loses 200, and sides tied for the most score 160 each;
each of these applies only to a side whose marque, this deal's combinations,
sevens and last trick included, has reached 200 (so a marque never goes under
0).  With partnerships each seat's points get 10 for each brisque in its own
tricks when its side gains, and half of its side's −200 or 160.

The partie: won at the end of a deal by the highest side at the target or past
it; two sides tied at the top there play another deal.  A combination that
reaches the target ends it at once (no last trick, no brisques); the 7 of
trump's points never do.  Won while the loser has under 750: *anbatab* (en bas
table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.besigue.rules import BRISQUE, Brisques
from games.besigue.score import BrisqueRule, side_totals

MAJORITY_MARQUE: Final = 200  # the marque a side needs for the majority's gain or loss
MAJORITY_LOSS: Final = -200
MAJORITY_TIE: Final = 160
UNDER_MARQUE: Final = "marque"  # brisques=majority: the side's marque is under 200


def brisque_points(
    cards: Sequence[int],
    teams: Sequence[int],
    marques: Sequence[int],
    rule: Brisques,
) -> tuple[list[int], list[str | None]]:
    """Each seat's points for the brisques in its tricks (``cards``), and why a seat's
    do not count; ``marques`` by side, before the brisques."""
    seats = len(cards)
    if rule is Brisques.EACH:
        return [BRISQUE * n for n in cards], [None] * seats
    sides = len(marques)
    by_side = side_totals(cards, teams, sides)
    most = max(by_side)
    top = [side for side in range(sides) if by_side[side] == most]
    members = [teams.count(side) for side in range(sides)]
    points = [0] * seats
    lost: list[str | None] = [None] * seats
    for seat in range(seats):
        side = teams[seat]
        if marques[side] < MAJORITY_MARQUE:
            lost[seat] = UNDER_MARQUE
        elif side not in top:
            points[seat] = MAJORITY_LOSS // members[side]
        elif len(top) > 1:
            points[seat] = MAJORITY_TIE // members[side]
        else:
            points[seat] = BRISQUE * cards[seat]
    return points, lost


def haiti_brisques(rule: Brisques) -> BrisqueRule:
    """The brisques as ``rule`` counts them, for the game's count (``count_deal``): the
    marque of each side is its score before the deal with the deal's points so far."""

    def count(
        cards: Sequence[int], before: Sequence[int], teams: Sequence[int], scores: Sequence[int]
    ) -> tuple[list[int], list[str | None]]:
        gained = side_totals(before, teams, len(scores))
        marques = [score + gain for score, gain in zip(scores, gained, strict=True)]
        return brisque_points(cards, teams, marques, rule)

    return count

"""The table options of La Bête Hombrée (RULES.md §1) and the stake formula.

Every variant option of RULES.md is one field; the defaults are the rules as
written (Jean Ameye's 1976 text).  The options are fixed for a whole session.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.bete_hombree.actions import Action, Kind
from games.dealing import DealPattern
from games.options import coerce_options, options_from_dict, options_to_dict
from games.register import BeteOrder


class CagnoteDiscard(StrEnum):
    EXACTLY_3 = "exactly_3"
    UP_TO_3 = "up_to_3"


class StakeRule(StrEnum):
    AMEYE = "ameye"  # base(L) = L, base(5) = 10, x2 en belle
    JS1984 = "js1984"  # (L + matadors) x2 en belle, x2 for 5 tricks


class PinandeleRule(StrEnum):
    QUEUE = "queue"  # an ownerless entry in the register
    WITH_NEXT_BETE = "with_next_bete"  # waits in the pot for the next bête won


@dataclass(frozen=True, slots=True)
class Rules:
    """Variant options of La Bête Hombrée; defaults follow RULES.md §1."""

    pass_reentry: bool = False
    premier_in_belle: bool = False
    cagnote_discard: CagnoteDiscard = CagnoteDiscard.EXACTLY_3
    stop_when_decided: bool = False
    stake_rule: StakeRule = StakeRule.AMEYE
    pinandele: PinandeleRule = PinandeleRule.QUEUE
    bete_order: BeteOrder = BeteOrder.OLDEST
    belle_on_announce: bool = False
    deal_pattern: DealPattern = DealPattern.TWO_THREE

    def __post_init__(self) -> None:
        coerce_options(self)
        if self.deal_pattern is DealPattern.TWO_ONE_TWO:
            raise ValueError("La Bête Hombrée deals 2 then 3 cards, or 3 then 2")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options as written in a record; unknown names and values are errors."""
        return options_from_dict(cls, data)

    def to_dict(self, only_changed: bool = True) -> dict[str, Any]:
        """Options as written in a record (by default only those that differ)."""
        return options_to_dict(self, only_changed)


# A bid's rank: 2 < 2b < 3 < 3b < 4 < 4b < 5 < 5b.
def bid_rank(level: int, belle: bool) -> int:
    return 2 * level + (1 if belle else 0)


def rank_level(rank: int) -> int:
    return rank >> 1


def rank_belle(rank: int) -> bool:
    return bool(rank & 1)


MIN_RANK = bid_rank(2, False)
MAX_RANK = bid_rank(5, True)


def stands_as(action: Action, standing: int) -> int:
    """The rank a call stands as in the auction, over the ``standing`` rank (0: none).

    A bid is itself; sans préjudice a plain 2; je retiens 2 en belle; je cagnote
    one level above the standing bid, plain (2 if nobody bid); je prends le tout
    a plain 5; anything else leaves the standing rank.
    """
    kind = action.kind
    if kind is Kind.BID:
        return bid_rank(action.level, action.belle)
    if kind is Kind.SANS_PREJUDICE:
        return bid_rank(2, False)
    if kind is Kind.RETIENS:
        return bid_rank(2, True)
    if kind is Kind.CAGNOTE:
        return MIN_RANK if standing == 0 else bid_rank(rank_level(standing) + 1, False)
    if kind is Kind.TOUT:
        return bid_rank(5, False)
    return standing


def stake(rules: Rules, level: int, belle: bool, matadors: int) -> int:
    """What each opponent pays (contract made) or is paid (failed): RULES.md §1.6."""
    if rules.stake_rule is StakeRule.JS1984:
        p = level + matadors
        if belle:
            p *= 2
        if level == 5:
            p *= 2
        return p
    base = 10 if level == 5 else level
    return (base + matadors) * (2 if belle else 1)

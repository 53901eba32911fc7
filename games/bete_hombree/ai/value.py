"""What a contract is worth to its declarer, in sous: the stake and the register.

Made: each opponent pays the stake p, and the entry in play is collected (or,
if it is the declarer's own bête, crossed out: a debt he no longer owes).
Failed: he pays p to each opponent and owns a new bête of 4p plus the entry in
play.  A bête is a debt to be paid later, so ``bete_weight`` says how much of
it counts now: 0 counts payments only; 0.75 is the owner's share if any of the
four players is as likely to collect it.
"""

from __future__ import annotations

from games.bete_hombree import EntryInPlay
from games.bete_hombree.rules import Rules, stake
from games.bete_hombree.state import SEATS

OPPONENTS = SEATS - 1
DEFAULT_BETE_WEIGHT = 0.75


def contract_value(
    rules: Rules,
    declarer: int,
    level: int,
    belle: bool,
    matadors: int,
    made: bool,
    entry: EntryInPlay | None,
    pending_pinandele: int = 0,
    bete_weight: float = DEFAULT_BETE_WEIGHT,
) -> float:
    """The declarer's gain (negative: loss) if the contract is made or failed."""
    p = stake(rules, level, belle, matadors)
    amount = entry.amount if entry is not None else 0
    if made:
        gain = float(OPPONENTS * p)
        if entry is not None:
            if entry.owner == declarer:
                gain += bete_weight * amount
            else:
                gain += amount + pending_pinandele
        return gain
    return -OPPONENTS * p - bete_weight * (4 * p + amount)

"""``/table new besigue``: a match of Bésigue for two to four, with its own options
(RULES.md §4), or a kept match taken up again (``resume:``)."""

from __future__ import annotations

from typing import Final

from bot.commands import Labels, TableCommand, numbers
from games.besigue.rules import HAND_SIZES, TARGETS


def options(
    target: int = 0,
    hand_size: int = 8,
    reuse: str = "kind",
    phase2_must_win: bool = False,
    partnerships: bool = False,
) -> dict[str, object]:
    """Bésigue's variants as chosen, in record form.

    Args:
        target: Points that win the match (the rules': 1000 for two, 600 for three or four)
        hand_size: Cards dealt to each player
        reuse: Which laid cards may serve again in a combination
        phase2_must_win: Once the stock is empty, follow with a card that wins the trick if you can
        partnerships: With four players, 1st and 3rd against 2nd and 4th
    """
    return {
        "target": int(target),
        "hand_size": int(hand_size),
        "reuse": reuse,
        "phase2_must_win": phase2_must_win,
        "partnerships": partnerships,
    }


CHOICES: Final[dict[str, Labels]] = {
    "target": {0: "As the rules say (1000 for two, 600 for more)", **numbers(*TARGETS)},
    "hand_size": numbers(*HAND_SIZES),
    "reuse": {
        "kind": "In another kind of combination",
        "class": "Nor in a lower one of its family",
    },
}

COMMAND: Final = TableCommand(
    "besigue",
    "Bésigue: two to four players, combinations on the table, brisques, "
    "a match to 1000 (600 at 3 or 4)",
    options,
    CHOICES,
)

"""``/table new besigue``: a match of Bésigue for two to four, with its own options
(RULES.md §4), or a kept match taken up again (``resume:``)."""

from __future__ import annotations

from typing import Any, Final

from discord.app_commands import Choice

from bot.commands import TableCommand


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
        phase2_must_win: Once the stock is empty, beat the card led when following
        partnerships: With four players, 1st and 3rd against 2nd and 4th
    """
    return {
        "target": int(target),
        "hand_size": int(hand_size),
        "reuse": reuse,
        "phase2_must_win": phase2_must_win,
        "partnerships": partnerships,
    }


CHOICES: Final[dict[str, list[Choice[Any]]]] = {
    "target": [
        Choice(name="As the rules say (1000 for two, 600 for more)", value=0),
        Choice(name="600", value=600),
        Choice(name="1000", value=1000),
        Choice(name="1500", value=1500),
        Choice(name="2000", value=2000),
    ],
    "hand_size": [Choice(name=str(n), value=n) for n in (8, 9, 10)],
    "reuse": [
        Choice(name="In another kind of combination", value="kind"),
        Choice(name="Nor in a lower one of its family", value="class"),
    ],
}

COMMAND: Final = TableCommand(
    "besigue",
    "Bésigue: two to four players, combinations on the table, brisques, the race to 1000",
    options,
    CHOICES,
)

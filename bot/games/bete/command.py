"""``/table new bete``: a table of La Bête for 2 to 5, with its own options (RULES.md §2)."""

from __future__ import annotations

from typing import Final

from bot.commands import TableCommand, deal_pattern_choices


def options(deal_pattern: str = "2-3", underruff: bool = False) -> dict[str, object]:
    """La Bête's variants as chosen, in record form.

    Args:
        deal_pattern: Packets of the deal
        underruff: A player who cannot overtrump must still trump lower
    """
    return {"deal_pattern": deal_pattern, "bete_must_underruff": underruff}


COMMAND: Final = TableCommand(
    "bete",
    "La Bête (1792): two to five players, contre and curieuse",
    options,
    {"deal_pattern": deal_pattern_choices("2-3", "3-2", "2-1-2")},
)

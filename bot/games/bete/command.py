"""``/table new bete``: a table of La Bête for 2 to 5, with its own options (RULES.md §2)."""

from __future__ import annotations

from typing import Final

from discord.app_commands import Choice

from bot.commands import TableCommand


def options(deal_pattern: str = "2-3", underruff: bool = False) -> dict[str, object]:
    """La Bête's variants as chosen, in record form."""
    return {"deal_pattern": deal_pattern, "bete_must_underruff": underruff}


COMMAND: Final = TableCommand(
    name="bete",
    description="La Bête (1792): two to five players, contre and curieuse",
    options=options,
    descriptions={
        "deal_pattern": "Packets of the deal",
        "underruff": "A player who cannot overtrump must still trump lower",
    },
    choices={
        "deal_pattern": [
            Choice(name="2 then 3", value="2-3"),
            Choice(name="3 then 2", value="3-2"),
            Choice(name="2, 1 then 2", value="2-1-2"),
        ]
    },
)

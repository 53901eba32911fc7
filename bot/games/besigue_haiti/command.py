"""``/table new besigue-haiti``: Bésigue as played in Haiti for two to four, with its
own options (RULES.md §4.1), or a match kept for later taken up again (``resume:``)."""

from __future__ import annotations

from typing import Any, Final

from discord.app_commands import Choice

from bot.commands import TableCommand


def options(
    target: int = 1000,
    partnerships: bool = False,
    trump: str = "marriage",
    trump_marriage: int = 40,
    first_besigue: int = 40,
    jokers_per_quartet: int = 1,
    seven: str = "player",
    brisques: str = "each",
) -> dict[str, object]:
    """Haitian Bésigue's options as chosen, in record form.

    Args:
        target: Points that win a partie (1000; 600 is usual at four)
        partnerships: With four players, 1st and 3rd against 2nd and 4th
        trump: What fixes trump: the first marriage laid, or a card turned after the deal
        trump_marriage: Points of the trump marriage
        first_besigue: Points of the first bésigue of a deal (later ones 40)
        jokers_per_quartet: Jokers that may stand in for four aces, kings, queens or jacks
        seven: Who scores 10 for a 7 of trump played to a trick
        brisques: How aces and tens taken count at the end of a deal
    """
    return {
        "target": int(target),
        "partnerships": partnerships,
        "trump": trump,
        "trump_marriage": int(trump_marriage),
        "first_besigue": int(first_besigue),
        "jokers_per_quartet": int(jokers_per_quartet),
        "seven": seven,
        "brisques": brisques,
    }


CHOICES: Final[dict[str, list[Choice[Any]]]] = {
    "target": [Choice(name=str(n), value=n) for n in (600, 1000, 1500, 2000)],
    "trump": [
        Choice(name="The first marriage laid", value="marriage"),
        Choice(name="A card turned after the deal", value="turned"),
    ],
    "trump_marriage": [Choice(name=str(n), value=n) for n in (40, 100)],
    "first_besigue": [Choice(name=str(n), value=n) for n in (40, 100)],
    "jokers_per_quartet": [Choice(name=str(n), value=n) for n in (1, 2, 3)],
    "seven": [
        Choice(name="The player who plays it", value="player"),
        Choice(name="The winner of the trick", value="winner"),
        Choice(name="Nobody", value="none"),
    ],
    "brisques": [
        Choice(name="10 each", value="each"),
        Choice(name="The majority: the most score them, the others lose 200", value="majority"),
    ],
}

COMMAND: Final = TableCommand(
    "besigue-haiti",
    "Haitian Bésigue: four packs and four jokers, trump by the first marriage, parties to 100",
    options,
    CHOICES,
)

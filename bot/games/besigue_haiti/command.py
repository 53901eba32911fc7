"""``/table new besigue-haiti``: Bésigue as played in Haiti for two to four, with its
own options (RULES.md §4.1), or a match kept for later taken up again (``resume:``)."""

from __future__ import annotations

from typing import Final

from bot.commands import Labels, TableCommand, numbers
from games.besigue.haiti.options import HAITI_TARGETS


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


CHOICES: Final[dict[str, Labels]] = {
    "target": numbers(*HAITI_TARGETS),
    "trump": {"marriage": "The first marriage laid", "turned": "A card turned after the deal"},
    "trump_marriage": numbers(40, 100),
    "first_besigue": numbers(40, 100),
    "jokers_per_quartet": numbers(1, 2, 3),
    "seven": {
        "player": "The player who plays it",
        "winner": "The winner of the trick",
        "none": "Nobody",
    },
    "brisques": {
        "each": "10 each",
        "majority": "The majority: the most score them, the others lose 200",
    },
}

COMMAND: Final = TableCommand(
    "besigue-haiti",
    "Haitian Bésigue: four packs and four jokers, trump by the first marriage, parties to 1000",
    options,
    CHOICES,
)

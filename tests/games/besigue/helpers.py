"""Cards and combinations written by hand for Bésigue's tests."""

from __future__ import annotations

from games.besigue.melds import Laid, Meld, MeldKind
from games.cards import Card, card_mask, parse_cards


def card(text: str) -> Card:
    """``KH`` or ``KH#2`` (the second pack's), up to four packs."""
    return Card.parse(text, 4)


def cards(text: str) -> list[Card]:
    return parse_cards(text, 4)


def mask(text: str) -> int:
    return card_mask(cards(text))


def laid_with(*melds: tuple[MeldKind, str]) -> Laid:
    """Cards laid by these combinations, in order."""
    laid = Laid()
    for kind, text in melds:
        laid = laid.lay(Meld(kind, tuple(cards(text))))
    return laid


def labels(meld: Meld) -> list[str]:
    return sorted(c.label for c in meld.cards)

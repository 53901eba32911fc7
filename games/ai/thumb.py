"""Card sense the rules of thumb of every trick game here share.

Cards are bit numbers of ``games.cards`` (suit ``card >> 4``; inside a suit a
lower bit is a stronger card), hands bit sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

from games.cards import SUIT_BITS, SUIT_MASKS

RANK_MASK: Final = 15


class PlaysCards(Protocol):
    """An action that may be a card played: ``cards`` its bit set."""

    @property
    def cards(self) -> int: ...


ActionT = TypeVar("ActionT", bound=PlaysCards)


def suit_ranks(hand: int, suit: int) -> list[int]:
    """Ranks held in a suit, strongest first."""
    part = (hand >> (SUIT_BITS * suit)) & 0xFFFF
    return [r for r in range(16) if part >> r & 1]


def is_master(card: int, unseen: int) -> bool:
    """No unseen card of the suit beats it."""
    return not unseen & SUIT_MASKS[card >> 4] & ((1 << card) - 1)


def cheap(card: int, trump: int) -> int:
    """How cheap a card is to give away: low ranks, side suits before trump."""
    return -(card & RANK_MASK) + (-10 if card >> 4 != trump else 0)


def card_of(action: PlaysCards) -> int:
    """The card (bit number) an action plays."""
    return action.cards.bit_length() - 1


def play_of(legal: Sequence[ActionT], card: int) -> ActionT:
    """The legal action playing ``card``."""
    return next(a for a in legal if a.cards == 1 << card)

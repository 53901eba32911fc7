"""Cards, suits, ranks and sets of cards, with the notation of the hand records.

A card is one bit of an int: bit ``16 * suit + rank``.  Ranks are numbered in
the order the bête family ranks them (K Q J A 10 9 8 7 ...), so inside one suit
a *lower* bit is a *stronger* card for La Bête Hombrée and La Bête; a game with
another order (Bésigue, L'Hombre) maps ranks to strength itself.  There is no
global ordering of cards: ``Card`` deliberately defines no ``<``.

``Card`` objects are interned (one instance per card), so identity comparison,
hashing and pickling are cheap and exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final


class Suit(IntEnum):
    """The four French suits, in the order of the notation's letters."""

    S = 0  # pique
    H = 1  # cœur
    D = 2  # carreau
    C = 3  # trèfle

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        if key in cls.__members__:
            return cls[key]
        for suit, symbol in _SUIT_SYMBOLS.items():
            if text.strip() == symbol:
                return suit
        raise ValueError(f"unknown suit {text!r} (expected S, H, D or C)")

    def __str__(self) -> str:
        return self.name


_SUIT_SYMBOLS: Final = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}


class Rank(IntEnum):
    """Ranks numbered in the bête family's order, strongest first."""

    K = 0
    Q = 1
    J = 2
    A = 3
    TEN = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7
    SIX = 8
    FIVE = 9
    FOUR = 10
    THREE = 11
    TWO = 12

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    @property
    def french(self) -> str:
        """The French face letter (R, D, V for roi, dame, valet)."""
        return _RANK_FRENCH.get(self, self.text)

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        for rank, name in _RANK_TEXT.items():
            if key == name:
                return rank
        raise ValueError(f"unknown rank {text!r} (expected K Q J A 10 9 8 7 6 5 4 3 2)")

    def __str__(self) -> str:
        return self.text


_RANK_TEXT: Final = {
    Rank.K: "K",
    Rank.Q: "Q",
    Rank.J: "J",
    Rank.A: "A",
    Rank.TEN: "10",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
    Rank.SIX: "6",
    Rank.FIVE: "5",
    Rank.FOUR: "4",
    Rank.THREE: "3",
    Rank.TWO: "2",
}
_RANK_FRENCH: Final = {Rank.K: "R", Rank.Q: "D", Rank.J: "V"}

SUIT_BITS: Final = 16
SUIT_MASKS: Final = tuple(0xFFFF << (SUIT_BITS * s) for s in range(4))


class Card:
    """One playing card; ``str(card)`` is its record notation (``KH``, ``10S``)."""

    __slots__ = ("bit", "index", "rank", "suit")
    suit: Suit
    rank: Rank
    index: int  # the bit number
    bit: int  # 1 << index

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return _CARDS[16 * suit + rank]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        card.suit = suit
        card.rank = rank
        card.index = SUIT_BITS * suit + rank
        card.bit = 1 << card.index
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        return _CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``KH``, ``10S``, ``9c`` (rank then suit letter)."""
        s = text.strip()
        card = _BY_TEXT.get(s.upper())
        if card is None:
            raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. KH, 10S)")
        return card

    @property
    def symbol(self) -> str:
        """Display form with the suit symbol, e.g. ``K♥``."""
        return f"{self.rank.text}{self.suit.symbol}"

    def __str__(self) -> str:
        return f"{self.rank.text}{self.suit.name}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))


_CARDS: Final[dict[int, Card]] = {SUIT_BITS * s + r: Card._make(s, r) for s in Suit for r in Rank}
_BY_TEXT: Final = {str(c): c for c in _CARDS.values()}


def card_mask(cards: Iterable[Card]) -> int:
    """The bit set of some cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """Bit numbers of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits_of(mask: int) -> list[int]:
    """Bit numbers of a mask as a list, lowest first (the fast form of ``iter_bits``)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, by suit (S H D C) then strength (K first)."""
    return [_CARDS[i] for i in iter_bits(mask)]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"KH 10S"`` or ``["KH", "10S"]``."""
    words = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(w) for w in words]


def format_cards(mask: int) -> str:
    """Record notation of a mask, space separated."""
    return " ".join(str(c) for c in cards_of(mask))


def deck_mask(ranks: Iterable[Rank], suits: Iterable[Suit] = tuple(Suit)) -> int:
    """All cards of the given ranks in the given suits."""
    rank_list = list(ranks)
    return card_mask(Card(s, r) for s in suits for r in rank_list)


def popcount(mask: int) -> int:
    return mask.bit_count()

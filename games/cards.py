"""Cards, suits, ranks and sets of cards, with the notation of the hand records.

A card is one bit of an int: bit ``64 * copy + 16 * suit + rank``.  Ranks are
numbered in the order the bête family ranks them (K Q J A 10 9 8 7 ...), so
inside one suit a *lower* bit is a *stronger* card for La Bête Hombrée and La
Bête; a game with another order (Bésigue, L'Hombre) maps ranks to strength
itself.  There is no global ordering of cards: ``Card`` deliberately defines
no ``<``.

Jokers (Haitian Bésigue plays with four, one a pack): a joker is a card of rank
``JOKER``, of no suit, written ``JK``; it takes the place of rank 13 in the
first suit's bits of its pack (bit ``64 * copy + 13``), so that it has copies
like any card, and the masks of that suit (``suit_mask``) leave it out.  A
game without jokers never deals one.

Several packs (Bésigue plays with 2 to 4): ``copy`` says from which pack a
card comes, 0 for the first, so a single-pack game only ever sees copy 0 and
its bits and notation are those of one pack (bits 0-63).  Identical cards of
two packs are distinct objects (two bits) of equal suit and rank: which of
them wins a trick is the game's ``beats``, and by the trick core's rule the
first played (``games.tricks``).  In records identical cards share one code
(RULES.md §5, Bésigue: ``QS`` may appear as many times as there are packs),
so ``str(card)`` is the same for every copy; ``card.label`` tells them apart
where that matters (``QS`` for the first pack, ``QS#2`` for the second, up to
``#4``), and ``Card.parse`` reads both.  ``number_copies`` turns the shared
codes of a deal into distinct cards, refusing a card dealt more often than
the game has packs.

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
    JOKER = 13  # Haitian Bésigue's joker: of no suit, written JK (``Card.joker``)

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
        raise ValueError(f"unknown rank {text!r} (expected K Q J A 10 9 8 7 6 5 4 3 2 or JK)")

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
    Rank.JOKER: "JK",
}
SUITED_RANKS: Final[tuple[Rank, ...]] = tuple(r for r in Rank if r is not Rank.JOKER)
_RANK_FRENCH: Final = {Rank.K: "R", Rank.Q: "D", Rank.J: "V"}

SUIT_BITS: Final = 16
PACK_BITS: Final = 64  # the bits of one pack: four suits of 16
MAX_PACKS: Final = 4
JOKER_BIT: Final = int(Rank.JOKER)  # the first pack's joker (in the first suit's bits)
# the first pack's cards of each suit (the joker's bit is of none)
SUIT_MASKS: Final = tuple(0xFFFF << (SUIT_BITS * s) & ~(1 << JOKER_BIT) for s in range(4))
_PACK_MASK: Final = (1 << PACK_BITS) - 1


class Card:
    """One playing card; ``str(card)`` is its record notation (``KH``, ``10S``),
    the same for identical cards of several packs, and ``card.label`` the
    notation that tells copies apart (``KH``, ``KH#2``)."""

    __slots__ = ("bit", "copy", "index", "rank", "suit")
    suit: Suit
    rank: Rank
    copy: int  # the pack it comes from, 0 for the first
    index: int  # the bit number
    bit: int  # 1 << index

    def __new__(cls, suit: Suit, rank: Rank, copy: int = 0) -> Card:
        if rank is Rank.JOKER and suit is not Suit.S:
            raise ValueError("a joker has no suit: Card.joker(copy)")
        try:
            return _CARDS[PACK_BITS * copy + SUIT_BITS * suit + rank]
        except KeyError:
            raise ValueError(f"no pack {copy + 1}: at most {MAX_PACKS} packs") from None

    @classmethod
    def _make(cls, suit: Suit, rank: Rank, copy: int) -> Card:
        card = object.__new__(cls)
        card.suit = suit
        card.rank = rank
        card.copy = copy
        card.index = PACK_BITS * copy + SUIT_BITS * suit + rank
        card.bit = 1 << card.index
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        return _CARDS[index]

    @staticmethod
    def joker(copy: int = 0) -> Card:
        """The joker of pack ``copy`` (``JK``, then ``JK#2``...)."""
        return Card(Suit.S, Rank.JOKER, copy)

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @staticmethod
    def parse(text: str, packs: int = 1) -> Card:
        """Parse ``KH``, ``10S``, ``9c`` (rank then suit letter); with several
        ``packs``, also ``KH#2`` for the second pack's (``KH`` is the first's)."""
        s = text.strip()
        card = _BY_TEXT.get(s.upper())
        if card is None:
            raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. KH, 10S)")
        if card.copy >= packs:
            one = "one pack" if packs == 1 else f"{packs} packs"
            raise ValueError(f"not a card: {text!r} (the game plays with {one})")
        return card

    @property
    def label(self) -> str:
        """The notation that tells identical cards apart: ``KH``, then ``KH#2``..."""
        return f"{self}#{self.copy + 1}" if self.copy else str(self)

    @property
    def face(self) -> Card:
        """The same card of the first pack (itself in a single-pack game)."""
        return _CARDS[self.index % PACK_BITS]

    @property
    def symbol(self) -> str:
        """Display form with the suit symbol, e.g. ``K♥`` (the same for every copy)."""
        if self.rank is Rank.JOKER:
            return "JK"
        return f"{self.rank.text}{self.suit.symbol}"

    def __str__(self) -> str:
        if self.rank is Rank.JOKER:
            return "JK"
        return f"{self.rank.text}{self.suit.name}"

    def __repr__(self) -> str:
        return f"Card.parse({self.label!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))


_CARDS: Final[dict[int, Card]] = {
    PACK_BITS * c + SUIT_BITS * s + r: Card._make(s, r, c)
    for c in range(MAX_PACKS)
    for s in Suit
    for r in Rank
    if r is not Rank.JOKER or s is Suit.S
}
_BY_TEXT: Final = {
    **{c.label: c for c in _CARDS.values()},
    **{f"{c}#1": c for c in _CARDS.values() if c.copy == 0},
}


class PlaysOneCard:
    """The ``card`` of an action that holds the card it plays as a bit set (``cards``):
    the actions of the one-pack games."""

    __slots__ = ()
    cards: int

    @property
    def card(self) -> Card:
        """The card of a ``play`` action."""
        return Card.from_index(self.cards.bit_length() - 1)


def rank_of(index: int) -> int:
    """The rank of a card's bit number, whatever its pack."""
    return index % SUIT_BITS


def suit_of(index: int) -> int:
    """The suit of a card's bit number, whatever its pack."""
    return index % PACK_BITS // SUIT_BITS


def face_of(index: int) -> int:
    """The bit number of the same card in the first pack."""
    return index % PACK_BITS


def suit_mask(suit: Suit | int, packs: int = 1) -> int:
    """Every card of a suit in the first ``packs`` packs."""
    one = SUIT_MASKS[suit]
    return sum(one << (PACK_BITS * c) for c in range(packs))


def faces(mask: int) -> int:
    """A set of cards of several packs folded onto the first: which cards it holds,
    whatever their copies."""
    folded = 0
    while mask:
        folded |= mask & _PACK_MASK
        mask >>= PACK_BITS
    return folded


_COPY_BITS: Final = sum(1 << (PACK_BITS * c) for c in range(MAX_PACKS))


def copies(mask: int, card: Card) -> int:
    """How many copies of ``card`` (of any pack) ``mask`` holds."""
    return ((mask >> face_of(card.index)) & _COPY_BITS).bit_count()


def copies_in(mask: int, card: Card) -> list[Card]:
    """The copies of ``card`` (of any pack) that ``mask`` holds, lowest pack first."""
    face = face_of(card.index)
    return [
        Card.from_index(face + PACK_BITS * c)
        for c in range(MAX_PACKS)
        if mask >> (face + PACK_BITS * c) & 1
    ]


def number_copies(groups: Iterable[Iterable[Card]], packs: int = 1) -> list[list[Card]]:
    """Distinct cards for the cards of a deal written with shared codes.

    ``groups`` are the deal's parts in reading order (hands, then the rest);
    each ``QS`` written takes the first copy of the queen of spades not taken
    yet (a card written with its copy, ``QS#2``, keeps it).  A card written
    more often than there are ``packs`` is a ``ValueError``.
    """
    lists = [list(group) for group in groups]
    taken = 0
    for group in lists:  # the copies written out first
        for card in group:
            if card.copy:
                if card.copy >= packs or taken & card.bit:
                    raise ValueError(_too_many(card, packs))
                taken |= card.bit
    out = []
    for group in lists:
        numbered = []
        for card in group:
            if not card.copy:
                copy = next(
                    (c for c in range(packs) if not taken >> (card.index + PACK_BITS * c) & 1), -1
                )
                if copy < 0:
                    raise ValueError(_too_many(card, packs))
                card = _CARDS[card.index + PACK_BITS * copy]
                taken |= card.bit
            numbered.append(card)
        out.append(numbered)
    return out


def _too_many(card: Card, packs: int) -> str:
    if packs == 1:
        return f"{card.face} is dealt twice (one pack)"
    return f"{card.face} is dealt more than {packs} times ({packs} packs)"


def joker_mask(packs: int = MAX_PACKS) -> int:
    """The jokers of the first ``packs`` packs."""
    return sum(1 << (JOKER_BIT + PACK_BITS * c) for c in range(packs))


def is_joker(index: int) -> bool:
    """Whether a card's bit number is a joker's."""
    return index % PACK_BITS == JOKER_BIT


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
    """The cards of a mask, by suit (S H D C) then strength (K first), identical
    cards of several packs side by side (first pack first)."""
    if mask >> PACK_BITS:
        return sorted((_CARDS[i] for i in iter_bits(mask)), key=_by_face)
    return [_CARDS[i] for i in iter_bits(mask)]


def _by_face(card: Card) -> int:
    return PACK_BITS * face_of(card.index) + card.copy


def parse_cards(text: str | Iterable[str], packs: int = 1) -> list[Card]:
    """Parse ``"KH 10S"`` or ``["KH", "10S"]`` (``KH#2`` too with several ``packs``)."""
    words = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(w, packs) for w in words]


def format_cards(mask: int) -> str:
    """Record notation of a mask, space separated."""
    return " ".join(str(c) for c in cards_of(mask))


def deck_mask(ranks: Iterable[Rank], suits: Iterable[Suit] = tuple(Suit), packs: int = 1) -> int:
    """All cards of the given ranks in the given suits, in ``packs`` packs."""
    rank_list = list(ranks)
    one = card_mask(Card(s, r) for s in suits for r in rank_list)
    return sum(one << (PACK_BITS * c) for c in range(packs))


def popcount(mask: int) -> int:
    return mask.bit_count()

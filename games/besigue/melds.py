"""Bésigue's combinations (RULES.md §4 "Combinations"): what a player may lay.

A combination is laid face up in front of its player; its cards still belong
to his hand and may be played later.  Each laid card remembers the kinds of
combination it has served in (``Laid``), because a card may serve again only
in a combination of **another kind**, never twice in the same kind; with
``reuse=class`` also never in a **lower** kind of the same family (the
families: trump marriage < sequence, bésigue < double bésigue), so no trump
marriage out of a declared sequence's K Q, no bésigue out of a declared
double.  A declared bésigue may be completed into a double in both modes.

The kinds:

- marriage: K and Q of one plain (non-trump) suit; trump marriage: K and Q
  of trump;
- four jacks, queens, kings, aces: *any four cards of the rank*, taken
  literally: any suits, copies of one card allowed (two K♥ and two K♠ are
  four kings);
- bésigue: Q♠ and J♦; double bésigue: two Q♠ and two J♦ (two copies of
  each, whichever packs they come from) laid together;
- sequence: A 10 K Q J of trump.

Decision where RULES.md is silent: a combination may be made entirely of
cards already laid, as long as each card is allowed in that kind (under
``reuse=kind`` this is what makes a trump marriage out of a declared
sequence possible).

Records name a combination by shared codes (``meld marriage KH QH``); which
physical cards those are is ``resolve``'s rule (RULES.md §5): a named card is
taken from the player's laid cards when a copy there may serve in that kind
(the copy that served in the most kinds, then the lowest), otherwise from his
hand (the lowest copy).  ``legal_melds`` lists each distinct record form that
resolves, best first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from itertools import combinations_with_replacement
from typing import Final

from games.besigue.refusals import Refused as R
from games.besigue.rules import Reuse, card_order
from games.cards import Card, Rank, Suit, copies_in, face_of
from games.refusals import IllegalActionError, Refusal


class MeldKind(StrEnum):
    """The combinations, by their record words."""

    MARRIAGE = "marriage"
    TRUMP_MARRIAGE = "trump-marriage"
    JACKS = "jacks"
    QUEENS = "queens"
    KINGS = "kings"
    ACES = "aces"
    BESIGUE = "besigue"
    DOUBLE_BESIGUE = "double-besigue"
    SEQUENCE = "sequence"
    # Haitian Bésigue's own (RULES.md §4.1, ``games.besigue.haiti.melds``)
    QUINTE = "quinte"
    TRUMP_ACES = "trump-aces"
    TRUMP_KINGS = "trump-kings"
    TRUMP_QUEENS = "trump-queens"
    TRUMP_JACKS = "trump-jacks"
    JOKERS = "jokers"

    @property
    def number(self) -> int:
        """The kind's place in ``KINDS`` (the index of its mask in ``Laid.served``)."""
        return _NUMBER[self]

    @property
    def points(self) -> int:
        """What it scores as RULES.md §4 says (Haiti's options may say otherwise)."""
        return POINTS[self]


KINDS: Final = tuple(MeldKind)
CLASSIC_KINDS: Final = KINDS[: KINDS.index(MeldKind.SEQUENCE) + 1]
_NUMBER: Final = {kind: n for n, kind in enumerate(KINDS)}
POINTS: Final = {
    MeldKind.MARRIAGE: 20,
    MeldKind.TRUMP_MARRIAGE: 40,
    MeldKind.JACKS: 40,
    MeldKind.QUEENS: 60,
    MeldKind.KINGS: 80,
    MeldKind.ACES: 100,
    MeldKind.BESIGUE: 40,
    MeldKind.DOUBLE_BESIGUE: 500,
    MeldKind.SEQUENCE: 250,
    MeldKind.QUINTE: 250,
    MeldKind.TRUMP_ACES: 200,
    MeldKind.TRUMP_KINGS: 160,
    MeldKind.TRUMP_QUEENS: 120,
    MeldKind.TRUMP_JACKS: 80,
    MeldKind.JOKERS: 200,
}
FOURS: Final = {
    MeldKind.JACKS: Rank.J,
    MeldKind.QUEENS: Rank.Q,
    MeldKind.KINGS: Rank.K,
    MeldKind.ACES: Rank.A,
}
# under reuse=class a card that served in the key may not serve in the value
HIGHER_TO_LOWER: Final = {
    MeldKind.SEQUENCE: MeldKind.TRUMP_MARRIAGE,
    MeldKind.DOUBLE_BESIGUE: MeldKind.BESIGUE,
}
QUEEN_OF_SPADES: Final = Card(Suit.S, Rank.Q)
JACK_OF_DIAMONDS: Final = Card(Suit.D, Rank.J)
SEQUENCE_RANKS: Final = (Rank.A, Rank.TEN, Rank.K, Rank.Q, Rank.J)
# best first: the order legal_melds lists kinds of equal points in
_ORDER: Final = sorted(CLASSIC_KINDS, key=lambda k: (-POINTS[k], _NUMBER[k]))


@dataclass(frozen=True, slots=True)
class Meld:
    """A combination as laid: its kind, physical cards (copies distinct) and what it
    scored (0 given: the kind's ``POINTS``)."""

    kind: MeldKind
    cards: tuple[Card, ...]
    points: int = 0

    def __post_init__(self) -> None:
        if not self.points:
            object.__setattr__(self, "points", POINTS[self.kind])

    @property
    def mask(self) -> int:
        mask = 0
        for card in self.cards:
            mask |= card.bit
        return mask

    @property
    def faces(self) -> tuple[Card, ...]:
        """The cards by their shared codes, in the record's order."""
        return tuple(sorted((c.face for c in self.cards), key=card_order))

    def __str__(self) -> str:
        return " ".join([self.kind.value, *(str(c) for c in self.faces)])


@dataclass(frozen=True, slots=True)
class Laid:
    """One player's laid cards (a bit set) and, per kind (``MeldKind.number``),
    the cards that have served in it.  Immutable: laying or playing gives a new one."""

    cards: int = 0
    served: tuple[int, ...] = (0,) * len(KINDS)

    def kinds_of(self, card: Card) -> tuple[MeldKind, ...]:
        """The kinds a laid card has served in, in ``KINDS`` order."""
        return tuple(k for k in KINDS if self.served[_NUMBER[k]] & card.bit)

    def lay(self, meld: Meld) -> Laid:
        mask = meld.mask
        served = list(self.served)
        served[_NUMBER[meld.kind]] |= mask
        return Laid(self.cards | mask, tuple(served))

    def without(self, mask: int) -> Laid:
        """These cards taken back (played, or back to the hand in phase 2)."""
        if not self.cards & mask:
            return self
        return Laid(self.cards & ~mask, tuple(s & ~mask for s in self.served))


def barred(kind: MeldKind, laid: Laid, reuse: Reuse) -> int:
    """The laid cards that may not serve in ``kind``: those that served in it, and
    under ``reuse=class`` those that served in a higher kind of its family."""
    out = laid.served[_NUMBER[kind]]
    if reuse is Reuse.CLASS:
        for higher, lower in HIGHER_TO_LOWER.items():
            if lower is kind:
                out |= laid.served[_NUMBER[higher]]
    return out


def marriage_error(kind: MeldKind, faces: Sequence[Card], trump: Suit | None) -> Refusal | None:
    """Why these cards are not a marriage or trump marriage (``kind``) under ``trump``,
    or None; with no trump yet (Haiti), any marriage is the one that fixes it."""
    suits = {c.suit for c in faces}
    if sorted(c.rank for c in faces) != [Rank.K, Rank.Q] or len(suits) != 1:
        return Refusal(R.MELD_SHAPE, f"a {kind.value} is the K and the Q of one suit")
    if trump is None:
        return None
    suit = next(iter(suits))
    if kind is MeldKind.MARRIAGE and suit == trump:
        return Refusal(
            R.MELD_SHAPE,
            f"K and Q of trump ({trump.symbol}) are the trump marriage, not a marriage",
        )
    if kind is MeldKind.TRUMP_MARRIAGE and suit != trump:
        return Refusal(R.MELD_SHAPE, f"a trump marriage is the K and Q of trump ({trump.symbol})")
    return None


def besigue_error(faces: Sequence[Card]) -> Refusal | None:
    """Why these cards are not the bésigue, or None."""
    if sorted(c.index for c in faces) != [QUEEN_OF_SPADES.index, JACK_OF_DIAMONDS.index]:
        return Refusal(R.MELD_SHAPE, "the bésigue is the Q♠ and the J♦")
    return None


def shape_error(kind: MeldKind, faces: Sequence[Card], trump: Suit | int) -> Refusal | None:
    """Why these cards (by code) are not a ``kind`` under ``trump``, or None."""
    if kind not in CLASSIC_KINDS:
        return Refusal(
            R.MELD_UNKNOWN, f"the {kind.value} is a combination of Bésigue as played in Haiti only"
        )
    trump = Suit(trump)
    if kind in (MeldKind.MARRIAGE, MeldKind.TRUMP_MARRIAGE):
        return marriage_error(kind, faces, trump)
    if kind in FOURS:
        rank = FOURS[kind]
        if len(faces) != 4 or any(c.rank != rank for c in faces):
            return Refusal(R.MELD_SHAPE, f"{kind.value} are any four cards of rank {rank.text}")
        return None
    if kind is MeldKind.BESIGUE:
        return besigue_error(faces)
    if kind is MeldKind.DOUBLE_BESIGUE:
        expected = sorted([QUEEN_OF_SPADES.index] * 2 + [JACK_OF_DIAMONDS.index] * 2)
        if sorted(c.index for c in faces) != expected:
            return Refusal(R.MELD_SHAPE, "the double bésigue is two Q♠ and two J♦")
        return None
    wanted = sorted(Card(trump, r).index for r in SEQUENCE_RANKS)
    if sorted(c.index for c in faces) != wanted:
        return Refusal(R.MELD_SHAPE, f"the sequence is A 10 K Q J of trump ({trump.symbol})")
    return None


def _available(face: Card, kind: MeldKind, hand: int, laid: Laid, reuse: Reuse) -> list[Card]:
    """The copies of ``face`` that may serve in ``kind``, in the order ``resolve``
    takes them: laid ones first (most kinds served, then lowest), then the hand's."""
    allowed_laid = laid.cards & ~barred(kind, laid, reuse)
    from_laid = copies_in(allowed_laid, face)
    from_laid.sort(key=lambda c: (-len(laid.kinds_of(c)), c.copy))
    return from_laid + copies_in(hand & ~laid.cards, face)


def resolve(
    kind: MeldKind,
    faces: Sequence[Card],
    hand: int,
    laid: Laid,
    trump: Suit | int,
    reuse: Reuse,
) -> Meld:
    """The physical cards of the record form ``meld KIND C…`` (``faces``, any copy
    written is read as its code) for a player holding ``hand`` (every card of his,
    laid or not) with ``laid``; ``ValueError`` naming the rule when it cannot be."""
    codes = [c.face for c in faces]
    error = shape_error(kind, codes, trump)
    if error:
        raise IllegalActionError(error)
    chosen: list[Card] = []
    for face, count in sorted(Counter(codes).items(), key=lambda p: card_order(p[0])):
        copies = _available(face, kind, hand, laid, reuse)
        if len(copies) < count:
            raise IllegalActionError(_missing(kind, face, count, hand, laid, reuse))
        chosen.extend(copies[:count])
    return Meld(kind, tuple(chosen))


def _missing(
    kind: MeldKind, face: Card, count: int, hand: int, laid: Laid, reuse: Reuse
) -> Refusal:
    held = len(copies_in(hand, face))
    if held < count:
        return not_held(kind, count, str(face), held)
    if reuse is Reuse.CLASS and any(
        lower is kind and copies_in(laid.served[_NUMBER[higher]], face)
        for higher, lower in HIGHER_TO_LOWER.items()
    ):
        return Refusal(
            R.MELD_SERVED, f"{face} has served in a higher combination of the family (reuse=class)"
        )
    return served_once(face, kind)


def not_held(kind: MeldKind, count: int, what: str, held: int) -> Refusal:
    """A combination refused for want of ``count`` of ``what`` (the player holds
    ``held``)."""
    have = "no" if not held else f"only {held}"
    return Refusal(R.MELD_NOT_HELD, f"a {kind.value} needs {count} {what}, the player holds {have}")


def served_once(face: Card, kind: MeldKind) -> Refusal:
    """A card refused for a combination of a kind it has served in already."""
    return Refusal(
        R.MELD_SERVED,
        f"{face} has already served in a {kind.value}: a card serves once in each kind",
    )


def holds(counts: Mapping[int, int], *cards: Card) -> bool:
    """Whether ``counts`` (the copies of each code at hand) hold ``cards``."""
    need = Counter(c.index for c in cards)
    return all(counts.get(i, 0) >= n for i, n in need.items())


def _forms(kind: MeldKind, trump: Suit, counts: dict[int, int]) -> Iterator[tuple[Card, ...]]:
    """Every record form of ``kind`` (codes in ``card_order``) that ``counts`` (the
    copies of each code that may serve in it) allows."""
    have = partial(holds, counts)

    if kind is MeldKind.MARRIAGE:
        for suit in Suit:
            if suit != trump:
                pair = (Card(suit, Rank.K), Card(suit, Rank.Q))
                if have(*pair):
                    yield pair
    elif kind is MeldKind.TRUMP_MARRIAGE:
        pair = (Card(trump, Rank.K), Card(trump, Rank.Q))
        if have(*pair):
            yield pair
    elif kind in FOURS:
        rank = FOURS[kind]
        cards = [Card(s, rank) for s in Suit if counts.get(Card(s, rank).index, 0)]
        for four in combinations_with_replacement(cards, 4):
            if have(*four):
                yield four
    elif kind is MeldKind.BESIGUE:
        if have(QUEEN_OF_SPADES, JACK_OF_DIAMONDS):
            yield (QUEEN_OF_SPADES, JACK_OF_DIAMONDS)
    elif kind is MeldKind.DOUBLE_BESIGUE:
        four = (QUEEN_OF_SPADES, QUEEN_OF_SPADES, JACK_OF_DIAMONDS, JACK_OF_DIAMONDS)
        if have(*four):
            yield four
    else:
        sequence = tuple(Card(trump, r) for r in SEQUENCE_RANKS)
        if have(*sequence):
            yield sequence


def legal_melds(hand: int, laid: Laid, trump: Suit | int, reuse: Reuse) -> list[Meld]:
    """Every combination a player holding ``hand`` (all his cards, laid or not) with
    ``laid`` may lay now: one per distinct record form, resolved as ``resolve``
    does, the most points first (then ``KINDS`` order, then the codes)."""
    trump = Suit(trump)
    out: list[Meld] = []
    for kind in _ORDER:
        counts: dict[int, int] = {}
        usable = (hand & ~laid.cards) | (laid.cards & ~barred(kind, laid, reuse))
        remaining = usable
        while remaining:
            low = remaining & -remaining
            index = low.bit_length() - 1
            face = face_of(index)
            counts[face] = counts.get(face, 0) + 1
            remaining ^= low
        for form in _forms(kind, trump, counts):
            out.append(resolve(kind, form, hand, laid, trump, reuse))
    return out


def best_meld(melds: Sequence[Meld]) -> Meld | None:
    """The combination worth the most (the first listed of equal worth)."""
    return max(melds, key=lambda m: m.points, default=None)

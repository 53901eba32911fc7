"""Actions of La Bête Hombrée, printing and parsing the record words of RULES.md §5.

``pass``, ``bid N``, ``bid N belle``, ``sans-prejudice``, ``retiens``,
``cagnote``, ``tout``, ``discard C C C``, ``declare N SUIT [matadors M]``,
``play C``.  Bids and plays are interned (one object each), so the engine's
hot path never builds an action.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from games.cards import Card, PlaysOneCard, Suit, card_mask, cards_of
from games.numerals import digits
from games.records import action_words, kind_words


class Kind(IntEnum):
    PASS = 0
    BID = 1
    SANS_PREJUDICE = 2
    RETIENS = 3
    CAGNOTE = 4
    TOUT = 5
    DISCARD = 6
    DECLARE = 7
    PLAY = 8


_WORDS: Final = kind_words(Kind)
_BY_WORD: Final = {w: k for k, w in _WORDS.items()}


@dataclass(frozen=True, slots=True)
class Action(PlaysOneCard):
    """One call or card.  Fields not used by a kind stay at their defaults.

    ``cards`` is a bit set: the discarded cards, or the one card played.
    """

    kind: Kind
    level: int = 0
    belle: bool = False
    suit: int = -1
    matadors: int = 0
    cards: int = 0

    def __str__(self) -> str:
        word = _WORDS[self.kind]
        if self.kind is Kind.BID:
            return f"bid {self.level} belle" if self.belle else f"bid {self.level}"
        if self.kind is Kind.DISCARD:
            return f"discard {' '.join(str(c) for c in cards_of(self.cards))}"
        if self.kind is Kind.DECLARE:
            text = f"declare {self.level} {Suit(self.suit).name}"
            return f"{text} matadors {self.matadors}" if self.matadors else text
        if self.kind is Kind.PLAY:
            return f"play {self.card}"
        return word

    @staticmethod
    def parse(text: str) -> Action:
        """Parse one action's words (without the seat number)."""
        words = action_words(text, _BY_WORD)
        kind, rest = words.kind, words.rest
        if kind is Kind.BID:
            written, belle = words.one_and_flag("belle", "write a bid as 'bid N' or 'bid N belle'")
            return bid(_parse_level(written), belle)
        if kind is Kind.DISCARD:
            if not rest:
                raise ValueError("a discard names its cards: 'discard C C C'")
            return Action(Kind.DISCARD, cards=words.card_set())
        if kind is Kind.DECLARE:
            if len(rest) not in (2, 4) or (len(rest) == 4 and rest[2].lower() != "matadors"):
                raise ValueError("write a declaration as 'declare N SUIT [matadors M]'")
            level = _parse_level(rest[0])
            suit = Suit.parse(rest[1])
            matadors = int(rest[3]) if len(rest) == 4 and digits(rest[3]) else 0
            if len(rest) == 4 and not digits(rest[3]):
                raise ValueError(f"matadors must be a number, not {rest[3]!r}")
            return declare(level, suit, matadors)
        if kind is Kind.PLAY:
            return play(Card.parse(words.one("write a card played as 'play C'")))
        words.alone()
        return _SIMPLE[kind]


def _parse_level(text: str) -> int:
    if not digits(text) or not 2 <= int(text) <= 5:
        raise ValueError(f"a level is 2, 3, 4 or 5, not {text!r}")
    return int(text)


PASS: Final = Action(Kind.PASS)
SANS_PREJUDICE: Final = Action(Kind.SANS_PREJUDICE)
RETIENS: Final = Action(Kind.RETIENS)
CAGNOTE: Final = Action(Kind.CAGNOTE)
TOUT: Final = Action(Kind.TOUT)
_SIMPLE: Final = {
    Kind.PASS: PASS,
    Kind.SANS_PREJUDICE: SANS_PREJUDICE,
    Kind.RETIENS: RETIENS,
    Kind.CAGNOTE: CAGNOTE,
    Kind.TOUT: TOUT,
}

# Interned bids by rank (2 * level + belle) and plays by card bit number.
BIDS: Final = {
    2 * lv + b: Action(Kind.BID, level=lv, belle=bool(b)) for lv in range(2, 6) for b in (0, 1)
}
PLAYS: Final = {i: Action(Kind.PLAY, cards=1 << i) for i in range(64) if i % 16 < 13}


def bid(level: int, belle: bool = False) -> Action:
    return BIDS[2 * level + (1 if belle else 0)]


def play(card: Card) -> Action:
    """Playing ``card``; ValueError for a card no pack of this game holds (a joker)."""
    try:
        return PLAYS[card.index]
    except KeyError:
        raise ValueError(f"{card} is not a card of this game") from None


def discard(cards: list[Card]) -> Action:
    return Action(Kind.DISCARD, cards=card_mask(cards))


def declare(level: int, suit: Suit | int, matadors: int = 0) -> Action:
    return Action(Kind.DECLARE, level=level, suit=int(suit), matadors=matadors)

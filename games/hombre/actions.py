"""Actions of L'Hombre in the record words of RULES.md §5 ("L'Hombre records"):
``pass``, ``prendre``, ``sans-prendre``, ``sans-prendre-vole``, ``trump S``,
``discard C…``, ``show``, ``hide``, ``play C [gano|knock]``, ``stop``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from games.cards import Card, PlaysOneCard, Suit, cards_of
from games.records import action_words, kind_words


class Kind(IntEnum):
    PASS = 0
    PRENDRE = 1
    SANS_PRENDRE = 2
    SANS_PRENDRE_VOLE = 3
    TRUMP = 4
    DISCARD = 5
    SHOW = 6
    HIDE = 7
    PLAY = 8
    STOP = 9


class Signal(IntEnum):
    NONE = 0
    GANO = 1  # "let the trick pass"
    KNOCK = 2  # "trump high"


CALLS: Final = (Kind.PASS, Kind.PRENDRE, Kind.SANS_PRENDRE, Kind.SANS_PRENDRE_VOLE)
_WORDS: Final = kind_words(Kind)
_BY_WORD: Final = {w: k for k, w in _WORDS.items()}
_SIGNALS: Final = {"gano": Signal.GANO, "knock": Signal.KNOCK}


@dataclass(frozen=True, slots=True)
class Action(PlaysOneCard):
    """One action; ``cards`` is the card played or the cards discarded (a bit set),
    ``suit`` the trump named."""

    kind: Kind
    cards: int = 0
    suit: int = -1
    signal: Signal = Signal.NONE

    def __str__(self) -> str:
        word = _WORDS[self.kind]
        if self.kind is Kind.TRUMP:
            return f"trump {Suit(self.suit).name}"
        if self.kind is Kind.DISCARD:
            return " ".join([word, *(str(c) for c in cards_of(self.cards))])
        if self.kind is Kind.PLAY:
            text = f"play {self.card}"
            if self.signal is not Signal.NONE:
                text += f" {self.signal.name.lower()}"
            return text
        return word

    @staticmethod
    def parse(text: str) -> Action:
        words = action_words(text, _BY_WORD)
        kind, rest = words.kind, words.rest
        if kind is Kind.TRUMP:
            suit = Suit.parse(words.one("name trump as 'trump S' (S, H, D or C)"))
            return Action(Kind.TRUMP, suit=int(suit))
        if kind is Kind.DISCARD:
            return Action(Kind.DISCARD, words.card_set())
        if kind is Kind.PLAY:
            if len(rest) not in (1, 2):
                raise ValueError("write a card played as 'play C' or 'play C gano|knock'")
            signal = Signal.NONE
            if len(rest) == 2:
                found = _SIGNALS.get(rest[1].lower())
                if found is None:
                    raise ValueError(f"a signal is 'gano' or 'knock', not {rest[1]!r}")
                signal = found
            return Action(Kind.PLAY, Card.parse(rest[0]).bit, signal=signal)
        words.alone()
        return Action(kind)


PASS: Final = Action(Kind.PASS)
PRENDRE: Final = Action(Kind.PRENDRE)
SANS_PRENDRE: Final = Action(Kind.SANS_PRENDRE)
SANS_PRENDRE_VOLE: Final = Action(Kind.SANS_PRENDRE_VOLE)
SHOW: Final = Action(Kind.SHOW)
HIDE: Final = Action(Kind.HIDE)
STOP: Final = Action(Kind.STOP)


def play(card: Card | int, signal: Signal = Signal.NONE) -> Action:
    index = card.index if isinstance(card, Card) else card
    return Action(Kind.PLAY, 1 << index, signal=signal)


def discard(mask: int) -> Action:
    return Action(Kind.DISCARD, mask)


def trump(suit: Suit | int) -> Action:
    return Action(Kind.TRUMP, suit=int(suit))

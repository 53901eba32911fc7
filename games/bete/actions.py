"""Actions of La Bête, in the record words of RULES.md §5:
``pass``, ``play-contract``, ``contre``, ``curieuse``, ``play C``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from games.cards import Card, PlaysOneCard
from games.records import action_words, kind_words


class Kind(IntEnum):
    PASS = 0
    PLAY_CONTRACT = 1  # "je joue"
    CONTRE = 2
    CURIEUSE = 3
    PLAY = 4  # a card


_WORDS: Final = kind_words(Kind)
_BY_WORD: Final = {w: k for k, w in _WORDS.items()}


@dataclass(frozen=True, slots=True)
class Action(PlaysOneCard):
    kind: Kind
    cards: int = 0  # the card played, as a bit

    def __str__(self) -> str:
        if self.kind is Kind.PLAY:
            return f"play {self.card}"
        return _WORDS[self.kind]

    @staticmethod
    def parse(text: str) -> Action:
        words = action_words(text, _BY_WORD)
        if words.kind is Kind.PLAY:
            return play(Card.parse(words.one("write a card played as 'play C'")))
        words.alone()
        return _SIMPLE[words.kind]


PASS: Final = Action(Kind.PASS)
PLAY_CONTRACT: Final = Action(Kind.PLAY_CONTRACT)
CONTRE: Final = Action(Kind.CONTRE)
CURIEUSE: Final = Action(Kind.CURIEUSE)
_SIMPLE: Final = {a.kind: a for a in (PASS, PLAY_CONTRACT, CONTRE, CURIEUSE)}
PLAYS: Final = {i: Action(Kind.PLAY, 1 << i) for i in range(64) if i % 16 < 13}


def play(card: Card) -> Action:
    """Playing ``card``; ValueError for a card no pack of this game holds (a joker)."""
    try:
        return PLAYS[card.index]
    except KeyError:
        raise ValueError(f"{card} is not a card of this game") from None

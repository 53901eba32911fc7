"""Actions of Bésigue in the record words of RULES.md §5 ("Bésigue records"):
``play C``, ``play C laid``, ``meld KIND C…``, ``seven show``, ``seven exchange``
and ``draw``.

Cards are named by their shared codes (identical cards of several packs are
written alike), so an action holds codes (the first pack's cards), and the
deal state finds the physical card: ``play C`` takes the copy in the player's
hand when there is one, else a laid one (the one that served in the most
kinds, then the lowest copy); ``play C laid`` the laid copy although one is in
the hand; ``meld`` as ``games.besigue.melds.resolve`` says.

``draw`` ends the trick winner's declaring at once.  The draws also happen by
themselves when the winner's next ``play`` comes (RULES.md §5), so a record
need not say ``draw``: replay accepts it, the record writer leaves it out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from games.besigue.melds import Meld, MeldKind
from games.besigue.rules import card_order
from games.cards import MAX_PACKS, Card
from games.records import action_words


class Kind(IntEnum):
    PLAY = 0
    MELD = 1
    SEVEN_SHOW = 2
    SEVEN_EXCHANGE = 3
    DRAW = 4


@dataclass(frozen=True, slots=True)
class Action:
    """One action.  ``card`` is the card played (its code); ``cards`` the codes of
    a combination, in ``card_order``; ``laid`` asks for the laid copy of the card."""

    kind: Kind
    card: Card | None = None
    meld: MeldKind | None = None
    cards: tuple[Card, ...] = ()
    laid: bool = False

    def __str__(self) -> str:
        if self.kind is Kind.PLAY:
            return f"play {self.card}" + (" laid" if self.laid else "")
        if self.kind is Kind.MELD:
            assert self.meld is not None
            return " ".join(["meld", self.meld.value, *(str(c) for c in self.cards)])
        return _WORDS[self.kind]

    @staticmethod
    def parse(text: str) -> Action:
        words = action_words(text, _HEADS)
        head, rest = words.kind, words.rest
        if head is Kind.PLAY:
            usage = "write a card played as 'play C' or 'play C laid'"
            card, laid = words.one_and_flag("laid", usage)
            return play(Card.parse(card, MAX_PACKS), laid=laid)
        if head is Kind.MELD:
            if not rest:
                raise ValueError(f"write 'meld KIND C…' (KIND: {', '.join(MeldKind)})")
            try:
                kind = MeldKind(rest[0].lower())
            except ValueError:
                known = ", ".join(MeldKind)
                raise ValueError(f"unknown combination {rest[0]!r} (known: {known})") from None
            cards = [Card.parse(c, MAX_PACKS) for c in rest[1:]]
            if not cards:
                raise ValueError("a combination names its cards: 'meld KIND C…'")
            return meld(kind, cards)
        if head is Kind.SEVEN_SHOW:  # or exchange: the word after says
            if len(rest) != 1 or rest[0].lower() not in ("show", "exchange"):
                raise ValueError("write 'seven show' or 'seven exchange'")
            return SEVEN_SHOW if rest[0].lower() == "show" else SEVEN_EXCHANGE
        words.alone()
        return DRAW


_HEADS: Final = {"play": Kind.PLAY, "meld": Kind.MELD, "seven": Kind.SEVEN_SHOW, "draw": Kind.DRAW}
"""An action's first word: ``seven`` is followed by ``show`` or ``exchange``."""
_WORDS: Final = {
    Kind.SEVEN_SHOW: "seven show",
    Kind.SEVEN_EXCHANGE: "seven exchange",
    Kind.DRAW: "draw",
}
SEVEN_SHOW: Final = Action(Kind.SEVEN_SHOW)
SEVEN_EXCHANGE: Final = Action(Kind.SEVEN_EXCHANGE)
DRAW: Final = Action(Kind.DRAW)


def play(card: Card, laid: bool = False) -> Action:
    """``play C`` (``laid``: ``play C laid``); any copy given is read as its code."""
    return Action(Kind.PLAY, card=card.face, laid=laid)


def meld(kind: MeldKind | str, cards: Iterable[Card]) -> Action:
    """``meld KIND C…``; any copies given are read as their codes."""
    codes = tuple(sorted((c.face for c in cards), key=card_order))
    return Action(Kind.MELD, meld=MeldKind(kind), cards=codes)


def meld_of(combination: Meld) -> Action:
    """The action that lays ``combination`` (in its record form)."""
    return meld(combination.kind, combination.cards)

"""The duty a card refused at a trick breaks, as a value: what a program words.

A game's ``TrickRules.obligation`` says which duty binds a hand when it refuses
one of its cards (``games.tricks``); the refusal carries it, so that the bot says
it in the player's language ("follow ♥ and beat K♥") and the command line in
English (``str``).  The duties are those of the four games' card play (RULES.md
§1.5, §2, §3, §4, §4.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.cards import Card, Suit


class Must(StrEnum):
    """What a hand must play to the trick."""

    ANY = "any"  # nothing binds it (no refusal names it)
    FOLLOW = "follow"  # a card of the suit led
    FOLLOW_BEAT = "follow-beat"  # a card of the suit led beating ``card``
    FOLLOW_NOT_TRUMP = "follow-not-trump"  # L'Hombre: the suit led, its trumps apart
    TRUMP = "trump"  # void in the suit led (None: a joker led): a trump
    OVERTRUMP = "overtrump"  # void: a trump beating ``card``
    UNDERTRUMP = "undertrump"  # void, unable to overtrump ``card``: a lower trump (pisser)
    TRUMP_LED = "trump-led"  # L'Hombre: trump led, a trump other than a matador
    LOWER_MATADOR = "lower-matador"  # L'Hombre: the matador ``card`` led forces a lower one
    NO_JOKER = "no-joker"  # Haitian Bésigue: a joker only when nothing else is held


@dataclass(frozen=True, slots=True)
class Duty:
    """A hand's duty at the trick: what it must play, the suit led (None for a joker
    led or no suit), the card it must beat or that forces it, and the trump."""

    must: Must
    suit: Suit | None = None
    card: Card | None = None
    trump: Suit | None = None

    def __str__(self) -> str:
        suit = self.suit.symbol if self.suit is not None else ""
        return _ENGLISH[self.must].format(
            suit=suit,
            void=f"void in {suit}" if self.suit is not None else "a joker led",
            card=self.card,
            trump=f" ({self.trump.symbol})" if self.trump is not None else "",
        )


# the command line's words for each duty (the bot's are its catalogue's, duty.*)
_ENGLISH: Final = {
    Must.ANY: "any card may be played",
    Must.FOLLOW: "follow suit ({suit})",
    Must.FOLLOW_BEAT: "follow suit ({suit}) and beat {card}",
    Must.FOLLOW_NOT_TRUMP: "follow suit: play a {suit} (the black aces are trumps)",
    Must.TRUMP: "{void}: play a trump{trump}",
    Must.OVERTRUMP: "{void}: overtrump {card}",
    Must.UNDERTRUMP: "{void}, unable to overtrump {card}: play a lower trump (pisser)",
    Must.TRUMP_LED: "trump led: a player holding a trump other than a matador must play a trump",
    Must.LOWER_MATADOR: "matador privilege: {card} led forces a lower matador",
    Must.NO_JOKER: "a joker only when nothing else is held",
}


def suit_or_none(suit: int) -> Suit | None:
    """A suit given as a number (-1: none) as a ``Suit`` or None."""
    return Suit(suit) if suit >= 0 else None

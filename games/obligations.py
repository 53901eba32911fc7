"""Trick obligations that several games share, as ``games.tricks.TrickRules`` objects.

``FollowBeatTrump`` is the bête family's (La Bête Hombrée, La Bête): follow
suit and beat, void then trump and overtrump, and where the game says so a
lower trump when one cannot overtrump (*pisser*).  Both games rank every suit
K > Q > J > A > 10 > 9 (> 8 > 7), the bit order of ``games.cards`` read
upwards: inside one suit a lower bit is a stronger card.  So "the cards that
beat card w" is ``mask & ((1 << w) - 1)`` restricted to w's suit, and the whole
obligation fits in a few integer operations; ``legal_plays`` and ``beats`` are
also the computer players' search loop.  They hold for one pack of cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.cards import SUIT_MASKS, Card, Suit
from games.duties import Duty, Must, suit_or_none

NO_TRUMP: Final = -1


def legal_plays(hand: int, led: int, winner: int, trump: int, must_underruff: bool) -> int:
    """The cards of ``hand`` that may be played to the trick.

    ``led`` is the suit led (-1 when the trick is empty), ``winner`` the bit
    number of the card now winning the trick, ``trump`` the trump suit.

    1. Holding the suit led: play it, and beat the highest card of that suit in
       the trick if able, unless the trick is already trumped (suit led not
       trump), in which case any card of the suit.
    2. Void, holding trump: trump, overtrumping a trump already in the trick if
       able; unable to overtrump, still a lower trump when ``must_underruff``
       (*pisser*), otherwise any card.
    3. Otherwise any card.
    """
    if led < 0:
        return hand
    in_suit = hand & SUIT_MASKS[led]
    winner_suit = winner >> 4
    if in_suit:
        if winner_suit != led:  # trumped: any card of the suit
            return in_suit
        return (in_suit & ((1 << winner) - 1)) or in_suit
    if trump < 0:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if winner_suit == trump:
        over = trumps & ((1 << winner) - 1)
        if over:
            return over
        return trumps if must_underruff else hand
    return trumps


def beats(card: int, winner: int, trump: int) -> bool:
    """Whether card (a bit number) takes the trick from the current winner."""
    card_suit = card >> 4
    winner_suit = winner >> 4
    if card_suit == winner_suit:
        return card < winner
    return card_suit == trump


@dataclass(frozen=True, slots=True)
class FollowBeatTrump:
    """The bête family's obligation under ``trump`` (-1: none named yet)."""

    trump: int
    underruff: bool  # unable to overtrump, a lower trump is still forced (pisser)

    def legal(self, hand: int, lead: int, winner: int) -> int:
        # -1 >> 4 is -1: an empty trick has no suit led
        return legal_plays(hand, lead >> 4, winner, self.trump, self.underruff)

    def beats(self, card: int, winner: int) -> bool:
        return beats(card, winner, self.trump)

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        led = lead >> 4
        if led < 0:
            return Duty(Must.ANY)
        suit, trump, beaten = Suit(led), suit_or_none(self.trump), Card.from_index(winner)
        in_suit = hand & SUIT_MASKS[led]
        if in_suit:
            if winner >> 4 == led and in_suit & ((1 << winner) - 1):
                return Duty(Must.FOLLOW_BEAT, suit, beaten)
            return Duty(Must.FOLLOW, suit)
        if trump is not None and winner >> 4 == self.trump:
            if hand & SUIT_MASKS[self.trump] & ((1 << winner) - 1):
                return Duty(Must.OVERTRUMP, suit, beaten, trump)
            return Duty(Must.UNDERTRUMP, suit, beaten, trump)
        return Duty(Must.TRUMP, suit, trump=trump)

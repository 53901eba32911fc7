"""Trick-taking obligations shared by the bête family (La Bête Hombrée, La Bête).

Both games rank every suit K > Q > J > A > 10 > 9 (> 8 > 7), which is the bit
order of ``games.cards`` read upwards: inside one suit a lower bit is a stronger
card.  So "the cards that beat card w" is ``mask & ((1 << w) - 1)`` restricted
to w's suit, and the whole obligation fits in a few integer operations: this is
the computer players' inner loop.
"""

from __future__ import annotations

from typing import Final

from games.cards import SUIT_MASKS

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

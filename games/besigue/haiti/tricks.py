"""The card play of Haitian Bésigue (RULES.md §4.1): jokers, and a trump that may
not be fixed yet.

- Until the first marriage is laid no suit is trump: the highest card of the
  suit led wins (``trump`` -1).
- A joker led wins the trick unless a trump is played to it; a joker played
  to a trick led with another card never wins.  Of identical cards the first
  played wins (``beats`` is strict, as ``games.tricks`` asks).
- Phase 1 (the stock lasts): any card, jokers included.
- Phase 2 (the stock empty): follow suit and beat the winning card if able;
  void, trump, beating a trump already played if able; else any card.  A
  joker only by a player who holds nothing but jokers; a joker led obliges
  the others to trump if they can (and to beat a trump played after it).
"""

from __future__ import annotations

from typing import Final

from games.besigue.rules import ALL_BITS, STRENGTH, STRONGER, SUITS
from games.cards import Card, Suit, is_joker, joker_mask, rank_of, suit_of
from games.duties import Duty, Must, suit_or_none

JOKERS: Final = joker_mask()
NO_TRUMP: Final = -1
# each suit's cards of every pack, the jokers apart (they lie in the first suit's bits)
PLAIN: Final = tuple(mask & ~JOKERS for mask in SUITS)
JOKER_OF: Final = tuple(is_joker(i) for i in range(ALL_BITS))


class HaitiTricks:
    """Following and taking with jokers, under a trump (or none yet), in one phase
    (``games.tricks.TrickRules``)."""

    __slots__ = ("phase2", "trump", "trump_mask")

    def __init__(self, trump: Suit | int, phase2: bool) -> None:
        self.trump = int(trump)
        self.trump_mask = PLAIN[self.trump] if self.trump >= 0 else 0
        self.phase2 = phase2

    def _suit(self, card: int) -> int:
        return NO_TRUMP if JOKER_OF[card] else suit_of(card)

    def beats(self, card: int, winner: int) -> bool:
        if JOKER_OF[card]:
            return False  # a joker led wins (it is the first card), a joker following never
        suit = suit_of(card)
        if JOKER_OF[winner]:
            return suit == self.trump
        winner_suit = suit_of(winner)
        if suit == winner_suit:
            return STRENGTH[rank_of(card)] > STRENGTH[rank_of(winner)]
        return suit == self.trump

    def legal(self, hand: int, lead: int, winner: int) -> int:
        if not self.phase2:
            return hand
        plain = hand & ~JOKERS
        if not plain:
            return hand  # nothing but jokers
        if lead < 0:
            return plain
        led = self._suit(lead)
        if led >= 0:
            follow = plain & PLAIN[led]
            if follow:
                if not JOKER_OF[winner] and suit_of(winner) == led:
                    return follow & STRONGER[winner] or follow
                return follow
        trumps = plain & self.trump_mask
        if not trumps:
            return plain
        if not JOKER_OF[winner] and suit_of(winner) == self.trump:
            return trumps & STRONGER[winner] or trumps
        return trumps

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        plain = hand & ~JOKERS
        if not self.phase2 or not plain:
            return Duty(Must.ANY)
        if JOKER_OF[card]:  # whatever else binds the hand, a joker waits till it is alone
            return Duty(Must.NO_JOKER)
        if lead < 0:
            return Duty(Must.ANY)
        led = suit_or_none(self._suit(lead))
        trump = suit_or_none(self.trump)
        beaten = None if JOKER_OF[winner] else Card.from_index(winner)
        follow = plain & PLAIN[led] if led is not None else 0
        if led is not None and follow:
            if beaten is not None and suit_of(winner) == led and follow & STRONGER[winner]:
                return Duty(Must.FOLLOW_BEAT, led, beaten)
            return Duty(Must.FOLLOW, led)
        trumps = plain & self.trump_mask
        if trumps:
            if beaten is not None and suit_of(winner) == self.trump and trumps & STRONGER[winner]:
                return Duty(Must.OVERTRUMP, led, beaten, trump)
            return Duty(Must.TRUMP, led, trump=trump)
        return Duty(Must.NO_JOKER)


_BY_KEY: Final = {
    (trump, phase2): HaitiTricks(trump, phase2)
    for trump in (NO_TRUMP, *(int(s) for s in Suit))
    for phase2 in (False, True)
}


def haiti_tricks(trump: Suit | int | None, phase2: bool) -> HaitiTricks:
    """The card play's rules object under ``trump`` (None: not fixed yet), in phase 1
    or 2 (shared)."""
    return _BY_KEY[NO_TRUMP if trump is None else int(trump), phase2]

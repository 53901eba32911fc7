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

    def obligation(self, hand: int, lead: int, winner: int) -> str:
        if not self.phase2:
            return "while the stock lasts any card may be played"
        plain = hand & ~JOKERS
        if not plain:
            return "only jokers left: a joker"
        joker = "a joker only when nothing else is held"
        if lead < 0:
            return f"the leader plays any card ({joker})"
        led = self._suit(lead)
        trump_text = Suit(self.trump).symbol if self.trump >= 0 else ""
        if led >= 0 and plain & PLAIN[led]:
            beat = (
                not JOKER_OF[winner]
                and suit_of(winner) == led
                and plain & PLAIN[led] & STRONGER[winner]
            )
            if beat:
                return f"follow suit ({Suit(led).symbol}) and beat {Card.from_index(winner)}"
            return f"follow suit ({Suit(led).symbol})"
        void = "a joker led" if led < 0 else f"void in {Suit(led).symbol}"
        if plain & self.trump_mask:
            if (
                not JOKER_OF[winner]
                and suit_of(winner) == self.trump
                and plain & self.trump_mask & STRONGER[winner]
            ):
                return f"{void}: overtrump {Card.from_index(winner)}"
            return f"{void}: play a trump ({trump_text})"
        return f"{void}, no trump: any card but a joker"


_BY_KEY: Final = {
    (trump, phase2): HaitiTricks(trump, phase2)
    for trump in (NO_TRUMP, *(int(s) for s in Suit))
    for phase2 in (False, True)
}


def haiti_tricks(trump: Suit | int | None, phase2: bool) -> HaitiTricks:
    """The card play's rules object under ``trump`` (None: not fixed yet), in phase 1
    or 2 (shared)."""
    return _BY_KEY[NO_TRUMP if trump is None else int(trump), phase2]

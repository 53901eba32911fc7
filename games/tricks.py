"""Trick-taking obligations shared by the bête family (La Bête Hombrée, La Bête).

Both games rank every suit K > Q > J > A > 10 > 9 (> 8 > 7), which is the bit
order of ``games.cards`` read upwards: inside one suit a lower bit is a stronger
card.  So "the cards that beat card w" is ``mask & ((1 << w) - 1)`` restricted
to w's suit, and the whole obligation fits in a few integer operations: this is
the computer players' inner loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from games.cards import SUIT_MASKS, Card, Suit

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
class PlayedTrick:
    """A finished trick: who led, the cards in play order, who won it."""

    leader: int
    cards: tuple[tuple[int, Card], ...]  # (seat, card)
    winner: int


def played_mask(trick: Iterable[tuple[int, Card]], tricks_played: Iterable[PlayedTrick]) -> int:
    """Every card on the table or in the tricks taken, as a bit set (what all see)."""
    mask = 0
    for _, card in trick:
        mask |= card.bit
    for played in tricks_played:
        for _, card in played.cards:
            mask |= card.bit
    return mask


class TrickPlay:
    """The card play of a bête-family hand: whose turn, the trick, tricks won.

    Each game's hand state derives from it and adds its own contract and
    settlement; the obligation (``legal_plays``) and the trick's winner
    (``beats``) are decided here once for all of them.
    """

    __slots__ = (
        "hands",
        "history",
        "leader",
        "led",
        "seats",
        "trick",
        "tricks",
        "trump",
        "turn",
        "underruff",
        "winner",
        "winner_seat",
    )
    hands: list[int]
    seats: int
    turn: int
    trump: int
    underruff: bool  # unable to overtrump, a lower trump is still forced (pisser)

    def _start_play(self, leader: int) -> None:
        self.leader = leader
        self.turn = leader
        self.trick: list[tuple[int, int]] = []
        self.led = -1
        self.winner = -1
        self.winner_seat = -1
        self.tricks = [0] * self.seats
        self.history: list[PlayedTrick] = []

    def _copy_play_to(self, other: TrickPlay) -> None:
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.history = list(self.history)

    def _legal_play_mask(self) -> int:
        return legal_plays(self.hands[self.turn], self.led, self.winner, self.trump, self.underruff)

    def _check_play(self, card_bit: int) -> str | None:
        if card_bit & self._legal_play_mask():
            return None
        card = Card.from_index(card_bit.bit_length() - 1)
        if not card_bit & self.hands[self.turn]:
            return f"{card} is not in this hand"
        return f"{card} breaks the obligation: {self._obligation_text()}"

    def _obligation_text(self) -> str:
        led = self.led
        if self.hands[self.turn] & SUIT_MASKS[led]:
            if self.winner >> 4 != led:
                return f"follow suit ({Suit(led).name})"
            return f"follow suit ({Suit(led).name}) and beat {Card.from_index(self.winner)}"
        if self.winner >> 4 == self.trump:
            lower = "or play a lower trump (pisser)" if self.underruff else "if able"
            return f"overtrump {Card.from_index(self.winner)}, {lower}"
        return f"void in {Suit(led).name}: play a trump ({Suit(self.trump).name})"

    def _play_card(self, seat: int, index: int) -> int:
        """Play card ``index`` from ``seat``; the trick's winner if it is complete, else -1."""
        self.hands[seat] &= ~(1 << index)
        trick = self.trick
        trick.append((seat, index))
        if self.led < 0:
            self.led = index >> 4
            self.winner = index
            self.winner_seat = seat
        elif beats(index, self.winner, self.trump):
            self.winner = index
            self.winner_seat = seat
        if len(trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return -1
        winner = self.winner_seat
        self.history.append(
            PlayedTrick(self.leader, tuple((s, Card.from_index(i)) for s, i in trick), winner)
        )
        self.tricks[winner] += 1
        self.trick = []
        self.led = -1
        self.winner = -1
        self.leader = winner
        self.turn = winner
        return winner

    def _trick_cards(self) -> tuple[tuple[int, Card], ...]:
        return tuple((s, Card.from_index(i)) for s, i in self.trick)

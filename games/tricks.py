"""The trick core every trick-taking game plays on: whose turn, the trick, tricks won.

A game differs by a small rules object (``TrickRules``): which cards of a hand
may go to the trick, which card takes it from the one winning it now, and the
duty a refused card breaks (``games.duties``).  The loop itself (``TrickPlay``) is the same
for every game.  Cards are bit numbers of ``games.cards`` and hands bit sets,
because this is also the computer players' inner loop; with several packs,
identical cards are distinct bits and the first played of two equal cards
wins (``TrickRules.beats`` is strict).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Protocol, Self, TypedDict

from games.cards import Card, joker_mask
from games.duties import Duty
from games.refusals import Refusal, Rule


class TrickRules(Protocol):
    """What one game's card play obliges, in context (trump, phase, options).

    ``lead`` is the card led to the trick in progress (-1 when it is empty) and
    ``winner`` the card winning it now (-1 likewise): together they are all the
    context the obligations of the games here need (L'Hombre's matador
    privilege looks at the card led, the bête family's must-beat at the winner).
    """

    def legal(self, hand: int, lead: int, winner: int) -> int:
        """The cards of ``hand`` that may be played to the trick, as a bit set."""
        ...

    def beats(self, card: int, winner: int) -> bool:
        """Whether ``card`` takes the trick from the card winning it now.

        Strictly: a card only equal to the winner (the same card of another
        pack, or an equal rank where suits do not count) does not take it, so
        of two equal cards the first played wins.
        """
        ...

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        """The duty ``hand`` breaks by playing ``card`` (a bit number it holds that
        ``legal`` refuses), for a refusal to say."""
        ...


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


def trick_winner(cards: Iterable[int], rules: TrickRules) -> int:
    """The card that takes a trick (bit numbers in play order), -1 if empty."""
    winner = -1
    for card in cards:
        if winner < 0 or rules.beats(card, winner):
            winner = card
    return winner


class TrickSeen(TypedDict):
    """What a seat's view of any trick game shows of the card play, whatever the
    game: each game's view takes these fields (``TrickPlay.seen_by``)."""

    seat: int
    dealer: int
    turn: int  # -1 once the hand is over: nobody's turn
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    winning: int  # the seat winning the trick in progress, -1 before its first card
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]  # by seat
    duty: Duty | None  # what keeps some of the seat's own cards from the trick (private)


class TrickPlay:
    """The card play of a hand: whose turn, the trick, tricks won, under ``trick_rules``.

    Each game's hand state derives from it and adds its own calls, contract
    and settlement; what a hand may play and who takes a trick are the rules
    object's, and what happens when a trick is complete is the game's
    ``_after_trick``.
    """

    __slots__ = (
        "dealer",
        "hands",
        "history",
        "initial_hands",
        "lead",
        "leader",
        "seats",
        "trick",
        "trick_rules",
        "tricks",
        "turn",
        "winner",
        "winner_seat",
    )
    dealer: int
    hands: list[int]
    initial_hands: tuple[int, ...]  # as dealt, for the record
    seats: int
    turn: int
    trick_rules: TrickRules
    phase: IntEnum  # the game's phase of the deal
    done: ClassVar[IntEnum]  # the phase of a deal that is over

    @property
    def first(self) -> int:
        """First hand, on the dealer's right."""
        return (self.dealer + 1) % self.seats

    @property
    def is_over(self) -> bool:
        return self.phase is self.done

    def _deal(self, dealer: int, hands: Sequence[int]) -> None:
        """Take the hands ``dealer`` dealt (bit sets by seat): the seats, the hands
        to play from and the hands as dealt."""
        self.seats = len(hands)
        self.dealer = dealer
        self.hands = list(hands)
        self.initial_hands = tuple(hands)

    def _start_play(self, leader: int) -> None:
        self.leader = leader
        self.turn = leader
        self.trick: list[tuple[int, int]] = []
        self.lead = -1  # the card led to the trick in progress
        self.winner = -1  # the card winning it now
        self.winner_seat = -1
        self.tricks = [0] * self.seats
        self.history: list[PlayedTrick] = []

    def _copy_play_to(self, other: TrickPlay) -> None:
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.history = list(self.history)

    def _copied(self, slots: Iterable[str], lists: Iterable[str]) -> Self:
        """A copy of this state for a game whose state keeps its fields in ``slots``:
        the play's lists and the game's own ``lists`` copied, every other field shared
        (the rest is immutable, or replaced rather than changed)."""
        other = object.__new__(type(self))
        for name in slots:
            setattr(other, name, getattr(self, name))
        self._copy_play_to(other)
        for name in lists:
            setattr(other, name, list(getattr(self, name)))
        return other

    def _legal_play_mask(self) -> int:
        return self.trick_rules.legal(self.hands[self.turn], self.lead, self.winner)

    def _check_play(self, card_bit: int) -> Refusal | None:
        if card_bit & self._legal_play_mask():
            return None
        card = Card.from_index(card_bit.bit_length() - 1)
        hand = self.hands[self.turn]
        if not card_bit & hand:
            return Refusal(Rule.NOT_HELD, f"{card} is not in this hand")
        index = card_bit.bit_length() - 1
        duty = self.trick_rules.obligation(hand, self.lead, self.winner, index)
        return Refusal(Rule.OBLIGATION, f"{card} breaks the obligation: {duty}", duty)

    def _play_card(self, seat: int, index: int) -> int:
        """Play card ``index`` from ``seat``; the trick's winner if it is complete, else -1."""
        self.hands[seat] &= ~(1 << index)
        trick = self.trick
        trick.append((seat, index))
        if self.lead < 0:
            self.lead = index
            self.winner = index
            self.winner_seat = seat
        elif self.trick_rules.beats(index, self.winner):
            self.winner = index
            self.winner_seat = seat
        if len(trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return -1
        winner = self.winner_seat
        played = PlayedTrick(self.leader, tuple((s, Card.from_index(i)) for s, i in trick), winner)
        self.history.append(played)
        self.tricks[winner] += 1
        self.trick = []
        self.lead = -1
        self.winner = -1
        self.leader = winner
        self.turn = winner
        self._after_trick(played)
        return winner

    def _after_trick(self, played: PlayedTrick) -> None:
        """What the game does between two tricks (Bésigue's combinations and draw)."""

    def _winning_seat(self) -> int:
        """The seat whose card wins the trick in progress now (-1: no card yet)."""
        return self.winner_seat if self.trick else -1

    def _trick_cards(self) -> tuple[tuple[int, Card], ...]:
        return tuple((s, Card.from_index(i)) for s, i in self.trick)

    def seen_by(self, seat: int) -> TrickSeen:
        """The card play as ``seat``'s view shows it (every seat sees the same)."""
        return TrickSeen(
            seat=seat,
            dealer=self.dealer,
            turn=-1 if self.is_over else self.turn,
            trick=self._trick_cards(),
            winning=self._winning_seat(),
            tricks_played=tuple(self.history),
            tricks_won=tuple(self.tricks),
            duty=self.duty_of(seat),
        )

    def duty_of(self, seat: int) -> Duty | None:
        """The duty that keeps some of ``seat``'s cards from the trick now: None unless
        it is to play a card and may not play them all.  It says something of the hand
        (a void, a trump held): only the seat's own view carries it."""
        if self.is_over or seat != self.turn or not hasattr(self, "trick"):
            return None  # not to play, or the play not begun
        hand = self.hands[seat]
        refused = hand & ~self._legal_play_mask()
        if not refused:
            return None
        plain = refused & ~joker_mask()  # a joker waits for the rest: name the rest's duty
        card = (plain or refused).bit_length() - 1
        return self.trick_rules.obligation(hand, self.lead, self.winner, card)

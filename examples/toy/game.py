"""The toy game's rules and one deal: the smallest trick-taking game on the core.

Two players, the K Q J of the four suits (12 cards), three cards each.  The
non-dealer leads; any card may be played (no obligation); the highest rank
takes the trick (K > Q > J, suits do not matter) and of two equal ranks the
first played.  After three tricks the player who took fewer pays the other
the difference, one jeton a trick.

It lives only in the tests, to prove that a game is a package: it names no
other game and nothing outside this package names it, beside the one line
that imports it.  Its shape follows La Bête's (``games.bete``) so that the
bot may host it the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Final

from games.cards import Card, Rank, bits_of, rank_of
from games.dealing import Deck
from games.duties import Duty, Must
from games.money import Transfer, net_of
from games.options import options_from_dict, options_to_dict
from games.refusals import IllegalActionError, Refusal, Rule, turn_refusal
from games.tricks import PlayedTrick, TrickPlay, played_mask

GAME: Final = "toy"
SEATS: Final = 2
HAND_SIZE: Final = 3
TRICKS: Final = 3
DECK: Final = Deck((Rank.K, Rank.Q, Rank.J))  # one pack, every suit
MAX_DEALS: Final = 99


@dataclass(frozen=True, slots=True)
class Rules:
    """The toy game's one option: how many deals a session lasts."""

    deals: int = 3

    def __post_init__(self) -> None:
        deals = self.deals
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise ValueError(f"option deals takes a whole number 1-{MAX_DEALS}, not {deals!r}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        return options_from_dict(cls, data)

    def to_dict(self, only_changed: bool = True) -> dict[str, Any]:
        return options_to_dict(self, only_changed)


class Kind(IntEnum):
    PLAY = 0  # a card: the game's only action


@dataclass(frozen=True, slots=True)
class Action:
    kind: Kind
    cards: int = 0  # the card played, as a bit

    @property
    def card(self) -> Card:
        return Card.from_index(self.cards.bit_length() - 1)

    def __str__(self) -> str:
        return f"play {self.card}"

    @staticmethod
    def parse(text: str) -> Action:
        """``play KS``; nothing else is a toy game action."""
        words = text.split()
        if not words:
            raise ValueError("empty action")
        if words[0].lower() != "play":
            raise ValueError(f"unknown action {words[0]!r} (known: play)")
        if len(words) != 2:
            raise ValueError("write a card played as 'play C'")
        return play(Card.parse(words[1]))


def play(card: Card) -> Action:
    return Action(Kind.PLAY, card.bit)


class Phase(IntEnum):
    PLAY = 0
    DONE = 1


def strength(card: int) -> int:
    """K 0, Q 1, J 2: lower is stronger, whatever the suit."""
    return rank_of(card)


@dataclass(frozen=True, slots=True)
class HighCard:
    """The toy game's ``games.tricks.TrickRules``: no obligation, highest rank wins,
    the first played of two equal ranks."""

    def legal(self, hand: int, lead: int, winner: int) -> int:
        return hand

    def beats(self, card: int, winner: int) -> bool:
        return strength(card) < strength(winner)

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        return Duty(Must.ANY)


HIGH_CARD: Final = HighCard()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished deal: the loser (fewer tricks) pays the difference to the winner."""

    tricks: tuple[int, ...]
    winner: int
    amount: int
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    pot_delta: int  # always 0: the toy game has no pot


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may see of a deal."""

    rules: Rules
    seat: int
    seats: int
    dealer: int
    phase: Phase
    turn: int  # -1 when the deal is over
    hand: int
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    winning: int  # the seat whose card wins the trick in progress now (-1: no card yet)
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    duty: Duty | None  # never set: the toy game binds no card
    legal: tuple[Action, ...]  # this seat's legal actions (empty if not its turn)
    outcome: Outcome | None

    def visible_cards(self) -> int:
        """Every card this view shows: own hand and the cards played."""
        return self.hand | played_mask(self.trick, self.tricks_played)


class DealState(TrickPlay):
    """The full state of one deal.  Mutable: ``apply`` advances it, ``copy`` forks it."""

    __slots__ = ("actions", "outcome", "phase", "rules", "talon")
    done = Phase.DONE  # the phase of a deal that is over (``is_over``)
    phase: Phase

    def __init__(
        self, rules: Rules, dealer: int, hands: Sequence[int], talon: Sequence[int]
    ) -> None:
        """A deal just dealt: ``hands`` bit sets by seat, ``talon`` the six cards
        left (bit numbers, in the shuffled order; they play no part)."""
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer must be a seat 0-{SEATS - 1}, not {dealer}")
        if len(hands) != SEATS:
            raise ValueError(f"the toy game deals {SEATS} hands, not {len(hands)}")
        DECK.validate(hands, talon, HAND_SIZE, "talon")
        self.rules = rules
        self._deal(dealer, hands)
        self.talon = tuple(talon)
        self.trick_rules = HIGH_CARD
        self.actions: list[tuple[int, Action]] = []
        self.outcome: Outcome | None = None
        self.phase = Phase.PLAY
        self._start_play(self.first)  # the non-dealer leads

    @property
    def net_so_far(self) -> tuple[int, ...]:
        """Each seat's net payment in this deal so far (``bot.game.MoneyState``): no
        ante, nothing before the settlement."""
        return (0,) * SEATS if self.outcome is None else self.outcome.net

    def copy(self) -> DealState:
        return self._copied((*TrickPlay.__slots__, *DealState.__slots__), ("actions",))

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None:
        the rules every game has (``games.refusals.Rule``), the toy having none of its own."""
        refused = turn_refusal(self, seat)
        if refused is not None:
            return refused
        if action.kind is not Kind.PLAY or action.cards.bit_count() != 1:
            return Refusal(Rule.PLAY_EXPECTED, "play one card: 'play C'")
        return self._check_play(action.cards)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.DONE:
            return []
        return [Action(Kind.PLAY, 1 << i) for i in bits_of(self._legal_play_mask())]

    def apply(self, action: Action, seat: int | None = None) -> None:
        reason = self.check(action, seat)
        if reason is not None:
            raise IllegalActionError(reason)
        turn = self.turn
        self.actions.append((turn, action))
        self._play_card(turn, action.cards.bit_length() - 1)
        if len(self.history) == TRICKS:
            self._settle()

    def _settle(self) -> None:
        first, second = self.tricks
        winner = 0 if first > second else 1
        loser = 1 - winner
        amount = abs(first - second)
        transfers = (Transfer(loser, winner, amount, "tricks"),)
        net, pot_delta = net_of(transfers, SEATS)
        self.outcome = Outcome(tuple(self.tricks), winner, amount, transfers, net, pot_delta)
        self.phase = Phase.DONE
        self.turn = -1

    def view(self, seat: int) -> DealView:
        return DealView(
            **self.seen_by(seat),  # the card play, as every trick game shows it
            rules=self.rules,
            seats=SEATS,
            phase=self.phase,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            legal=tuple(self.legal_actions()) if seat == self.turn else (),
            outcome=self.outcome,
        )

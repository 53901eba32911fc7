"""A session of La Bête Hombrée: hand after hand at one table of four.

The session owns what outlives a hand: the dealer's turn, the belle, the
register of bêtes, the pot (sous of pinandèles) and each player's balance.
Chance is explicit: the first dealer and belle come from *tirer le roi* on a
seeded shuffle, and each deal from its own seed or from given hands, so that
every hand can be written as a record and replayed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games import dealing
from games.bete_hombree.rules import PinandeleRule, Rules
from games.bete_hombree.state import (
    FULL_DECK,
    SEATS,
    EntryInPlay,
    HandState,
    Outcome,
    deck_for,
)
from games.cards import Card, Rank, Suit, cards_of, iter_bits
from games.dealing import DealPattern
from games.register import Crossing, Entry, Register


@dataclass(frozen=True, slots=True)
class KingDraw:
    """*Tirer le roi*: one card burned, then one card turned per seat until a king."""

    burned: Card
    turned: tuple[tuple[int, Card], ...]  # (seat, card); the last is the king

    @property
    def dealer(self) -> int:
        return self.turned[-1][0]

    @property
    def belle(self) -> Suit:
        return self.turned[-1][1].suit


def tirer_le_roi(rng: random.Random, start_seat: int = 0) -> KingDraw:
    """Draw the first dealer and the first belle from a shuffled 24-card deck."""
    deck = cards_of(FULL_DECK)
    rng.shuffle(deck)
    burned, rest = deck[0], deck[1:]
    turned = []
    for i, card in enumerate(rest):
        turned.append(((start_seat + i) % SEATS, card))
        if card.rank is Rank.K:
            break
    return KingDraw(burned, tuple(turned))


_DECK_ORDER: Final = {int(s): tuple(iter_bits(deck_for(s))) for s in Suit}


def shuffled_deal(
    rng: random.Random, dealer: int, belle: Suit | int, pattern: DealPattern
) -> tuple[list[int], list[int]]:
    """Shuffle the 23 cards of this belle and deal 5 to each seat, 3 to the cagnot."""
    return dealing.shuffled_deal(rng, _DECK_ORDER[int(belle)], SEATS, dealer, pattern)


def pinandele_contradiction(rules: Rules, entry: Entry | None, pot: int) -> str | None:
    """Why a hand cannot be dealt with ``entry`` in play and ``pot`` in the pot, or None.

    A pinandèle in play is paid from the pot to a declarer who makes his
    contract: a pot that cannot pay it means a register and a pot that do
    not go together (a record written by hand, say), which would be
    replayed into a negative pot.  With ``pinandele=with_next_bete`` the
    whole pot already goes with the next bête won, so nothing is left in it
    for a pinandèle of the register.
    """
    if entry is None or entry.owner is not None:
        return None
    if rules.pinandele is PinandeleRule.WITH_NEXT_BETE:
        return (
            f"the pinandèle in play ({entry.amount}) is paid from the pot, but with"
            f" pinandele=with_next_bete the pot ({pot}) goes with the next bête"
            " and pinandèles are not in the register"
        )
    if pot < entry.amount:
        return (
            f"the pinandèle in play ({entry.amount}) is paid from the pot, which holds only {pot}"
        )
    return None


@dataclass(frozen=True, slots=True)
class SettledHand:
    """What settling a hand changed, in player identities rather than seats."""

    hand_no: int
    outcome: Outcome
    net: dict[str, int]
    crossed: Crossing | None
    new_entry: Entry | None
    belle_before: Suit
    belle_after: Suit
    pot_after: int

    @property
    def crossings(self) -> tuple[Crossing, ...]:
        """The entries crossed out (as La Bête's settlement, which may cross several)."""
        return () if self.crossed is None else (self.crossed,)

    @property
    def new_entries(self) -> tuple[Entry, ...]:
        return () if self.new_entry is None else (self.new_entry,)


class Session:
    """Hand after hand at one table; ``players`` are identities in seat order."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: int,
        belle: Suit | int,
        rules: Rules | None = None,
        register: Register | None = None,
        pot: int = 0,
        first_dealer: int | None = None,
    ) -> None:
        if len(players) != SEATS or len(set(players)) != SEATS:
            raise ValueError("La Bête Hombrée is played by 4 different players")
        self.players = tuple(players)
        self.rules = rules or Rules()
        self.register = register if register is not None else Register()
        self.pot = pot
        self.dealer = dealer
        self.first_dealer = dealer if first_dealer is None else first_dealer
        self.belle = Suit(belle)
        self.balances = dict.fromkeys(self.players, 0)
        self.hand_no = 0
        self.draw: KingDraw | None = None  # how the session's first dealer and belle were drawn
        self.stop_requested = False
        self.deals_left = 0  # of the tour des gueux, once stop is requested
        self._in_hand = False  # a hand is dealt and not settled yet
        self._entry: Entry | None = None
        self._register_before: list[Entry] = []
        self._pot_before = 0

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        seed: int,
        rules: Rules | None = None,
        register: Register | None = None,
        pot: int = 0,
    ) -> tuple[Session, KingDraw]:
        """A new session: tirer le roi decides the first dealer and belle."""
        draw = tirer_le_roi(random.Random(seed))
        session = cls(
            players, dealer=draw.dealer, belle=draw.belle, rules=rules, register=register, pot=pot
        )
        session.draw = draw
        return session, draw

    # ---- the register at this table ------------------------------------------

    def entry_in_play(self) -> Entry | None:
        return self.register.in_play(self.players, self.rules.bete_order)

    def contradiction(self) -> str | None:
        """Why the next hand cannot be dealt as things stand, or None
        (``pinandele_contradiction`` of the entry in play)."""
        return pinandele_contradiction(self.rules, self.entry_in_play(), self.pot)

    def seat_of(self, player: str) -> int:
        return self.players.index(player)

    # ---- dealing -------------------------------------------------------------

    def deal(self, seed: int) -> HandState:
        """Shuffle with ``seed`` and deal the next hand."""
        hands, cagnot = shuffled_deal(
            random.Random(seed), self.dealer, self.belle, self.rules.deal_pattern
        )
        return self.deal_hands(hands, cagnot)

    def deal_hands(self, hands: Sequence[int], cagnot: Sequence[int]) -> HandState:
        """Deal given hands (bit sets by seat) and cagnot (bit numbers, in order)."""
        entry = self.entry_in_play()
        self._entry = entry
        self._in_hand = True
        self._register_before = list(self.register.entries)
        self._pot_before = self.pot
        in_play = None
        if entry is not None:
            owner = None if entry.owner is None else self.seat_of(entry.owner)
            in_play = EntryInPlay(owner, entry.amount)
        return HandState(self.rules, self.dealer, self.belle, hands, cagnot, in_play, self.pot)

    @property
    def register_before(self) -> list[Entry]:
        """The register as it was when the current hand was dealt."""
        return list(self._register_before)

    @property
    def pot_before(self) -> int:
        return self._pot_before

    # ---- settling ------------------------------------------------------------

    def settle(self, state: HandState) -> SettledHand:
        """Apply a finished hand: payments, register, pot, belle, next dealer."""
        outcome = state.outcome
        if outcome is None:
            raise ValueError("the hand is not over")
        self.hand_no += 1
        self._in_hand = False
        net: dict[str, int] = {}
        for seat, amount in enumerate(outcome.net):
            player = self.players[seat]
            self.balances[player] += amount
            net[player] = amount
        self.pot += outcome.pot_delta
        crossed = None
        contract = outcome.contract
        if outcome.crossed is not None and self._entry is not None and contract is not None:
            paid = 0 if outcome.crossed.owner == contract.declarer else outcome.crossed.amount
            crossed = self.register.cross_out(self._entry.id, self.players[contract.declarer], paid)
        new_entry = None
        if outcome.new_entry is not None:
            owner = outcome.new_entry.owner
            new_entry = self.register.append(
                None if owner is None else self.players[owner], outcome.new_entry.amount
            )
        belle_before = self.belle
        if outcome.belle_after != self.belle:
            self.belle = outcome.belle_after
        self.dealer = (self.dealer + 1) % SEATS
        if self.stop_requested:
            self.deals_left -= 1
        return SettledHand(
            self.hand_no, outcome, net, crossed, new_entry, belle_before, self.belle, self.pot
        )

    # ---- the end of a session ------------------------------------------------

    def request_stop(self) -> None:
        """Start the tour des gueux.

        The round in progress is played out; then the session's first dealer deals
        once more, but not twice ("encore un tour"), and the deals end with the seat
        on his left; then, while an entry is still in play at this table, they go on
        until it is paid.  ``deals_left`` counts the hand in progress: asked while
        the first dealer's own hand is played, that hand was dealt before, so his
        deal once more comes a round later.
        """
        if self.stop_requested:
            return
        self.stop_requested = True
        to_first = (self.first_dealer - self.dealer) % SEATS  # the round's deals left
        if to_first == 0 and self._in_hand:  # his hand in progress ends no round
            to_first = SEATS
        self.deals_left = to_first + SEATS

    @property
    def finished(self) -> bool:
        return self.stop_requested and self.deals_left <= 0 and self.entry_in_play() is None

"""A session of the toy game: ``rules.deals`` deals, the dealer alternating.

As La Bête's session (``games.bete.session``): the session owns what outlives
a deal (the dealer's turn and each player's balance), deals from a seed or
from given hands, and settles a finished deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from examples.toy.game import DECK, HAND_SIZE, SEATS, DealState, Outcome, Rules
from games.register import Crossing, Entry


def shuffled_deal(rng: random.Random, dealer: int) -> tuple[list[int], list[int]]:
    """Shuffle the 12 cards and deal them one at a time from the non-dealer,
    three each; the rest (bit numbers, in order) is the talon."""
    order = list(DECK.order())
    rng.shuffle(order)
    hands = [0] * SEATS
    for n, index in enumerate(order[: SEATS * HAND_SIZE]):
        hands[(dealer + 1 + n) % SEATS] |= 1 << index
    return hands, order[SEATS * HAND_SIZE :]


@dataclass(frozen=True, slots=True)
class SettledDeal:
    deal_no: int
    outcome: Outcome
    net: dict[str, int]  # by player
    crossings: tuple[Crossing, ...] = ()  # the toy game has no register
    new_entries: tuple[Entry, ...] = ()


class Session:
    """Deal after deal; ``players`` are identities in seat order."""

    def __init__(self, players: Sequence[str], *, dealer: int, rules: Rules | None = None) -> None:
        if len(players) != SEATS or len(set(players)) != SEATS:
            raise ValueError(f"the toy game is played by {SEATS} different players")
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer must be a seat 0-{SEATS - 1}, not {dealer}")
        self.players = tuple(players)
        self.rules = rules or Rules()
        self.dealer = dealer
        self.balances = dict.fromkeys(self.players, 0)
        self.deal_no = 0  # deals settled
        self.stop_requested = False

    @classmethod
    def start(cls, players: Sequence[str], seed: int, rules: Rules | None = None) -> Session:
        """A new session; chance (the seed) picks the first dealer."""
        dealer = random.Random(seed).randrange(SEATS)
        return cls(players, dealer=dealer, rules=rules)

    @property
    def seats(self) -> int:
        return SEATS

    def deal(self, seed: int) -> DealState:
        """Shuffle with ``seed`` and deal the next deal."""
        hands, talon = shuffled_deal(random.Random(seed), self.dealer)
        return self.deal_hands(hands, talon)

    def contradiction(self) -> str | None:
        """What of a record this session cannot agree with: nothing (the toy has no pot
        that a record could ask more of than it holds)."""
        return None

    def deal_hands(self, hands: Sequence[int], talon: Sequence[int]) -> DealState:
        """Deal given hands (bit sets by seat) and talon (bit numbers, in order)."""
        return DealState(self.rules, self.dealer, hands, talon)

    def settle(self, state: DealState) -> SettledDeal:
        """Apply a finished deal: balances, and the deal passes to the other player."""
        outcome = state.outcome
        if outcome is None:
            raise ValueError("the deal is not over")
        self.deal_no += 1
        net = {}
        for seat, amount in enumerate(outcome.net):
            self.balances[self.players[seat]] += amount
            net[self.players[seat]] = amount
        self.dealer = (self.dealer + 1) % SEATS
        return SettledDeal(self.deal_no, outcome, net)

    # ---- the end of a session ------------------------------------------------

    def request_stop(self) -> None:
        """End sooner than ``rules.deals``, once both have dealt as often."""
        self.stop_requested = True

    @property
    def _last_deal(self) -> int:
        if self.stop_requested:
            return min(self.rules.deals, self.deal_no + self.deal_no % SEATS)
        return self.rules.deals

    @property
    def deals_left(self) -> int:
        """Deals still to settle before the session ends (the one in progress included)."""
        return max(0, self._last_deal - self.deal_no)

    @property
    def finished(self) -> bool:
        return self.deals_left == 0

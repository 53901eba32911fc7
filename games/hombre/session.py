"""An L'Hombre session (RULES.md §3 "End"): deals in turn, the poule and the
bêtes carried from deal to deal, the count of poules won by a hombre, and
*jouer les coups* once the agreed number is reached."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.hombre.pool import Pool
from games.hombre.rules import DECK, HAND_SIZE, SEATS, Rules
from games.hombre.settle import CODILLE, REMISE, VOLE, WIN, Outcome
from games.hombre.state import DealState

PACKET: Final = 3
COUPS: Final = 3 * SEATS  # jouer les coups: three more deals each


def deal_order(order: Sequence[int], dealer: int) -> tuple[list[int], list[int]]:
    """Hands (bit sets) and the talon (top first) of a deck order, dealt by threes
    from the dealer's right."""
    hands = [0] * SEATS
    n = 0
    for _ in range(HAND_SIZE // PACKET):
        for step in range(1, SEATS + 1):
            seat = (dealer + step) % SEATS
            for index in order[n : n + PACKET]:
                hands[seat] |= 1 << index
            n += PACKET
    return hands, list(order[n:])


@dataclass(frozen=True, slots=True)
class SettledDeal:
    dealer: int
    outcome: Outcome


class Session:
    """Deals of one table: who deals, the table's money, what is counted."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: int = 0,
        rules: Rules | None = None,
        pool: Pool | None = None,
        poules: int = 0,
        jouer_les_coups: bool = False,
        seed: int = 0,
    ) -> None:
        """``poules``: the poules won by a hombre that end the session (0: no end)."""
        if len(players) != SEATS:
            raise ValueError(f"L'Hombre has {SEATS} players, not {len(players)}")
        if not 0 <= dealer < SEATS:
            raise ValueError(f"the dealer is a seat 0-{SEATS - 1}, not {dealer}")
        self.players = tuple(players)
        self.dealer = dealer
        self.rules = rules or Rules()
        self.pool = pool or Pool()
        self.before = self.pool  # the table's money before the deal in progress
        self.poules = poules
        self.jouer_les_coups = jouer_les_coups
        self.rng = random.Random(seed)
        self.settled: list[SettledDeal] = []
        self.poules_won = 0
        self.counts = {WIN: 0, CODILLE: 0, REMISE: 0, VOLE: 0}
        self.coups_from = -1  # the deal index where jouer les coups began
        self.bete_during_coups = False

    @classmethod
    def start(
        cls, players: Sequence[str], seed: int, rules: Rules | None = None, **kwargs: Any
    ) -> Session:
        rng = random.Random(seed)
        dealer = rng.randrange(SEATS)
        return cls(players, dealer=dealer, rules=rules, seed=rng.getrandbits(64), **kwargs)

    def deal(self, seed: int | None = None) -> DealState:
        """Shuffle (from ``seed``, else the session's generator) and deal."""
        rng = random.Random(seed) if seed is not None else self.rng
        order = list(DECK.order())
        rng.shuffle(order)
        hands, talon = deal_order(order, self.dealer)
        return self.deal_hands(hands, talon)

    def deal_hands(self, hands: Sequence[int], talon: Sequence[int]) -> DealState:
        self.before = self.pool
        return DealState(self.rules, self.dealer, hands, talon, self.pool)

    def settle(self, state: DealState) -> SettledDeal:
        """Carry a finished deal's money over and pass the deal."""
        if state.outcome is None:
            raise ValueError("the deal is not over")
        outcome = state.outcome
        settled = SettledDeal(state.dealer, outcome)
        self.settled.append(settled)
        self.pool = outcome.pool
        self.dealer = (self.dealer + 1) % SEATS
        if outcome.result in self.counts:
            self.counts[outcome.result] += 1
        if outcome.result in (WIN, VOLE):
            self.poules_won += 1
        if self.coups_from >= 0 and outcome.new_bete is not None:
            self.bete_during_coups = True
        if self.poules and self.coups_from < 0 and self.poules_won >= self.poules:
            self.coups_from = len(self.settled)
        return settled

    @property
    def finished(self) -> bool:
        """The agreed poules are won (and, with jouer les coups, the coups played)."""
        if not self.poules or self.coups_from < 0:
            return False
        if not self.jouer_les_coups:
            return True
        return self.bete_during_coups or len(self.settled) - self.coups_from >= COUPS

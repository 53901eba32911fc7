"""An L'Hombre session (RULES.md §3 "End"): deals in turn, the poule and the
bêtes carried from deal to deal, the count of poules won by a hombre, and
*jouer les coups* once the agreed number is reached."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from games.hombre.pool import Bete, Pool
from games.hombre.rules import DECK, HAND_SIZE, SEATS, Rules
from games.hombre.settle import CODILLE, REMISE, VOLE, WIN, Outcome
from games.hombre.state import DealState
from games.register import Crossing, Entry, Register

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
    """A settled deal, in player identities for the table: each one's net payment,
    the waiting bêtes crossed out (the one that entered, those a vole collected)
    and the bête made."""

    dealer: int
    outcome: Outcome
    net: dict[str, int] = field(default_factory=dict)
    crossings: tuple[Crossing, ...] = ()
    new_entries: tuple[Entry, ...] = ()


class Session:
    """Deals of one table: who deals, the table's money, what is counted.

    The waiting bêtes are a ``Register`` of player identities (it outlives
    tables, as the other games' registers do); a deal plays with those of the
    players seated here (``Pool.register``, by seat), oldest first.
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: int = 0,
        rules: Rules | None = None,
        pool: Pool | None = None,
        register: Register | None = None,
        poules: int | None = None,
        jouer_les_coups: bool | None = None,
        seed: int = 0,
    ) -> None:
        """``pool`` holds the poule, the bête in play, the waiting bêtes (by seat) and the
        next ante; or give the waiting bêtes as a ``register`` of identities.
        ``poules``: the poules won by a hombre that end the session (0: no end; by
        default the rules' option, as is ``jouer_les_coups``)."""
        if len(players) != SEATS or len(set(players)) != SEATS:
            raise ValueError(f"L'Hombre has {SEATS} different players, not {list(players)}")
        if not 0 <= dealer < SEATS:
            raise ValueError(f"the dealer is a seat 0-{SEATS - 1}, not {dealer}")
        self.players = tuple(players)
        self.dealer = dealer
        self.rules = rules or Rules()
        pool = pool or Pool()
        if register is not None and pool.register:
            raise ValueError("the waiting bêtes come in the pool or in the register, not both")
        if register is None:
            register = Register.of((self.players[b.owner], b.amount) for b in pool.register)
        self.register = register
        self.pool = replace(pool, register=self._betes(self.waiting()))
        self.before = self.pool  # the table's money before the deal in progress
        self.poules = self.rules.poules if poules is None else poules
        self.jouer_les_coups = (
            self.rules.jouer_les_coups if jouer_les_coups is None else jouer_les_coups
        )
        self.rng = random.Random(seed)
        self.settled: list[SettledDeal] = []
        self.poules_won = 0
        self.counts = {WIN: 0, CODILLE: 0, REMISE: 0, VOLE: 0}
        self.coups_from = -1  # the deal index where jouer les coups began
        self.bete_during_coups = False
        self.balances = dict.fromkeys(self.players, 0)
        self.stop_requested = False
        self.in_deal = False
        self.codille = False  # the last deal ended in codille: 3 each into the next poule
        self._dealt: list[Entry] = []  # the waiting entries of the deal in progress, in order

    @classmethod
    def start(
        cls, players: Sequence[str], seed: int, rules: Rules | None = None, **kwargs: Any
    ) -> Session:
        rng = random.Random(seed)
        dealer = rng.randrange(SEATS)
        return cls(players, dealer=dealer, rules=rules, seed=rng.getrandbits(64), **kwargs)

    # ---- the table's money -------------------------------------------------------

    def waiting(self) -> list[Entry]:
        """The waiting bêtes of the players seated here, oldest first."""
        return [e for e in self.register.entries if e.owner in self.players]

    def _betes(self, entries: Sequence[Entry]) -> tuple[Bete, ...]:
        return tuple(Bete(self.players.index(e.owner or ""), e.amount) for e in entries)

    def set_money(self, register: Register, poule: int, bete_in_play: int, codille: bool) -> None:
        """The table's money as a server keeps it between tables: the ante of the next
        deal follows from it (RULES.md §3 "Money"): none while a poule stands, else 2
        each when a bête enters, 3 after a codille or when none enters.  A bête in
        play larger than the poule is a ``ValueError``."""
        self.register = register
        self.codille = codille
        pool = Pool(poule, bete_in_play or None, self._betes(self.waiting()), 0)
        antes = pool.antes  # the lowest, but 3 after a codille (RULES.md §3)
        self.pool = replace(pool, ante=antes[-1] if codille else antes[0])

    # ---- deals ---------------------------------------------------------------------

    def deal(self, seed: int | None = None) -> DealState:
        """Shuffle (from ``seed``, else the session's generator) and deal."""
        rng = random.Random(seed) if seed is not None else self.rng
        order = list(DECK.order())
        rng.shuffle(order)
        hands, talon = deal_order(order, self.dealer)
        return self.deal_hands(hands, talon)

    def deal_hands(self, hands: Sequence[int], talon: Sequence[int]) -> DealState:
        self._dealt = self.waiting()
        self.pool = replace(self.pool, register=self._betes(self._dealt))
        self.before = self.pool
        state = DealState(self.rules, self.dealer, hands, talon, self.pool)
        self.in_deal = True
        return state

    def settle(self, state: DealState) -> SettledDeal:
        """Carry a finished deal's money over and pass the deal."""
        if state.outcome is None:
            raise ValueError("the deal is not over")
        outcome = state.outcome
        net = {}
        for seat, amount in enumerate(outcome.net):
            self.balances[self.players[seat]] += amount
            net[self.players[seat]] = amount
        crossings = self._cross_out(state, outcome)
        new_entries: tuple[Entry, ...] = ()
        if outcome.new_bete is not None:
            bete = outcome.new_bete
            new_entries = (self.register.append(self.players[bete.owner], bete.amount),)
        settled = SettledDeal(state.dealer, outcome, net, crossings, new_entries)
        a_coup = 0 <= self.coups_from <= len(self.settled)
        self.settled.append(settled)
        self.pool = replace(outcome.pool, register=self._betes(self.waiting()))
        self.codille = outcome.result == CODILLE
        self.dealer = (self.dealer + 1) % SEATS
        self.in_deal = False
        if outcome.result in self.counts:
            self.counts[outcome.result] += 1
        if outcome.result in (WIN, VOLE):
            self.poules_won += 1
        if a_coup and outcome.new_bete is not None:
            self.bete_during_coups = True
        if self.poules and self.coups_from < 0 and self.poules_won >= self.poules:
            self.coups_from = len(self.settled)
        return settled

    def _cross_out(self, state: DealState, outcome: Outcome) -> tuple[Crossing, ...]:
        """The entries a deal paid: the one that entered the poule (paid in by its owner),
        and every other waiting one when a vole collected them (made: by the hombre;
        failed: shared by the defenders)."""
        remaining = list(self._dealt)
        crossed = []
        if state.entered >= 0:
            entry = remaining.pop(state.entered)
            crossed.append(self.register.cross_out(entry.id, None, entry.amount))
        kept = len(outcome.pool.register) - (outcome.new_bete is not None)
        if remaining and kept == 0:
            by = self.players[state.hombre] if outcome.result == VOLE else None
            for entry in remaining:
                paid = 0 if entry.owner == by else entry.amount
                crossed.append(self.register.cross_out(entry.id, by, paid))
        return tuple(crossed)

    # ---- the end of a session ------------------------------------------------------

    def request_stop(self) -> None:
        """Stop once the deal in progress is played; the poule and the bêtes carry over.
        A session that plays *jouer les coups* plays them first (RULES.md §3, End): three
        more deals each after the one in progress, or until the first bête."""
        self.stop_requested = True
        if self.jouer_les_coups and self.coups_from < 0:
            self.coups_from = len(self.settled) + (1 if self.in_deal else 0)

    @property
    def playing_coups(self) -> bool:
        return self.jouer_les_coups and self.coups_from >= 0

    @property
    def deals_left(self) -> int:
        """Deals still to settle before the end: the one in progress, and the coups."""
        in_progress = 1 if self.in_deal else 0
        if self.playing_coups and not self.bete_during_coups:
            return max(self.coups_from + COUPS - len(self.settled), in_progress)
        return in_progress

    @property
    def finished(self) -> bool:
        """Stopped, or the agreed poules are won; with jouer les coups, once the coups are
        played (or a bête made during them)."""
        if self.in_deal:
            return False
        if self.playing_coups:
            return self.bete_during_coups or len(self.settled) - self.coups_from >= COUPS
        if self.stop_requested:
            return True
        return bool(self.poules) and self.coups_from >= 0

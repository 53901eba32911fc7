"""A whole deal of L'Hombre judged before its cards are played, for the calls, the
trump and the exchanges: the exchanges still to come, then the play.

On a deal drawn with the talon's order, the exchanges are made (the seat's
candidate discard, the other players' by the rules of thumb, ``model_discard``)
and the hands are played out by the solver's greedy double-dummy playout
(``solver.playout``; a search of every deal does not fit the time of a call:
a full deal takes tens of milliseconds to solve exactly).  The playout's trick
counts are read as the chances of each result (``ODDS``): how often the deal
was won, tied or lost in real play, with the strong player's card play against
the rules of thumb's, by the playout's margin (the hombre's tricks less the
best defender's), for the strong player as hombre and as a defender.  A seat's
worth of the deal is then its payoffs (``value.Payoffs``, the duel's unit:
jetons, the poule's change shared, bêtes as debts) weighed by those chances,
with the matadors the hombre holds after the exchange.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.hombre.rules import HAND_SIZE, SEATS, TRICKS, defenders_of, trick_rules
from games.hombre.state import DealView, Mode

from .heuristic import DEFENDER_MOST, weak_discard
from .solver import Goal, HombrePosition, HombreSolver, SearchTimeout, playout
from .value import Payoffs

RESULTS: Final = ("win", "remise", "codille")
VOLE_SEARCH: Final = 0.01  # seconds the solver may take to check a vole
VOLE_TIME: Final = 0.05  # and to check every vole of one decision
LOWEST_MARGIN: Final = -3
# (win, remise, codille) by the playout's margin, from -3 (or less) to +2 (or more),
# for the seat as hombre or defender, en prenant or sans prendre: the deal as the
# playout plays it against real play (see the module docstring): a first table measured
# on 400 deals, updated with the strong player's own results against the rules of
# thumb on 150 more (each bucket's counts plus 10 deals' worth of the first table)
ODDS: Final = {
    ("hombre", False): (
        (0.07, 0.08, 0.85),
        (0.1, 0.35, 0.55),
        (0.36, 0.12, 0.52),
        (0.39, 0.39, 0.22),
        (0.88, 0.05, 0.07),
        (0.96, 0.02, 0.02),
    ),
    ("hombre", True): (
        (0.02, 0.02, 0.96),
        (0.02, 0.08, 0.9),
        (0.05, 0.32, 0.63),
        (0.31, 0.54, 0.15),
        (0.84, 0.14, 0.02),
        (0.98, 0.02, 0.0),
    ),
    ("defender", False): (
        (0.01, 0.0, 0.99),
        (0.07, 0.14, 0.79),
        (0.19, 0.14, 0.67),
        (0.33, 0.51, 0.16),
        (0.8, 0.09, 0.11),
        (0.96, 0.03, 0.01),
    ),
    ("defender", True): (
        (0.0, 0.03, 0.97),
        (0.0, 0.05, 0.95),
        (0.02, 0.3, 0.68),
        (0.1, 0.5, 0.4),
        (0.65, 0.15, 0.2),
        (0.98, 0.01, 0.01),
    ),
}


@dataclass(frozen=True, slots=True)
class Contract:
    """Who plays and how: first hand, the hombre, his mode and trump."""

    first: int
    hombre: int
    mode: Mode
    trump: int

    def exchangers(self) -> tuple[int, ...]:
        """The seats that exchange, in order: the hombre en prenant, then his
        defender on the right, then the other."""
        own = (self.hombre,) if self.mode.takes else ()
        return (*own, *defenders_of(self.hombre))


def exchange_range(contract: Contract, seat: int, talon_left: int, capped: bool) -> tuple[int, int]:
    """(least, most) ``seat`` discards; ``capped``: the rules of thumb's cap for a
    defender."""
    most = min(HAND_SIZE, talon_left)
    least = 1 if seat == contract.hombre and contract.mode.takes else 0
    if capped and seat != contract.hombre:
        most = min(most, DEFENDER_MOST)
    return min(least, most), most


def model_discard(contract: Contract, seat: int, hand: int, talon_left: int) -> int:
    """How another player is taken to exchange: the rules of thumb's discard."""
    return weak_discard(hand, contract.trump, *exchange_range(contract, seat, talon_left, True))


def after_exchanges(
    contract: Contract,
    hands: Sequence[int],
    talon: Sequence[int],
    chosen: Mapping[int, int],
    done: int = 0,
) -> list[int]:
    """The hands once the exchanges still to come are made: ``chosen`` discards by
    seat, the others' by ``model_discard``; ``talon`` the cards left, in drawing
    order; ``done`` exchangers already past."""
    hands = list(hands)
    pos = 0
    for seat in contract.exchangers()[done:]:
        cards = chosen.get(seat)
        if cards is None:
            cards = model_discard(contract, seat, hands[seat], len(talon) - pos)
        n = min(cards.bit_count(), len(talon) - pos)
        drawn = 0
        for card in talon[pos : pos + n]:
            drawn |= 1 << card
        pos += n
        hands[seat] = hands[seat] & ~cards | drawn
    return hands


def vole_made(contract: Contract, hands: Sequence[int], seconds: float) -> bool:
    """Whether the hombre takes every trick of a deal his playout takes every
    trick of, solved double-dummy.  A search longer than ``seconds`` leaves the
    playout's word: a failing vole is refuted quickly (one trick for the
    defenders), a made one takes the whole proof."""
    position = HombrePosition.of(
        list(hands), contract.first, [], [0] * SEATS, contract.hombre, contract.trump
    )
    deadline = time.perf_counter() + seconds
    try:
        return HombreSolver.of(contract.hombre, Goal.ALL, contract.trump, deadline).solve(position)
    except SearchTimeout:
        return True


class Judge:
    """One seat's worth of whole deals, its payoffs per contract kept for a decision."""

    def __init__(self, view: DealView, exact: bool = False) -> None:
        """``exact``: every vole checked by the solver to the end, however long it
        takes (the teacher's evaluation, which must not depend on the machine's speed)."""
        self.exact = exact
        self.pool = view.pool
        self.seat = view.seat
        self.first = (view.dealer + 1) % SEATS
        self._payoffs: dict[tuple[int, Mode], Payoffs] = {}
        self._worth: dict[tuple[int, Mode, int, int], float] = {}
        self._vole_time = VOLE_TIME  # seconds left to check voles with the solver
        self.voles_made = 0  # deals judged whose announced vole is made

    def contract(self, hombre: int, mode: Mode, trump: int) -> Contract:
        return Contract(self.first, hombre, mode, trump)

    def payoffs(self, hombre: int, mode: Mode) -> Payoffs:
        key = (hombre, mode)
        found = self._payoffs.get(key)
        if found is None:
            found = Payoffs(self.pool, self.first, hombre, mode, self.seat)
            self._payoffs[key] = found
        return found

    def worth(self, contract: Contract, hands: Sequence[int]) -> float:
        """The seat's worth of the deal once exchanged (``hands``), by a playout;
        an announced vole is made only if the playout takes every trick and the
        solver confirms it, while the decision's ``VOLE_TIME`` lasts (the
        defenders see each other's hands: double dummy is exact there)."""
        rules = trick_rules(contract.trump)
        h = contract.hombre
        counts = playout(rules, list(hands), contract.first, [0] * SEATS, h)
        matadors = rules.matador_run(hands[h])
        margin = counts[h] - max(counts[d] for d in defenders_of(h))
        if contract.mode is Mode.SANS_PRENDRE_VOLE:
            payoffs = self.payoffs(h, contract.mode)
            if counts[h] == TRICKS and self.vole_made(contract, hands):
                self.voles_made += 1
                return payoffs.value("vole", matadors)
            # failed: the hombre's bonuses if he still has more tricks than each
            # defender, by the playout's margin read as in a sans-prendre
            ahead = self.chances(contract, margin)[0]
            failed, lost = payoffs.value("vole-failed", matadors), payoffs.value("vole-lost")
            return ahead * failed + (1 - ahead) * lost
        return self.of_margin(contract, margin, matadors)

    def vole_made(self, contract: Contract, hands: Sequence[int]) -> bool:
        """``vole_made`` while the decision's ``VOLE_TIME`` lasts, then the playout's word."""
        if self.exact:
            return vole_made(contract, hands, math.inf)
        if self._vole_time <= 0:
            return True
        start = time.perf_counter()
        made = vole_made(contract, hands, min(VOLE_SEARCH, self._vole_time))
        self._vole_time -= time.perf_counter() - start
        return made

    def chances(self, contract: Contract, margin: int) -> tuple[float, float, float]:
        """The chances of (win, remise, codille) of a playout's ``margin``, ``ODDS``."""
        index = min(max(margin, LOWEST_MARGIN), LOWEST_MARGIN + len(ODDS["hombre", False]) - 1)
        role = "hombre" if contract.hombre == self.seat else "defender"
        return ODDS[role, contract.mode.sans_prendre][index - LOWEST_MARGIN]

    def of_margin(self, contract: Contract, margin: int, matadors: int) -> float:
        """The seat's worth of a playout's margin: its payoffs weighed by ``ODDS``."""
        index = min(max(margin, LOWEST_MARGIN), LOWEST_MARGIN + len(ODDS["hombre", False]) - 1)
        key = (contract.hombre, contract.mode, matadors, index)
        found = self._worth.get(key)
        if found is None:
            payoffs = self.payoffs(contract.hombre, contract.mode)
            chances = self.chances(contract, margin)
            found = sum(
                p * payoffs.value(r, matadors) for r, p in zip(RESULTS, chances, strict=True)
            )
            self._worth[key] = found
        return found


__all__ = [
    "ODDS",
    "Contract",
    "Judge",
    "after_exchanges",
    "exchange_range",
    "model_discard",
    "vole_made",
]

"""What a deal of L'Hombre is worth to a seat, in jetons: the one measure its
players maximise and the duel scores.

Money in the poule is nobody's yet but will be somebody's: every seat is taken
to own a third of whatever the poule holds, and a bête is a debt its owner
will pay into a poule.  So a seat's worth of a deal is its net payment, plus
its share of the poule's change, plus the bête made valued as a debt (owner:
``-2/3`` of it, each other seat ``+1/3``), minus the same for every waiting
bête paid off (the one entering the poule, those a vole collects).  Over the
seats the worths sum to zero.

The players value the results a deal may still have (win, remise, codille,
vole made or failed) by the engine's own settlement (``settle``) of a finished
deal with those trick counts: the money rules are written once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from games.hombre.pool import Pool
from games.hombre.rules import SEATS
from games.hombre.settle import FinishedDeal, Outcome, ante_transfers, settle
from games.hombre.state import DealState, Mode

# the trick counts standing for each result (hombre first, then the defenders in
# play order); a codille is valued half to each defender, as the team sees it
WIN: Final = (5, 2, 2)
REMISE: Final = (3, 3, 3)
CODILLES: Final = ((3, 4, 2), (3, 2, 4))
VOLE: Final = (9, 0, 0)
VOLE_FAILED: Final = ((8, 1, 0), (8, 0, 1))


def debt(amount: int, owner: int, seat: int) -> float:
    """What a bête of ``amount`` owed by ``owner`` is worth to ``seat``."""
    return -amount * (1 - 1 / SEATS) if owner == seat else amount / SEATS


def outcome_score(outcome: Outcome, seat: int) -> float:
    """The worth to ``seat`` of a settled deal (see the module docstring)."""
    score = outcome.net[seat] + outcome.pot_delta / SEATS
    if outcome.new_bete is not None:
        score += debt(outcome.new_bete.amount, outcome.new_bete.owner, seat)
    for t in outcome.transfers:
        if t.reason == "bete" and t.payer is not None:  # a waiting bête paid off
            score -= debt(t.amount, t.payer, seat)
    return score


def deal_score(state: DealState, seat: int) -> float:
    """The worth to ``seat`` of a finished deal."""
    if state.outcome is None:
        raise ValueError("the deal is not over")
    return outcome_score(state.outcome, seat)


@dataclass(slots=True)
class Payoffs:
    """A seat's worth of each result of one deal: the pool, who is hombre and
    how he plays are known; the matadors the hombre holds are given per result."""

    pool: Pool
    first: int
    hombre: int
    mode: Mode
    seat: int
    _cache: dict[tuple[str, int], float] = field(default_factory=dict)

    def _mean(self, counts: tuple[tuple[int, int, int], ...], vole: bool, matadors: int) -> float:
        total = 0.0
        for hombre_tricks, d1, d2 in counts:
            tricks = [0] * SEATS
            tricks[self.hombre] = hombre_tricks
            tricks[(self.hombre + 1) % SEATS] = d1
            tricks[(self.hombre + 2) % SEATS] = d2
            deal = FinishedDeal(
                self.first,
                self.hombre,
                matadors,
                vole,
                self.pool.entering,
                self.pool,
                tricks,
                ante_transfers(self.pool),
                self.mode,
            )
            total += outcome_score(settle(deal), self.seat)
        return total / len(counts)

    def value(self, result: str, matadors: int = 0) -> float:
        """The seat's worth of ``result`` ("win", "remise", "codille", "vole",
        "vole-failed" with the hombre still ahead of each defender, "vole-lost"
        without) with the hombre holding a run of ``matadors``."""
        key = (result, matadors)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        table = {
            "win": ((WIN,), False),
            "remise": ((REMISE,), False),
            "codille": (CODILLES, False),
            "vole": ((VOLE,), True),
            "vole-failed": (VOLE_FAILED, True),
            "vole-lost": (CODILLES, True),
        }
        counts, vole = table[result]
        value = self._mean(counts, vole, matadors)
        self._cache[key] = value
        return value

    def of_play(self, win: bool, safe: bool, matadors: int = 0) -> float:
        """The worth of a play's result: a win, else a remise if no codille."""
        if win:
            return self.value("win", matadors)
        return self.value("remise" if safe else "codille", matadors)

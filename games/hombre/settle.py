"""The money of an L'Hombre deal (RULES.md §3 "Money" and its decisions):
antes and the entering bête at the start, then the outcome's payments.

Every movement is a ``Transfer`` between a seat and the poule (``POT``) or
between two seats, so each deal's net payments and the poule's change sum to
zero; a waiting bête collected at a vole is paid by its owner to the poule
and taken from it with the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from games.hombre.pool import ALL_PASS, BETE_ANTE, FIRST_ANTE, SANS_PRENDRE_BONUS, Bete, Pool
from games.hombre.rules import SEATS, TRICKS, defenders_of
from games.money import POT, Transfer, net_of


class HombreMode(Protocol):
    """How the hombre plays, as the settlement reads it (``games.hombre.state.Mode``)."""

    @property
    def sans_prendre(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    """What the settlement reads of a finished deal: a played one's
    (``games.hombre.state.DealState.finished``), or one the computer players
    imagine with other trick counts (``games.hombre.ai.value``)."""

    first: int
    hombre: int
    matadors: int
    vole: bool
    entered: int
    pool: Pool
    tricks: Sequence[int]
    transfers: Sequence[Transfer]  # the antes and whatever else the deal paid so far
    mode: HombreMode | None

    def defenders(self) -> tuple[int, int]:
        return defenders_of(self.hombre)


WIN: Final = "win"
REMISE: Final = "remise"
CODILLE: Final = "codille"
VOLE: Final = "vole"
VOLE_FAILED: Final = "vole-failed"
ALL_PASSED: Final = "all-pass"
SHARED: Final = "poule-shared"  # a transfer's reason: the defenders' share, not a poule won


@dataclass(frozen=True, slots=True)
class Outcome:
    """A settled deal: its result word, the deal's transfers (antes included),
    each seat's net payment, the poule's change and the table's money after."""

    result: str
    hombre: int  # -1 at an all-pass
    tricks: tuple[int, ...]
    codille_to: int | None  # the defender who took the poule at a codille (None: shared)
    bonus: int  # the bonus paid by (or to) each defender: sans-prendre and matadors
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    pot_delta: int
    pool: Pool  # after the deal
    new_bete: Bete | None

    @property
    def poule_taken(self) -> bool:
        return self.result in (WIN, CODILLE, VOLE, VOLE_FAILED)


def ante_transfers(pool: Pool) -> list[Transfer]:
    """The start of a deal: the entering bête paid in by its owner, then the antes."""
    out = []
    entering = pool.entering
    if entering >= 0:
        bete = pool.register[entering]
        out.append(Transfer(bete.owner, POT, bete.amount, "bete"))
    if pool.ante:
        out.extend(Transfer(s, POT, pool.ante, "ante") for s in range(SEATS))
    return out


def _start(deal: FinishedDeal) -> tuple[int, int | None, list[Bete]]:
    """The poule, the bête in play and the waiting bêtes once the antes are in."""
    pool = deal.pool
    register = list(pool.register)
    bete_in_play = pool.bete_in_play
    poule = pool.poule + SEATS * pool.ante
    if deal.entered >= 0:
        bete = register.pop(deal.entered)
        bete_in_play = bete.amount
        poule += bete.amount
    return poule, bete_in_play, register


def _finish(
    deal: FinishedDeal,
    result: str,
    transfers: list[Transfer],
    pool: Pool,
    codille_to: int | None = None,
    bonus: int = 0,
    new_bete: Bete | None = None,
) -> Outcome:
    net, pot_delta = net_of(transfers, SEATS)
    return Outcome(
        result=result,
        hombre=deal.hombre,
        tricks=tuple(deal.tricks),
        codille_to=codille_to,
        bonus=bonus,
        transfers=tuple(transfers),
        net=net,
        pot_delta=pot_delta,
        pool=pool,
        new_bete=new_bete,
    )


def settle_all_pass(deal: FinishedDeal) -> Outcome:
    """Everyone passed: each adds 2 to the poule, and the next deal adds no ante."""
    poule, bete_in_play, register = _start(deal)
    transfers = list(deal.transfers)
    transfers.extend(Transfer(s, POT, ALL_PASS, "all-pass") for s in range(SEATS))
    pool = Pool(poule + SEATS * ALL_PASS, bete_in_play, tuple(register), 0)
    return _finish(deal, ALL_PASSED, transfers, pool)


def _share(amount: int, first: int, second: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """``amount`` split between two seats, the odd jeton to ``first``."""
    half = amount // 2
    return (first, amount - half), (second, half)


def _after_poule(register: Sequence[Bete], codille: bool = False) -> Pool:
    """The table once a poule is taken: a bête will enter if one waits."""
    ante = FIRST_ANTE if codille or not register else BETE_ANTE
    return Pool(0, None, tuple(register), ante)


def settle(deal: FinishedDeal) -> Outcome:
    """The deal's result and payments once the hombre stopped or 9 tricks are played."""
    assert deal.mode is not None
    poule, bete_in_play, register = _start(deal)
    transfers = list(deal.transfers)
    h = deal.hombre
    defenders = deal.defenders()
    tricks = deal.tricks
    best = max(tricks[d] for d in defenders)
    leads = tricks[h] > best
    bonus = SANS_PRENDRE_BONUS if deal.mode.sans_prendre else 0
    if deal.matadors >= 3:
        bonus += 2 * deal.matadors

    def bonuses(to_hombre: bool) -> None:
        if bonus:
            for d in defenders:
                payer, payee = (d, h) if to_hombre else (h, d)
                transfers.append(Transfer(payer, payee, bonus, "bonus"))

    if deal.vole:
        if tricks[h] == TRICKS:
            betes = (bete_in_play is not None) + len(register)
            transfers.append(Transfer(POT, h, poule, "poule"))
            if betes <= 1:  # twice the poule: the defenders pay as much again
                right, other = defenders
                for seat, amount in _share(poule, right, other):
                    transfers.append(Transfer(seat, h, amount, "vole"))
            else:
                for bete in register:
                    if bete.owner != h:
                        transfers.append(Transfer(bete.owner, h, bete.amount, "bete"))
                register = []
            bonuses(True)
            return _finish(deal, VOLE, transfers, _after_poule(register), bonus=bonus)
        for bete in register:  # every bête goes to the defenders
            transfers.append(Transfer(bete.owner, POT, bete.amount, "bete"))
        total = poule + sum(b.amount for b in register)
        a, b = defenders
        first = (
            a if tricks[a] > tricks[b] else b if tricks[b] > tricks[a] else _first_of(deal, a, b)
        )
        other = b if first == a else a
        for seat, amount in _share(total, first, other):
            transfers.append(Transfer(POT, seat, amount, SHARED))
        if leads:
            bonuses(True)
        return _finish(deal, VOLE_FAILED, transfers, _after_poule([]), bonus=bonus if leads else 0)
    if leads:
        transfers.append(Transfer(POT, h, poule, "poule"))
        bonuses(True)
        return _finish(deal, WIN, transfers, _after_poule(register), bonus=bonus)
    bete = Bete(h, poule)
    bonuses(False)
    if tricks[h] == best:  # remise: the poule and its bête in play stay
        pool = Pool(poule, bete_in_play, (*register, bete), 0)
        return _finish(deal, REMISE, transfers, pool, bonus=bonus, new_bete=bete)
    a, b = defenders
    codille_to: int | None
    if tricks[a] == tricks[b]:  # both above the hombre, equal: they share
        codille_to = None
        for seat, amount in _share(poule, a, b):
            transfers.append(Transfer(POT, seat, amount, SHARED))
    else:
        codille_to = a if tricks[a] > tricks[b] else b
        transfers.append(Transfer(POT, codille_to, poule, "poule"))
    pool = _after_poule([*register, bete], codille=True)
    return _finish(deal, CODILLE, transfers, pool, codille_to, bonus, bete)


def _first_of(deal: FinishedDeal, a: int, b: int) -> int:
    """Of two seats, the first in play order (from first hand)."""
    return min(a, b, key=lambda s: (s - deal.first) % SEATS)

"""Money moving at the table, shared by every game: transfers and net payments.

Amounts are whole units (sous in La Bête Hombrée, jetons in La Bête).  A
transfer's payer or payee is a seat, or ``POT`` (None) for the table's pot, so
that the sum of the seats' net payments plus the pot's change is always zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

POT: Final = None


@dataclass(frozen=True, slots=True)
class Transfer:
    """Money moving: ``payer``/``payee`` are seats, None is the pot."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Bete:
    """A bête: a debt of ``amount`` that its ``owner`` (a seat) pays into the pot
    it waits for (La Bête's waiting bêtes, L'Hombre's bêtes made)."""

    owner: int
    amount: int


def net_of(transfers: Iterable[Transfer], seats: int) -> tuple[tuple[int, ...], int]:
    """Each seat's net payment and the pot's change; they always sum to zero."""
    net = [0] * seats
    pot_delta = 0
    for t in transfers:
        if t.payer is None:
            pot_delta -= t.amount
        else:
            net[t.payer] -= t.amount
        if t.payee is None:
            pot_delta += t.amount
        else:
            net[t.payee] += t.amount
    return tuple(net), pot_delta

"""The bête register (tableau des bêtes): unpaid debts that outlive a hand.

Shared by every game of the family.  An entry belongs to a *player identity*
(a string: a name in a hand record, a user id on Discord), or to nobody (a
pinandèle).  The register outlives tables and sessions: which entry is in play
depends on who is seated (RULES.md §1.8), and on the game's order (oldest
first for La Bête Hombrée, largest first for La Bête and L'Hombre).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class BeteOrder(StrEnum):
    """Which waiting entry is put in play next."""

    OLDEST = "oldest"
    LARGEST = "largest"


@dataclass(frozen=True, slots=True)
class Entry:
    """One unpaid bête: ``owner`` None is a pinandèle."""

    id: int
    owner: str | None
    amount: int

    @property
    def is_pinandele(self) -> bool:
        return self.owner is None


@dataclass(frozen=True, slots=True)
class Crossing:
    """An entry crossed out: by whom (the declarer who won it) and what was paid."""

    entry: Entry
    by: str | None
    paid: int


@dataclass(slots=True)
class Register:
    """Unpaid entries oldest first, and the history of what was crossed out."""

    entries: list[Entry] = field(default_factory=list)
    history: list[Crossing] = field(default_factory=list)
    next_id: int = 1

    @classmethod
    def of(cls, items: Iterable[tuple[str | None, int]]) -> Register:
        """A register from (owner, amount) pairs, oldest first."""
        register = cls()
        for owner, amount in items:
            register.append(owner, amount)
        return register

    def append(self, owner: str | None, amount: int) -> Entry:
        if amount <= 0:
            raise ValueError(f"a bête must be positive, not {amount}")
        entry = Entry(self.next_id, owner, amount)
        self.next_id += 1
        self.entries.append(entry)
        return entry

    def in_play(self, seated: Collection[str], order: BeteOrder = BeteOrder.OLDEST) -> Entry | None:
        """The entry in play at a table where ``seated`` sit.

        Only entries whose owner is seated (or that have none) are eligible;
        the others wait, in order, until their owner sits again.
        """
        eligible = [e for e in self.entries if e.owner is None or e.owner in seated]
        if not eligible:
            return None
        if order is BeteOrder.LARGEST:
            # max() keeps the first of equal amounts: the oldest wins ties.
            return max(eligible, key=lambda e: e.amount)
        return eligible[0]

    def cross_out(self, entry_id: int, by: str | None, paid: int) -> Crossing:
        for i, entry in enumerate(self.entries):
            if entry.id == entry_id:
                del self.entries[i]
                crossing = Crossing(entry, by, paid)
                self.history.append(crossing)
                return crossing
        raise KeyError(f"no unpaid entry #{entry_id}")

    def total(self) -> int:
        return sum(e.amount for e in self.entries)

    def copy(self) -> Register:
        return Register(list(self.entries), list(self.history), self.next_id)

    def __len__(self) -> int:
        return len(self.entries)

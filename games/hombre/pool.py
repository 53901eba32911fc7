"""The money on an L'Hombre table between deals (RULES.md §3): the poule, the
bête in play (already inside the poule) and the waiting bêtes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.money import Bete as Bete  # the bêtes made

FIRST_ANTE: Final = 3  # each player's first stake in a new poule
BETE_ANTE: Final = 2  # each player's stake when a bête enters the poule
ALL_PASS: Final = 2  # what each adds when everyone passed
SANS_PRENDRE_BONUS: Final = 6


@dataclass(frozen=True, slots=True)
class Pool:
    """The table's money before a deal.

    ``poule`` is every jeton on the table, the bête in play included;
    ``bete_in_play`` is that bête's amount (None: no bête in play); ``register``
    lists the waiting bêtes, oldest first; ``ante`` is what each player puts
    in at the start of the next deal.
    """

    poule: int = 0
    bete_in_play: int | None = None
    register: tuple[Bete, ...] = ()
    ante: int = FIRST_ANTE

    def __post_init__(self) -> None:
        if self.poule < 0 or self.ante < 0:
            raise ValueError("the poule and the ante are never negative")
        if self.bete_in_play is not None and not 0 < self.bete_in_play <= self.poule:
            raise ValueError(f"a bête of {self.bete_in_play} cannot be in a poule of {self.poule}")
        if any(b.amount <= 0 for b in self.register):
            raise ValueError("a bête is a positive amount")

    @property
    def entering(self) -> int:
        """The index in ``register`` of the bête entering the poule at the next
        deal's start (after a poule was taken: the largest, the oldest among
        equals), or -1."""
        if self.poule or self.bete_in_play is not None or not self.register:
            return -1
        largest = max(b.amount for b in self.register)
        return next(n for n, b in enumerate(self.register) if b.amount == largest)

    @property
    def waiting(self) -> int:
        """How many bêtes wait through the next deal (all but the one entering its
        poule): those a vole takes or its defenders share."""
        return len(self.register) - (self.entering >= 0)

    @property
    def antes(self) -> tuple[int, ...]:
        """The antes RULES.md §3 allows at the next deal's start: none while a poule
        stands (a remise or an all-pass left it); else 2 each when a bête enters (3 after
        a codille, which the pool does not say), and 3 when none enters."""
        if self.poule:
            return (0,)
        return (BETE_ANTE, FIRST_ANTE) if self.entering >= 0 else (FIRST_ANTE,)

    def total_betes(self) -> int:
        return sum(b.amount for b in self.register)

"""The table options of La Bête (RULES.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.dealing import DealPattern
from games.options import coerce_options, options_from_dict, options_to_dict

FICHE = 10  # jetons in a fiche
MIN_SEATS = 2
MAX_SEATS = 5


@dataclass(frozen=True, slots=True)
class Rules:
    """Variant options of La Bête; defaults follow the 1792 text."""

    deal_pattern: DealPattern = DealPattern.TWO_THREE  # one pattern for the whole session
    bete_must_underruff: bool = False  # unable to overtrump: a lower trump is forced

    def __post_init__(self) -> None:
        coerce_options(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Options as written in a record; unknown names and values are errors."""
        return options_from_dict(cls, data)

    def to_dict(self, only_changed: bool = True) -> dict[str, Any]:
        """Options as written in a record (by default only those that differ)."""
        return options_to_dict(self, only_changed)


def fiches(jetons: int) -> str:
    """Display an amount as fiches and jetons: ``43`` → ``4 fiches 3 jetons``,
    a debt with its sign: ``-13`` → ``-1 fiche 3 jetons``."""
    if jetons < 0:
        return "-" + fiches(-jetons)
    f, j = divmod(jetons, FICHE)
    parts = []
    if f:
        parts.append(f"{f} fiche{'s' if f > 1 else ''}")
    if j or not f:
        parts.append(f"{j} jeton{'s' if j > 1 else ''}")
    return " ".join(parts)

"""The options of a table of Haitian Bésigue (RULES.md §4.1), as its players choose
them: the Haitian game's own, without the classic game's (``Rules`` holds both,
for records of either).  The defaults are ``Rules``' for ``variant=haiti``: §4.1 as written."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from games.besigue.rules import TARGETS, Brisques, Rules, Seven, TrumpBy, Variant
from games.options import coerce_options, options_from_dict, options_to_dict

HAITI_TARGETS = TARGETS  # 1000 by default; 600 is usual at four
_GAME: Final = Rules(variant=Variant.HAITI)  # the defaults, written once in Rules


@dataclass(frozen=True, slots=True)
class HaitiOptions:
    """``trump``: fixed by the first marriage, or by a card turned; ``trump_marriage``
    and ``first_besigue``: 40 or 100; ``jokers_per_quartet``: 1 to 3 jokers
    standing in for four aces, kings, queens or jacks; ``seven``: who scores the 7
    of trump played; ``brisques``: 10 each, or the majority; ``target``: the
    partie's; ``partnerships``: at four, seats 0 and 2 against 1 and 3."""

    trump: TrumpBy = _GAME.trump
    trump_marriage: int = _GAME.trump_marriage
    first_besigue: int = _GAME.first_besigue
    jokers_per_quartet: int = _GAME.jokers_per_quartet
    seven: Seven = _GAME.seven
    brisques: Brisques = _GAME.brisques
    target: int = _GAME.target
    partnerships: bool = _GAME.partnerships

    def __post_init__(self) -> None:
        coerce_options(self)
        if self.target not in HAITI_TARGETS:
            words = ", ".join(str(t) for t in HAITI_TARGETS)
            raise ValueError(f"option target takes one of {words}, not {self.target}")
        self.rules()  # the others are checked there

    def rules(self) -> Rules:
        """The game's options (``variant=haiti``)."""
        own = {f.name: getattr(self, f.name) for f in fields(self)}
        return Rules(variant=Variant.HAITI, **own)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HaitiOptions:
        return options_from_dict(cls, data)

    def to_dict(self, only_changed: bool = True) -> dict[str, Any]:
        return options_to_dict(self, only_changed)

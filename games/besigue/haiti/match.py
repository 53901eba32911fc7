"""The Haitian match toward *donner cent points* (RULES.md §4.1 "The partie and
the match").

Two sides (two players, or two partnerships) count the parties they win: the
winner of a partie adds 1 to its counter (2 when won *anbatab*, the loser under
750), the loser's counter goes back to 0.  A side whose counter reaches 4 or
more *gives a hundred* (*donne cent points*) to the other, and both counters go
back to 0.  The side that received the hundred starts every partie with 100
already on its marque, until it gives a hundred in turn (then the head start
passes to the other side).  With 3 or 4 independent players there is no
match: nothing is counted toward a hundred.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

HUNDRED: Final = 4  # the parties (anbatab counting 2) that give a hundred
HEAD_START: Final = 100
ANBATAB: Final = 2  # what a partie won en bas table counts


@dataclass(frozen=True, slots=True)
class Match:
    """The match between parties: each side's counter toward a hundred, and the
    points each side starts a partie with (100 for the side that last received a
    hundred).  ``counted`` False (3 or 4 independent players): no match, the
    numbers stay as given."""

    parties: tuple[int, int] = (0, 0)
    head_start: tuple[int, int] = (0, 0)
    counted: bool = True

    def __post_init__(self) -> None:
        for name in ("parties", "head_start"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) != 2:
                raise ValueError(f"the match's {name} are two numbers, one per side")
            if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value):
                raise ValueError(f"the match's {name} are whole numbers from 0, not {list(value)}")
        if any(p >= HUNDRED for p in self.parties):
            raise ValueError(f"a counter of {HUNDRED} has given a hundred already")
        if sorted(self.head_start) not in ([0, 0], [0, HEAD_START]):
            raise ValueError(f"one side at most starts with {HEAD_START}")
        if self.counted and min(self.parties) > 0:  # the loser's went back to 0
            raise ValueError(f"one side at most has parties counted, not {list(self.parties)}")

    def start_scores(self, sides: int) -> list[int]:
        """The marque a new partie starts with, by side."""
        return list(self.head_start) if self.counted else [0] * sides

    def after(self, winner: int, anbatab: bool) -> tuple[Match, int | None]:
        """The match after a partie won by side ``winner``, and the side that has just
        given a hundred (None if none)."""
        if not self.counted:
            return self, None
        counters = [0, 0]
        counters[winner] = self.parties[winner] + (ANBATAB if anbatab else 1)
        if counters[winner] < HUNDRED:
            return Match((counters[0], counters[1]), self.head_start), None
        head = [0, 0]
        head[1 - winner] = HEAD_START
        return Match((0, 0), (head[0], head[1])), winner

    def to_json(self) -> dict[str, list[int]]:
        return {"parties": list(self.parties), "head_start": list(self.head_start)}

    @staticmethod
    def from_json(data: Any, sides: int) -> Match:
        """A record's ``match`` (absent: a new one); ``ValueError`` for a bad one."""
        data = {} if data is None else data
        if not isinstance(data, dict):
            raise ValueError("the match is {'parties': [a, b], 'head_start': [a, b]}")
        parties = _pair(data.get("parties", [0, 0]))
        head = _pair(data.get("head_start", [0, 0]))
        return Match(parties, head, counted=sides == 2)


def _pair(value: Any) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"not two numbers, one per side: {value!r}")
    return (value[0], value[1])

"""Custom ids of the persistent components: ``bh:<table>:<moves>:<verb>[:<arg>]``.

``moves`` is the table's count of deals and game actions when the component
was drawn; a click carrying an older count is refused ("this hand has moved
on") for every verb that acts on the game.  Ids stay far below Discord's 100
characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from games.bete_hombree import Action, Kind

TEMPLATE: Final = (
    r"bh:(?P<table>[0-9]{1,12}):(?P<moves>[0-9]{1,9}):(?P<verb>[a-z]+)"
    r"(?::(?P<arg>[A-Za-z0-9:]{1,40}))?"
)
PATTERN: Final = re.compile(TEMPLATE)

SELECT_TEMPLATE: Final = (
    r"bhs:(?P<table>[0-9]{1,12}):(?P<moves>[0-9]{1,9}):(?P<verb>[a-z]+)"
    r"(?::(?P<arg>[A-Za-z0-9:]{1,40}))?"
)
SELECT_PATTERN: Final = re.compile(SELECT_TEMPLATE)
SELECT_VERBS: Final = frozenset({"discard"})

# verbs that act on the game and are refused when stale
GAME_VERBS: Final = frozenset({"call", "play", "decl", "discard"})


@dataclass(frozen=True, slots=True)
class ComponentId:
    table: int
    moves: int
    verb: str
    arg: str = ""

    def __str__(self) -> str:
        prefix = "bhs" if self.verb in SELECT_VERBS else "bh"
        text = f"{prefix}:{self.table}:{self.moves}:{self.verb}"
        return f"{text}:{self.arg}" if self.arg else text

    @staticmethod
    def parse(text: str) -> ComponentId:
        match = PATTERN.fullmatch(text) or SELECT_PATTERN.fullmatch(text)
        if match is None:
            raise ValueError(f"not a table component id: {text!r}")
        return ComponentId(
            int(match["table"]), int(match["moves"]), match["verb"], match["arg"] or ""
        )


_CALL_ARGS: Final = {
    Kind.PASS: "pass",
    Kind.SANS_PREJUDICE: "sp",
    Kind.RETIENS: "ret",
    Kind.CAGNOTE: "cag",
    Kind.TOUT: "tout",
}
_CALL_WORDS: Final = {
    "pass": "pass",
    "sp": "sans-prejudice",
    "ret": "retiens",
    "cag": "cagnote",
    "tout": "tout",
}


def call_arg(action: Action) -> str:
    """The short form of a call in a custom id: ``pass``, ``b3``, ``b3b``, ``cag``..."""
    if action.kind is Kind.BID:
        return f"b{action.level}{'b' if action.belle else ''}"
    return _CALL_ARGS[action.kind]


def call_of(arg: str) -> Action:
    if arg in _CALL_WORDS:
        return Action.parse(_CALL_WORDS[arg])
    match = re.fullmatch(r"b([2-5])(b?)", arg)
    if match is None:
        raise ValueError(f"not a call: {arg!r}")
    return Action.parse(f"bid {match[1]}{' belle' if match[2] else ''}")

"""Custom ids of the persistent components: ``tb:<table>:<moves>:<verb>[:<arg>]``.

``moves`` is the table's count of deals and game actions when the component
was drawn; a click carrying an older count is refused ("this hand has moved
on") for every verb of a game (any verb the core does not handle itself).
Select menus use the prefix ``tbs``.  Ids drawn before the prefixes were
renamed (``bh``, ``bhs``) are still read, so a message sent by an older
version keeps working.  Ids stay far below Discord's 100 characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

import discord

_BODY: Final = (
    r":(?P<table>[0-9]{1,12}):(?P<moves>[0-9]{1,9}):(?P<verb>[a-z]+)"
    r"(?::(?P<arg>[A-Za-z0-9:#.\-]{1,40}))?"  # a card, a call, a combination
)
TEMPLATE: Final = r"(?:tb|bh)" + _BODY
SELECT_TEMPLATE: Final = r"(?:tbs|bhs)" + _BODY
COMPONENT_TEMPLATE: Final = r"(?:tbs?|bhs?)" + _BODY  # a button or a menu
PATTERN: Final = re.compile(TEMPLATE)
SELECT_PATTERN: Final = re.compile(SELECT_TEMPLATE)

# ``replace``'s argument for every absent player but the one clicking (else a seat number):
# the table's one button for them when theirs would not fit on its row
EVERY_ABSENT: Final = "all"

# the verbs the core answers itself; every other verb is a game's and may be stale
TABLE_VERBS: Final = frozenset(
    {"join", "leave", "ai", "airm", "start", "next", "stop", "keep", "replace", "abandon", "back"}
    | {"hand", "rules", "look", "tricks", "review", "hint"}
)


@dataclass(frozen=True, slots=True)
class ComponentId:
    table: int
    moves: int
    verb: str
    arg: str = ""
    select: bool = False  # a select menu (its values come with the click)

    def __str__(self) -> str:
        text = f"{'tbs' if self.select else 'tb'}:{self.table}:{self.moves}:{self.verb}"
        return f"{text}:{self.arg}" if self.arg else text

    @property
    def game_verb(self) -> bool:
        """A move of the game: refused when the hand has moved on since it was drawn."""
        return self.verb not in TABLE_VERBS

    @staticmethod
    def parse(text: str) -> ComponentId:
        select = SELECT_PATTERN.fullmatch(text)
        match = select or PATTERN.fullmatch(text)
        if match is None:
            raise ValueError(f"not a table component id: {text!r}")
        return ComponentId(
            int(match["table"]),
            int(match["moves"]),
            match["verb"],
            match["arg"] or "",
            select is not None,
        )


def component_ids(message: discord.Message) -> Iterator[ComponentId]:
    """The ids of the table components ``message`` carries (in its rows, or at its top
    level), others left out."""
    for row in message.components:
        for item in getattr(row, "children", [row]):
            custom_id = getattr(item, "custom_id", None)
            if not custom_id:
                continue
            try:
                yield ComponentId.parse(custom_id)
            except ValueError:
                continue

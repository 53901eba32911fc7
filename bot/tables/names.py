"""The names seats show: no two seats of a table show the same name.

Every line that names a seat (the table, its log, the summaries, the charts)
takes the name from the seat, so names are made distinct here, where seats
get them, once.  Two names are the same to a reader when they differ only by
the computer players' mark, by case, accents, spaces or punctuation
(``same_name``).  A person keeps their display name unless a person already
seated shows it: then it is followed by their Discord username, or a number.
Computer players (named after the Berrichon players of the seed's theatre
scene) take a name no seat of the table shows, and a person who joins under a
computer player's name gets it: the computer player takes another.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Final

AI_PREFIX: Final = "ai:"  # the player key of a computer player: ai:<level>:<name>
COMPUTER_MARK: Final = "🤖"
NAMES: Final = ("Alexandre", "François", "Arthur", "Edmond", "Élisa", "Jean", "Philippe", "Paul")


# Discord's formatting characters (bold, italics, strike, spoiler, code, masked links,
# mentions, escapes) and look-alikes that format nothing, drawn by the pictures' font
# (but the backslash's), none a letter: a name is told from others as before
INERT: Final = str.maketrans(
    {"*": "⁎", "~": "˜", "|": "¦", "`": "´", "[": "⁅", "]": "⁆", "<": "‹", ">": "›"} | {"\\": "∖"}
)
# an underscore formats at a word's edge (_italics_) or doubled (__underline__); one
# inside a word (a username's "arthur_92") formats nothing and stays as typed
UNDERSCORES: Final = re.compile(r"_{2,}|(?<!\w)_|_(?!\w)")
UNDERSCORE: Final = "‗"
LINE_START: Final = re.compile(r"#|-|\d+\.")  # a heading, a list: markdown at a line's start
ZERO_WIDTH: Final = "\u200b"


def inert_name(name: str) -> str:
    """A name as the bot's texts show it, formatting nothing: a name that reads as typed
    but makes no text bold, hidden or a link around it (``**``, ``||``, ``[x](url)``), and
    no web address (its ``://`` broken by a zero-width space), nor a heading or a list
    where it starts a line.  Names enter the texts only so (``person_name``, and the
    names a command reads from Discord)."""
    inert = name.translate(INERT).replace("://", ":/" + ZERO_WIDTH + "/")
    inert = UNDERSCORES.sub(lambda found: UNDERSCORE * len(found.group()), inert)
    return ZERO_WIDTH + inert if LINE_START.match(inert) else inert


def name_key(name: str) -> str:
    """What a reader tells a name by: its letters and digits, without accents or case
    (so without the computer players' mark); the name itself if it has none."""
    letters = "".join(c for c in unicodedata.normalize("NFKD", name) if c.isalnum())
    return letters.casefold() or name.strip().casefold()


def same_name(one: str, other: str) -> bool:
    return name_key(one) == name_key(other)


def person_name(name: str, handle: str, shown: Iterable[str]) -> str:
    """The name a person sits under beside seats showing ``shown``: their display name
    (without a computer player's mark), or if a seat shows it already, it followed by
    their username ``handle`` or, if that does not tell them apart, a number."""
    base = inert_name(name.replace(COMPUTER_MARK, "").strip() or handle.strip() or "?")
    keys = {name_key(s) for s in shown}
    candidates = [base]
    if handle and name_key(handle) != name_key(base):
        candidates.append(f"{base} ({inert_name(handle)})")
    candidates.extend(f"{base} {number}" for number in range(2, len(keys) + 3))
    return next(c for c in candidates if name_key(c) not in keys)


def _computer_names() -> Iterator[str]:
    number = 1
    while True:
        for name in NAMES:
            yield name if number == 1 else f"{name} {number}"
        number += 1


def computer_player(level: str, taken: Iterable[str], shown: Iterable[str] = ()) -> tuple[str, str]:
    """A player key and shown name for a new computer player of ``level`` (its player
    name, stored with the seat).

    ``taken`` are the player keys seated at the guild's open tables (a key sits at
    one table of a guild at a time); ``shown`` the names the table's seats show,
    which the new name must differ from.
    """
    used = set(taken)
    keys = {name_key(s) for s in shown}
    for name in _computer_names():
        key = f"{AI_PREFIX}{level}:{name}"
        if key not in used and name_key(name) not in keys:
            return key, f"{COMPUTER_MARK} {name}"
    raise AssertionError("unreachable: the names never run out")

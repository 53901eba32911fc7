"""Lists of bêtes in words: what a table leaves in the server's register when it ends
(the bêtes of its players and the pinandèles, each by amount and owner, as the lobby
of the next table will list them), and any list of bêtes written where Discord gives
it a field's room: as many as fit, then how many more."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.game import TableLike
from bot.texts.fitting import FIELD_LIMIT, fitted
from bot.texts.i18n import game_text, t
from games.register import Entry


def carried_line(
    table: TableLike, entries: Iterable[Entry], amount: Callable[[int, str], str], lang: str
) -> str:
    """ "Bêtes carried over: 16 (Arthur), 40 (Arthur)." — ``entries`` the unpaid ones
    as the table leaves them; those of players seated elsewhere are not this table's."""
    said = []
    for entry in entries:
        if entry.owner is None:
            owner = game_text(table.row.game, lang, "register.no_owner")
        else:
            seat = table.seat_of(entry.owner)
            if seat is None:
                continue
            owner = table.name(seat)
        said.append(t(lang, "table.carried_entry", amount=amount(entry.amount, lang), owner=owner))
    if not said:
        return t(lang, "table.carried_none")
    return listed(lang, "table.carried_over", "entries", said)


def listed(
    lang: str, key: str, slot: str, betes: Sequence[str], room: int = FIELD_LIMIT, **args: Any
) -> str:
    """The text ``key`` with ``betes`` listed in its ``slot``: as many as let it fit in
    ``room`` (an embed field's, or what the field's other lines leave), then how many
    more. A register has no bound, and a field past its room makes Discord refuse the
    whole message."""
    left = room - len(t(lang, key, **{slot: ""}, **args))
    said = fitted(betes, ", ", left, lambda count: more_entries(lang, count))
    return t(lang, key, **{slot: said}, **args)


def more_entries(lang: str, count: int) -> str:
    """What stands for the bêtes a list had no room for: "and 12 more (/betes)"."""
    return t(lang, "register.more", count=count)

"""What a table leaves in the server's register when it ends: the bêtes of its
players (and the pinandèles), each by amount and owner, as the lobby of the next
table will list them; as many as fit a field's room, then how many more."""

from __future__ import annotations

from collections.abc import Callable, Iterable

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
    room = FIELD_LIMIT - len(t(lang, "table.carried_over", entries=""))
    listed = fitted(said, ", ", room, lambda count: more_entries(lang, count))
    return t(lang, "table.carried_over", entries=listed)


def more_entries(lang: str, count: int) -> str:
    """What stands for the bêtes a list had no room for: "and 12 more (/betes)"."""
    return t(lang, "register.more", count=count)

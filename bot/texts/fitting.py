"""A list written in the room Discord leaves it: as many of its items as fit, whole,
then how many more there are (an embed field holds 1,024 characters, a message's embeds
6,000 in all, and the server's register of bêtes, or a table's, has no such bound)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import discord

FIELD_LIMIT: Final = 1024  # characters in an embed field's value (Discord's limit)
DESCRIPTION_LIMIT: Final = 4096  # characters in an embed's description (Discord's limit)
CHOICE_NAME: Final = 100  # characters in a choice's name, offered or completed (Discord's)
EMBEDS_LIMIT: Final = 6000  # characters in all the embeds of one message (Discord's limit)


def fitted(items: Sequence[str], sep: str, room: int, more: Callable[[int], str]) -> str:
    """``items`` joined by ``sep`` in at most ``room`` characters: all of them if they
    fit, else the first ones that fit with ``more(n)`` after them for the ``n`` left out
    (``more`` counted in the room too; an item is never cut)."""
    whole = sep.join(items)
    if len(whole) <= room:
        return whole
    ends: list[int] = []  # ends[k - 1]: the length of the first k items joined
    used = -len(sep)
    for item in items:
        used += len(sep) + len(item)
        ends.append(used)
    for count in range(len(items) - 1, -1, -1):
        tail = more(len(items) - count)
        length = (ends[count - 1] + len(sep) if count else 0) + len(tail)
        if length <= room:
            return sep.join([*items[:count], tail])
    return more(len(items))[:room]


# an embed whose description, a list, is fitted in the room it is given
EmbedMaker = Callable[[int], discord.Embed]


def fitted_together(makers: Sequence[EmbedMaker]) -> list[discord.Embed]:
    """Embeds sent in one message (each game's list) within Discord's total: each made
    with the room of a description, and those that overflow the total made again in a
    share of the room the rest leaves (a short list's unused share goes to the longer
    ones), each fitting its own list (``fitted``: whole lines, then how many more)."""
    embeds = [make(DESCRIPTION_LIMIT) for make in makers]
    total = sum(len(embed) for embed in embeds)
    if total <= EMBEDS_LIMIT:
        return embeds
    room = EMBEDS_LIMIT - (total - sum(len(embed.description or "") for embed in embeds))
    order = sorted(range(len(embeds)), key=lambda n: len(embeds[n].description or ""))
    for left, n in zip(range(len(order), 0, -1), order, strict=True):
        share = max(room // left, 0)
        if len(embeds[n].description or "") > share:
            embeds[n] = makers[n](share)
        room -= len(embeds[n].description or "")
    return embeds

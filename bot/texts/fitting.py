"""A list written in the room Discord leaves it: as many of its items as fit, whole,
then how many more there are (an embed field holds 1,024 characters, and the server's
register of bêtes, or a table's, has no such bound)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

FIELD_LIMIT: Final = 1024  # characters in an embed field's value (Discord's limit)


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

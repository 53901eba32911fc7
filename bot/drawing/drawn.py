"""What was drawn from a live table, kept until the table changes.

A table changes by its events, each of which raises its ``seq`` (``bot.tables.table``), and by
its row, which is replaced (a frozen ``TableRow``), never changed in place, when its
message is posted or its status written.  A table rebuilt from the database after a
failed write (its ``seq`` back to a number it had reached with an event never written)
has a row and a hand state read and replayed afresh: new objects.  So its ``seq``, its
row and its state together say whether something drawn from a table earlier shows it
as it is now.  They are kept rather than the table itself, which would keep an ended
table's messages and interactions alive.

The private hands are drawn from this: after a change each human's hand is drawn to
see whether it changed, and drawn again for the gathered edit a few seconds later, for
the answer to the click and for the change that follows it; kept, each is drawn once.
Most of that reuse comes within the change that drew it (its answer, the hands and panels
refreshed after it: milliseconds, a few hundred under load), and a hand kept between
changes would be the largest thing the bot keeps for a table (its embed and its view of a
dozen buttons, 4 kB) to save a drawing of 0.1 ms.  So what is drawn is kept for ``life``
seconds (the private hands: 1 s), not until pushed out; the gathered edit draws again.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from bot.tables.table import LiveTable
from db.models import TableRow

T = TypeVar("T")


class TableMemo(Generic[T]):
    """Values drawn from live tables, one for each table and key, each kept for ``life``
    seconds after it was drawn, ``size`` of them at most (the oldest go first).  A value
    is shared by every caller: never change it."""

    def __init__(self, size: int, life: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.size = size
        self.life = life
        self._clock = clock
        # in the order drawn: the first is always the oldest
        self._kept: OrderedDict[tuple[int, Hashable], tuple[float, int, TableRow, object, T]]
        self._kept = OrderedDict()

    def get(self, table: LiveTable, key: Hashable, draw: Callable[[], T]) -> T:
        """What ``draw()`` draws from ``table`` for ``key``: drawn again when the table
        changed since, or when what was drawn has had its time."""
        now = self._clock()
        self._forget_before(now - self.life)
        slot = (table.id, key)
        kept = self._kept.get(slot)
        if kept is not None:
            _, seq, row, state, value = kept
            if seq == table.seq and row is table.row and state is table.state:
                return value
            del self._kept[slot]
        value = draw()
        self._kept[slot] = (now, table.seq, table.row, table.state, value)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return value

    def _forget_before(self, when: float) -> None:
        kept = self._kept
        while kept:
            slot, first = next(iter(kept.items()))
            if first[0] >= when:
                return
            del kept[slot]

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()

"""What was drawn from a live table, kept until the table changes.

A table changes by its events, each of which raises its ``seq`` (``bot.table``), and by
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
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from bot.table import LiveTable
from db.models import TableRow

T = TypeVar("T")


class TableMemo(Generic[T]):
    """Values drawn from live tables, one for each table and key, the most recently
    used ``size`` of them kept.  A value is shared by every caller: never change it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[int, Hashable], tuple[int, TableRow, object, T]]
        self._kept = OrderedDict()

    def get(self, table: LiveTable, key: Hashable, draw: Callable[[], T]) -> T:
        """What ``draw()`` draws from ``table`` for ``key``: drawn again only when the
        table changed since."""
        slot = (table.id, key)
        kept = self._kept.get(slot)
        if kept is not None:
            seq, row, state, value = kept
            if seq == table.seq and row is table.row and state is table.state:
                self._kept.move_to_end(slot)
                return value
        value = draw()
        self._kept[slot] = (table.seq, table.row, table.state, value)
        self._kept.move_to_end(slot)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        self._kept.clear()

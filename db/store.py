"""The store: every SQL statement on the bot's data, one text for both backends, in
the repositories it holds.

A :class:`Store` is handed out by ``Database.transaction()`` (writes, one
transaction) or ``Database.reading()``; each of its repositories speaks through
the block's :class:`~db.repository.Connection` (``db.sqlite`` or
``db.postgresql``) and returns the plain dataclasses of :mod:`db.models`. The
statements are written with ``?`` parameters (PostgreSQL's connection numbers
them ``$1, $2...``) in the subset both dialects read alike: ``RETURNING`` rather
than a last row id, ``CASE`` rather than summing booleans, an alias on every
subquery and on every computed column, since rows are read by column name.
"""

from __future__ import annotations

from db.ledger import LedgerRepository
from db.matches import MatchRepository
from db.preferences import PreferenceRepository
from db.repository import Connection
from db.reviews import ReviewRepository
from db.shards import ShardRepository
from db.tables import TableRepository


class Store:
    """The repositories, bound to the connection of the current block."""

    def __init__(self, connection: Connection) -> None:
        self.tables = TableRepository(connection)  # tables, seats, events
        self.ledger = LedgerRepository(connection)  # register, pot, hands, payments
        self.preferences = PreferenceRepository(connection)  # guilds' and players'
        self.matches = MatchRepository(connection)  # matches stood and kept
        self.shards = ShardRepository(connection)  # shards' holders, handed clicks
        self.reviews = ReviewRepository(connection)  # the teacher's reviews of hands

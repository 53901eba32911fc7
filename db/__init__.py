"""Persistence: the Database (SQLite by default, PostgreSQL by URL), migrations, the store."""

from db import postgresql, sqlite  # noqa: F401  (each backend registers with Database.open)
from db.database import Database, DatabaseUnavailable, MigrationError, is_url
from db.ledger import NewEntry, NewPayment
from db.matches import NewStanding
from db.models import HandSeat
from db.store import Store

__all__ = [
    "Database",
    "DatabaseUnavailable",
    "HandSeat",
    "MigrationError",
    "NewEntry",
    "NewPayment",
    "NewStanding",
    "Store",
    "is_url",
]

"""SQLite persistence: the Database (one aiosqlite connection), migrations, the store."""

from db.database import Database, MigrationError
from db.store import NewEntry, NewPayment, Store

__all__ = ["Database", "MigrationError", "NewEntry", "NewPayment", "Store"]

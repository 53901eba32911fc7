"""Persistence with aiosqlite: the one Database, migrations, repositories. SQL lives only here."""

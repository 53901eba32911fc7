"""The cog tests' fixtures (a real bot driven offline by SimCord), for the toy game's."""

from tests.cogs.conftest import db_path, simcord_bot, world  # noqa: F401

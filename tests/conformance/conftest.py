"""The cogs' SimCord world, for the run of each game through the cogs."""

from tests.cogs.conftest import close_bots, db_path, simcord_bot, world

__all__ = ["close_bots", "db_path", "simcord_bot", "world"]

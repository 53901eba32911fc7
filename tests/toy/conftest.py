"""The fixtures of the cog tests (a real bot driven offline by SimCord) and of the
end-to-end tests (a fake Discord, the bot's real process), for the toy game's."""

from tests.cogs.conftest import close_bots, db_path, simcord_bot, world  # noqa: F401
from tests.e2e.conftest import make_bot, server  # noqa: F401

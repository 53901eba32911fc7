"""``python -m bot``: run the bot with the settings of the environment and ``.env``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl

from bot.delivery.client import BeteBot, make_bot
from bot.settings import Settings, SettingsError
from db import DatabaseUnavailable


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Test only: aim discord.py at a fake Discord server."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


LOST_SHARDS = 3  # the exit status of a process that stopped on losing its shards
# allocations between two collections of the youngest generation (Python's default: 700)
YOUNG_COLLECTION_EVERY = 5_000


class _NoVoiceWarning(logging.Filter):
    """The bot has no voice: discord.py's warnings about voice libraries are noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


async def run(settings: Settings) -> int:
    bot = make_bot(settings)
    async with bot:
        close_on_terminate(bot)
        frozen = asyncio.create_task(freeze_heap_when_ready(bot))
        try:
            await bot.start(settings.token)
        finally:
            frozen.cancel()
        await bot.closed()
    # a supervisor starts it again (its shards' tables come back with it)
    return LOST_SHARDS if bot.lost_shards else 0


def close_on_terminate(bot: BeteBot) -> None:
    """SIGTERM (``systemctl stop``, ``docker stop``, ``kill``) closes the bot as Ctrl-C
    does: the gateway, the computer players' workers and the database closed, exit
    status 0. Python's default ends the process at once."""
    # an event loop without signal handlers (Windows) keeps Python's default
    with contextlib.suppress(NotImplementedError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, bot.close_soon)


async def freeze_heap_when_ready(bot: BeteBot) -> None:
    """Once started (modules imported, tables rebuilt, connected), set what exists aside
    from the cyclic garbage collector: a full collection would otherwise walk it all
    again, the event loop and every click waiting meanwhile."""
    await bot.wait_until_ready()
    gc.collect()
    gc.freeze()
    # An answer allocates thousands of short-lived containers (payloads, embeds, views).
    # Collected every 700 allocations, those alive at that instant (their interaction
    # awaiting the network) move up a generation, and once enough of them have reached
    # the oldest, a full collection walks every live table: a pause of 60 to 150 ms
    # every 20 s or so at 400 tables. Collected less often, most die young and full
    # collections become rare; the price is a few MiB of cyclic garbage kept longer.
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, middle, oldest)


def arguments(prog: str = "python -m bot") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Run the bot. Its settings come from the environment and .env"
        " (DISCORD_TOKEN at least; see .env.example and README.md).",
    )
    return parser


def main(argv: list[str] | None = None, prog: str = "python -m bot") -> int:
    """``prog``: the command its usage names (another entry point passes its own)."""
    arguments(prog).parse_args(argv)  # --help, or a refusal of any argument: there are none
    try:
        settings = Settings.load()
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    logging.getLogger("discord.client").addFilter(_NoVoiceWarning())
    point_at(settings.api_base, settings.gateway_url)
    try:
        return asyncio.run(run(settings))
    except discord.LoginFailure:
        print("error: Discord refused the token: check DISCORD_TOKEN", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("error: the bot asks for an intent that is not enabled", file=sys.stderr)
        return 2
    except DatabaseUnavailable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as error:  # no network, or Discord down
        print(f"error: cannot reach Discord: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())

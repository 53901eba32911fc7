"""Cog tests: the real cogs in the real Bot, driven offline by SimCord.

Every cog test runs twice, over a SQLite file and over a PostgreSQL database
(``tests/conftest.py``), but those of ``SQLITE_ONLY``: their cost is the
computer players' thinking, not the database, and a second run would only double it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from bot.delivery.client import BeteBot
from bot.settings import Settings
from bot.tables.computer import inline_decider
from db import is_url
from tests.bot.example import example_deal, example_seed
from tests.conftest import BACKENDS

NAMES = ("Sud", "Est", "Nord", "Ouest")
SQLITE_ONLY = {"test_computer_players", "test_documented"}  # the tree is the same on both


def pytest_generate_tests(metafunc) -> None:
    module = metafunc.module.__name__.rpartition(".")[2]
    if (
        "backend" in metafunc.fixturenames
        and module not in SQLITE_ONLY
        and metafunc.definition.get_closest_marker("both_backends") is None  # done already
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


_MADE: list[BeteBot] = []  # the bots of the running test, closed when it ends


def make_bot(path: Path | str) -> BeteBot:
    """A bot over ``path``: a SQLite file, or a postgresql:// URL; closed with its
    database at the end of the test (a bot replaced by a restart too)."""
    url = str(path) if is_url(path) else None
    settings = Settings(
        token="offline",
        database_path=str(path),
        database_url=url,
        default_language="fr",
        ai_pause=1.0,
        dm_window=0.0,  # every private hand edited at once (test_dm_window gathers them)
        rest_rate=0.0,  # simcord has no global limit (the pacer: tests/bot, tests/e2e)
    )
    bot = BeteBot(
        settings, seed_source=example_seed, deal_source=example_deal, decider=inline_decider
    )
    _MADE.append(bot)
    return bot


@pytest.fixture(autouse=True)
async def close_bots() -> AsyncIterator[None]:
    """Close every bot the test made, after SimCord has let them go: SimCord detaches a
    bot without closing it, which would leave its database connections open, and their
    threads to fail on a closed event loop later in the session."""
    yield
    made, _MADE[:] = _MADE[:], []  # none left for the next test, should one close fail
    for bot in made:
        await bot.close()


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    members: list[Any]
    db_path: Path | str  # a SQLite file, or a PostgreSQL URL

    @property
    def bot(self) -> BeteBot:
        bot = self.env.bot
        assert isinstance(bot, BeteBot)
        return bot

    def table_message(self) -> discord.Message:
        table = self.bot.service.in_channel(self.channel.id)
        assert table is not None and table.row.message_id is not None
        for message in self.channel.history():
            if message.id == table.row.message_id:
                return message
        raise AssertionError("no table message")

    def summary(self) -> discord.Message:
        """The last hand's summary: the channel's latest message with an embed but the
        table message (which a summary has below it while the table plays on)."""
        table = self.bot.service.in_channel(self.channel.id)
        current = None if table is None else table.row.message_id
        posts = [m for m in self.channel.history() if m.embeds and m.id != current]
        assert posts, "no summary in the channel"
        return posts[-1]

    def dm(self, member: Any) -> discord.Message:
        history = member.user.dm_channel.history() if hasattr(member, "user") else []
        assert history, f"no DM for {member.name}"
        return history[-1] if history[-1].created_at >= history[0].created_at else history[0]


async def seed_register(world: World) -> None:
    """Example 1's register: Est's 24, then Sud's 40 (the oldest first)."""
    from bot.games.bete_hombree import GAME
    from db import NewEntry

    ids = [str(m.id) for m in world.members]
    async with world.bot.db.transaction() as store:
        await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(ids[1], "Est", 24))
        await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(ids[0], "Sud", 40))


@pytest.fixture
def db_path(database_target: str) -> Path | str:
    """The test's database: a SQLite file's Path, or a PostgreSQL URL."""
    return database_target if is_url(database_target) else Path(database_target)


@pytest.fixture
def simcord_bot(db_path: Path | str) -> BeteBot:
    return make_bot(db_path)


@pytest.fixture
def french(monkeypatch) -> None:
    """Every user and the server speak French (Discord's locales of each interaction)."""
    original = simcord.interactions.base_payload

    def base_payload(*args, **kwargs):
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        if "guild_locale" in payload:
            payload["guild_locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)


@pytest.fixture
def world(simcord_env: simcord.Env, db_path: Path | str) -> World:
    guild = simcord_env.create_guild("Le Berry")
    channel = guild.create_text_channel("salon")
    members = [guild.add_member(simcord_env.create_user(name)) for name in NAMES]
    return World(simcord_env, guild, channel, members, db_path)

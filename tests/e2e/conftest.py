"""Fixtures: a started fake Discord, and discord.py pointed at it for in-process bots."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import discord.gateway
import discord.http
import pytest
import yarl

from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.fake.process import InProcessBot
from tests.e2e.standin_bot import StandInBot
from tests.e2e.transcripts import WANTED, Key


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
def pointed(server: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> FakeDiscord:
    """discord.py, in this process, talks to the fake (restored after the test)."""
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
    )
    return server


@pytest.fixture
async def standin(pointed: FakeDiscord, tmp_path: Path) -> AsyncIterator[InProcessBot]:
    """The stand-in bot, connected and synced, in the test's event loop."""
    bot = StandInBot(str(tmp_path / "standin.db"), pointed.guild.id)
    runner = InProcessBot(pointed, bot)
    await runner.start()
    try:
        yield runner
    finally:
        await runner.stop()


@pytest.fixture
async def make_bot(server: FakeDiscord, tmp_path: Path) -> AsyncIterator[Callable[..., BotProcess]]:
    """``make_bot(module="bot", **options)``: a :class:`BotProcess` on ``tmp_path/bot.db``,
    stopped (SIGTERM, then SIGKILL) at the end of the test whatever happens."""
    made: list[BotProcess] = []

    def make(module: str = "bot", **options: Any) -> BotProcess:
        options.setdefault("database_path", tmp_path / "bot.db")
        bot = BotProcess(server, module=module, **options)
        made.append(bot)
        return bot

    try:
        yield make
    finally:
        for bot in made:
            await bot.stop()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Every transcript a test of this session reads is played at the first one's need,
    all at once (``tests.e2e.transcripts``)."""
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        key = callspec.params.get("key") if callspec is not None else None
        if isinstance(key, Key):
            WANTED.add(key)

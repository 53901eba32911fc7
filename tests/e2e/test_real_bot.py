"""Smoke test of the real entry point, ``python -m bot``, against the fake Discord.

It assumes as little as possible about the bot's texts: ``/table new hombree``
opens a public table message with buttons, and those buttons
still answer after the process is SIGKILLed and started again.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import pytest

from tests.e2e.fake import BotProcess, FakeDiscord

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("bot.__main__") is None, reason="python -m bot does not exist yet"
)


async def test_table_survives_a_sigkill(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot()
    await bot.start()
    assert "table" in {c["name"] for c in server.commands[server.guild.id]}
    alice, bob = server.add_users("alice", "bob")
    opened = await alice.slash("table new hombree")
    await server.settle()
    table = next(m for m in server.messages() if m.buttons())
    before = [b["custom_id"] for b in table.buttons() if "custom_id" in b]

    await bot.restart()
    ix = await bob.click(table, before[0])
    assert ix.acked and not ix.rejected
    await server.settle()
    assert opened.acked
    assert "Traceback" not in bot.output()
    assert server.problems() == []

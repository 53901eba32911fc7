"""A server that adds the bot gets its guide once, in its system channel, in the
server's language (the real bot process on the fake Discord); a server without a
system channel gets nothing posted anywhere."""

from __future__ import annotations

from collections.abc import Callable

from bot.texts.i18n import t
from tests.e2e.fake import BotProcess, FakeDiscord


async def test_a_server_that_adds_the_bot_is_welcomed_in_its_system_channel(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot()
    await bot.start()
    # a server added after the servers of its connection came: Discord's join
    await server.wait_for(lambda: "ready in" in bot.output(), 10.0, "the bot ready")
    guild = server.add_guild("Chez Paulette", system_channel="général")
    system = guild.system_channel_id
    assert system is not None
    welcome = await server.wait_message(lambda m: bool(m.embeds), channel=system, timeout=10.0)
    embed = welcome.embeds[0]
    assert embed["title"] == t("fr", "welcome.title")  # the server's language (French)
    description = str(embed["description"])
    assert "`/table nouvelle`" in description and t("fr", "help.open") in description
    made = len([s for s in server.log if s.kind == "message.create"])
    server.add_guild("Sans salon système")
    await server.settle(quiet=1.0)
    assert [m for m in server.messages(system) if m.embeds] == [welcome]  # posted once
    assert len([s for s in server.log if s.kind == "message.create"]) == made  # none
    assert "Traceback" not in bot.output()
    assert server.problems() == []

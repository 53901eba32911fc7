"""A permission taken from the bot in the table's channel: the person who acted is told,
privately and once, which one the bot lacks there (in their language), the table keeps
its state meanwhile, and carries on once the permission is given back."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.texts.i18n import lang_for, t
from tests.e2e.fake import BotProcess, FakeDiscord, SimInteraction
from tests.e2e.players import WAIT, TablePlayers, find_button, new_command

NAMES = ("arthur", "bertrand")


async def show(players: TablePlayers, seat: int = 0) -> SimInteraction:
    """``/table show`` by a player: answered privately."""
    ix = await players.users[seat].slash("table show", timeout=WAIT)
    await ix.wait_ack(WAIT)
    assert ix.ephemeral
    return ix


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_the_missing_permission_is_told_once_in_the_players_language(
    locale: str, server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot()
    await bot.start()
    arthur, bertrand = users = server.add_users(*NAMES)
    arthur.locale = locale
    lang = lang_for(locale)
    players = TablePlayers(server, users, game="bete")
    ix = await arthur.slash(new_command("bete"), timeout=WAIT)
    table = await ix.wait_done(WAIT)
    assert table is not None
    await server.settle()
    channel = server.channel
    trouble = server.misbehave()
    trouble.deny(channel, "send_messages")

    # /table show: the new table message cannot be posted; Arthur is told why, privately
    first = await show(players)
    told = await server.wait_for(
        lambda: [m for m in arthur.ephemerals() if t(lang, "perm.send_messages") in m.text()],
        WAIT,
        "Arthur told of the missing permission",
    )
    text = told[0].text()
    assert f"<#{channel.id}>" in text
    assert all(t(lang, f"perm.{p}") not in text for p in ("view_channel", "attach_files"))
    assert told[0].audience == arthur.id and first.ephemeral
    # that is the answer, never that the table is posted again (it is not)
    assert first.text() == text
    assert all(t(lang, "ok.shown", channel=channel.id) != m.text() for m in arthur.ephemerals())
    # asked again while it is still missing: the same reason is the answer, and the
    # outbox trying again repeats it to nobody; nothing else was posted
    second = await show(players)
    await server.settle(quiet=1.0)
    assert t(lang, "perm.send_messages") in second.text()
    again = [m for m in arthur.ephemerals() if t(lang, "perm.send_messages") in m.text()]
    assert len(again) == 2
    assert [m.id for m in server.messages(channel)] == [table.id] and not table.deleted

    # given back: the outbox's next try posts the table below, the old one retired, and
    # the table is as it was (Bertrand joins on the new message)
    trouble.allow(channel)
    new = await server.wait_for(
        lambda: [m for m in server.messages(channel) if m.id != table.id],
        20.0,
        "the table posted again once the permission is back",
    )
    await server.wait_for(lambda: table.deleted, WAIT, "the old table message deleted")
    join = find_button(new[-1], "join")
    assert join is not None
    joined = await bertrand.click(new[-1], join, timeout=WAIT)
    await joined.wait_ack(WAIT)
    assert not joined.ephemeral, joined.text()
    assert "Traceback" not in bot.output()
    assert server.problems() == []

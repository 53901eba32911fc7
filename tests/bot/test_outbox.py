"""The outbox: what Discord did not take yet is tried again with backoff, edits coalesce,
posts are never doubled, and a delivery is given up after its bound, with one log line
and one event line of its table."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.delivery.outbox import Later, Outbox, Superseded, passing
from bot.game import LogLine
from bot.games import table_game
from bot.tables.table import LiveTable, new_table
from tests.bot.example import example_row

QUICK = (0.0, 0.0, 0.0)  # three tries after the first, at once


def example_table() -> LiveTable:
    return new_table(example_row("playing"), table_game("bete-hombree"))


def refusal(status: int, code: int = 0) -> discord.HTTPException:
    response: Any = SimpleNamespace(status=status, reason="said no")
    message = {"code": code, "message": "said no"}
    if status == 403:
        return discord.Forbidden(response, message)
    if status >= 500:
        return discord.DiscordServerError(response, message)
    return discord.HTTPException(response, message)


class Sender:
    """A delivery that fails ``failing`` times, then goes; counts its tries."""

    def __init__(self, failing: int = 0, error: Exception | None = None) -> None:
        self.failing = failing
        self.error = error or refusal(500)
        self.tries = 0

    async def __call__(self) -> None:
        self.tries += 1
        if self.tries <= self.failing:
            raise self.error


@pytest.mark.parametrize(
    "error, again",
    [
        (refusal(500), True),
        (refusal(503), True),
        (refusal(429), True),
        (refusal(403, 50013), True),  # Missing Permissions: until it is given back
        (refusal(403, 50001), True),  # Missing Access
        (refusal(403, 50007), False),  # DMs closed: not a matter of time
        (refusal(404, 10008), False),
        (refusal(400, 50035), False),
        (TimeoutError(), True),
        (ConnectionResetError(), True),
    ],
)
def test_what_is_tried_again(error: Exception, again: bool) -> None:
    assert passing(error) is again


async def test_tried_again_until_delivered() -> None:
    outbox = Outbox(delays=QUICK)
    send = Sender(failing=2)
    delivered = await outbox.send("k", send, "a post")
    assert not delivered  # the first try failed: the caller goes on
    await asyncio.sleep(0.05)
    assert send.tries == 3 and not outbox.busy("k")


async def test_a_newer_edit_replaces_the_one_waiting() -> None:
    outbox = Outbox(delays=(0.05,) * 3)
    first, second, newest = Sender(failing=1), Sender(), Sender()
    outbox.put("table", first, "an edit")
    await asyncio.sleep(0.01)  # its first try failed; it waits to be tried again
    outbox.put("table", second, "an edit")
    outbox.put("table", newest, "an edit")
    await asyncio.sleep(0.2)
    assert (first.tries, second.tries, newest.tries) == (1, 0, 1)


async def test_a_post_is_kept_as_first_put() -> None:
    outbox = Outbox(delays=(0.05,))
    first, again = Sender(failing=1), Sender()
    outbox.put("summary", first, "a summary", coalesce=False)
    await asyncio.sleep(0.01)
    kept = outbox.put("summary", again, "a summary", coalesce=False)
    await asyncio.sleep(0.2)
    assert kept.send is first and (first.tries, again.tries) == (2, 0)


async def test_given_up_after_its_bound(caplog: pytest.LogCaptureFixture) -> None:
    outbox = Outbox(delays=QUICK)
    table = example_table()
    send = Sender(failing=100)
    line = LogLine.of("log.lost.summary", hand=3)
    with caplog.at_level(logging.WARNING, "bot.delivery.outbox"):
        outbox.put("k", send, "the summary of hand 3", table=table, line=line)
        await asyncio.sleep(0.05)
    assert send.tries == len(QUICK) + 1 and not outbox.busy("k")
    gave_up = [r.getMessage() for r in caplog.records if "gave up" in r.getMessage()]
    assert len(gave_up) == 1 and gave_up[0].startswith("gave up sending the summary of hand 3")
    assert list(table.log)[-1] == line


async def test_a_refusal_for_good_is_not_tried_again(caplog: pytest.LogCaptureFixture) -> None:
    outbox = Outbox(delays=QUICK)
    send = Sender(failing=1, error=refusal(400, 50035))
    with caplog.at_level(logging.ERROR, "bot.delivery.outbox"):
        outbox.put("k", send, "an edit")
        await asyncio.sleep(0.05)
    assert send.tries == 1 and "not tried again" in caplog.text


async def test_later_and_superseded_are_not_failures() -> None:
    outbox = Outbox(delays=())  # a failure would be given up at once
    tries: list[str] = []

    async def not_yet() -> None:
        tries.append("later")
        if len(tries) == 1:
            raise Later(0.01)

    outbox.put("a", not_yet, "a post")
    await asyncio.sleep(0.05)
    assert tries == ["later", "later"]

    async def gives_way() -> None:
        tries.append("gave way")
        outbox.put("b", Sender(), "the newer edit")
        raise Superseded

    outbox.put("b", gives_way, "an edit")
    await asyncio.sleep(0.02)
    assert tries[-1] == "gave way" and not outbox.busy("b")


async def test_not_sent_when_no_longer_wanted() -> None:
    outbox = Outbox(delays=(0.02,))
    send, turn = Sender(failing=1), {"mine": True}
    outbox.put("notice", send, "a turn notice", wanted=lambda: turn["mine"])
    await asyncio.sleep(0.01)
    turn["mine"] = False  # the turn passed while it waited
    await asyncio.sleep(0.05)
    assert send.tries == 1


async def test_the_permission_refused_is_told() -> None:
    outbox = Outbox(delays=(0.01,))
    told: list[int | None] = []

    async def refused(delivery: Any, error: discord.Forbidden) -> None:
        told.append(error.code)

    outbox.on_refused = refused
    outbox.put("k", Sender(failing=1, error=refusal(403, 50013)), "a post", table=example_table())
    await asyncio.sleep(0.05)
    assert told == [50013]

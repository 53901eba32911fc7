"""Stopping ``python -m bot``: SIGTERM (``systemctl stop``, ``docker stop``) closes it,
its computer players' worker processes with it, and exits 0; a bot killed outright
(SIGKILL) leaves no worker behind either."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.players import find_button

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the processes in /proc (Linux)"
)

ENV = {"AI_WORKERS": "2", "AI_PAUSE": "0"}
WAIT = 30.0  # generous: the workers start on a busy machine


def state_and_parent(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent's pid, or None when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = stat[stat.rindex(")") + 2 :].split()  # the name may hold spaces and ")"
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    found = state_and_parent(pid)
    return found is not None and found[0] != "Z"


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            got = state_and_parent(int(entry.name))
            if got is not None and got[1] == pid and got[0] != "Z":
                found.add(int(entry.name))
    return found


async def bot_with_workers(server: FakeDiscord, bot: BotProcess) -> set[int]:
    """The bot at a table of La Bête Hombrée with three computer players, played until
    they have thought in their workers: the bot's child processes then."""
    await bot.start()
    assert bot.proc is not None
    pid = bot.proc.pid
    (alice,) = server.add_users("alice")
    opened = await alice.slash("table new hombree", computers=3, level="fair")
    table = await opened.wait_done(WAIT)
    assert table is not None
    start = await server.wait_for(lambda: find_button(table, "start"), WAIT, "Start")
    await alice.click(table, start, timeout=WAIT)
    deadline = time.monotonic() + WAIT
    while len(children(pid)) < 2:  # both workers (and multiprocessing's resource tracker)
        assert time.monotonic() < deadline, "the computer players never used their workers"
        choices = await alice.autocomplete("play", "move", timeout=WAIT)
        if choices:  # alice's turn: she moves, and the computers answer
            await alice.slash("play", move=choices[0]["value"], timeout=WAIT)
        await asyncio.sleep(0.2)
    return children(pid)


async def gone(pids: set[int], within: float) -> set[int]:
    """Those of ``pids`` still alive after ``within`` seconds (at most)."""
    deadline = time.monotonic() + within
    while (left := {p for p in pids if alive(p)}) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    return left


async def test_sigterm_closes_the_bot_and_its_workers(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot(env=ENV)
    workers = await bot_with_workers(server, bot)

    assert await bot.stop(timeout=WAIT) == 0
    assert not await gone(workers, WAIT)
    assert "Traceback" not in bot.output()
    assert not server.connected


async def test_a_killed_bot_leaves_no_worker_behind(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot(env=ENV)
    workers = await bot_with_workers(server, bot)

    await bot.kill()
    assert bot.returncode == -9
    assert not await gone(workers, WAIT), "the workers outlived their bot"

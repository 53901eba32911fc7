"""Session-wide test hooks."""

from __future__ import annotations

import gc

import aiosqlite

import games.hombre.spec  # noqa: F401  (an engine not yet offered: the registry's tests cover it)
import tests.toy  # noqa: F401  (registers the toy game)


def pytest_sessionfinish(session, exitstatus) -> None:
    """Stop the worker thread of any aiosqlite connection a test left open.

    Those threads are not daemons: one connection left open by a bot that a
    test did not close (an offline client torn down mid-way) would keep the
    test process alive after the last test, until CI's time runs out.
    """
    for obj in gc.get_objects():
        if isinstance(obj, aiosqlite.Connection) and obj._running:
            obj.stop()

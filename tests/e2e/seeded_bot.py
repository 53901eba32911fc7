"""``python -m tests.e2e.seeded_bot``: the real entry point, with every table's seed fixed.

Two runs on the same seed deal the same cards, so a game interrupted by
SIGKILLs can be compared with one played straight through. The bot has no
setting for the seed (``TableService`` takes a ``seed_source`` that
``bot.__main__`` never passes), so this wraps ``bot.__main__.main`` and only
changes the bot it constructs (``make_bot``); settings, logging and the Discord
connection are the entry point's own. The seed comes from ``BETE_TABLE_SEED``.

``BETE_SLOW_ACTIONS`` (``start,join:2.5``) makes those table service actions take that
many seconds more: a busy database, a slow machine, for the answers that must still
reach Discord within its 3 s. A third part (``play:3.2:6``) slows only the first calls.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
from typing import Any

import bot.__main__ as entry
from bot.delivery.client import make_bot
from bot.tables.service import TableService

SEED_VARIABLE = "BETE_TABLE_SEED"
SLOW_VARIABLE = "BETE_SLOW_ACTIONS"


def slow_down(spec: str) -> None:
    """``TableService``'s actions named in ``spec`` (``name,name:seconds[:calls]``), slowed:
    each call, or the first ``calls`` of them (all names together)."""
    names, seconds, *first = spec.split(":")
    left = [int(first[0]) if first else -1]
    for name in names.split(","):
        quick = getattr(TableService, name)

        async def slow(self: TableService, *args: Any, _quick: Any = quick, **kwargs: Any) -> Any:
            if left[0]:
                left[0] -= 1
                await asyncio.sleep(float(seconds))
            return await _quick(self, *args, **kwargs)

        setattr(TableService, name, slow)


def main() -> int:
    if os.environ.get(SLOW_VARIABLE):
        slow_down(os.environ[SLOW_VARIABLE])
    seed = int(os.environ[SEED_VARIABLE])
    entry.make_bot = functools.partial(make_bot, seed_source=lambda: seed)
    return entry.main()


if __name__ == "__main__":
    sys.exit(main())

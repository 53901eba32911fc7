"""``python -m tests.e2e.seeded_bot``: the real entry point, with every table's seed fixed.

Two runs on the same seed deal the same cards, so a game interrupted by
SIGKILLs can be compared with one played straight through. The bot has no
setting for the seed (``TableService`` takes a ``seed_source`` that
``bot.__main__`` never passes), so this wraps ``bot.__main__.main`` and only
changes the bot it constructs (``make_bot``); settings, logging and the Discord
connection are the entry point's own. The seed comes from ``BETE_TABLE_SEED``.
"""

from __future__ import annotations

import functools
import os
import sys

import bot.__main__ as entry
from bot.delivery.client import make_bot

SEED_VARIABLE = "BETE_TABLE_SEED"


def main() -> int:
    seed = int(os.environ[SEED_VARIABLE])
    entry.make_bot = functools.partial(make_bot, seed_source=lambda: seed)
    return entry.main()


if __name__ == "__main__":
    sys.exit(main())

"""``python -m tests.e2e.review_paused_bot``: the seeded entry point
(``tests.e2e.seeded_bot``) whose reviews stop for good before the decision after the
first ``REVIEW_PAUSE_AFTER`` valued by this process, so that a test can SIGKILL the
bot in the middle of a review, its decisions so far stored, at a known point.

Only the bot's reviewer is changed, after the bot's own ``setup_hook`` made it: its
decisions are valued in the bot's worker processes as ever, and stored by it."""

from __future__ import annotations

import asyncio
import functools
import os
import sys
from collections.abc import Mapping
from typing import Any

import bot.__main__ as entry
from bot.delivery.client import BeteBot, make_bot
from tests.e2e.seeded_bot import SEED_VARIABLE

PAUSE_VARIABLE = "REVIEW_PAUSE_AFTER"


def paused(settings: Any, pause_after: int, **options: Any) -> BeteBot:
    made = make_bot(settings, **options)
    setup_hook = made.setup_hook

    async def setup_then_pause() -> None:
        await setup_hook()
        reviewer = made.reviewer
        valued = reviewer.review
        started = 0

        async def review(
            record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
        ) -> dict[str, Any]:
            nonlocal started
            started += 1
            if started > pause_after:  # held here until the test kills the process
                await asyncio.Event().wait()
            return await valued(record, seat, key, budget, seed)

        reviewer.review = review

    made.setup_hook = setup_then_pause  # type: ignore[method-assign]
    return made


def main() -> int:
    seed = int(os.environ[SEED_VARIABLE])
    pause_after = int(os.environ[PAUSE_VARIABLE])
    entry.make_bot = functools.partial(paused, pause_after=pause_after, seed_source=lambda: seed)
    return entry.main()


if __name__ == "__main__":
    sys.exit(main())

"""A seat's review made and stored, for the background reviews, until the bot holds the
reviewer of the Review button (``review_seat``, the same call): the whole review in one
worker (``games.ai.teacher.review_record``), stored once with ``save_review``; no
progress shown, no decision kept on the way."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Final

from db import Database
from db.models import StoredReview
from games.ai.teacher import DEFAULT_DEALS, review_record

NICENESS: Final = 10  # a background review yields the processor to play first
SEED: Final = 0  # the same review of a hand on any machine, as the command line makes it


def review_json(record: dict[str, Any], seat: int, budget: int, seed: int) -> dict[str, Any]:
    """A worker's task: the seat's review of a record, as the JSON a review stores."""
    return review_record(record, seat, budget, seed).to_json()


def _lower_priority() -> None:
    if hasattr(os, "nice"):
        os.nice(NICENESS)


def background_pool() -> ProcessPoolExecutor:
    """One worker process, started at the first review, below the bot's priority."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(1, mp_context=context, initializer=_lower_priority)


class StandInReviewer:
    """Makes and stores a seat's review of a stored hand in ``executor`` (None: a
    thread of the event loop's default pool, for tests)."""

    def __init__(
        self, db: Database, budget: int = DEFAULT_DEALS, executor: Executor | None = None
    ) -> None:
        self.db = db
        self.budget = budget
        self.executor = executor

    async def review_seat(
        self, guild_id: int, hand_id: int, seat: int, progress: object = None
    ) -> StoredReview:
        """The seat's review of the guild's hand ``hand_id``, made and stored if it was
        not (``LookupError`` for a hand the guild does not have)."""
        async with self.db.reading() as store:
            stored = await store.reviews.review(hand_id, seat)
            hand = await store.ledger.hand(guild_id, hand_id)
        if hand is None:
            raise LookupError(f"no hand {hand_id} in guild {guild_id}")
        if stored is not None:
            return stored
        record = hand.record
        loop = asyncio.get_running_loop()
        review = await loop.run_in_executor(
            self.executor, review_json, record, seat, self.budget, SEED
        )
        players: Any = record["players"]
        async with self.db.transaction() as store:
            await store.reviews.save_review(
                hand_id=hand_id, seat=seat, guild_id=guild_id, player=str(players[seat]),
                review=review,
            )  # fmt: skip
            stored = await store.reviews.review(hand_id, seat)
        assert stored is not None
        return stored

    def close(self) -> None:
        """No new review; one under way in a worker is let finish there, unstored."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)

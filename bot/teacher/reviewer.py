"""The reviews of stored hands, one seat at a time (``Reviewer.review_seat``).

A review values each of the seat's decisions in the hand's record
(``games.ai.teacher``) in a worker process, one decision at a time, and stores
each as it is valued: a review interrupted (a restart) takes up at the first
decision not stored.  The whole review is then stored in one transaction, and
shown again at once whenever it is asked for.  The budget and the seed are fixed
(the default deals, the hand's id), so a review is the same on any machine and
whether or not it was interrupted.  The decisions the time limit made for the
seat (its person out of time: the record's ``timed_out``) are not theirs, and are
neither valued nor counted (``decision_keys``, ``review_record``).  The same seat
asked for twice at once is reviewed once: the second asker waits for the first
review, and is told its progress too (or, if that review ended meanwhile, finds it
stored).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from bot.errors import UserError
from db import Database
from db.models import HandRow, HandSeat, StoredReview
from games.ai.teacher import (
    DEFAULT_DEALS,
    decision_keys,
    has_valuer,
    is_final,
    review_decision,
    review_record,
)
from games.ai.teacher.steps import judged_as
from games.records import RecordError

log = logging.getLogger(__name__)

# one decision of a review: a record's JSON, a seat, the decision's key, a budget and a
# seed -> the decision reviewed, as a review stores it (``review_decision``)
DecisionReview = Callable[[Mapping[str, Any], int, str, int, int], Awaitable[dict[str, Any]]]
Progress = Callable[[int, int], Awaitable[None]]  # decisions valued, decisions in all
# a stored hand is its record's last deal: a game of several deals (Bésigue) records the
# deals before it too, which their own hands review
LAST_DEAL: Final = -1


async def inline_review(
    record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
) -> dict[str, Any]:
    """One decision of a review in a thread of this process (tests; the bot's workers
    are ``bot.tables.computer.PoolDecider.review``)."""
    return await asyncio.to_thread(review_decision, record, seat, key, budget, seed)


@dataclass
class _Running:
    """A review under way, and those told of its progress."""

    listeners: list[Progress] = field(default_factory=list)
    shown: tuple[int, int] | None = None
    task: asyncio.Task[StoredReview] | None = None

    async def tell(self, done: int, total: int) -> None:
        self.shown = (done, total)
        for listener in list(self.listeners):
            try:
                await listener(done, total)
            except Exception:  # a progress line not shown does not stop the review
                log.exception("could not show a review's progress")


@dataclass(frozen=True, slots=True)
class SeatAsked:
    """A stored hand, its seats, the seat asked for (None: the hand has no such seat,
    or the player did not play it) and that seat's stored review, as one reading
    found them."""

    hand: HandRow
    seats: list[HandSeat]
    seat: int | None
    stored: StoredReview | None


class Reviewer:
    """Reviews of a database's stored hands, their decisions valued by ``review``."""

    def __init__(self, db: Database, review: DecisionReview, budget: int = DEFAULT_DEALS) -> None:
        self.db = db
        self.review = review
        self.budget = budget
        self._running: dict[tuple[int, int], _Running] = {}

    async def asked(
        self, guild_id: int, hand_id: int, *, seat: int | None = None, player: str | None = None
    ) -> SeatAsked:
        """The guild's stored hand ``hand_id``, its seats, the seat asked for (``seat``,
        or the one ``player`` played) and its stored review, in one reading;
        ``UserError`` for no such hand in the guild."""
        async with self.db.reading() as store:
            hand = await store.ledger.hand(guild_id, hand_id)
            if hand is None:
                raise UserError("review.no_hand", id=hand_id)
            seats = await store.ledger.hand_seats(hand_id)
            if player is not None:
                seat = next((i for i, s in enumerate(seats) if s.player == player), None)
            if seat is not None and not 0 <= seat < len(seats):
                seat = None
            stored = None if seat is None else await store.reviews.review(hand_id, seat)
        return SeatAsked(hand, seats, seat, stored)

    async def hand_of(self, table_id: int, hand_no: int) -> int | None:
        """The number of a table's settled hand ``hand_no`` (its summary's button's)."""
        async with self.db.reading() as store:
            return await store.ledger.hand_id(table_id, hand_no)

    async def review_seat(
        self, guild_id: int, hand_id: int, seat: int, progress: Progress | None = None
    ) -> StoredReview:
        """The review of ``seat`` in the guild's hand ``hand_id`` (``review_of``)."""
        return await self.review_of(await self.asked(guild_id, hand_id, seat=seat), progress)

    async def review_of(self, asked: SeatAsked, progress: Progress | None = None) -> StoredReview:
        """The review of the seat ``asked`` for: the stored one at once, else made now
        (``progress(done, total)`` told as decisions are valued) and stored.

        ``UserError`` for a seat the hand has not, a seat a computer player played for
        (``table.stood_in``), a game that values no moves, or a record the engine
        refuses."""
        hand, seat = asked.hand, asked.seat
        if asked.stored is not None:
            return asked.stored
        if not has_valuer(hand.game):
            raise UserError("review.no_valuer", id=hand.id)
        if seat is None:
            raise UserError("review.no_seat", id=hand.id)
        stood_in = hand.record.get("stood_in")
        if isinstance(stood_in, list) and seat in stood_in:  # its moves not the person's
            raise UserError("review.stood_in", id=hand.id)
        key = (hand.id, seat)
        running = self._running.get(key)
        if running is None:
            running = self._running[key] = _Running()
            task = asyncio.create_task(self._review(hand, seat, asked.seats[seat].player, running))
            task.add_done_callback(lambda _: self._running.pop(key, None))
            running.task = task
        assert running.task is not None
        if progress is not None:
            running.listeners.append(progress)
            if running.shown is not None:
                await progress(*running.shown)
        try:  # one asker gone does not stop the review the others wait for
            return await asyncio.shield(running.task)
        finally:
            if progress is not None:
                running.listeners.remove(progress)

    async def _review(
        self, hand: HandRow, seat: int, player: str, running: _Running
    ) -> StoredReview:
        record, budget, seed = hand.record, self.budget, hand.id
        # read again here: the asker read no review, but one may have been stored since
        # (made by a review that ended before this one was asked for)
        async with self.db.reading() as store:
            stored = await store.reviews.review(hand.id, seat)
            kept = [] if stored else await store.reviews.reviewed_decisions(hand.id, seat)
        if stored is not None:
            return stored
        try:
            keys = await asyncio.to_thread(decision_keys, record, seat, LAST_DEAL)
        except RecordError as error:
            log.warning("hand %s cannot be reviewed: %s", hand.id, error)
            raise UserError("review.unreadable", id=hand.id) from None
        # a decision stored by a version that confirmed no loss is valued again here, in
        # a worker, rather than confirmed by ``review_record`` on this process's thread
        game = judged_as(record)
        done = {str(d["key"]): d for d in kept if d.get("key") in keys and is_final(d, game)}
        await running.tell(len(done), len(keys))
        for key in keys:
            if key in done:
                continue
            decision = await self.review(record, seat, key, budget, seed)
            async with self.db.transaction() as store:
                await store.reviews.add_reviewed_decision(hand.id, seat, key, decision)
            done[key] = decision
            await running.tell(len(done), len(keys))
        kept_now = list(done.values())
        whole = await asyncio.to_thread(
            lambda: review_record(record, seat, budget, seed, done=kept_now, deal=LAST_DEAL)
        )
        async with self.db.transaction() as store:
            await store.reviews.save_review(
                hand_id=hand.id,
                seat=seat,
                guild_id=hand.guild_id,
                player=player,
                review=whole.to_json(),
            )
            stored = await store.reviews.review(hand.id, seat)
        assert stored is not None
        return stored

    async def close(self) -> None:
        """Stop the reviews under way (their decisions valued so far stay stored)."""
        tasks = [r.task for r in self._running.values() if r.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

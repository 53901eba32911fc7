"""Every hand of a server reviewed in the background when the bot is idle: the servers
whose managers turned it on (``/settings reviews:``), one person's seat at a time.

*Idle* is read from the live tables alone, at no cost: no table has a computer
player to move (its decision is pending, or about to be), and no table has had a
turn in the last ``CALM`` seconds (a deal, a move, a seat taken back: people are
playing there).  It is checked before each seat, so that when play starts again the
bot finishes at most the one review under way (a whole hand: seconds).  The reviews
run where the review function runs them (worker processes), never on the event loop.
A review is the Review button's (``Reviewer.review_seat``): a seat a computer player
stood in for is refused, the decisions the time limit made are left out, as there.

Nothing is kept in memory but the seats set aside (tried again after a restart):
those whose review failed (logged with its traceback) or was refused (a record the
engine cannot read: a line of log).  The seats left are the database's
(``unreviewed_seats``, the newest hands first, the computer players' seats and the
games that value no moves left out), so a restart takes up where it was, and a seat
reviewed meanwhile by its player (the Review button) is not done again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Final

from bot.errors import UserError
from bot.tables.names import AI_PREFIX
from bot.tables.table import LiveTable
from db import Database
from db.models import UnreviewedSeat
from games import registry
from games.ai.teacher import has_valuer

log = logging.getLogger(__name__)

ReviewSeat = Callable[[int, int, int], Awaitable[object]]  # guild id, hand id, seat
CALM: Final = 60.0  # seconds without a turn at any table before the bot is idle
POLL: Final = 30.0  # seconds between two looks when busy, or when nothing is left
PAUSE: Final = 1.0  # seconds between two reviews while idle


def tables_idle(tables: Iterable[LiveTable], now: float, calm: float = CALM) -> bool:
    """Whether the bot is idle at ``now`` (Unix time), as far as ``tables`` tell: no
    computer player to move at any of them, no turn at any in the last ``calm`` seconds."""
    for table in tables:
        if table.status != "playing":
            continue  # a lobby: nothing to compute
        if now - table.turn_started < calm:
            return False
        seat = table.to_act
        if seat is not None and not table.seats[seat].human:
            return False
    return True


class BackgroundReviews:
    """Reviews the people's seats of the stored hands of the servers that ask for it,
    with ``review`` (guild id, hand id, seat: made and stored), while the ``tables``
    (the live ones, by id) leave the bot idle; ``owns``: the guilds this process serves
    (several processes: each reviews its own)."""

    def __init__(
        self,
        db: Database,
        review: ReviewSeat,
        tables: Mapping[int, LiveTable],
        *,
        owns: Callable[[int], bool] = lambda guild_id: True,
        calm: float = CALM,
        poll: float = POLL,
        pause: float = PAUSE,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.review = review
        self.tables = tables
        self.owns = owns
        self.calm = calm
        self.poll = poll
        self.pause = pause
        self.clock = clock
        self._set_aside: set[tuple[int, int]] = set()  # (hand, seat): not again until a restart
        self._last_guild: int | None = None
        self._task: asyncio.Task[None] | None = None

    def idle(self) -> bool:
        return tables_idle(self.tables.values(), self.clock(), self.calm)

    async def next_seat(self) -> UnreviewedSeat | None:
        """The next person's seat to review: the newest hand left of the next server (in
        turn, after the one served last) that has its hands reviewed."""
        games = [spec.id for spec in registry.games() if has_valuer(spec.id)]
        async with self.db.reading() as store:
            guilds = sorted(g for g in await store.preferences.auto_review_guilds() if self.owns(g))
            if self._last_guild is not None:  # each server in turn
                guilds = [g for g in guilds if g > self._last_guild] + [
                    g for g in guilds if g <= self._last_guild
                ]
            for guild in guilds:
                seats = await store.reviews.unreviewed_seats(
                    guild, AI_PREFIX, len(self._set_aside) + 1, games
                )
                for seat in seats:
                    if (seat.hand_id, seat.seat) not in self._set_aside:
                        return seat
        return None

    async def review_next(self) -> UnreviewedSeat | None:
        """If the bot is idle, the next seat left reviewed: that seat (its review failed
        or was refused: logged, and not tried again until a restart); None when the bot
        is busy or no seat is left."""
        if not self.idle():
            return None
        seat = await self.next_seat()
        if seat is None:
            return None
        self._last_guild = seat.guild_id
        try:
            await self.review(seat.guild_id, seat.hand_id, seat.seat)
        except UserError as refused:  # the record cannot be reviewed: no fault of the bot's
            log.info("hand %s, seat %s not reviewed: %s", seat.hand_id, seat.seat, refused.key)
            self._set_aside.add((seat.hand_id, seat.seat))
        except Exception:
            log.exception("the review of hand %s, seat %s failed", seat.hand_id, seat.seat)
            self._set_aside.add((seat.hand_id, seat.seat))
        return seat

    def start(self) -> None:
        """Review in the background from now on (after a first ``poll``)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name="background-reviews"
            )

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            try:
                reviewed = await self.review_next()
                while reviewed is not None:  # the next at once while idle, a breath apart
                    await asyncio.sleep(self.pause)
                    reviewed = await self.review_next()
            except Exception:  # the database away a moment: the next look will tell
                log.exception("the background reviews could not go on")

    async def close(self) -> None:
        """Stop: a review under way is dropped (a review is stored whole or not at all)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.wait([task])  # its end, without taking its cancellation for ours

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

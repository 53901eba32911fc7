"""What must reach Discord and did not yet: kept, tried again with backoff, given up
after a bound.

Discord sometimes says no for a while: a 5xx or a 429 after discord.py's own tries, a
permission taken away until someone gives it back (403, 50001 or 50013), or the network.
A delivery that meets one stays here, under its key, and the key's worker tries it again
after each of ``DELAYS`` in turn until it goes through; past the last, it is given up,
with one line in the log and one in its table's event lines. Any other refusal (a 400,
an Unknown Message its sender did not handle) is not tried again.

A key holds one delivery at a time, the newest: an edit put while an older one waits
replaces it (edits coalesce, so a backlog never builds behind a dead message); a post
(``coalesce=False``) is kept as first put, so that the same summary is never posted twice.

The first try starts at once, and its caller waits for it ``INLINE`` seconds at most:
discord.py tries a 5xx up to five times over 25 s, and the presenter does not wait that
long behind a table's lock; what is slower goes on here, in the background, and the
next change of the table finds its key busy. Nothing is sent before ``open`` (the bot
is connected), so that what a restart queues waits for the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Final, TypedDict, Unpack

import aiohttp
import discord

from bot.game import LogLine
from bot.tables.table import LiveTable

log = logging.getLogger(__name__)

# seconds before each new try, after the first failed: 1 s to 1 min, about 5 min in all
DELAYS: Final = (1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 60.0, 60.0, 60.0, 60.0)
INLINE: Final = 2.0  # seconds a caller waits for the first try
# Discord's codes for a permission the bot lacks in a channel: Missing Access (it cannot
# see the channel), Missing Permissions (it may not do that there)
PERMISSION_CODES: Final = frozenset({50001, 50013})


class ServerErrors:
    """When Discord last answered a request 5xx, by the request's path (the latest
    ``KEPT``): an edit that got one is waiting out discord.py's pause before its next
    try, with a state a newer one may replace."""

    KEPT: Final = 1024

    def __init__(self) -> None:
        self._at: OrderedDict[str, float] = OrderedDict()

    def watch(self, trace: aiohttp.TraceConfig) -> aiohttp.TraceConfig:
        """Note the 5xx answers of the requests ``trace`` follows (discord.py's session)."""

        async def ended(
            session: aiohttp.ClientSession, context: object, params: aiohttp.TraceRequestEndParams
        ) -> None:
            if params.response.status >= 500:
                self.saw(params.url.path)

        trace.on_request_end.append(ended)
        return trace

    def saw(self, path: str) -> None:
        self._at[path] = time.monotonic()
        self._at.move_to_end(path)
        while len(self._at) > self.KEPT:
            self._at.popitem(last=False)

    def since(self, path_end: str, moment: float) -> bool:
        """Whether a request whose path ends with ``path_end`` was answered 5xx after
        ``moment`` (monotonic)."""
        return any(p.endswith(path_end) and at >= moment for p, at in reversed(self._at.items()))


class Later(Exception):
    """Raised by a delivery that may not go yet (not a failure): try it again in
    ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"not before {seconds:.1f} s")
        self.seconds = seconds


class Superseded(Exception):
    """Raised by a delivery that gave way to a newer version of itself (waiting under the
    same key): not a failure, the newer one goes at once."""


def lacks_permission(error: BaseException) -> bool:
    """Discord refused for a permission the bot lacks in that channel."""
    return isinstance(error, discord.Forbidden) and error.code in PERMISSION_CODES


def passing(error: BaseException) -> bool:
    """Whether Discord may well take the same request a little later."""
    if isinstance(error, discord.DiscordServerError | discord.RateLimited):
        return True
    if isinstance(error, discord.Forbidden):
        return lacks_permission(error)  # until the permission is given back
    if isinstance(error, discord.HTTPException):  # still limited, or failing, after
        return error.status == 429 or error.status >= 500  # discord.py's own tries
    return isinstance(error, OSError | aiohttp.ClientError | TimeoutError)


@dataclass(eq=False)
class Delivery:
    """Something to send: ``send()`` does it (drawing what it sends as things are then),
    and raises if Discord says no."""

    key: Hashable
    send: Callable[[], Awaitable[None]]
    what: str  # for the log: "the summary of hand 3 of table 12"
    table: LiveTable | None = None  # whose event lines say it was given up
    line: LogLine | None = None  # the event line that says so
    wanted: Callable[[], bool] = lambda: True  # still worth sending (a turn notice: its turn)
    tried: asyncio.Future[bool] = field(default_factory=lambda: asyncio.Future())
    failure: Exception | None = None  # why its last try failed (for its sender to say)

    def settle(self, delivered: bool) -> None:
        if not self.tried.done():
            self.tried.set_result(delivered)


class PutOptions(TypedDict, total=False):
    """What ``Outbox.put`` takes besides the delivery (``Outbox.send`` passes them on)."""

    table: LiveTable | None
    line: LogLine | None
    wanted: Callable[[], bool] | None
    coalesce: bool


class Outbox:
    """The deliveries Discord did not take yet, by key, each key tried by one worker."""

    def __init__(self, delays: tuple[float, ...] = DELAYS, inline: float = INLINE) -> None:
        self.delays = delays
        self.inline = inline
        self._waiting: dict[Hashable, Delivery] = {}
        self._sending: dict[Hashable, Delivery] = {}
        self._workers: dict[Hashable, asyncio.Task[None]] = {}
        # told when Discord refuses a delivery of a table for a permission
        self.on_refused: Callable[[Delivery, discord.Forbidden], Awaitable[None]] | None = None
        self.given_up: list[Delivery] = []  # the last few given up (for the tests' eyes)

    def busy(self, key: Hashable) -> bool:
        """A delivery of ``key`` waits or is being sent."""
        return key in self._waiting or key in self._sending

    def put(
        self,
        key: Hashable,
        send: Callable[[], Awaitable[None]],
        what: str,
        *,
        table: LiveTable | None = None,
        line: LogLine | None = None,
        wanted: Callable[[], bool] | None = None,
        coalesce: bool = True,
    ) -> Delivery:
        """Queue a delivery under ``key`` (it replaces one waiting there, unless
        ``coalesce`` is false: then the one already there is kept and returned)."""
        if not coalesce:
            kept = self._waiting.get(key) or self._sending.get(key)
            if kept is not None:
                return kept
        delivery = Delivery(key, send, what, table, line, wanted or (lambda: True))
        replaced = self._waiting.get(key)
        self._waiting[key] = delivery
        if replaced is not None:
            replaced.settle(False)  # its newer version carries it
        worker = self._workers.get(key)
        if worker is None or worker.done():
            self._workers[key] = asyncio.create_task(self._work(key), name=f"outbox {key}")
        return delivery

    async def send(
        self,
        key: Hashable,
        send: Callable[[], Awaitable[None]],
        what: str,
        **options: Unpack[PutOptions],
    ) -> bool:
        """``put``, then wait for the first try ``INLINE`` seconds at most: whether it
        went through meanwhile (if not, the outbox carries on with it)."""
        delivery = self.put(key, send, what, **options)
        return await self.wait(delivery)

    async def wait(self, delivery: Delivery, seconds: float | None = None) -> bool:
        """Whether ``delivery``'s first try went through, waiting ``seconds`` at most
        (default ``INLINE``)."""
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(asyncio.shield(delivery.tried), seconds or self.inline)
        return False

    def refused_last(self, key: Hashable) -> Exception | None:
        """Why Discord refused the last try of ``key``'s delivery, while it waits out
        its pause before the next (None: no delivery of ``key`` waits so). A delivery
        waiting with a failure is one put back after it: a new one has none."""
        delivery = self._waiting.get(key)
        return None if delivery is None else delivery.failure

    def waiting(self, key: Hashable) -> Delivery | None:
        """The delivery of ``key`` waiting or being sent, if any."""
        return self._waiting.get(key) or self._sending.get(key)

    async def close(self) -> None:
        for worker in self._workers.values():
            worker.cancel()
        for worker in list(self._workers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await worker
        self._workers.clear()

    async def _work(self, key: Hashable) -> None:
        failures = 0
        while (delivery := self._waiting.pop(key, None)) is not None:
            if not delivery.wanted():
                delivery.settle(False)
                continue
            self._sending[key] = delivery
            try:
                await delivery.send()
            except Later as later:
                self._waiting.setdefault(key, delivery)
                await asyncio.sleep(later.seconds)
                continue
            except Superseded:
                delivery.settle(False)
                continue
            except Exception as error:
                delivery.failure = error
                if not passing(error):
                    log.exception("could not send %s; not tried again", delivery.what)
                    delivery.settle(False)
                    continue
                await self._refused(delivery, error)
                delivery.settle(False)
                if failures >= len(self.delays):
                    self._give_up(delivery, error, failures + 1)
                    failures = 0
                    continue
                log.info("could not send %s (%s); trying again", delivery.what, error)
                self._waiting.setdefault(key, delivery)  # unless a newer one came meanwhile
                await asyncio.sleep(self.delays[failures])
                failures += 1
                continue
            finally:
                self._sending.pop(key, None)
            delivery.settle(True)
            failures = 0
        self._workers.pop(key, None)

    async def _refused(self, delivery: Delivery, error: Exception) -> None:
        if self.on_refused is None or not isinstance(error, discord.Forbidden):
            return
        if not lacks_permission(error):
            return
        try:
            await self.on_refused(delivery, error)
        except Exception:
            log.exception("could not tell who acted that a permission is missing")

    def _give_up(self, delivery: Delivery, error: Exception, tries: int) -> None:
        log.warning("gave up sending %s after %d tries: %s", delivery.what, tries, error)
        if delivery.table is not None and delivery.line is not None:
            delivery.table.log.append(delivery.line)
        self.given_up = [*self.given_up[-9:], delivery]

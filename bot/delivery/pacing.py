"""The bot's own REST requests kept under Discord's global limit, before Discord has to
send them back.

Discord allows a bot's token ``REST_RATE`` requests a second (50, across all its
servers; the answers to interactions and the requests made with their tokens aside) and
answers the rest with a global 429. discord.py waits a 429 out, but only the request
that got it: the requests already on their way get theirs too, and once the wait is over
every request held meanwhile leaves at once, to be sent back again. Under a load near
the limit that makes more 429s than edits, and Discord bans for an hour the address of
a client that makes 10,000 such refusals in 10 minutes.

So the requests wait here instead, at the moment aiohttp sends them (a trace hook of
discord.py's session: after discord.py's own waits for its routes' limits), in the order
they came: at most ``count`` of them (this process's share of the rate, the processes
sharing the token splitting it by their shards) in any ``WINDOW``, where a request
counts from the moment it leaves until a ``WINDOW`` after its answer came back.  Discord
counts a request when it arrives, which is after it left and before its answer: so
however late a request reaches Discord (a slow network, or this process starved of
the processor between the hook and the socket), the next one it makes room for
arrives a whole window after it.  No margin of time is guessed.  A table's edit that
waits lets the changes made meanwhile gather behind it, to be drawn by the next edit at
once.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import deque
from typing import Any, Final

import aiohttp
from yarl import URL

WINDOW: Final = 1.0  # seconds: Discord counts its global limit per second
REST_PATH: Final = "/api/"  # the REST API's paths; not the gateway's nor the CDN's
UNCOUNTED: Final = ("/interactions/", "/webhooks/")  # answers, and their tokens' requests


def counted(url: URL) -> bool:
    """Whether a request to ``url`` counts against the token's global limit."""
    path = url.path
    return path.startswith(REST_PATH) and not any(part in path for part in UNCOUNTED)


class RestPacer:
    """At most ``count`` of this process's counted REST requests in any window: each
    holds its place from when it leaves (``wait``) to a window after its answer
    (``answered``)."""

    def __init__(self, count: int) -> None:
        if count < 1:
            raise ValueError("a pacer lets at least one request through a window")
        self.count = count
        self._flying = 0  # requests sent, their answer not back yet
        self._answered: deque[float] = deque()  # when the last answers came (monotonic)
        self._answer = asyncio.Event()  # set when an answer comes
        self._turn = asyncio.Lock()  # first come, first sent
        self.waited = 0  # requests that could not leave at once

    @classmethod
    def share(cls, rate: float, shards: int, of: int) -> RestPacer | None:
        """This process's pacer: ``rate`` a second for the token, split by shards held
        (``shards`` of ``of``); None when ``rate`` is 0 (not paced)."""
        if rate <= 0:
            return None
        return cls(max(1, int(rate * WINDOW * shards / of)))

    async def wait(self) -> None:
        """Return when one more request may leave (its place held until ``answered``)."""
        queued = self._turn.locked()  # others wait already: this one's turn is after theirs
        async with self._turn:
            answered = self._answered
            for tries in itertools.count():
                now = time.monotonic()
                while answered and answered[0] <= now - WINDOW:
                    answered.popleft()
                if self._flying + len(answered) < self.count:
                    self._flying += 1
                    self.waited += queued or tries > 0
                    return
                if answered:  # the first place a window after its answer
                    await asyncio.sleep(answered[0] + WINDOW - now)
                else:  # every place flying: an answer first
                    self._answer.clear()
                    await self._answer.wait()

    def answered(self) -> None:
        """A request that left (``wait``) is answered, or failed: its place is free a
        window from now."""
        self._flying -= 1
        self._answered.append(time.monotonic())
        self._answer.set()

    def trace(self) -> aiohttp.TraceConfig:
        """The hook for discord.py's session (``http_trace``): each counted request waits
        for its turn before it is sent, and frees it when its answer comes (or it fails:
        aiohttp ends every request it started with one or the other)."""

        async def before_sending(
            session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams
        ) -> None:
            if counted(params.url):
                await self.wait()
                context.paced = True

        async def after(session: aiohttp.ClientSession, context: Any, params: object) -> None:
            if getattr(context, "paced", False):
                context.paced = False
                self.answered()

        config = aiohttp.TraceConfig()
        config.on_request_start.append(before_sending)
        config.on_request_end.append(after)
        config.on_request_exception.append(after)
        return config

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
discord.py's session: after discord.py's own waits for its routes' limits): at most
``count`` leave in any ``WINDOW`` and ``MARGIN`` (this process's share of the rate, the
processes sharing the token splitting it by their shards), in the order they came. The
margin stands for the network: requests a window apart here may arrive closer together.
A table's edit that waits lets the changes made meanwhile gather behind it, to be drawn
by the next edit at once.
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
MARGIN: Final = 0.1  # seconds more, for requests that arrive closer than they left
REST_PATH: Final = "/api/"  # the REST API's paths; not the gateway's nor the CDN's
UNCOUNTED: Final = ("/interactions/", "/webhooks/")  # answers, and their tokens' requests


def counted(url: URL) -> bool:
    """Whether a request to ``url`` counts against the token's global limit."""
    path = url.path
    return path.startswith(REST_PATH) and not any(part in path for part in UNCOUNTED)


class RestPacer:
    """At most ``count`` of this process's counted REST requests in any window."""

    def __init__(self, count: int) -> None:
        if count < 1:
            raise ValueError("a pacer lets at least one request through a window")
        self.count = count
        self._sent: deque[float] = deque()  # when the last requests left (monotonic)
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
        """Return when one more request may leave."""
        queued = self._turn.locked()  # others wait already: this one's turn is after theirs
        async with self._turn:
            sent = self._sent
            span = WINDOW + MARGIN
            for tries in itertools.count():
                now = time.monotonic()
                while sent and sent[0] <= now - span:
                    sent.popleft()
                if len(sent) < self.count:
                    sent.append(now)
                    self.waited += queued or tries > 0
                    return
                await asyncio.sleep(sent[0] + span - now)

    def trace(self) -> aiohttp.TraceConfig:
        """The hook for discord.py's session (``http_trace``): each counted request waits
        for its turn before it is sent."""

        async def before_sending(
            session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams
        ) -> None:
            if counted(params.url):
                await self.wait()

        config = aiohttp.TraceConfig()
        config.on_request_start.append(before_sending)
        return config

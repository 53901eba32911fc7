"""Answers before the rest: the answer to a click is what its player waits for; what
follows a move (the table message, the other players' hands, a turn notice) can wait a
moment.

One event loop runs both. Without an order, a click that comes in while the bot draws
the messages of other tables' moves waits for all of that drawing, one callback after
another, before its own answer is drawn and sent: under load, most of an answer's time.

Every interaction this process runs is counted from the moment its gateway event is
parsed until its answer (the first response, which discord.py sends through
``AsyncWebhookAdapter.create_interaction_response``) has been sent. Before each drawing
of what follows a move, the presenter waits while any is counted, at most ``MAX_WAIT``
each time: a steady stream of clicks delays the rest a little, never stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
import weakref
from collections.abc import Callable
from typing import Any, Final

from discord.webhook.async_ import AsyncWebhookAdapter

# seconds the rest waits for the answers due, each time it would draw
MAX_WAIT: Final = 0.05
# seconds after which an interaction never answered (its handler failed, or it was not a
# click of ours) stops counting: Discord gives up on it after 3 s too
FORGET: Final = 3.0

_WATCHERS: Final = weakref.WeakSet["AnswersFirst"]()


class AnswersFirst:
    """The interactions of this process waiting for their answer."""

    def __init__(self) -> None:
        self._due: dict[int, float] = {}  # interaction id: when it came (monotonic)
        self._none_due = asyncio.Event()
        self._none_due.set()

    @property
    def due(self) -> int:
        return len(self._due)

    def install(self, parsers: dict[str, Callable[[dict[str, Any]], None]]) -> None:
        """Count each INTERACTION_CREATE the gateway's parsers run from now on, and each
        answer sent by this process."""
        parse = parsers["INTERACTION_CREATE"]

        def counted(data: dict[str, Any]) -> None:
            self.came(int(data["id"]))
            parse(data)

        parsers["INTERACTION_CREATE"] = counted
        _watch_answers()
        _WATCHERS.add(self)

    def came(self, interaction_id: int) -> None:
        self._due[interaction_id] = time.monotonic()
        self._none_due.clear()

    def answered(self, interaction_id: int) -> None:
        if self._due.pop(interaction_id, None) is not None and not self._due:
            self._none_due.set()

    async def wait_turn(self) -> None:
        """Let the loop read what has come in, then wait while answers are due (at most
        ``MAX_WAIT``)."""
        await asyncio.sleep(0)
        if not self._due:
            return
        now = time.monotonic()
        for interaction_id, came in list(self._due.items()):
            if now - came > FORGET:
                self.answered(interaction_id)
        if self._due:  # past MAX_WAIT, clicks that keep coming no longer hold it
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._none_due.wait(), MAX_WAIT)


def _answered(interaction_id: int) -> None:
    for watcher in _WATCHERS:
        watcher.answered(interaction_id)


def _watch_answers() -> None:
    """Every first response to an interaction goes through this one method of discord.py:
    once it is sent, the interaction no longer counts (once per process)."""
    send = AsyncWebhookAdapter.create_interaction_response
    if getattr(send, "answers_first", False):
        return

    @functools.wraps(send)
    def create_interaction_response(
        self: AsyncWebhookAdapter, interaction_id: int, token: str, **kwargs: Any
    ) -> Any:
        sending = send(self, interaction_id, token, **kwargs)

        async def sent() -> Any:
            try:
                return await sending
            finally:
                _answered(int(interaction_id))

        return sent()

    create_interaction_response.answers_first = True  # type: ignore[attr-defined]
    AsyncWebhookAdapter.create_interaction_response = create_interaction_response  # type: ignore[method-assign]

"""One interaction a simulated user made (:class:`SimInteraction`), the kinds of
interaction and of callback answering them, and which callback answers which kind."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .model import JSON, FakeChannel, FakeMessage, FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord

ANSWER_AGAIN = 1.0  # seconds a refused callback leaves the bot to answer another way

# Interaction types.
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types.
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL}),
    MESSAGE_COMPONENT: frozenset(
        {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL}
    ),
    AUTOCOMPLETE: frozenset({AUTOCOMPLETE_RESULT}),
    MODAL_SUBMIT: frozenset(
        {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
    ),
}


@dataclass
class Callback:
    type: int
    data: JSON


@dataclass(eq=False)
class SimInteraction:
    """One interaction a simulated user made, and everything the bot answered to it.

    ``original`` is the message the response created (types 4 and 5) or the
    message the component was on (types 6 and 7): what ``@original`` names.
    """

    server: FakeDiscord
    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    data: JSON
    payload: JSON
    message: FakeMessage | None = None
    created_at: float = field(default_factory=time.monotonic)
    dispatched_at: float | None = None
    """``perf_counter`` when INTERACTION_CREATE left the fake."""
    acked_at: float | None = None
    """``perf_counter`` when the callback arrived."""
    callback: Callback | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    modal: JSON | None = None
    choices: list[JSON] | None = None
    token_edits: int = 0
    """Messages edited through its token (``@original`` or a follow-up): after a deferred
    update, the clicked message's edit."""
    rejected: list[str] = field(default_factory=list)
    """Errors the fake answered to this interaction's callback or webhook calls."""
    token_expired: bool = False

    @property
    def acked(self) -> bool:
        return self.callback is not None

    @property
    def response_type(self) -> int | None:
        return None if self.callback is None else self.callback.type

    @property
    def latency(self) -> float | None:
        """Seconds from dispatching INTERACTION_CREATE to receiving its callback."""
        if self.dispatched_at is None or self.acked_at is None:
            return None
        return self.acked_at - self.dispatched_at

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def name(self) -> str:
        """The command's name, or the component's custom_id."""
        return str(self.data.get("name") or self.data.get("custom_id") or "")

    def text(self) -> str:
        """Text of the answer: the original response, then any follow-ups."""
        parts = [m.text() for m in ([self.original] if self.original else []) + self.followups]
        return "\n".join(p for p in parts if p)

    async def wait_ack(self, timeout: float = 5.0) -> Callback:
        """Wait for the bot's callback; fail soon if the fake refused it (a refused
        callback leaves the interaction unanswered, as Discord does: the bot may answer
        it another way within a second)."""
        await self.server.wait_for(
            lambda: self.acked or bool(self.rejected), timeout, f"an answer to {self!r}"
        )
        if self.callback is None:
            with contextlib.suppress(TimeoutError):
                await self.server.wait_for(lambda: self.acked, ANSWER_AGAIN, "another answer")
        if self.callback is None:
            raise AssertionError(f"the bot's answer to {self!r} was refused: {self.rejected}")
        return self.callback

    async def wait_done(self, timeout: float = 5.0) -> FakeMessage | None:
        """Wait for the answer a user would see: a deferred "thinking" message filled in,
        a deferred update's message edited (or a follow-up said why not)."""
        await self.wait_ack(timeout)
        if self.response_type == DEFERRED_CHANNEL_MESSAGE:
            await self.server.wait_for(
                lambda: self.original is not None and not self.original.loading,
                timeout,
                f"the deferred answer to {self!r}",
            )
        elif self.response_type == DEFERRED_UPDATE_MESSAGE:
            await self.server.wait_for(
                lambda: self.token_edits > 0 or bool(self.followups),
                timeout,
                f"the deferred update of {self!r}",
            )
        return self.original

    async def wait_followup(self, count: int = 1, timeout: float = 5.0) -> FakeMessage:
        """Wait until ``count`` follow-up messages exist; return the last one."""
        await self.server.wait_for(
            lambda: len(self.followups) >= count, timeout, f"{count} follow-up(s) to {self!r}"
        )
        return self.followups[count - 1]

    def __repr__(self) -> str:
        kind = {2: "slash", 3: "click", 4: "autocomplete", 5: "modal"}.get(self.type, self.type)
        who = self.user.name
        return f"<SimInteraction {kind} {self.name!r} by {who} response={self.response_type}>"

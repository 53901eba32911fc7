"""Fault injection: requests made to fail (:class:`~.records.Fault`), held unanswered
(:class:`~.records.Hold`), rate-limited, answered as a misbehaving Discord would; tokens
aged. The HTTP plumbing (:mod:`.http_plumbing`) applies them to each request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .misbehaviour import Misbehaviour
from .records import Fault, Hold
from .state import FakeDiscordState


class FaultInjection(FakeDiscordState):
    """The ways a test makes the fake refuse or delay the bot's requests."""

    def inject(
        self,
        method: str,
        route: str,
        *,
        status: int = 500,
        times: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        taken: bool = False,
    ) -> Fault:
        """Make the next ``times`` calls to ``method route`` answer ``status``.

        ``route`` is a template (``/channels/{channel_id}/messages``) or a concrete
        path; ``method`` may be ``*``. A 429 carries ``retry_after`` seconds. ``taken``:
        the request is done all the same (a post made though answered 500).
        """
        fault = Fault(method.upper(), route, status, times, retry_after, is_global, taken=taken)
        self.faults.append(fault)
        return fault

    def misbehave(self, **how: Any) -> Misbehaviour:
        """Answer a share of the bot's requests as Discord sometimes does (seeded): see
        :mod:`.misbehaviour`."""
        self.misbehaviour = Misbehaviour(**how)
        return self.misbehaviour

    def hold(self, method: str, route: str, *, spare: Callable[[str], bool] | None = None) -> Hold:
        """Keep calls to ``method route`` unanswered until the hold is released or
        dropped; ``route`` and ``method`` as in :meth:`inject`; ``spare``: the paths it
        lets through all the same."""
        hold = Hold(method.upper(), route, spare=spare)
        self.holds.append(hold)
        return hold

    def limit_rate(self, route: str, count: int, per: float) -> None:
        """Rate-limit ``route`` (``"METHOD /template"``) like Discord: ``count`` calls
        per ``per`` seconds per channel; beyond, 429 with the exact ``retry_after``."""
        self.rate_limits[route] = (count, per)

    def limit_globally(self, count: int = 50, per: float = 1.0) -> None:
        """Discord's global limit: ``count`` requests per ``per`` seconds from the bot in
        all, the answers to interactions (their callbacks and webhooks) aside; beyond,
        429 with ``global: true`` and the exact ``retry_after``."""
        self.global_limit = (count, per)

    def expire_tokens(self) -> None:
        """Age every interaction token past its 15 minutes."""
        for ix in self.interactions.values():
            ix.token_expired = True

"""Discord misbehaving on request, as the real one sometimes does, all of it seeded.

``server.misbehave(seed=..., server_errors=0.02, rate_limits=0.02, refusals=0.01)``
answers a share of the bot's requests on messages (``/channels/...``, the webhooks of its
interactions' tokens, opening a DM) with:

- 500 Internal Server Error (discord.py tries it again by itself, up to five times);
- 429 with ``retry_after`` in the body and the headers Discord sends (``Retry-After``,
  ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After``, ``-Bucket``,
  ``-Scope``, and ``Via``, without which discord.py takes it for a Cloudflare ban);
- 403: 50007 *Cannot send messages to this user* for a DM, 50013 *Missing Permissions*
  for a post or an edit in a guild channel.

With ``each_within=n``, a kind that has not come by chance within ``n`` requests comes at
the next request it fits, so that a short run meets every kind.

The answers to interactions (their callbacks) are spared: those are what a click waits
for, and Discord's own path. Messages deleted by someone else (a moderator, a purge) are
``server.delete_message(message, via=...)``: the bot's next edit of one gets 404, code
10008, from the fake's own routes.

``deny(channel, "send_messages", ...)`` takes permissions from the bot in one channel until
``allow(channel)``: its requests there are refused as Discord refuses them (50001 Missing
Access without *View Channel*, or to read a message without *Read Message History*; 50013
to post without *Send Messages*, or to upload without *Attach Files*), and the
interactions made in that channel say so in their ``app_permissions``. Without *Embed
Links* Discord refuses nothing (it hides the embeds): only ``app_permissions`` shows it.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from .model import DM, MEMBER_PERMISSIONS, FakeChannel

# the permission bits Discord gives them
PERMISSION_BITS: Final = {
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
}
KINDS: Final = ("500", "429", "403 dm", "403 channel")
TROUBLED: Final = ("/channels/", "/webhooks/", "/users/@me/channels")
SPARED: Final = ("/interactions/",)


@dataclass(frozen=True)
class Trouble:
    """Discord's answer instead of doing the request: a status, its JSON body, headers."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


def refusal(status: int, code: int, message: str) -> Trouble:
    return Trouble(status, {"message": message, "code": code})


def rate_limited(template: str, retry_after: float) -> Trouble:
    """A 429 as Discord sends it for a route's bucket."""
    bucket = hashlib.sha1(template.encode()).hexdigest()[:32]
    return Trouble(
        429,
        {"message": "You are being rate limited.", "retry_after": retry_after, "global": False},
        {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": bucket,
            "X-RateLimit-Scope": "user",
        },
    )


@dataclass
class Misbehaviour:
    """Which share of requests goes wrong, and how; what went wrong, counted by kind."""

    seed: int = 0
    server_errors: float = 0.0
    rate_limits: float = 0.0
    refusals: float = 0.0
    retry_after: float = 0.3
    each_within: int = 0  # every kind happens within this many requests (0: by chance)
    denied: dict[int, set[str]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    seen: int = 0  # the requests that could go wrong so far

    def __post_init__(self) -> None:
        unknown = {p for names in self.denied.values() for p in names} - set(PERMISSION_BITS)
        if unknown:
            raise ValueError(f"unknown permissions: {sorted(unknown)}")
        self.random = random.Random(self.seed)

    def deny(self, channel: FakeChannel | int, *permissions: str) -> None:
        """The bot lacks ``permissions`` in ``channel`` from now on (until ``allow``)."""
        unknown = set(permissions) - set(PERMISSION_BITS)
        if unknown:
            raise ValueError(f"unknown permissions: {sorted(unknown)}")
        key = channel if isinstance(channel, int) else channel.id
        self.denied.setdefault(key, set()).update(permissions)

    def allow(self, channel: FakeChannel | int) -> None:
        """Every permission given back in ``channel``."""
        self.denied.pop(channel if isinstance(channel, int) else channel.id, None)

    def permissions(self, channel_id: int) -> str:
        """The bot's permissions in a channel, as an interaction made there carries them."""
        value = int(MEMBER_PERMISSIONS)
        for name in self.denied.get(channel_id, ()):
            value &= ~PERMISSION_BITS[name]
        return str(value)

    def answer(
        self, method: str, template: str, channel: FakeChannel | None, uploads: bool
    ) -> Trouble | None:
        """How Discord answers this request instead of doing it, or None (it is done)."""
        if not template.startswith(TROUBLED) or template.startswith(SPARED):
            return None
        if channel is not None:
            denied = self._denied(method, template, channel, uploads)
            if denied is not None:
                self.counts["denied"] += 1
                return denied
        self.seen += 1
        kind = self._forced(method, channel) or self._drawn(method, channel)
        if kind is None:
            return None
        self.counts[kind] += 1
        if kind == "500":
            return refusal(500, 0, "500: Internal Server Error")
        if kind == "429":
            return rate_limited(template, self.retry_after)
        if kind == "403 dm":
            return refusal(403, 50007, "Cannot send messages to this user")
        return refusal(403, 50013, "Missing Permissions")

    def _fits(self, kind: str, method: str, channel: FakeChannel | None) -> bool:
        """Whether Discord could answer this request so: a 403 only to a post or an edit
        in a channel (50007 only to a new DM: an edit of one goes)."""
        if kind in ("500", "429"):
            return True
        if channel is None or method not in ("POST", "PATCH"):
            return False
        if kind == "403 dm":
            return channel.type == DM and method == "POST"
        return channel.type != DM

    def _forced(self, method: str, channel: FakeChannel | None) -> str | None:
        """A kind that has not happened within ``each_within`` requests, if this request
        fits it: every kind happens in a run that long, whatever the draws."""
        if not self.each_within or self.seen < self.each_within:
            return None
        return next(
            (k for k in KINDS if not self.counts[k] and self._fits(k, method, channel)), None
        )

    def _drawn(self, method: str, channel: FakeChannel | None) -> str | None:
        draw = self.random.random()
        for kind, share in (
            ("500", self.server_errors),
            ("429", self.rate_limits),
            ("403", self.refusals),
        ):
            if draw < share:
                if kind != "403":
                    return kind
                dm = channel is not None and channel.type == DM
                kind = "403 dm" if dm else "403 channel"
                return kind if self._fits(kind, method, channel) else None
            draw -= share
        return None

    def _denied(
        self, method: str, template: str, channel: FakeChannel, uploads: bool
    ) -> Trouble | None:
        lacking = self.denied.get(channel.id)
        if not lacking:
            return None
        if "view_channel" in lacking:
            return refusal(403, 50001, "Missing Access")
        reads_one = method == "GET" and template.endswith("{message_id}")
        if reads_one and "read_message_history" in lacking:
            return refusal(403, 50001, "Missing Access")
        if method == "POST" and "send_messages" in lacking:
            return refusal(403, 50013, "Missing Permissions")
        if uploads and method in ("POST", "PATCH") and "attach_files" in lacking:
            return refusal(403, 50013, "Missing Permissions")
        return None

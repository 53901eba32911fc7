"""The fake's shared state, declared once: every part of :class:`~.server.FakeDiscord`
(its mixins) reads and changes these attributes, which ``FakeDiscord.__init__`` sets."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from aiohttp import web

from . import gateway as gw
from .interaction import SimInteraction
from .misbehaviour import Misbehaviour
from .model import JSON, FakeChannel, FakeGuild, FakeMessage, FakeUser, Sent, Snowflakes
from .records import Fault, Hold, RequestRecord
from .shards import ShardSessions

API_PREFIX = "/api/v10"


class FakeDiscordState:
    """The attributes of :class:`~.server.FakeDiscord`, for its mixins to share."""

    token: str | None
    ack_deadline: float | None
    token_lifetime: float
    heartbeat_interval: float
    allow_resume: bool
    compress: bool
    message_events: bool
    ack_heartbeats: bool
    shard_count: int

    snowflakes: Snowflakes
    attachment_data: dict[int, bytes]  # uploaded files' bytes, by attachment id
    bot_user: FakeUser
    application_id: int
    owner: FakeUser
    users: dict[int, FakeUser]
    guilds: dict[int, FakeGuild]
    channels: dict[int, FakeChannel]
    # the channels of guilds that removed the bot: Discord answers them Missing Access
    out_of_reach: set[int]
    dm_channels: dict[int, FakeChannel]
    shards: ShardSessions

    _messages: dict[int, FakeMessage]
    # the bot's posts that carried a nonce with ``enforce_nonce``, by channel and nonce,
    # with when they were made (monotonic): Discord answers the same nonce with them
    _nonces: dict[tuple[int, str], tuple[FakeMessage, float]]
    _channel_messages: dict[int, list[FakeMessage]]
    # each channel's public messages and each user's ephemeral ones: looked up after
    # every change, by every player of every table the fake serves at once
    _public: dict[int, list[FakeMessage]]
    _ephemerals: dict[int, list[FakeMessage]]
    commands: dict[int | None, list[JSON]]
    """Registered application commands by guild id (``None``: global)."""
    command_syncs: list[tuple[int | None, float]]
    """Every bulk overwrite (guild id or None, monotonic time)."""
    interactions: dict[int, SimInteraction]
    _by_token: dict[str, SimInteraction]
    log: list[Sent]
    requests: list[RequestRecord]
    unknown_requests: list[RequestRecord]
    rejected_requests: list[RequestRecord]
    """Requests answered 4xx by the fake itself (not injected faults)."""
    faults: list[Fault]
    holds: list[Hold]
    misbehaviour: Misbehaviour | None  # see misbehave()
    rate_limits: dict[str, tuple[int, float]]
    """``"PATCH /channels/{channel_id}/messages/{message_id}": (5, 5.0)`` allows 5
    calls per 5 seconds per channel (or guild, or interaction); see ``limit_rate``."""
    global_limit: tuple[int, float] | None  # (count, per seconds)
    _global_window: list[float]
    rate_limit_hits: list[Fault]
    _buckets: dict[str, list[float]]
    last_request_at: float
    internal_errors: list[str]
    sessions: dict[str, gw.GatewaySession]
    connections: list[gw.GatewayConnection]
    identifies: list[JSON]
    resumes: list[JSON]
    presences: list[JSON]
    callback_hooks: list[Callable[[SimInteraction], None]]
    """Called with each interaction as its callback arrives (latency probes)."""
    change_hooks: list[Callable[[Sent], None]]
    """Called with each entry as it joins ``log`` (drivers that wait on one channel)."""
    _liveness: list[Callable[[], str | None]]
    _changed: asyncio.Event | None
    _runner: web.AppRunner | None
    port: int
    guild: FakeGuild
    channel: FakeChannel

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

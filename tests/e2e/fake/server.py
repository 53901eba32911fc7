"""A small Discord, on loopback, for driving the bot's real entry point.

REST lives under ``/api/v10`` and the JSON gateway at ``/``. Everything the bot
sends is kept: the current state of every message (``messages``, ``dms``), and an
append-only log of every change (``log``, a list of :class:`Sent`) for scans such
as "no hidden card ever reached someone who should not see it".

:class:`FakeDiscord` is made of parts, one module each, over the state they share
(:mod:`.state`): building the world (:mod:`.world`), reading it back
(:mod:`.reading`), waiting on it (:mod:`.waiting`), fault injection
(:mod:`.fault_injection`), the gateway (:mod:`.gateway_control`), dispatching
interactions (:mod:`.interaction_dispatch`), the bot's messages (:mod:`.messages`),
the HTTP plumbing (:mod:`.http_plumbing`) and the REST routes by resource
(:mod:`.rest_identity`, :mod:`.rest_commands`, :mod:`.rest_channels`,
:mod:`.rest_interactions`). Here: its constructor, starting and stopping, and the
route table.
"""

from __future__ import annotations

import logging
import socket
import time

from aiohttp import web

from .fault_injection import FaultInjection
from .gateway_control import GatewayControl
from .http_plumbing import CATCH_ALL, HttpPlumbing
from .interaction_dispatch import InteractionDispatch
from .messages import MessageStore
from .model import FakeUser, Snowflakes
from .reading import StateReading
from .rest_channels import ChannelRoutes
from .rest_commands import CommandRoutes
from .rest_identity import IdentityRoutes
from .rest_interactions import InteractionRoutes
from .shards import ShardSessions
from .state import API_PREFIX, FakeDiscordState
from .waiting import Waiting
from .world import WorldBuilding

log = logging.getLogger("tests.e2e.fake")


class FakeDiscord(
    # each part before the parts it builds on, as Python's method order wants
    HttpPlumbing,
    IdentityRoutes,
    CommandRoutes,
    InteractionRoutes,
    ChannelRoutes,
    InteractionDispatch,
    MessageStore,
    WorldBuilding,
    GatewayControl,
    FaultInjection,
    Waiting,
    StateReading,
    FakeDiscordState,
):
    """The fake server. ``await start()``, point the bot at ``api_base``/``gateway_url``."""

    def __init__(
        self,
        *,
        token: str | None = None,
        guild_name: str = "Café du Berry",
        channel_name: str = "tapis-vert",
        bot_name: str = "bete-bot",
        ack_deadline: float | None = 3.0,
        token_lifetime: float = 15 * 60.0,
        heartbeat_interval: float = 41.25,
        allow_resume: bool = True,
        compress: bool = True,
        message_events: bool = True,
        shards: int = 1,
    ) -> None:
        """
        ``token``: when set, REST and IDENTIFY must present it (401 / close 4004).
        ``shards``: the shard count ``GET /gateway/bot`` recommends; ``add_guild(shard=)``
        and ``wait_connected`` count with it. Events are routed by each session's own
        ``[shard_id, shard_count]`` (see :mod:`.shards`).
        ``ack_deadline``: seconds to acknowledge an interaction (``None``: no limit).
        ``allow_resume``: when false, every RESUME gets INVALID_SESSION.
        ``compress``: honour ``compress=zlib-stream`` (else plain text frames).
        ``message_events``: send MESSAGE_CREATE/UPDATE/DELETE for the bot's
        non-ephemeral messages, as Discord does when the intents ask for them.
        """
        # each attribute's type, and what it holds, is declared in FakeDiscordState
        self.token = token
        self.ack_deadline = ack_deadline
        self.token_lifetime = token_lifetime
        self.heartbeat_interval = heartbeat_interval
        self.allow_resume = allow_resume
        self.compress = compress
        self.message_events = message_events
        self.ack_heartbeats = True
        if shards < 1:
            raise ValueError(f"a bot has at least one shard, not {shards}")
        self.shard_count = shards

        self.snowflakes = Snowflakes()
        self.attachment_data = {}
        self.bot_user = FakeUser(self.snowflakes.next(), bot_name, locale="en-US", bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(self.snowflakes.next(), "patronne")
        self.users = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds = {}
        self.channels = {}
        self.out_of_reach = set()
        self.dm_channels = {}
        self.shards = ShardSessions()

        self._messages = {}
        self._channel_messages = {}
        self._nonces = {}
        self._public = {}
        self._ephemerals = {}
        self.commands = {}
        self.command_syncs = []
        self.interactions = {}
        self._by_token = {}
        self.log = []
        self.requests = []
        self.unknown_requests = []
        self.rejected_requests = []
        self.faults = []
        self.holds = []
        self.misbehaviour = None
        self.rate_limits = {}
        self.global_limit = None
        self._global_window = []
        self.rate_limit_hits = []
        self._buckets = {}
        self.last_request_at = time.monotonic()
        self.internal_errors = []
        self.sessions = {}
        self.connections = []
        self.identifies = []
        self.resumes = []
        self.presences = []
        self.callback_hooks = []
        self.change_hooks = []
        self._liveness = []
        self._changed = None
        self._runner = None
        self.port = 0
        self.guild = self.add_guild(guild_name, shard=0)
        self.channel = self.add_channel(channel_name)

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=0.5
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        log.info("fake Discord listening on %s", self.api_base)
        return self

    async def stop(self) -> None:
        for hold in self.holds:
            hold.drop()
        for conn in list(self.connections):
            if conn.open:
                await conn.close(1001)
            await conn.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def bot_env(self) -> dict[str, str]:
        """The environment variables that point the bot at this server."""
        return {
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
            "DEV_GUILD_ID": str(self.guild.id),
            "DISCORD_TOKEN": self.token or "fake-token",
        }

    # ------------------------------------------------------------------ route table

    def _add_routes(self, app: web.Application) -> None:
        p = API_PREFIX
        r = app.router
        r.add_get("/", self._gateway)
        r.add_get("/attachments/{attachment_id}/{filename}", self._get_attachment)
        r.add_get(p + "/gateway", self._get_gateway)
        r.add_get(p + "/gateway/bot", self._get_gateway_bot)
        r.add_get(p + "/users/@me", self._get_me)
        r.add_post(p + "/users/@me/channels", self._create_dm)
        r.add_get(p + "/users/{user_id}", self._get_user)
        r.add_get(p + "/oauth2/applications/@me", self._get_application)
        r.add_get(p + "/applications/@me", self._get_application)
        base = p + "/applications/{application_id}"
        for prefix in (base, base + "/guilds/{guild_id}"):
            r.add_get(prefix + "/commands", self._get_commands)
            r.add_put(prefix + "/commands", self._put_commands)
            r.add_post(prefix + "/commands", self._post_command)
            r.add_get(prefix + "/commands/{command_id}", self._get_command)
            r.add_patch(prefix + "/commands/{command_id}", self._patch_command)
            r.add_delete(prefix + "/commands/{command_id}", self._delete_command)
        r.add_get(base + "/guilds/{guild_id}/commands/permissions", self._get_permissions)
        r.add_get(p + "/channels/{channel_id}", self._get_channel)
        r.add_get(p + "/channels/{channel_id}/messages", self._get_messages)
        r.add_post(p + "/channels/{channel_id}/messages", self._post_message)
        r.add_get(p + "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r.add_patch(p + "/channels/{channel_id}/messages/{message_id}", self._patch_message)
        r.add_delete(p + "/channels/{channel_id}/messages/{message_id}", self._delete_message_route)
        r.add_post(p + "/channels/{channel_id}/typing", self._typing)
        r.add_get(p + "/guilds/{guild_id}", self._get_guild)
        r.add_get(p + "/guilds/{guild_id}/channels", self._get_guild_channels)
        r.add_get(p + "/guilds/{guild_id}/members", self._get_members)
        r.add_get(p + "/guilds/{guild_id}/members/{user_id}", self._get_member)
        r.add_post(
            p + "/interactions/{interaction_id}/{interaction_token}/callback", self._callback
        )
        hook = p + "/webhooks/{application_id}/{interaction_token}"
        r.add_post(hook, self._followup)
        r.add_get(hook + "/messages/{message_id}", self._get_webhook_message)
        r.add_patch(hook + "/messages/{message_id}", self._patch_webhook_message)
        r.add_delete(hook + "/messages/{message_id}", self._delete_webhook_message)
        r.add_route("*", CATCH_ALL, self._unknown)

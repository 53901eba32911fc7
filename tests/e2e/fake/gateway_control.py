"""The gateway side of the fake: the websocket handler (HELLO, IDENTIFY, RESUME,
heartbeats, member requests), sending events to the sessions of the right shard, and the
controls a test has over connections (drop, reconnect, invalidate, raw events).

Sessions and connections themselves are in :mod:`.gateway`, shard routing in :mod:`.shards`."""

from __future__ import annotations

import asyncio
import logging
import uuid

import orjson
from aiohttp import WSMsgType, web

from . import gateway as gw
from .ids import id_or_zero
from .model import INTENT_GUILD_MEMBERS, JSON, FakeGuild
from .waiting import Waiting

log = logging.getLogger("tests.e2e.fake")


class GatewayControl(Waiting):
    """The fake's gateway: connections, sessions, events."""

    async def drop_connection(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close the bot's websocket as a network failure would (the bot should resume):
        ``shard``'s, or by default every shard's."""
        for session in self.shards.chosen(shard):
            if session.connection is not None:
                await session.connection.close(code)

    def send_reconnect(self, *, shard: int | None = None) -> None:
        """Ask the bot to reconnect (opcode 7): ``shard``, or by default every shard."""
        for session in self.shards.chosen(shard):
            if session.connection is not None:
                session.connection.send_op(gw.RECONNECT)

    def invalidate_session(self, resumable: bool = False, *, shard: int | None = None) -> None:
        """Send INVALID_SESSION (to ``shard``, or by default every shard); with
        ``resumable`` false the session is gone for good."""
        for session in self.shards.chosen(shard):
            if session.connection is not None:
                if not resumable:
                    session.invalidated = True
                session.connection.send_op(gw.INVALID_SESSION, resumable)

    def dispatch_raw(self, event: str, data: JSON, *, shard: int | None = None) -> None:
        """Send any gateway event as is (to test how the bot copes with odd payloads): to
        ``shard``, or by default where Discord would (its ``guild_id``'s shard, else 0)."""
        if shard is not None:
            session = self.shards.current.get(shard)
            if session is not None:
                self._send(session, event, data)
            return
        guild_id = data.get("guild_id")
        self._dispatch(event, data, guild_id=None if guild_id is None else id_or_zero(guild_id))

    def _dispatch(self, event: str, data: JSON, *, guild_id: int | None, intents: int = 0) -> None:
        """Send an event to the sessions of ``guild_id``'s shard (``None``: shard 0's),
        those whose IDENTIFY asked for one of ``intents`` when given."""
        for session in self.shards.targets(guild_id):
            if not intents or session.intents & intents:
                self._send(session, event, data)

    def _send(
        self, session: gw.GatewaySession, event: str, data: JSON, *, track: bool = False
    ) -> asyncio.Future[float] | None:
        """Number the event in ``session`` (kept for a RESUME) and send it if connected."""
        if session.invalidated:
            return None
        text = session.frame(event, data)
        conn = session.connection
        if conn is None or not conn.open:
            return None
        return conn.send(text, track=track)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        query = dict(request.query)
        compress = self.compress and query.get("compress") == "zlib-stream"
        conn = gw.GatewayConnection(ws, compress=compress, query=query)
        self.connections.append(conn)
        conn.start()
        log.info("gateway connection opened (%s)", query)
        if query.get("encoding", "json") != "json":
            await conn.close(4002)
            return ws
        conn.send_op(gw.HELLO, {"heartbeat_interval": int(self.heartbeat_interval * 1000)})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    try:
                        frame = orjson.loads(msg.data)
                    except ValueError:
                        await conn.close(4002)
                        break
                    await self._on_frame(conn, frame)
                elif msg.type is WSMsgType.ERROR:
                    break
        finally:
            conn.close_code = ws.close_code
            await conn.stop()
            log.info("gateway connection closed (code %s)", ws.close_code)
            self._bump()
        return ws

    async def _on_frame(self, conn: gw.GatewayConnection, frame: JSON) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if op == gw.HEARTBEAT:
            conn.heartbeats += 1
            if self.ack_heartbeats:
                conn.send_op(gw.HEARTBEAT_ACK)
        elif op == gw.IDENTIFY:
            await self._identify(conn, data or {})
        elif op == gw.RESUME:
            await self._resume(conn, data or {})
        elif op == gw.PRESENCE:
            self.presences.append(data or {})
        elif op == gw.REQUEST_MEMBERS:
            self._members_chunk(conn, data or {})
        elif op == gw.VOICE_STATE:
            pass
        else:
            log.warning("gateway: unknown opcode %s", op)
            await conn.close(4001)
        self._bump()

    async def _identify(self, conn: gw.GatewayConnection, data: JSON) -> None:
        if conn.session is not None:
            await conn.close(4005)
            return
        if self.token is not None and data.get("token") != self.token:
            await conn.close(4004)
            return
        if gw.identify_shard(data) is None:
            await conn.close(4010)  # Discord's "Invalid shard"
            return
        session = gw.GatewaySession(
            uuid.uuid4().hex, data, connection=conn, number=len(self.identifies)
        )
        conn.session = session
        self.sessions[session.id] = session
        self.identifies.append(data)
        self.shards.identified(session)
        guilds = [g for g in self.guilds.values() if session.covers(g.id)]
        ready = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": list(session.shard),
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fake-discord"],
        }
        self._send(session, "READY", ready)
        for guild in guilds:
            self._send(session, "GUILD_CREATE", self._guild_create(guild, session))

    def _guild_create(self, guild: FakeGuild, session: gw.GatewaySession) -> JSON:
        if session.intents & INTENT_GUILD_MEMBERS:
            member_ids = list(guild.joined_at)
        else:
            member_ids = [self.bot_user.id]
        return guild.create_payload(self.users, member_ids=member_ids)

    async def _resume(self, conn: gw.GatewayConnection, data: JSON) -> None:
        self.resumes.append(data)
        session = self.sessions.get(str(data.get("session_id")))
        token_ok = self.token is None or data.get("token") == self.token
        if not self.allow_resume or session is None or session.invalidated or not token_ok:
            conn.send_op(gw.INVALID_SESSION, False)
            return
        if session.connection is not None and session.connection is not conn:
            await session.connection.close(4000)
        session.connection = conn
        conn.session = session
        self.shards.resumed(session)
        seq = int(data.get("seq") or 0)
        for event_seq, text in list(session.events):
            if event_seq > seq:
                conn.send(text)
        conn.send(session.frame("RESUMED", {"_trace": ["fake-discord"]}))

    def _members_chunk(self, conn: gw.GatewayConnection, data: JSON) -> None:
        """Answer on the asking session, for the guilds of its shard."""
        session = conn.session
        if session is None:
            return
        guild_id = data.get("guild_id")
        ids = guild_id if isinstance(guild_id, list) else [guild_id]
        for gid in ids:
            guild = self.guilds.get(id_or_zero(gid))
            if guild is None or not session.covers(guild.id):
                continue
            members = [guild.member_payload(self.users[uid]) for uid in guild.joined_at]
            chunk = {
                "guild_id": str(guild.id),
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "presences": [],
            }
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            self._send(session, "GUILD_MEMBERS_CHUNK", chunk)

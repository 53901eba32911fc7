"""The fake gateway: one JSON websocket per connection, sessions that can be resumed.

discord.py asks for ``compress=zlib-stream`` (a single zlib stream for the whole
connection, every message ending in a ``Z_SYNC_FLUSH``); the fake honours it, or
sends plain text frames, which discord.py accepts too.
"""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import orjson
from aiohttp import web

from .model import JSON, shard_of

log = logging.getLogger("tests.e2e.fake.gateway")

# Opcodes.
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE = 3
VOICE_STATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11


def dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def identify_shard(identify: JSON) -> tuple[int, int] | None:
    """``[shard_id, shard_count]`` of an IDENTIFY (``[0, 1]`` when absent); None if invalid."""
    raw = identify.get("shard")
    if raw is None:
        return 0, 1
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    shard_id, count = raw
    if not isinstance(shard_id, int) or not isinstance(count, int) or not 0 <= shard_id < count:
        return None
    return shard_id, count


@dataclass
class GatewaySession:
    """What IDENTIFY created: a sequence, the events sent (for RESUME), the intents, the shard."""

    id: str
    identify: JSON
    seq: int = 0
    connection: GatewayConnection | None = None
    invalidated: bool = False
    events: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=5000))
    number: int = 0
    """The index of its IDENTIFY in ``FakeDiscord.identifies``."""

    @property
    def intents(self) -> int:
        return int(self.identify.get("intents") or 0)

    @property
    def shard(self) -> tuple[int, int]:
        return identify_shard(self.identify) or (0, 1)

    @property
    def shard_id(self) -> int:
        return self.shard[0]

    @property
    def shard_count(self) -> int:
        return self.shard[1]

    def covers(self, guild_id: int) -> bool:
        """Whether the guild's events come to this session (by its own shard count)."""
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id

    @property
    def live(self) -> bool:
        """Attached to a websocket that is still open."""
        return self.connection is not None and self.connection.open

    def frame(self, event: str, data: JSON) -> str:
        self.seq += 1
        text = dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.events.append((self.seq, text))
        return text


class GatewayConnection:
    """One websocket. Frames go out in order through one writer task."""

    def __init__(self, ws: web.WebSocketResponse, *, compress: bool, query: dict[str, str]) -> None:
        self.ws = ws
        self.query = query
        self.opened_at = time.monotonic()
        self.session: GatewaySession | None = None
        self.heartbeats = 0
        self.close_code: int | None = None
        self._compressor = zlib.compressobj() if compress else None
        self._queue: asyncio.Queue[tuple[str, asyncio.Future[float] | None]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    @property
    def compressed(self) -> bool:
        return self._compressor is not None

    @property
    def open(self) -> bool:
        return not self.ws.closed

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write_loop(), name="fake-gateway-writer")

    def send(self, text: str, *, track: bool = False) -> asyncio.Future[float] | None:
        """Queue a frame. With ``track``, the future gets the ``perf_counter`` time it left."""
        future: asyncio.Future[float] | None = None
        if track:
            future = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((text, future))
        return future

    def send_op(self, op: int, data: Any = None) -> None:
        self.send(dumps({"op": op, "d": data, "s": None, "t": None}))

    async def _write_loop(self) -> None:
        while True:
            text, future = await self._queue.get()
            try:
                if self._compressor is not None:
                    chunk = self._compressor.compress(text.encode())
                    chunk += self._compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(chunk)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:
                log.info("gateway frame not delivered, connection closing: %s", exc)
                if future is not None and not future.done():
                    future.set_exception(ConnectionError("the bot's gateway connection closed"))
                continue
            if future is not None and not future.done():
                future.set_result(time.perf_counter())

    async def close(self, code: int = 1000) -> None:
        await self.ws.close(code=code)
        await self.stop()

    async def stop(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            await asyncio.wait({self._writer})
            self._writer = None
        while not self._queue.empty():
            _, future = self._queue.get_nowait()
            if future is not None and not future.done():
                future.set_exception(ConnectionError("the bot's gateway connection closed"))

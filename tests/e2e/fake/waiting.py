"""Waiting on the fake: any condition, rechecked after every change, failing early
when the bot dies; and the common waits (connected, commands synced, a message, a DM)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from . import gateway as gw
from .errors import BotDied
from .ids import user_id_of
from .model import JSON, FakeChannel, FakeMessage, FakeUser
from .reading import StateReading

if TYPE_CHECKING:
    from .users import SimUser

T = TypeVar("T")


class Waiting(StateReading):
    """Waits on the fake's state, and the liveness checks that cut them short."""

    def watch(self, check: Callable[[], str | None]) -> None:
        """Register a liveness check: it returns why the bot is dead, or None."""
        self._liveness.append(check)

    def unwatch(self, check: Callable[[], str | None]) -> None:
        if check in self._liveness:
            self._liveness.remove(check)

    def check_alive(self) -> None:
        for check in self._liveness:
            reason = check()
            if reason:
                raise BotDied(reason)

    def _bump(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    async def wait_for(
        self,
        predicate: Callable[[], T | bool | None],
        timeout: float = 5.0,
        what: str = "a condition",
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Rechecked after every change to the fake's state; fails early with
        :class:`BotDied` when a watched bot stops, and with a ``TimeoutError``
        that says what the fake saw lately otherwise.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result  # type: ignore[return-value]
            self.check_alive()
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for {what}\n{self.diagnose()}"
                )
            if self._changed is None:
                self._changed = asyncio.Event()
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.2))

    def diagnose(self) -> str:
        live = list(self.shards.live_sessions())
        lines = [
            f"  bot connected: shards {live} of {self.shard_count}, sessions: {len(self.sessions)}"
        ]
        lines += [f"  {p}" for p in self.problems()[-10:]]
        for r in self.requests[-8:]:
            lines.append(f"  recent: {r.status} {r.method} {r.path}")
        if self.log:
            lines.append("  last changes:")
            lines += ["    " + line for line in self.transcript(5).splitlines()]
        return "\n".join(lines)

    async def settle(self, quiet: float = 0.2, timeout: float = 5.0) -> None:
        """Wait until the bot has made no request for ``quiet`` seconds.

        For work the bot does after answering (DMs to every player when a hand
        is dealt, edits of the table message).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.check_alive()
            idle = time.monotonic() - self.last_request_at
            if idle >= quiet:
                return
            if loop.time() + quiet - idle > deadline:
                raise TimeoutError(f"the bot kept busy for {timeout}s\n{self.diagnose()}")
            await asyncio.sleep(quiet - idle)

    async def wait_connected(
        self, timeout: float = 10.0, *, after: int = 0, shards: Iterable[int] | None = None
    ) -> gw.GatewaySession:
        """Wait until each of ``shards`` (default: all of ``shard_count``) has a connected
        session made by the ``after``-th IDENTIFY or a later one; return the first
        shard's session."""
        wanted = sorted(range(self.shard_count) if shards is None else set(shards))
        if not wanted:
            raise ValueError("wait_connected needs at least one shard")

        def ready() -> bool:
            sessions = [self.shards.live(k) for k in wanted]
            return all(s is not None and s.number >= after for s in sessions)

        await self.wait_for(ready, timeout, f"the bot to IDENTIFY shards {wanted}")
        session = self.shards.live(wanted[0])
        assert session is not None
        return session

    async def wait_commands(
        self, guild_id: int | None = None, timeout: float = 10.0, *, after: int = 0
    ) -> list[JSON]:
        """Wait until the bot has synced commands (to ``guild_id``, default the guild)."""
        gid = self.guild.id if guild_id is None else guild_id
        await self.wait_for(
            lambda: sum(1 for g, _ in self.command_syncs if g == gid) > after,
            timeout,
            f"the bot to sync its commands to {gid}",
        )
        return self.commands.get(gid, [])

    async def wait_synced(self, timeout: float = 10.0, *, after: int = 0) -> None:
        """Wait until the commands were synced more than ``after`` times, to any scope
        (the guild, another, or globally: see :meth:`sync_count`)."""
        await self.wait_for(
            lambda: self.sync_count(everywhere=True) > after,
            timeout,
            "the bot to sync its commands",
        )

    async def wait_message(
        self,
        predicate: Callable[[FakeMessage], bool],
        *,
        channel: FakeChannel | int | None = None,
        timeout: float = 5.0,
    ) -> FakeMessage:
        """Wait for a current public message of a channel matching ``predicate``."""

        def find() -> FakeMessage | None:
            for m in self.messages(channel):
                if predicate(m):
                    return m
            return None

        return await self.wait_for(find, timeout, "a matching channel message")

    async def wait_dm(
        self,
        user: FakeUser | SimUser | int,
        predicate: Callable[[FakeMessage], bool] = lambda m: True,
        *,
        count: int = 1,
        timeout: float = 5.0,
    ) -> FakeMessage:
        """Wait until ``count`` DMs to ``user`` match ``predicate``; return the last."""

        def find() -> FakeMessage | None:
            found = [m for m in self.dms(user) if predicate(m)]
            return found[count - 1] if len(found) >= count else None

        return await self.wait_for(find, timeout, f"a DM to {user_id_of(user)}")

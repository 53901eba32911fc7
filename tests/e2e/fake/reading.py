"""Reading the fake's state back: messages as they are now, what a user saw, latencies,
problems, the gateway sessions, command syncs."""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from . import gateway as gw
from .ids import channel_id_of, user_id_of
from .model import FakeChannel, FakeMessage, FakeUser, Sent
from .state import FakeDiscordState

if TYPE_CHECKING:
    from .users import SimUser


class StateReading(FakeDiscordState):
    """What tests read back from the fake."""

    def messages(self, channel: FakeChannel | int | None = None) -> list[FakeMessage]:
        """Current public messages of a channel (default: the table channel), oldest first."""
        cid = channel_id_of(channel or self.channel)
        return [m for m in self._public.get(cid, []) if not m.deleted]

    def message(self, message_id: int) -> FakeMessage:
        return self._messages[message_id]

    def visible_to(
        self, user: FakeUser | SimUser | int, channel: FakeChannel | int | None = None
    ) -> list[FakeMessage]:
        """Messages of a guild channel as this user sees them: public ones and their ephemerals."""
        uid = user_id_of(user)
        cid = channel_id_of(channel or self.channel)
        return [
            m
            for m in self._channel_messages.get(cid, [])
            if not m.deleted and m.audience in (None, uid)
        ]

    def ephemerals(self, user: FakeUser | SimUser | int) -> list[FakeMessage]:
        """Every ephemeral message shown to this user, in every channel."""
        uid = user_id_of(user)
        return [m for m in self._ephemerals.get(uid, []) if m.ephemeral and not m.deleted]

    def dms(self, user: FakeUser | SimUser | int) -> list[FakeMessage]:
        """Messages the bot sent to this user's DMs (current state), oldest first."""
        channel = self.dm_channels.get(user_id_of(user))
        if channel is None:
            return []
        return [m for m in self._channel_messages.get(channel.id, []) if not m.deleted]

    def sent_to(self, user: FakeUser | SimUser | int) -> list[Sent]:
        """Every log entry this user could see: public ones and those addressed to them."""
        uid = user_id_of(user)
        return [s for s in self.log if s.audience in (None, uid)]

    def latencies(self) -> list[float]:
        """Interaction round trips (dispatch to callback), in seconds, in dispatch order."""
        return [ix.latency for ix in self.interactions.values() if ix.latency is not None]

    def latency_summary(self) -> dict[str, float]:
        values = sorted(self.latencies())
        if not values:
            return {"count": 0}
        return {
            "count": len(values),
            "mean": statistics.fmean(values),
            "p50": values[len(values) // 2],
            "p95": values[min(len(values) - 1, int(len(values) * 0.95))],
            "max": values[-1],
        }

    def problems(self, expected_codes: frozenset[int] = frozenset({50007})) -> list[str]:
        """What a healthy run should not have: unknown routes, requests the fake refused.

        Refusals with a code in ``expected_codes`` are part of normal life (by
        default 50007, a DM to a user whose DMs are closed) and not listed.
        """
        out = [f"fake Discord bug: {e}" for e in self.internal_errors]
        out += [f"unknown route {r.method} {r.path}" for r in self.unknown_requests]
        out += [
            f"{r.status} on {r.method} {r.path}: {r.error}"
            for r in self.rejected_requests
            if r.code not in expected_codes
        ]
        return out

    def transcript(self, last: int = 40) -> str:
        """The end of the log, one line per change, for failure messages."""
        lines = []
        for s in self.log[-last:]:
            who = "public" if s.audience is None else f"to {self.users[s.audience].name}"
            text = s.text().replace("\n", " | ")
            lines.append(f"#{s.seq} {s.kind} {s.message_id or ''} {who}: {text[:160]}")
        return "\n".join(lines)

    @property
    def session(self) -> gw.GatewaySession | None:
        """Shard 0's gateway session (the only one of an unsharded bot), if connected."""
        return self.shards.live(0)

    def sessions_by_shard(self) -> dict[int, gw.GatewaySession]:
        """The connected gateway sessions, by shard id."""
        return self.shards.live_sessions()

    @property
    def connected(self) -> bool:
        """Whether any shard is connected."""
        return bool(self.shards.live_sessions())

    def sync_count(self, guild_id: int | None = None, *, everywhere: bool = False) -> int:
        """How many times the commands were synced (bulk overwrites): to ``guild_id``
        (default: the guild), or with ``everywhere`` to any guild or globally."""
        gid = self.guild.id if guild_id is None else guild_id
        return sum(1 for g, _ in self.command_syncs if everywhere or g == gid)

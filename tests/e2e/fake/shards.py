"""Shards: which gateway session gets which event, as Discord routes them.

A session's IDENTIFY names its shard, ``[shard_id, shard_count]`` (``[0, 1]``
when absent). A guild's events go to the session whose shard is
``(guild_id >> 22) % shard_count``, computed with that session's own count, as
Discord does; events with no guild (DMs) go to shard 0. One session is current
per shard id: a new IDENTIFY for a shard id replaces its session (a restarted
process), the other shards keep theirs.
"""

from __future__ import annotations

from .gateway import GatewaySession


class ShardSessions:
    """The current gateway session of every shard id."""

    def __init__(self) -> None:
        self.current: dict[int, GatewaySession] = {}
        """By shard id: the last session identified or resumed, live or waiting for a RESUME."""

    def identified(self, session: GatewaySession) -> GatewaySession | None:
        """``session`` becomes its shard's session; returns the one it replaced, detached
        from its websocket so that a process that lost its shard gets nothing more."""
        previous = self.current.get(session.shard_id)
        if previous is not None and previous.connection is not session.connection:
            previous.connection = None
        self.current[session.shard_id] = session
        return previous

    def resumed(self, session: GatewaySession) -> None:
        self.current[session.shard_id] = session

    def live(self, shard_id: int) -> GatewaySession | None:
        session = self.current.get(shard_id)
        return session if session is not None and session.live else None

    def live_sessions(self) -> dict[int, GatewaySession]:
        """The sessions attached to an open websocket, by shard id."""
        return {k: s for k, s in sorted(self.current.items()) if s.live}

    def chosen(self, shard_id: int | None) -> list[GatewaySession]:
        """The connected sessions a fault acts on: one shard's, or (``None``) every shard's."""
        live = self.live_sessions()
        if shard_id is None:
            return list(live.values())
        return [live[shard_id]] if shard_id in live else []

    def targets(self, guild_id: int | None) -> list[GatewaySession]:
        """The sessions an event of ``guild_id`` (``None``: no guild, a DM) goes to.

        Disconnected sessions are included: they keep the event for a RESUME.
        Invalidated ones are not.
        """
        if guild_id is None:
            sessions = [s for k, s in self.current.items() if k == 0]
        else:
            sessions = [s for s in self.current.values() if s.covers(guild_id)]
        return [s for s in sessions if not s.invalidated]

    def live_target(self, guild_id: int | None) -> GatewaySession | None:
        """The live session that gets an interaction of ``guild_id``, if any."""
        return next((s for s in self.targets(guild_id) if s.live), None)

"""Several bot processes over one database: who holds each shard, and the clicks handed over.

A guild's tables belong to the process holding the guild's shard. The holder
writes itself into ``shard_owners`` when it takes the shard, and every write of
a table checks, in its own transaction, that the table's shard is still its own
(:meth:`ShardRepository.shard_owner`, under a share lock on PostgreSQL): a
process that lost its shard cannot write one more event of its tables.

Discord sends every DM interaction to shard 0. A click on a private hand whose
table another process owns is written into ``handoffs`` and announced on the
shard's channel (PostgreSQL ``NOTIFY``); the holder takes it by deleting the
row, and so does the receiver if nobody has taken it in time: one of the two
only ever gets it.
"""

from __future__ import annotations

from db.repository import Repository, now_text


def shard_channel(shard: int) -> str:
    """The channel a shard's holder listens on for clicks handed to it."""
    return f"bete_shard_{shard}"


class ShardRepository(Repository):
    """Shards' holders and the clicks handed between processes."""

    async def set_shard_owner(self, shard: int, owner: str) -> None:
        await self._run(
            "INSERT INTO shard_owners (shard_id, owner, since) VALUES (?, ?, ?)"
            " ON CONFLICT (shard_id) DO UPDATE SET owner = excluded.owner, since = excluded.since",
            (shard, owner, now_text()),
        )

    async def shard_owner(self, shard: int) -> str | None:
        """The process holding ``shard``; a process taking the shard over waits for this
        transaction to end (a share lock on PostgreSQL; SQLite's writer lock is whole-file)."""
        row = await self._one(
            "SELECT owner FROM shard_owners WHERE shard_id = ?" + self._c.share_lock, (shard,)
        )
        return None if row is None else str(row["owner"])

    async def hand_over(self, shard: int, payload: str) -> int:
        """Leave a click for the holder of ``shard`` and tell it (when the transaction commits)."""
        handoff = await self._insert(
            "INSERT INTO handoffs (shard_id, payload, created_at) VALUES (?, ?, ?)",
            (shard, payload, now_text()),
        )
        await self._c.notify(shard_channel(shard), str(handoff))
        return handoff

    async def take_handoff(self, handoff: int) -> str | None:
        """The click left as ``handoff``, taken once: None if someone took it already."""
        row = await self._one("DELETE FROM handoffs WHERE id = ? RETURNING payload", (handoff,))
        return None if row is None else str(row["payload"])

    async def forget_handoffs(self, before: str) -> None:
        """Clicks nobody took (their sender died waiting): long unanswerable."""
        await self._run("DELETE FROM handoffs WHERE created_at < ?", (before,))

    async def open_tables_of(self, player: str) -> list[tuple[int, int]]:
        """(table, guild) of every open table where ``player`` sits."""
        rows = await self._all(
            "SELECT s.table_id AS table_id, s.guild_id AS guild_id"
            " FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE s.player = ? AND s.active = 1 AND t.status != 'ended' ORDER BY s.table_id",
            (player,),
        )
        return [(int(r["table_id"]), int(r["guild_id"])) for r in rows]

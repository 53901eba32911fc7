"""Which shards a process holds, and so which guilds' tables are its own.

Discord splits a bot's guilds into shards: guild ``g`` is on shard
``(g >> 22) % count``, and every DM interaction arrives on shard 0. With
``SHARD_COUNT`` and ``SHARD_IDS`` the bot runs as several processes, each
holding some of the shards; a guild's tables belong to the process holding its
shard, which alone rebuilds, drives and writes them.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord delivers ``guild_id``'s events on."""
    return (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class ShardPlan:
    count: int  # the bot's shards in all
    ids: tuple[int, ...]  # those of this process

    @property
    def whole(self) -> bool:
        """This process holds every shard: every table is its own, nothing to hand over."""
        return len(self.ids) == self.count

    @property
    def syncs_commands(self) -> bool:
        """Commands are the application's, not a shard's: one process syncs them."""
        return 0 in self.ids

    def owns(self, guild_id: int) -> bool:
        return self.whole or shard_of(guild_id, self.count) in self.ids

    def shard(self, guild_id: int) -> int:
        return shard_of(guild_id, self.count)

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"

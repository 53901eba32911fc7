"""A sharded stand-in bot, to prove the fake routes events by shard.

An ``AutoShardedBot`` whose ``/where`` answers with its label and the shard the
event came for (``dm`` in a DM). Made in-process (:class:`ShardedStandIn`) or run
as ``python -m tests.e2e.fake.sharded_standin`` with the variables the real bot
reads (``DISCORD_TOKEN``, ``DISCORD_API_BASE``, ``DISCORD_GATEWAY_URL``,
``SHARD_COUNT``, ``SHARD_IDS``) and ``STANDIN_LABEL``. Only the process holding
shard 0 syncs the commands, globally: guilds of every shard and DMs have them.
"""

from __future__ import annotations

import os
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


class ShardedStandIn(commands.AutoShardedBot):
    def __init__(
        self, label: str, *, shard_count: int | None = None, shard_ids: list[int] | None = None
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            shard_count=shard_count,
            # None is what leaving it out gives (every shard); the stubs want a list
            shard_ids=shard_ids,  # type: ignore[arg-type]
            guild_ready_timeout=0.1,
        )
        self.label = label

    @property
    def syncs(self) -> bool:
        return self.shard_ids is None or 0 in self.shard_ids

    async def setup_hook(self) -> None:
        self.tree.add_command(_where_command())
        if self.syncs:
            await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause between shards: the fake has no identify rate limit."""


def _where_command() -> app_commands.Command[Any, ..., None]:
    # One command object per client: two in-process clients must not share one.
    @app_commands.command(name="where", description="Which process and shard answer")
    async def where(interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, ShardedStandIn) and bot.shard_count is not None
        gid = interaction.guild_id
        shard = "dm" if gid is None else str((gid >> 22) % bot.shard_count)
        await interaction.response.send_message(f"{bot.label} shard {shard}")

    return where


def main() -> None:
    from .process import point_discord_at

    point_discord_at(os.environ["DISCORD_API_BASE"], os.environ["DISCORD_GATEWAY_URL"])
    count = os.environ.get("SHARD_COUNT")
    ids = os.environ.get("SHARD_IDS")
    bot = ShardedStandIn(
        os.environ.get("STANDIN_LABEL", "bot"),
        shard_count=int(count) if count else None,
        shard_ids=[int(p) for p in ids.split(",")] if ids else None,
    )
    bot.run(os.environ["DISCORD_TOKEN"], log_level=20)


if __name__ == "__main__":
    main()

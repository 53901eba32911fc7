"""Building the fake's world: guilds (on a chosen shard), channels, users (members who
can act, as :class:`~.users.SimUser`), DM channels."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .gateway_control import GatewayControl
from .ids import user_id_of
from .model import (
    DM,
    GUILD_TEXT,
    INTENT_GUILD_MEMBERS,
    FakeChannel,
    FakeGuild,
    FakeUser,
    now_iso,
    shard_of,
)

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import SimUser


class WorldBuilding(GatewayControl):
    """Guilds, channels and users a test adds (or deletes)."""

    def add_guild(
        self, name: str, *, shard: int | None = None, system_channel: str | None = None
    ) -> FakeGuild:
        """A guild the bot is in; with ``shard``, one whose id falls on that shard of
        ``shard_count``; with ``system_channel``, a text channel of that name is its system
        channel. Connected sessions of its shard get its GUILD_CREATE (the bot was just
        added to it)."""
        if shard is None:
            gid = self.snowflakes.next()
        elif 0 <= shard < self.shard_count:
            gid = self.snowflakes.next_on_shard(shard, self.shard_count)
        else:
            raise ValueError(f"no shard {shard} among {self.shard_count}")
        guild = FakeGuild(gid, name, owner_id=self.owner.id)
        guild.joined_at[self.bot_user.id] = now_iso()
        guild.joined_at[self.owner.id] = now_iso()
        self.guilds[guild.id] = guild
        if system_channel is not None:
            channel = FakeChannel(self.snowflakes.next(), GUILD_TEXT, system_channel, guild.id)
            guild.channels[channel.id] = self.channels[channel.id] = channel
            guild.system_channel_id = channel.id
        for session in self.shards.targets(guild.id):
            payload = self._guild_create(guild, session)
            # a guild just joined: Discord leaves ``unavailable`` out (false: a guild of
            # the READY event coming available), by which discord.py tells on_guild_join
            del payload["unavailable"]
            self._send(session, "GUILD_CREATE", payload)
        return guild

    def shard_of(self, guild: FakeGuild | int) -> int:
        """The shard of ``shard_count`` a guild belongs to."""
        return shard_of(guild if isinstance(guild, int) else guild.id, self.shard_count)

    def add_channel(self, name: str, guild: FakeGuild | None = None) -> FakeChannel:
        guild = guild or self.guild
        channel = FakeChannel(
            self.snowflakes.next(),
            GUILD_TEXT,
            name=name,
            guild_id=guild.id,
            position=len(guild.channels),
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._dispatch("CHANNEL_CREATE", channel.payload(), guild_id=guild.id)
        return channel

    def remove_guild(self, guild: FakeGuild) -> None:
        """The guild removes the bot (kicked): it is gone from the guilds the bot is in
        (the next READY leaves it out), its channels out of the bot's reach (Missing
        Access), and connected sessions of its shard get its GUILD_DELETE, without
        ``unavailable`` (set, it would be an outage)."""
        for session in self.shards.targets(guild.id):
            self._send(session, "GUILD_DELETE", {"id": str(guild.id)})
        self.guilds.pop(guild.id, None)
        for channel_id in guild.channels:
            self.channels.pop(channel_id, None)
            self.out_of_reach.add(channel_id)

    def delete_channel(self, channel: FakeChannel) -> None:
        """A member deletes a channel: it is gone from the guild (its REST routes answer
        *Unknown Channel*) and connected sessions get its CHANNEL_DELETE."""
        guild = self.guilds[channel.guild_id] if channel.guild_id is not None else None
        if guild is not None:
            guild.channels.pop(channel.id, None)
        self.channels.pop(channel.id, None)
        self._dispatch("CHANNEL_DELETE", channel.payload(), guild_id=channel.guild_id)

    def add_user(
        self,
        name: str,
        *,
        locale: str = "fr",
        dms_closed: bool = False,
        guild: FakeGuild | None = None,
    ) -> SimUser:
        """A member of the guild (default: the main one) who can type slash commands and
        click; their commands go by default to the guild's first channel."""
        from .users import SimUser

        guild = guild or self.guild
        user = FakeUser(self.snowflakes.next(), name, locale=locale, dms_closed=dms_closed)
        self.users[user.id] = user
        guild.joined_at[user.id] = now_iso()
        member = guild.member_payload(user)
        member["guild_id"] = str(guild.id)
        self._dispatch("GUILD_MEMBER_ADD", member, guild_id=guild.id, intents=INTENT_GUILD_MEMBERS)
        server = cast("FakeDiscord", self)  # the mixin is only ever part of a FakeDiscord
        return SimUser(server, user, guild)

    def add_users(
        self, *names: str, locale: str = "fr", guild: FakeGuild | None = None
    ) -> list[SimUser]:
        return [self.add_user(n, locale=locale, guild=guild) for n in names]

    def dm_channel(self, user: FakeUser | SimUser | int) -> FakeChannel:
        """The DM channel between the bot and a user (created on first need)."""
        uid = user_id_of(user)
        channel = self.dm_channels.get(uid)
        if channel is None:
            channel = FakeChannel(self.snowflakes.next(), DM, recipient_id=uid)
            self.dm_channels[uid] = channel
            self.channels[channel.id] = channel
        return channel

"""Sending a simulated user's interaction to the bot: the INTERACTION_CREATE payload as
Discord builds it, dispatched to the session of the channel's shard."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, cast

from .errors import NotConnected
from .interaction import SimInteraction
from .model import DM, JSON, MEMBER_PERMISSIONS, FakeChannel, FakeMessage, FakeUser, new_token
from .world import WorldBuilding

if TYPE_CHECKING:
    from .server import FakeDiscord


class InteractionDispatch(WorldBuilding):
    """Interactions, from a simulated user to the bot."""

    def interaction_payload(
        self,
        user: FakeUser,
        channel: FakeChannel,
        itype: int,
        data: JSON,
        *,
        message: FakeMessage | None = None,
        message_payload: JSON | None = None,
    ) -> tuple[int, str, JSON]:
        iid = self.snowflakes.next()
        token = new_token()
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel.id),
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": (
                MEMBER_PERMISSIONS
                if self.misbehaviour is None
                else self.misbehaviour.permissions(channel.id)
            ),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if channel.type == DM:
            payload["channel"] = channel.payload(self.users)
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        else:
            guild = self.guilds[int(channel.guild_id or 0)]
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            payload["channel"] = channel.payload()
            payload["member"] = guild.member_payload(user, with_permissions=True)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        if message is not None:
            payload["message"] = message_payload if message_payload is not None else message.payload
        return iid, token, payload

    async def dispatch_interaction(
        self,
        user: FakeUser,
        channel: FakeChannel,
        itype: int,
        data: JSON,
        *,
        message: FakeMessage | None = None,
        message_payload: JSON | None = None,
        timeout: float = 5.0,
    ) -> SimInteraction:
        """Send INTERACTION_CREATE to the session of the channel's shard (shard 0 for a DM);
        return once it has left the fake. :class:`NotConnected` if that shard is not
        connected: Discord would not deliver it, and the user would see it fail."""
        self.check_alive()
        guild_id = None if channel.type == DM else channel.guild_id
        target = self.shards.live_target(guild_id)
        if target is None:
            where = "a DM (shard 0)" if guild_id is None else f"guild {guild_id}"
            if guild_id is not None:
                where += f" (shard {self.shard_of(guild_id)} of {self.shard_count})"
            raise NotConnected(f"no bot is connected to the shard of {where}\n{self.diagnose()}")
        iid, token, payload = self.interaction_payload(
            user, channel, itype, data, message=message, message_payload=message_payload
        )
        server = cast("FakeDiscord", self)  # the mixin is only ever part of a FakeDiscord
        ix = SimInteraction(
            server, iid, token, itype, user, channel, data, payload, message=message
        )
        self.interactions[iid] = ix
        self._by_token[token] = ix
        sent = self._send(target, "INTERACTION_CREATE", payload, track=True)
        if sent is None:
            raise NotConnected("the bot's gateway connection closed")
        ix.dispatched_at = await asyncio.wait_for(sent, timeout)
        ix.created_at = time.monotonic()
        return ix

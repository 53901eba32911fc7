"""REST routes of channels and guilds: reading, sending, editing and deleting messages
(with uploads), guilds, their channels and members.

Behaviour copied from Discord because discord.py or the bot depends on it:

- A DM to a user whose DMs are closed answers 403, code 50007.
- A channel of a guild that removed the bot answers 403, code 50001 (Missing Access),
  not Unknown Channel: the channel still exists, out of the bot's reach.
- Messages breaking Discord's limits answer 400, code 50035.
- A post with a ``nonce`` and ``enforce_nonce`` (discord.py sends both) whose nonce the
  bot used in the channel within the last few minutes is answered with that message,
  and no new one is made.
"""

from __future__ import annotations

import time

from aiohttp import web

from .errors import DiscordError
from .http_plumbing import BODY, Multipart, json_response
from .ids import id_or_zero
from .limits import message_errors
from .messages import MessageStore
from .model import DM, JSON, FakeChannel, FakeGuild, FakeMessage

NONCE_LIFE = 300.0  # seconds Discord remembers a post's nonce ("the past few minutes")


class ChannelRoutes(MessageStore):
    """``/channels/{channel_id}/...`` and ``/guilds/{guild_id}/...``."""

    def _channel(self, request: web.Request) -> FakeChannel:
        channel_id = id_or_zero(request.match_info["channel_id"])
        channel = self.channels.get(channel_id)
        if channel_id in self.out_of_reach:  # in a guild the bot is no longer in
            raise DiscordError(403, 50001, "Missing Access")
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message(self, request: web.Request) -> FakeMessage:
        channel = self._channel(request)
        message = self._messages.get(id_or_zero(request.match_info["message_id"]))
        if (
            message is None
            or message.channel_id != channel.id
            or message.deleted
            or message.ephemeral
        ):
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload(self.users))

    async def _get_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = max(1, min(100, int(request.query.get("limit", "50"))))
        before = request.query.get("before")
        after = request.query.get("after")
        found = [
            m
            for m in self._channel_messages.get(channel.id, [])
            if not m.deleted and not m.ephemeral
        ]
        if before:
            found = [m for m in found if m.id < int(before)]
        if after:
            found = [m for m in found if m.id > int(after)]
            found = found[:limit]
        found = list(reversed(found))[:limit]
        return json_response([m.payload for m in found])

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, attachments = self._message_body(request)
        if channel.type == DM:
            recipient = self.users.get(int(channel.recipient_id or 0))
            if recipient is not None and recipient.dms_closed:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        errors = message_errors(
            {**body, "attachments": attachments or body.get("attachments")}, creating=True
        )
        if errors:
            code = 50006 if errors == ["Cannot send an empty message"] else 50035
            raise DiscordError(400, code, "Invalid Form Body", errors)
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:  # seen from the bot in the last few minutes: that message
            seen = self._nonces.get((channel.id, str(nonce)))
            if seen is not None and time.monotonic() - seen[1] < NONCE_LIFE:
                return json_response(seen[0].payload)
        message = self.create_message(
            channel, body, via="POST /channels/{channel_id}/messages", attachments=attachments
        )
        if nonce is not None:
            self._nonces[(channel.id, str(nonce))] = (message, time.monotonic())
        return json_response(message.payload)

    async def _get_message(self, request: web.Request) -> web.Response:
        return json_response(self._channel_message(request).payload)

    async def _patch_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        body, attachments = self._message_body(request)
        if attachments:
            body["attachments"] = attachments
        errors = message_errors(body, creating=False)
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors)
        self.edit_message(message, body, via="PATCH /channels/{channel_id}/messages/{message_id}")
        return json_response(message.payload)

    async def _delete_message_route(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        self.delete_message(message, via="DELETE /channels/{channel_id}/messages/{message_id}")
        return web.Response(status=204)

    async def _typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    def _guild(self, request: web.Request) -> FakeGuild:
        guild = self.guilds.get(id_or_zero(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        payload = guild.create_payload(self.users, member_ids=[])
        for key in ("members", "channels", "voice_states", "presences", "threads", "joined_at"):
            payload.pop(key, None)
        return json_response(payload)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.payload() for c in self._guild(request).channels.values()])

    async def _get_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([guild.member_payload(self.users[uid]) for uid in guild.joined_at])

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        uid = id_or_zero(request.match_info["user_id"])
        if uid not in guild.joined_at:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(guild.member_payload(self.users[uid]))

    def _message_body(self, request: web.Request) -> tuple[JSON, list[JSON]]:
        """The JSON part of a message request, and attachments from a multipart upload."""
        raw = request[BODY]
        if isinstance(raw, Multipart):
            # the uploads' descriptions (alt text) come in payload_json, by the file's index
            # (an interaction's answer nests its message in ``data``)
            inner = raw.payload.get("data")
            listed = (inner if isinstance(inner, dict) else raw.payload).get("attachments")
            described = {
                str(a.get("id")): a.get("description") for a in listed or [] if isinstance(a, dict)
            }
            attachments = []
            for index, (name, data, ctype) in enumerate(raw.files):
                aid = self.snowflakes.next()
                self.attachment_data[aid] = data  # kept, as Discord's CDN keeps them
                attachment: JSON = {
                    "id": str(aid),
                    "filename": name,
                    "size": len(data),
                    "url": f"http://127.0.0.1:{self.port}/attachments/{aid}/{name}",
                    "proxy_url": f"http://127.0.0.1:{self.port}/attachments/{aid}/{name}",
                    "content_type": ctype,
                }
                if described.get(str(index)):
                    attachment["description"] = described[str(index)]
                attachments.append(attachment)
            return dict(raw.payload), attachments
        if not isinstance(raw, dict):
            raise DiscordError(400, 50109, "The request body contains invalid JSON.")
        return dict(raw), []

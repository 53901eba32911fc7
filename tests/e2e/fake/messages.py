"""The messages the bot sends: stored as they are now and as every version was, logged
(``log``, a list of :class:`~.model.Sent`) and announced by gateway events.

Behaviour copied from Discord because discord.py or the bot depends on it:

- Ephemeral messages exist only for their user: no gateway events, not
  readable or editable through ``/channels``.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from .gateway_control import GatewayControl
from .interaction import APPLICATION_COMMAND, SimInteraction
from .model import (
    DM,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MESSAGES,
    JSON,
    FakeChannel,
    FakeMessage,
    Sent,
    now_iso,
)

# Message flags a bot may set when sending.
SENDABLE_FLAGS = (1 << 2) | FLAG_EPHEMERAL | (1 << 12) | (1 << 15)


def _copy(payload: Any) -> Any:
    """A deep copy of a JSON value (the fake keeps every version of a message)."""
    return orjson.loads(orjson.dumps(payload))


class MessageStore(GatewayControl):
    """The bot's messages: created, edited, deleted, and the log of every change."""

    def _message_payload(
        self,
        channel: FakeChannel,
        mid: int,
        body: JSON,
        *,
        flags: int,
        attachments: list[JSON],
        interaction: SimInteraction | None,
    ) -> JSON:
        payload: JSON = {
            "id": str(mid),
            "channel_id": str(channel.id),
            "author": self.bot_user.payload(),
            "content": body.get("content") or "",
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": _resolved(
                [{"type": "rich", **e} for e in body.get("embeds") or []], attachments
            ),
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": flags,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
        if body.get("message_reference"):
            payload["message_reference"] = body["message_reference"]
        if interaction is not None:
            payload["type"] = 20 if interaction.type == APPLICATION_COMMAND else 0
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
            payload["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
                **({"name": interaction.data["name"]} if "name" in interaction.data else {}),
            }
        return payload

    def create_message(
        self,
        channel: FakeChannel,
        body: JSON,
        *,
        via: str,
        audience: int | None = None,
        interaction: SimInteraction | None = None,
        extra_flags: int = 0,
        attachments: list[JSON] | None = None,
    ) -> FakeMessage:
        """Store a message the bot sent and log it (no validation here)."""
        mid = self.snowflakes.next()
        flags = (int(body.get("flags") or 0) & SENDABLE_FLAGS) | extra_flags
        if channel.type == DM:
            audience = channel.recipient_id
        elif flags & FLAG_EPHEMERAL and interaction is not None:
            audience = interaction.user.id
        else:
            flags &= ~FLAG_EPHEMERAL
        payload = self._message_payload(
            channel, mid, body, flags=flags, attachments=attachments or [], interaction=interaction
        )
        message = FakeMessage(
            mid,
            channel.id,
            payload,
            audience,
            guild_id=channel.guild_id,
            interaction_id=None if interaction is None else interaction.id,
            history=[_copy(payload)],
        )
        self._messages[mid] = message
        self._channel_messages.setdefault(channel.id, []).append(message)
        if audience is None:
            self._public.setdefault(channel.id, []).append(message)
        elif message.ephemeral:
            self._ephemerals.setdefault(audience, []).append(message)
        self._record("message.create", message, via)
        if not message.ephemeral:
            self._message_event("MESSAGE_CREATE", channel, payload)
        return message

    def edit_message(
        self, message: FakeMessage, body: JSON, *, via: str, clear_loading: bool = False
    ) -> None:
        payload = message.payload
        for key in ("content", "embeds", "components", "attachments"):
            if key in body:
                value = body[key]
                if key == "content":
                    payload[key] = value or ""
                elif key == "embeds":
                    payload[key] = [{"type": "rich", **e} for e in value or []]
                elif key == "attachments":  # kept by id, or uploaded by this request
                    kept = {str(a.get("id")) for a in value or [] if isinstance(a, dict)}
                    old = [a for a in payload.get("attachments", []) if a["id"] in kept]
                    new = [a for a in value or [] if isinstance(a, dict) and "url" in a]
                    payload[key] = old + new
                else:
                    payload[key] = value or []
        payload["embeds"] = _resolved(payload.get("embeds", []), payload.get("attachments", []))
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & (FLAG_EPHEMERAL | FLAG_LOADING)
            payload["flags"] = (int(body["flags"]) & SENDABLE_FLAGS & ~FLAG_EPHEMERAL) | keep
        if clear_loading:
            payload["flags"] = message.flags & ~FLAG_LOADING
        payload["edited_timestamp"] = now_iso()
        message.history.append(_copy(payload))
        self._record("message.edit", message, via)
        if not message.ephemeral:
            channel = self.channels[message.channel_id]
            self._message_event("MESSAGE_UPDATE", channel, payload)

    def delete_message(self, message: FakeMessage, *, via: str) -> None:
        message.deleted = True
        self._record("message.delete", message, via)
        if not message.ephemeral:
            channel = self.channels[message.channel_id]
            data: JSON = {"id": str(message.id), "channel_id": str(channel.id)}
            if channel.guild_id is not None:
                data["guild_id"] = str(channel.guild_id)
            self._message_event("MESSAGE_DELETE", channel, data)

    def _record(self, kind: str, message: FakeMessage, via: str) -> None:
        self.log.append(
            Sent(
                len(self.log),
                time.monotonic(),
                kind,
                message.channel_id,
                message.id,
                message.audience,
                message.history[-1],  # its version as it stands: a copy, never changed
                via,
            )
        )
        self._logged()

    def _record_other(self, kind: str, ix: SimInteraction, payload: JSON, via: str) -> None:
        self.log.append(
            Sent(
                len(self.log), time.monotonic(), kind, ix.channel.id, None, ix.user.id, payload, via
            )
        )
        self._logged()

    def _logged(self) -> None:
        for hook in self.change_hooks:
            hook(self.log[-1])
        self._bump()

    def _message_event(self, event: str, channel: FakeChannel, payload: JSON) -> None:
        if not self.message_events:
            return
        if channel.type == DM:
            self._dispatch(event, payload, guild_id=None, intents=INTENT_DIRECT_MESSAGES)
        else:
            guild_id = channel.guild_id
            self._dispatch(event, payload, guild_id=guild_id, intents=INTENT_GUILD_MESSAGES)


def _resolved(embeds: list[JSON], attachments: list[JSON]) -> list[JSON]:
    """Embeds whose ``attachment://name`` images point at the message's file of that
    name, as Discord rewrites them (an image naming no file of the message is dropped)."""
    urls = {a["filename"]: a["url"] for a in attachments}
    for embed in embeds:
        for part in ("image", "thumbnail"):
            url = (embed.get(part) or {}).get("url", "")
            if url.startswith("attachment://"):
                name = url.removeprefix("attachment://")
                if name in urls:
                    embed[part] = {**embed[part], "url": urls[name], "filename": name}
                else:
                    del embed[part]
    return embeds

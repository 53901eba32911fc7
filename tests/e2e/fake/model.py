"""The fake Discord's world: users, guilds, channels, messages, and what the bot sent.

Payload builders here produce exactly the fields discord.py 2.7 reads without a
default (``Member`` needs ``flags``, ``Message`` needs ``type`` and ``content``,
``TextChannel`` needs ``position``...): a missing key is a ``KeyError`` inside the
bot's gateway task, which kills the client.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LABEL = 18

# Gateway intents the fake honours.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12

# Every permission but administrator: what members and the bot hold in the fake guild.
MEMBER_PERMISSIONS = "8866461766385655"


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Monotonic snowflakes whose timestamps are real, so ``created_at`` makes sense."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard: int, count: int) -> int:
        """The next snowflake that falls on ``shard`` of ``count`` (see :func:`shard_of`).

        The shard depends on the timestamp part only, so this one moves up to
        ``count - 1`` milliseconds ahead: still later than every earlier id.
        """
        candidate = self.next()
        stamp = candidate >> 22
        skip = (shard - stamp) % count
        if skip:
            candidate = (stamp + skip) << 22
            self._last = candidate
        return candidate


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard whose gateway session gets a guild's events, as Discord computes it."""
    return (guild_id >> 22) % shard_count


@dataclass
class FakeUser:
    """A Discord account: a simulated player or the bot itself."""

    id: int
    name: str
    locale: str = "fr"
    bot: bool = False
    dms_closed: bool = False
    """When set, sending to this user's DM channel answers 403 with code 50007."""

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else self.name.capitalize(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class FakeChannel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    position: int = 0
    recipient_id: int | None = None
    """For a DM channel: the user on the other side of the bot."""

    def payload(self, users: dict[int, FakeUser] | None = None) -> JSON:
        if self.type == DM:
            recipients = []
            if users is not None and self.recipient_id in users:
                recipients = [users[self.recipient_id].payload()]
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": None,
                "recipients": recipients,
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    locale: str = "fr"
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    joined_at: dict[int, str] = field(default_factory=dict)
    """Member ids (the bot included) and when each joined."""
    system_channel_id: int | None = None  # where Discord posts its welcomes

    def role_payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": "@everyone",
            "permissions": MEMBER_PERMISSIONS,
            "position": 0,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }

    def member_payload(self, user: FakeUser, *, with_permissions: bool = False) -> JSON:
        member: JSON = {
            "user": user.payload(),
            "roles": [],
            "joined_at": self.joined_at.get(user.id, now_iso()),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_permissions:
            member["permissions"] = MEMBER_PERMISSIONS
        return member

    def create_payload(self, users: dict[int, FakeUser], *, member_ids: list[int]) -> JSON:
        """The GUILD_CREATE payload, with the members the bot's intents allow."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [self.role_payload()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": (
                None if self.system_channel_id is None else str(self.system_channel_id)
            ),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.joined_at),
            "voice_states": [],
            "members": [self.member_payload(users[uid]) for uid in member_ids],
            "channels": [channel.payload() for channel in self.channels.values()],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass
class FakeMessage:
    """A message as it is now, with every earlier version kept.

    ``audience`` is who can read it: ``None`` for everyone in a guild channel,
    otherwise the one user who sees it (an ephemeral answer, or a DM).
    Test code holds these objects: they are updated in place by edits.
    """

    id: int
    channel_id: int
    payload: JSON
    audience: int | None
    guild_id: int | None = None
    interaction_id: int | None = None
    deleted: bool = False
    history: list[JSON] = field(default_factory=list)

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        return list(self.payload.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def edits(self) -> int:
        """How many times the message was changed since it was created."""
        return len(self.history) - 1

    def text(self) -> str:
        """Everything a reader sees, one piece per line."""
        return "\n".join(visible_texts(self.payload))

    def all_components(self) -> list[JSON]:
        return list(walk_components(self.components))

    def interactive(self) -> list[JSON]:
        """Buttons and selects, in reading order."""
        return [c for c in self.all_components() if c.get("type") in SELECT_TYPES | {BUTTON}]

    def buttons(self) -> list[JSON]:
        return [c for c in self.all_components() if c.get("type") == BUTTON]

    def selects(self) -> list[JSON]:
        return [c for c in self.all_components() if c.get("type") in SELECT_TYPES]

    def button_labels(self) -> list[str]:
        return [str(b.get("label") or "") for b in self.buttons()]

    def component(self, custom_id: str) -> JSON | None:
        for c in self.all_components():
            if c.get("custom_id") == custom_id:
                return c
        return None

    def __repr__(self) -> str:
        who = "public" if self.audience is None else f"to {self.audience}"
        text = self.text().replace("\n", " | ")
        if len(text) > 120:
            text = text[:117] + "..."
        return f"<FakeMessage {self.id} in {self.channel_id} {who}: {text!r}>"


@dataclass(frozen=True)
class Sent:
    """One thing the bot made visible to someone (or changed, or removed).

    ``kind`` is one of ``message.create``, ``message.edit``, ``message.delete``,
    ``interaction.modal``, ``interaction.autocomplete``. ``audience`` as in
    :class:`FakeMessage`. ``payload`` is the full message after the change (what
    clients receive), the modal, or the choices.
    """

    seq: int
    at: float
    kind: str
    channel_id: int | None
    message_id: int | None
    audience: int | None
    payload: JSON
    via: str
    """The route that caused it, e.g. ``POST /channels/{channel_id}/messages``."""

    def text(self) -> str:
        return "\n".join(visible_texts(self.payload))

    def strings(self) -> list[str]:
        """Every string a client receives, custom_ids and option values included."""
        return list(all_strings(self.payload))


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component, depth first: rows, containers, sections, labels and leaves."""
    for component in components:
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def visible_texts(payload: JSON) -> Iterator[str]:
    """The human-readable strings of a message, modal or choice list."""
    content = payload.get("content")
    if content:
        yield str(content)
    title = payload.get("title")
    if isinstance(title, str) and title:
        yield title  # a modal's title
    for embed in payload.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                yield str(embed[key])
        for key in ("author", "footer"):
            part = embed.get(key) or {}
            text = part.get("name") or part.get("text")
            if text:
                yield str(text)
        for f in embed.get("fields") or []:
            yield str(f.get("name", ""))
            yield str(f.get("value", ""))
    for component in walk_components(list(payload.get("components") or [])):
        for key in ("label", "placeholder", "content", "description"):
            if component.get(key):
                yield str(component[key])
        emoji = component.get("emoji") or {}
        if emoji.get("name"):
            yield str(emoji["name"])
        for option in component.get("options") or []:
            yield str(option.get("label", ""))
            if option.get("description"):
                yield str(option["description"])
    for choice in payload.get("choices") or []:
        yield str(choice.get("name", ""))


def all_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from all_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from all_strings(item)


_counter = itertools.count(1)


def new_token() -> str:
    """An interaction token: opaque, unique, URL-safe."""
    return f"aW50ZXJhY3Rpb246{next(_counter)}:{time.time_ns():x}"

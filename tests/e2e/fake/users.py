"""Simulated users: they type slash commands, click buttons, pick from selects.

They do what the Discord client lets a person do and nothing more: a command
must have been synced (to the guild, or globally) and its required options
given; a disabled button cannot be pressed; an ephemeral message or a DM can
only be clicked by the one user who sees it; select values must be offered.
A refused action raises at once in the test, the bot never sees it.
"""

from __future__ import annotations

from typing import Any

from .interaction import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SimInteraction,
)
from .model import (
    BUTTON,
    DM,
    JSON,
    LABEL,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    Sent,
    walk_components,
)
from .server import FakeDiscord

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
USER_SELECT = 5


class NotAllowed(AssertionError):
    """The Discord client would not let this user do that."""


class SimUser:
    def __init__(self, server: FakeDiscord, user: FakeUser, guild: FakeGuild) -> None:
        self.server = server
        self.user = user
        self.guild = guild

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    @property
    def dms_closed(self) -> bool:
        return self.user.dms_closed

    @dms_closed.setter
    def dms_closed(self, value: bool) -> None:
        self.user.dms_closed = value

    @property
    def locale(self) -> str:
        return self.user.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.user.locale = value

    def __repr__(self) -> str:
        return f"<SimUser {self.name} {self.id}>"

    # ------------------------------------------------------------------ what they see

    def dms(self) -> list[FakeMessage]:
        return self.server.dms(self)

    def ephemerals(self) -> list[FakeMessage]:
        return self.server.ephemerals(self)

    def sees(self, channel: FakeChannel | int | None = None) -> list[FakeMessage]:
        """A guild channel as this user sees it, their own ephemerals included."""
        return self.server.visible_to(self, channel)

    def received(self) -> list[Sent]:
        """Every log entry this user could have seen."""
        return self.server.sent_to(self)

    async def wait_dm(
        self, predicate: Any = None, *, count: int = 1, timeout: float = 5.0
    ) -> FakeMessage:
        if predicate is None:
            return await self.server.wait_dm(self, count=count, timeout=timeout)
        return await self.server.wait_dm(self, predicate, count=count, timeout=timeout)

    def dm_channel(self) -> FakeChannel:
        return self.server.dm_channel(self)

    # ------------------------------------------------------------------ slash commands

    async def slash(
        self,
        command: str,
        /,
        *,
        channel: FakeChannel | None = None,
        dm: bool = False,
        options: dict[str, Any] | None = None,
        wait: bool = True,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> SimInteraction:
        """Run ``/command`` (``"table new"`` for a subcommand) with options.

        Options go as keyword arguments, or in ``options`` when their names are
        not Python identifiers. Returns once the bot acknowledged (unless ``wait``
        is false); the answer is ``ix.original`` (``await ix.wait_done()`` for a
        deferred one).
        """
        target = self._target_channel(channel, dm)
        values = {**(options or {}), **kwargs}
        data = self._command_data(command, target, values, focused=None)
        return await self._interact(APPLICATION_COMMAND, data, target, wait=wait, timeout=timeout)

    async def autocomplete(
        self,
        command: str,
        /,
        focused: str,
        *,
        channel: FakeChannel | None = None,
        dm: bool = False,
        options: dict[str, Any] | None = None,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> list[JSON]:
        """Type into option ``focused`` of ``/command``; return the choices offered."""
        target = self._target_channel(channel, dm)
        values = {**(options or {}), **kwargs}
        values.setdefault(focused, "")
        data = self._command_data(command, target, values, focused=focused)
        ix = await self._interact(AUTOCOMPLETE, data, target, wait=True, timeout=timeout)
        return list(ix.choices or [])

    def _target_channel(self, channel: FakeChannel | None, dm: bool) -> FakeChannel:
        if dm:
            return self.server.dm_channel(self)
        if channel is not None:
            return channel
        if self.guild is not self.server.guild and self.guild.channels:
            return next(iter(self.guild.channels.values()))  # a member of another guild
        return self.server.channel

    def _find_command(self, name: str, channel: FakeChannel) -> JSON:
        scopes: list[int | None] = [None] if channel.type == DM else [channel.guild_id, None]
        for scope in scopes:
            for command in self.server.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    if channel.type == DM and not _allowed_in_dms(command):
                        raise NotAllowed(f"/{name} cannot be used in DMs")
                    return command
        known = sorted({c["name"] for scope in scopes for c in self.server.commands.get(scope, [])})
        raise NotAllowed(f"/{name} is not a registered command here; registered: {known}")

    def _command_data(
        self, command: str, channel: FakeChannel, values: dict[str, Any], *, focused: str | None
    ) -> JSON:
        root, *path = command.strip().lstrip("/").split()
        schema = self._find_command(root, channel)
        data: JSON = {"id": schema["id"], "name": root, "type": 1}
        if schema.get("guild_id"):
            data["guild_id"] = schema["guild_id"]
        options: list[JSON] = []
        data["options"] = options
        level: list[JSON] = list(schema.get("options") or [])
        shown = root
        for token in path:
            sub = next(
                (
                    o
                    for o in level
                    if o["name"] == token and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise NotAllowed(f"/{shown} has no subcommand {token!r}")
            shown += f" {token}"
            node: JSON = {"type": sub["type"], "name": token, "options": []}
            options.append(node)
            options = node["options"]
            level = list(sub.get("options") or [])
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in level):
            subs = [o["name"] for o in level]
            raise NotAllowed(f"/{shown} needs a subcommand, one of {subs}")
        resolved: JSON = {}
        by_name = {o["name"]: o for o in level}
        for name, value in values.items():
            spec = by_name.get(name)
            if spec is None:
                raise NotAllowed(f"/{shown} has no option {name!r}; options: {sorted(by_name)}")
            options.append(self._option(spec, value, resolved, focused=name == focused))
        if focused is None:
            missing = [o["name"] for o in level if o.get("required") and o["name"] not in values]
            if missing:
                raise NotAllowed(f"/{shown} needs the options {missing}")
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, spec: JSON, value: Any, resolved: JSON, *, focused: bool) -> JSON:
        kind = spec["type"]
        name = spec["name"]
        option: JSON = {"type": kind, "name": name}
        if focused:
            option["value"] = str(value)
            option["focused"] = True
            return option
        if kind in (USER, MENTIONABLE):
            user = self._user(value)
            option["value"] = str(user.id)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if user.id in self.guild.joined_at:
                member = self.guild.member_payload(user, with_permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return option
        if kind == CHANNEL:
            cid = value if isinstance(value, int) else value.id
            channel = self.server.channels[cid]
            option["value"] = str(cid)
            payload = channel.payload(self.server.users)
            payload["permissions"] = "0"
            resolved.setdefault("channels", {})[str(cid)] = payload
            return option
        if kind == ROLE:
            role = self.guild.role_payload()
            option["value"] = role["id"]
            resolved.setdefault("roles", {})[role["id"]] = role
            return option
        if kind == STRING:
            value = str(value)
            if len(value) < spec.get("min_length", 0) or len(value) > spec.get("max_length", 6000):
                raise NotAllowed(f"option {name!r}: {value!r} has the wrong length")
        elif kind == INTEGER:
            value = int(value)
        elif kind == NUMBER:
            value = float(value)
        elif kind == BOOLEAN:
            value = bool(value)
        if kind in (INTEGER, NUMBER):
            low, high = spec.get("min_value"), spec.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise NotAllowed(f"option {name!r}: {value} outside [{low}, {high}]")
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            by_label = [c["value"] for c in choices if c["name"] == value]
            if not by_label:
                offered = [c["value"] for c in choices]
                raise NotAllowed(f"option {name!r}: {value!r} is not one of {offered}")
            value = by_label[0]
        option["value"] = value
        return option

    def _user(self, value: Any) -> FakeUser:
        if isinstance(value, SimUser):
            return value.user
        if isinstance(value, FakeUser):
            return value
        return self.server.users[int(value)]

    # ------------------------------------------------------------------ components

    def _check_visible(self, message: FakeMessage) -> None:
        if message.deleted:
            raise NotAllowed(f"{message!r} was deleted")
        if message.audience is not None and message.audience != self.id:
            raise NotAllowed(f"{self.name} cannot see {message!r}")
        if message.audience is None and message.guild_id is not None:
            guild = self.server.guilds[message.guild_id]
            if self.id not in guild.joined_at:
                raise NotAllowed(f"{self.name} is not in the guild of {message!r}")

    def _component(
        self, message: FakeMessage, custom_id: str, from_version: int | None
    ) -> tuple[JSON, JSON]:
        """The message payload as the user's client shows it, and the component."""
        self._check_visible(message)
        payload = message.payload if from_version is None else message.history[from_version]
        for component in walk_components(list(payload.get("components") or [])):
            if component.get("custom_id") == custom_id:
                if component.get("disabled"):
                    raise NotAllowed(f"{custom_id!r} is disabled on {message!r}")
                return payload, component
        offered = [
            c.get("custom_id") for c in walk_components(list(payload.get("components") or []))
        ]
        raise NotAllowed(
            f"no component {custom_id!r} on {message!r}; offered: {[o for o in offered if o]}"
        )

    async def click(
        self,
        message: FakeMessage,
        custom_id: str,
        *,
        from_version: int | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> SimInteraction:
        """Press the button ``custom_id`` on ``message``.

        ``from_version`` (an index into ``message.history``, e.g. ``-2``) clicks a
        button as an older version of the message showed it: a stale client.
        """
        payload, component = self._component(message, custom_id, from_version)
        if component.get("type") != BUTTON:
            raise NotAllowed(f"{custom_id!r} is not a button (use select)")
        data: JSON = {"custom_id": custom_id, "component_type": BUTTON}
        if "id" in component:
            data["id"] = component["id"]
        return await self._interact(
            MESSAGE_COMPONENT,
            data,
            self._channel_of(message),
            message=message,
            message_payload=payload,
            wait=wait,
            timeout=timeout,
        )

    async def click_button(
        self,
        message: FakeMessage,
        label: str | None = None,
        *,
        contains: str | None = None,
        emoji: str | None = None,
        index: int | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> SimInteraction:
        """Press the button labelled ``label`` (or containing ``contains``, or with ``emoji``)."""
        self._check_visible(message)
        found = [
            b
            for b in message.buttons()
            if (label is None or b.get("label") == label)
            and (contains is None or contains in str(b.get("label") or ""))
            and (emoji is None or (b.get("emoji") or {}).get("name") == emoji)
        ]
        if not found or (len(found) > 1 and index is None):
            raise NotAllowed(
                f"{len(found)} buttons match label={label!r} contains={contains!r} emoji={emoji!r}"
                f" on {message!r}; labels: {message.button_labels()}"
            )
        button = found[index or 0]
        if "custom_id" not in button:
            raise NotAllowed(f"button {button.get('label')!r} is a link, not clickable by the bot")
        return await self.click(message, str(button["custom_id"]), wait=wait, timeout=timeout)

    async def select(
        self,
        message: FakeMessage,
        custom_id: str,
        values: list[Any],
        *,
        from_version: int | None = None,
        wait: bool = True,
        timeout: float = 5.0,
    ) -> SimInteraction:
        """Choose ``values`` in the select menu ``custom_id``."""
        payload, component = self._component(message, custom_id, from_version)
        kind = component.get("type")
        if kind not in SELECT_TYPES:
            raise NotAllowed(f"{custom_id!r} is not a select menu")
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise NotAllowed(f"{custom_id!r} takes {low} to {high} values, not {len(values)}")
        data: JSON = {"custom_id": custom_id, "component_type": kind}
        if kind == STRING_SELECT:
            offered = [o["value"] for o in component.get("options") or []]
            wrong = [v for v in values if v not in offered]
            if wrong:
                raise NotAllowed(f"{wrong} are not options of {custom_id!r}: {offered}")
            data["values"] = [str(v) for v in values]
        elif kind == USER_SELECT:
            users = [self._user(v) for v in values]
            data["values"] = [str(u.id) for u in users]
            data["resolved"] = {"users": {str(u.id): u.payload() for u in users}}
        else:
            data["values"] = [str(v) for v in values]
        return await self._interact(
            MESSAGE_COMPONENT,
            data,
            self._channel_of(message),
            message=message,
            message_payload=payload,
            wait=wait,
            timeout=timeout,
        )

    async def submit_modal(
        self, ix: SimInteraction, values: dict[str, Any], *, wait: bool = True, timeout: float = 5.0
    ) -> SimInteraction:
        """Fill in and submit the modal the bot opened in answer to ``ix``."""
        if ix.modal is None:
            raise NotAllowed(f"{ix!r} was not answered with a modal")
        if ix.user.id != self.id:
            raise NotAllowed(f"the modal of {ix!r} was shown to {ix.user.name}")
        modal = ix.modal

        def leaf(component: JSON) -> JSON:
            custom_id = component.get("custom_id")
            if component.get("type") == TEXT_INPUT:
                value = str(values.get(str(custom_id), component.get("value") or ""))
                if component.get("required", True) and not value:
                    raise NotAllowed(f"modal field {custom_id!r} is required")
                return {"type": TEXT_INPUT, "custom_id": custom_id, "value": value}
            return {
                "type": component.get("type"),
                "custom_id": custom_id,
                "values": [str(v) for v in values.get(str(custom_id), [])],
            }

        components: list[JSON] = []
        for top in modal.get("components") or []:
            if top.get("type") == LABEL:
                components.append({"type": LABEL, "component": leaf(top["component"])})
            elif top.get("components"):
                components.append(
                    {"type": top["type"], "components": [leaf(c) for c in top["components"]]}
                )
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._interact(
            MODAL_SUBMIT, data, ix.channel, message=ix.message, wait=wait, timeout=timeout
        )

    def _channel_of(self, message: FakeMessage) -> FakeChannel:
        return self.server.channels[message.channel_id]

    async def _interact(
        self,
        itype: int,
        data: JSON,
        channel: FakeChannel,
        *,
        message: FakeMessage | None = None,
        message_payload: JSON | None = None,
        wait: bool,
        timeout: float,
    ) -> SimInteraction:
        ix = await self.server.dispatch_interaction(
            self.user,
            channel,
            itype,
            data,
            message=message,
            message_payload=message_payload,
            timeout=timeout,
        )
        if wait:
            await ix.wait_ack(timeout)
        return ix


def _allowed_in_dms(command: JSON) -> bool:
    contexts = command.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return command.get("dm_permission") is not False

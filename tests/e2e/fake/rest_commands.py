"""REST routes of application commands: global and per guild, synced in bulk or one by
one."""

from __future__ import annotations

import time

from aiohttp import web

from .errors import DiscordError
from .http_plumbing import BODY, json_response
from .ids import id_or_zero
from .limits import command_errors
from .model import JSON
from .state import FakeDiscordState


class CommandRoutes(FakeDiscordState):
    """``/applications/{application_id}[/guilds/{guild_id}]/commands``."""

    def _command_scope(self, request: web.Request) -> int | None:
        if id_or_zero(request.match_info["application_id"]) != self.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        if id_or_zero(gid) not in self.guilds:
            raise DiscordError(403, 50001, "Missing Access")
        return id_or_zero(gid)

    def _store_command(self, scope: int | None, raw: JSON, existing: JSON | None = None) -> JSON:
        if not raw.get("name"):
            raise DiscordError(400, 50035, "Invalid Form Body", ["name: required"])
        slash = raw.get("type", 1) == 1
        refused = list(command_errors({"description": "", **raw})) if slash else []
        if refused:  # past Discord's limits: the whole list is refused
            raise DiscordError(400, 50035, "Invalid Form Body", refused)
        command: JSON = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **raw,
            "id": existing["id"] if existing else str(self.snowflakes.next()),
            "application_id": str(self.application_id),
            "version": str(self.snowflakes.next()),
        }
        if scope is not None:
            command["guild_id"] = str(scope)
        return command

    async def _get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands.get(self._command_scope(request), []))

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        raw = request[BODY] or []
        if not isinstance(raw, list):
            raise DiscordError(400, 50035, "Invalid Form Body", ["expected a list"])
        if len(raw) > 100:
            raise DiscordError(400, 30032, "Maximum number of application commands reached (100)")
        names = [(c.get("type", 1), c.get("name")) for c in raw]
        if len(set(names)) != len(names):
            raise DiscordError(400, 50035, "Invalid Form Body", ["duplicate command names"])
        old = {(c["type"], c["name"]): c for c in self.commands.get(scope, [])}
        stored = [
            self._store_command(scope, c, old.get((c.get("type", 1), c.get("name")))) for c in raw
        ]
        self.commands[scope] = stored
        self.command_syncs.append((scope, time.monotonic()))
        return json_response(stored)

    async def _post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        raw = request[BODY] or {}
        commands = self.commands.setdefault(scope, [])
        old = next((c for c in commands if c["name"] == raw.get("name")), None)
        command = self._store_command(scope, raw, old)
        if old is not None:
            commands[commands.index(old)] = command
        else:
            commands.append(command)
        return json_response(command, 200 if old else 201)

    def _find_command(self, request: web.Request) -> tuple[int | None, JSON]:
        scope = self._command_scope(request)
        cid = request.match_info["command_id"]
        for command in self.commands.get(scope, []):
            if command["id"] == cid:
                return scope, command
        raise DiscordError(404, 10063, "Unknown application command")

    async def _get_command(self, request: web.Request) -> web.Response:
        return json_response(self._find_command(request)[1])

    async def _patch_command(self, request: web.Request) -> web.Response:
        _, command = self._find_command(request)
        command.update(request[BODY] or {})
        return json_response(command)

    async def _delete_command(self, request: web.Request) -> web.Response:
        scope, command = self._find_command(request)
        self.commands[scope].remove(command)
        return web.Response(status=204)

    async def _get_permissions(self, request: web.Request) -> web.Response:
        return json_response([])

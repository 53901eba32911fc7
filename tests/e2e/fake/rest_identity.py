"""REST routes of identity: the gateway's address, the bot user, other users, the
application, opening a DM channel."""

from __future__ import annotations

from aiohttp import web

from .errors import DiscordError
from .http_plumbing import BODY, json_response
from .ids import id_or_zero
from .world import WorldBuilding


class IdentityRoutes(WorldBuilding):
    """``/gateway``, ``/users``, ``/applications/@me``."""

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit}
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        me = {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "locale": "en-US",
        }
        return json_response(me)

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(id_or_zero(request.match_info["user_id"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "hook": True,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": self.owner.payload(),
                "team": None,
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
                "bot": self.bot_user.payload(),
            }
        )

    async def _create_dm(self, request: web.Request) -> web.Response:
        body = request[BODY] or {}
        user = self.users.get(id_or_zero(body.get("recipient_id")))
        if user is None:
            raise DiscordError(400, 50035, "Invalid Form Body", ["recipient_id: unknown user"])
        return json_response(self.dm_channel(user).payload(self.users))

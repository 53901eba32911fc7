"""The fake's ``hold``: requests kept unanswered, then let through or dropped unapplied."""

from __future__ import annotations

import asyncio

import aiohttp

from tests.e2e.fake import FakeDiscord

AUTH = {"Authorization": "Bot fake-token"}


async def _post(http: aiohttp.ClientSession, server: FakeDiscord, text: str) -> int:
    url = f"{server.api_base}/channels/{server.channel.id}/messages"
    async with http.post(url, json={"content": text}, headers=AUTH) as resp:
        return resp.status


async def test_held_requests_wait_then_land_or_are_dropped(server: FakeDiscord) -> None:
    route = ("POST", "/channels/{channel_id}/messages")
    async with aiohttp.ClientSession() as http:
        hold = server.hold(*route)
        sent = asyncio.create_task(_post(http, server, "slow"))
        await server.wait_for(lambda: hold.held == 1, 5, "the request to be held")
        assert not sent.done() and server.messages() == []
        hold.release()
        assert await sent == 200
        assert [m.content for m in server.messages()] == ["slow"]

        hold = server.hold(*route)
        sent = asyncio.create_task(_post(http, server, "lost"))
        await server.wait_for(lambda: hold.held == 1, 5, "the request to be held")
        hold.drop()
        assert await sent == 503
        assert [m.content for m in server.messages()] == ["slow"]

        # a released or dropped hold holds nothing more
        assert await _post(http, server, "quick") == 200
        assert hold.held == 1

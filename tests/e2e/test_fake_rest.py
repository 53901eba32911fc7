"""The fake's REST and gateway as seen by a plain HTTP client: Discord's shapes and refusals."""

from __future__ import annotations

import asyncio
import json
import warnings
import zlib
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.fake import FakeDiscord

AUTH = {"Authorization": "Bot fake-token"}


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def test_json_responses_have_exactly_application_json(server, http):
    async with http.get(server.api_base + "/users/@me", headers=AUTH) as resp:
        assert resp.status == 200
        assert resp.headers["Content-Type"] == "application/json"
        me = await resp.json()
    assert me["id"] == str(server.bot_user.id)
    assert me["bot"] is True
    assert server.api_base.startswith("http://127.0.0.1:")
    assert server.gateway_url.startswith("ws://127.0.0.1:")


async def test_bot_routes_need_the_bot_token(http):
    async with FakeDiscord(token="sekret") as server:
        async with http.get(server.api_base + "/users/@me") as resp:
            assert resp.status == 401
        async with http.get(server.api_base + "/users/@me", headers=AUTH) as resp:
            assert resp.status == 401
        ok = {"Authorization": "Bot sekret"}
        async with http.get(server.api_base + "/users/@me", headers=ok) as resp:
            assert resp.status == 200


async def test_unknown_routes_answer_404_json_and_are_reported(server, http):
    async with http.get(server.api_base + "/guilds/1/emojis", headers=AUTH) as resp:
        assert resp.status == 404
        assert resp.headers["Content-Type"] == "application/json"
    async with http.put(server.api_base + "/channels/1/messages", headers=AUTH) as resp:
        assert resp.status == 404
    assert [r.path for r in server.unknown_requests] == ["/guilds/1/emojis", "/channels/1/messages"]
    assert server.problems() == [
        "unknown route GET /guilds/1/emojis",
        "unknown route PUT /channels/1/messages",
    ]


async def test_injected_429_carries_via_and_retry_after_then_clears(server, http):
    fault = server.inject("POST", "/channels/{channel_id}/messages", status=429, retry_after=0.25)
    url = f"{server.api_base}/channels/{server.channel.id}/messages"
    async with http.post(url, json={"content": "a"}, headers=AUTH) as resp:
        assert resp.status == 429
        assert resp.headers["Via"]
        assert resp.headers["Content-Type"] == "application/json"
        assert (await resp.json())["retry_after"] == 0.25
    async with http.post(url, json={"content": "b"}, headers=AUTH) as resp:
        assert resp.status == 200
    assert fault.hits == 1
    assert [m.content for m in server.messages()] == ["b"]
    assert server.problems() == []


async def test_a_post_taken_though_answered_500_is_made_and_its_nonce_remembered(server, http):
    """Discord sometimes makes a post and answers 500; a post with a nonce it has seen
    from the bot lately (``enforce_nonce``) is answered with the message it made then."""
    fault = server.inject("POST", "/channels/{channel_id}/messages", status=500, taken=True)
    url = f"{server.api_base}/channels/{server.channel.id}/messages"
    body = {"content": "a", "nonce": "n1", "enforce_nonce": True}
    async with http.post(url, json=body, headers=AUTH) as resp:
        assert resp.status == 500
    async with http.post(url, json=body, headers=AUTH) as resp:  # the same post again
        assert resp.status == 200
        again = await resp.json()
    async with http.post(url, json={**body, "nonce": "n2"}, headers=AUTH) as resp:
        assert resp.status == 200
    assert fault.hits == 1
    made = server.messages()
    assert [m.content for m in made] == ["a", "a"] and again["id"] == str(made[0].id)


async def test_messages_beyond_discord_limits_are_refused(server, http):
    url = f"{server.api_base}/channels/{server.channel.id}/messages"
    rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": f"b{i}"}]}
        for i in range(6)
    ]
    async with http.post(url, json={"components": rows}, headers=AUTH) as resp:
        assert resp.status == 400
        body = await resp.json()
    assert body["code"] == 50035
    assert body["errors"]["components"]["_errors"][0]["message"] == "6 rows, at most 5"
    # nested by field as Discord nests them, so that discord.py reads them into its text
    refused = discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"), body)
    assert refused.text == "Invalid Form Body\nIn components: 6 rows, at most 5"
    rows[0]["components"][0]["label"] = "y" * 81  # and a second error, named otherwise
    async with http.post(url, json={"components": rows}, headers=AUTH) as resp:
        text = discord.HTTPException(resp, await resp.json()).text
    assert text.splitlines() == [
        "Invalid Form Body",
        "In components: 6 rows, at most 5",
        "In body: component 'b0'.label: 81 characters, at most 80",  # no field path: in body
    ]
    async with http.post(url, json={"content": ""}, headers=AUTH) as resp:
        assert (await resp.json())["code"] == 50006
    long_id = {"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}
    payload = {"content": "x", "components": [{"type": 1, "components": [long_id]}]}
    async with http.post(url, json=payload, headers=AUTH) as resp:
        assert resp.status == 400
    assert server.messages() == []
    assert len(server.rejected_requests) == 4


async def test_dm_to_a_user_with_closed_dms_is_forbidden_50007(server, http):
    alice = server.add_user("alice", dms_closed=True)
    async with http.post(
        server.api_base + "/users/@me/channels", json={"recipient_id": str(alice.id)}, headers=AUTH
    ) as resp:
        channel = await resp.json()
    assert channel["type"] == 1
    url = f"{server.api_base}/channels/{channel['id']}/messages"
    async with http.post(url, json={"content": "ta main"}, headers=AUTH) as resp:
        assert resp.status == 403
        assert (await resp.json())["code"] == 50007
    alice.dms_closed = False
    async with http.post(url, json={"content": "ta main"}, headers=AUTH) as resp:
        assert resp.status == 200
    assert [m.content for m in alice.dms()] == ["ta main"]
    assert server.dms(alice)[0].audience == alice.id


async def test_command_sync_is_stored_with_ids(server, http):
    url = (
        f"{server.api_base}/applications/{server.application_id}/guilds/{server.guild.id}/commands"
    )
    commands = [{"name": "ping", "description": "p", "type": 1}]
    async with http.put(url, json=commands, headers=AUTH) as resp:
        stored = await resp.json()
    assert stored[0]["id"] and stored[0]["guild_id"] == str(server.guild.id)
    async with http.put(url, json=commands, headers=AUTH) as resp:
        again = await resp.json()
    assert again[0]["id"] == stored[0]["id"], "a re-sync keeps command ids"
    assert await server.wait_commands(timeout=1) == again
    assert len(server.command_syncs) == 2


async def test_a_command_past_discords_limits_fails_the_whole_sync(server, http):
    url = (
        f"{server.api_base}/applications/{server.application_id}/guilds/{server.guild.id}/commands"
    )
    good = {"name": "ping", "description": "p", "type": 1}
    long = {**good, "name": "pong", "description_localizations": {"fr": "p" * 101}}
    async with http.put(url, json=[good, long], headers=AUTH) as resp:
        assert resp.status == 400
        assert (await resp.json())["code"] == 50035
    assert not server.commands.get(server.guild.id), "nothing of a refused list is kept"


async def test_gateway_hello_identify_ready_guild_create_zlib_stream(server, http):
    url = server.gateway_url + "?v=10&encoding=json&compress=zlib-stream"
    async with http.ws_connect(url) as ws:
        inflate = zlib.decompressobj()

        async def receive() -> dict[str, Any]:
            frame = await ws.receive_bytes(timeout=2)
            assert frame.endswith(b"\x00\x00\xff\xff")
            message: dict[str, Any] = json.loads(inflate.decompress(frame))
            return message

        hello = await receive()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 1, "d": None})
        assert (await receive())["op"] == 11
        await ws.send_json({"op": 2, "d": {"token": "t", "intents": 0, "properties": {}}})
        ready = await receive()
        assert ready["t"] == "READY" and ready["s"] == 1
        assert ready["d"]["guilds"] == [{"id": str(server.guild.id), "unavailable": True}]
        assert ready["d"]["resume_gateway_url"] == server.gateway_url
        guild = await receive()
        assert guild["t"] == "GUILD_CREATE"
        members = guild["d"]["members"]
        assert [m["user"]["id"] for m in members] == [str(server.bot_user.id)], (
            "without the members intent only the bot itself is listed"
        )
        assert {"flags", "joined_at", "roles"} <= set(members[0])
        assert server.connected


async def test_resume_replays_missed_events_or_invalidates(server, http):
    async with http.ws_connect(server.gateway_url + "?v=10&encoding=json") as ws:
        await ws.receive_json(timeout=2)
        await ws.send_json({"op": 2, "d": {"token": "t", "intents": 1 << 1}})
        ready = await ws.receive_json(timeout=2)
        guild = await ws.receive_json(timeout=2)
        assert len(guild["d"]["members"]) == 2, "with the members intent, everyone is listed"
    session_id = ready["d"]["session_id"]
    await server.wait_for(lambda: not server.connected, 2)
    server.add_user("late")  # GUILD_MEMBER_ADD, buffered while disconnected
    async with http.ws_connect(server.gateway_url + "?v=10&encoding=json") as ws:
        await ws.receive_json(timeout=2)
        await ws.send_json({"op": 6, "d": {"token": "t", "session_id": session_id, "seq": 2}})
        missed = await ws.receive_json(timeout=2)
        assert missed["t"] == "GUILD_MEMBER_ADD" and missed["s"] == 3
        assert (await ws.receive_json(timeout=2))["t"] == "RESUMED"
    server.allow_resume = False
    async with http.ws_connect(server.gateway_url + "?v=10&encoding=json") as ws:
        await ws.receive_json(timeout=2)
        await ws.send_json({"op": 6, "d": {"token": "t", "session_id": session_id, "seq": 4}})
        invalid = await ws.receive_json(timeout=2)
        assert invalid == {"op": 9, "d": False, "s": None, "t": None}


async def test_member_chunks_are_answered(server, http):
    server.add_users("alice", "bob")
    async with http.ws_connect(server.gateway_url + "?v=10&encoding=json") as ws:
        await ws.receive_json(timeout=2)
        await ws.send_json({"op": 2, "d": {"token": "t", "intents": 0}})
        await ws.receive_json(timeout=2)
        await ws.receive_json(timeout=2)
        await ws.send_json({"op": 8, "d": {"guild_id": str(server.guild.id), "nonce": "n"}})
        chunk = await ws.receive_json(timeout=2)
    assert chunk["t"] == "GUILD_MEMBERS_CHUNK" and chunk["d"]["nonce"] == "n"
    assert len(chunk["d"]["members"]) == 4  # the bot, the guild owner, alice, bob


async def test_injected_500_then_success(server, http):
    server.inject("GET", "/users/@me", status=500, times=2)
    statuses = []
    for _ in range(3):
        async with http.get(server.api_base + "/users/@me", headers=AUTH) as resp:
            statuses.append(resp.status)
    assert statuses == [500, 500, 200]
    assert server.problems() == [], "injected faults are not problems"


async def test_file_uploads_become_attachments(server, http):
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "le relevé"}))
    form.add_field(
        "files[0]", b'{"deal": 1}', filename="hand.json", content_type="application/json"
    )
    url = f"{server.api_base}/channels/{server.channel.id}/messages"
    async with http.post(url, data=form, headers=AUTH) as resp:
        assert resp.status == 200
        sent = await resp.json()
    assert sent["attachments"][0]["filename"] == "hand.json"
    assert sent["attachments"][0]["size"] == 11
    assert server.messages()[0].content == "le relevé"


async def test_an_upload_arriving_in_pieces_is_read_whole(server, http):
    """A multipart body that reaches the fake in uneven pieces (as a busy machine's socket
    may deliver it: a few bytes of a file, then a lot) is read whole, the file byte for
    byte, and without aiohttp's deprecated ``StreamReader.unread_data``: its streaming
    multipart reader calls that when a piece shorter than the boundary is followed by
    more than it asked for."""
    boundary = "8d5f2a0c4b1e4f6a9e3d7c2b1a0f9e8d"
    data = bytes(range(256)) * 40 + b"\r\n--" + boundary[:8].encode() + b"\r\n\r\n"
    head = b"".join(
        [
            f"--{boundary}\r\n".encode(),
            b'Content-Disposition: form-data; name="payload_json"\r\n',
            b"Content-Type: application/json\r\n\r\n",
            json.dumps({"content": "le relevé"}).encode(),
            f"\r\n--{boundary}\r\n".encode(),
            b'Content-Disposition: form-data; name="files[0]"; filename="hand.png"\r\n',
            b"Content-Type: image/png\r\n\r\n",
        ]
    )
    tail = f"\r\n--{boundary}--\r\n".encode()
    # the part's headers and 3 bytes of the file, 5 bytes more, then the rest at once
    pieces = [head + data[:3], data[3:8], data[8:] + tail]

    async def slowly() -> AsyncIterator[bytes]:
        for piece in pieces:
            yield piece
            await asyncio.sleep(0.05)

    url = f"{server.api_base}/channels/{server.channel.id}/messages"
    headers = {**AUTH, "Content-Type": f"multipart/form-data; boundary={boundary}"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        async with http.post(url, data=slowly(), headers=headers) as resp:
            assert resp.status == 200, await resp.text()
            sent = await resp.json()
    assert not [w for w in caught if "unread_data" in str(w.message)]
    (attachment,) = sent["attachments"]
    assert (attachment["filename"], attachment["content_type"]) == ("hand.png", "image/png")
    assert server.attachment_data[int(attachment["id"])] == data
    assert server.messages()[0].content == "le relevé"
    assert server.problems() == []

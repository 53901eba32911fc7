"""The fake Discord with shards: one gateway session per shard, events routed as Discord does.

A guild's events go to shard ``(guild_id >> 22) % shard_count``, DMs to shard 0;
a shard that is not connected gets nothing, and a new IDENTIFY for a shard
replaces that shard's session only.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord.gateway
import discord.http
import pytest
import yarl

from tests.e2e.fake import BotProcess, FakeDiscord, NotConnected
from tests.e2e.fake.gateway import GatewaySession
from tests.e2e.fake.process import InProcessBot
from tests.e2e.fake.sharded_standin import ShardedStandIn

STANDIN = "tests.e2e.fake.sharded_standin"
AUTH = {"Authorization": "Bot fake-token"}
MEMBERS_INTENT = 1 << 1


@pytest.fixture
async def two_shards(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    """A fake that recommends two shards, with discord.py in this process pointed at it."""
    async with FakeDiscord(shards=2) as server:
        monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
        monkeypatch.setattr(
            discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
        )
        yield server


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def events(session: GatewaySession, kind: str) -> list[dict[str, Any]]:
    """The payloads of the ``kind`` events the fake sent this session."""
    frames = [json.loads(text) for _, text in session.events]
    return [f["d"] for f in frames if f["t"] == kind]


async def identify(
    http: aiohttp.ClientSession, server: FakeDiscord, shard: list[int] | None, intents: int = 0
) -> aiohttp.ClientWebSocketResponse:
    ws = await http.ws_connect(server.gateway_url + "?v=10&encoding=json")
    assert (await ws.receive_json(timeout=2))["op"] == 10
    data: dict[str, Any] = {"token": "t", "intents": intents}
    if shard is not None:
        data["shard"] = shard
    await ws.send_json({"op": 2, "d": data})
    return ws


async def kinds(ws: aiohttp.ClientWebSocketResponse, count: int) -> list[str]:
    return [(await ws.receive_json(timeout=2))["t"] for _ in range(count)]


def test_guilds_fall_on_the_shard_asked_for_and_ids_keep_increasing() -> None:
    server = FakeDiscord(shards=3)
    assert server.shard_of(server.guild) == 0, "the main guild is shard 0's"
    made = [server.add_guild(f"g{i}", shard=i % 3) for i in range(9)]
    assert [server.shard_of(g) for g in made] == [i % 3 for i in range(9)]
    assert [(g.id >> 22) % 3 for g in made] == [i % 3 for i in range(9)]
    channel = server.add_channel("salle", guild=made[-1])
    ids = [server.guild.id, *(g.id for g in made), channel.id]
    assert ids == sorted(set(ids)), "snowflakes stay unique and increasing"
    with pytest.raises(ValueError, match="no shard 3"):
        server.add_guild("nowhere", shard=3)


async def test_each_shard_gets_its_guilds_and_their_events_only(http):
    async with FakeDiscord(shards=2) as server:
        async with http.get(server.api_base + "/gateway/bot", headers=AUTH) as resp:
            assert (await resp.json())["shards"] == 2
        other = server.add_guild("Le Bouchon", shard=1)
        ws0 = await identify(http, server, [0, 2], MEMBERS_INTENT)
        ws1 = await identify(http, server, [1, 2], MEMBERS_INTENT)
        for ws, guild, shard in ((ws0, server.guild, [0, 2]), (ws1, other, [1, 2])):
            ready = await ws.receive_json(timeout=2)
            assert ready["t"] == "READY" and ready["d"]["shard"] == shard
            assert ready["d"]["guilds"] == [{"id": str(guild.id), "unavailable": True}]
            created = await ws.receive_json(timeout=2)
            assert created["t"] == "GUILD_CREATE" and created["d"]["id"] == str(guild.id)
        await server.wait_connected(2, shards=[0, 1])
        assert [s.shard for s in server.sessions_by_shard().values()] == [(0, 2), (1, 2)]
        assert server.session is server.sessions_by_shard()[0]

        server.add_channel("arrière-salle", guild=other)
        server.add_user("alice")  # joins the main guild
        late = server.add_guild("Chez Paulette", shard=1)
        server.dispatch_raw("PROBE", {"guild_id": str(other.id)})
        server.dispatch_raw("PROBE_DM", {})
        assert await kinds(ws0, 2) == ["GUILD_MEMBER_ADD", "PROBE_DM"]
        assert await kinds(ws1, 3) == ["CHANNEL_CREATE", "GUILD_CREATE", "PROBE"]
        assert events(server.sessions_by_shard()[1], "GUILD_CREATE")[-1]["id"] == str(late.id)
        for ws in (ws0, ws1):
            with pytest.raises(TimeoutError):
                await ws.receive_json(timeout=0.2)

        # shard 1 again, as a restarted process: shard 0 keeps its session
        kept, replaced = server.sessions_by_shard()[0], server.sessions_by_shard()[1]
        ws1_again = await identify(http, server, [1, 2])
        assert await kinds(ws1_again, 3) == ["READY", "GUILD_CREATE", "GUILD_CREATE"]
        now = server.sessions_by_shard()
        assert now[0] is kept and now[1] is not replaced and replaced.connection is None
        server.add_channel("cave", guild=other)
        assert await kinds(ws1_again, 1) == ["CHANNEL_CREATE"]
        with pytest.raises(TimeoutError):
            await ws1.receive_json(timeout=0.2)  # the replaced session hears nothing more

        bad = await identify(http, server, [2, 2])
        closing = await bad.receive(timeout=2)
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4010
        for ws in (ws0, ws1, ws1_again):
            await ws.close()


async def test_an_auto_sharded_client_gets_each_guild_on_its_shard(two_shards):
    server = two_shards
    other = server.add_guild("Le Bouchon", shard=1)
    counter = server.add_channel("comptoir", guild=other)
    bot = ShardedStandIn("A")  # no shard_count: it asks GET /gateway/bot
    runner = InProcessBot(server, bot)
    await runner.start()
    try:
        await bot.wait_until_ready()
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        sessions = server.sessions_by_shard()
        assert [s.shard for s in sessions.values()] == [(0, 2), (1, 2)]
        assert [int(g["id"]) for g in events(sessions[0], "GUILD_CREATE")] == [server.guild.id]
        assert [int(g["id"]) for g in events(sessions[1], "GUILD_CREATE")] == [other.id]
        found = bot.get_guild(other.id)
        assert found is not None and found.shard_id == 1

        alice = server.add_user("alice")
        bob = server.add_user("bob", guild=other)
        ix = await bob.slash("where")
        assert ix.channel is counter and ix.text() == "A shard 1"
        ids = {int(p["id"]) for p in events(sessions[1], "INTERACTION_CREATE")}
        assert ix.id in ids and not events(sessions[0], "INTERACTION_CREATE")
        dm = await bob.slash("where", dm=True)
        assert dm.text() == "A shard dm"
        assert dm.id in {int(p["id"]) for p in events(sessions[0], "INTERACTION_CREATE")}
        assert (await alice.slash("where")).text() == "A shard 0"

        # a drop on shard 1 is resumed there; shard 0's connection is untouched
        before = sessions[0].connection
        await server.drop_connection(shard=1)
        await server.wait_for(lambda: server.resumes and len(server.sessions_by_shard()) == 2, 10)
        assert server.sessions_by_shard() == sessions and sessions[0].connection is before
        assert len(server.identifies) == 2
        assert (await bob.slash("where")).text() == "A shard 1"
        assert server.sync_count(everywhere=True) == 1
    finally:
        await runner.stop()


async def test_two_clients_each_answer_for_their_shard_and_restart_alone(two_shards):
    server = two_shards
    other = server.add_guild("Le Bouchon", shard=1)
    server.add_channel("comptoir", guild=other)
    alice = server.add_user("alice")
    bob = server.add_user("bob", guild=other)
    runners: list[InProcessBot] = []

    async def start(label: str, shard: int) -> InProcessBot:
        runner = InProcessBot(server, ShardedStandIn(label, shard_count=2, shard_ids=[shard]))
        runners.append(runner)
        await runner.start(wait_for_sync=shard == 0)  # only shard 0's client syncs
        return runner

    try:
        await start("A", 0)
        assert list(server.sessions_by_shard()) == [0]
        with pytest.raises(NotConnected, match="shard 1 of 2"):
            await bob.slash("where")
        assert (await bob.slash("where", dm=True)).text() == "A shard dm"

        await start("B", 1)
        assert (await alice.slash("where")).text() == "A shard 0"
        assert (await bob.slash("where")).text() == "B shard 1"
        assert (await bob.slash("where", dm=True)).text() == "A shard dm"

        # B's process restarts: the new one identifies shard 1 while B's socket is still open
        kept, replaced = server.sessions_by_shard()[0], server.sessions_by_shard()[1]
        await start("C", 1)
        now = server.sessions_by_shard()
        assert now[0] is kept and now[1] is not replaced and replaced.connection is None
        assert (await bob.slash("where")).text() == "C shard 1"
        assert (await alice.slash("where")).text() == "A shard 0"
        assert [i["shard"] for i in server.identifies] == [[0, 2], [1, 2], [1, 2]]
        assert server.sync_count(everywhere=True) == 1
    finally:
        for runner in runners:
            await runner.stop()


def test_a_bot_process_reads_its_shards_and_database_from_its_own_environment(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("SHARD_IDS", "3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bete:secret@production/bete")
    server = FakeDiscord(shards=4)
    plain = BotProcess(server, database_path=tmp_path / "bot.db")
    env = plain.environment()
    assert "SHARD_IDS" not in env and "DATABASE_URL" not in env, "never inherited"
    assert plain.shard_ids == [0, 1, 2, 3], "all of the server's count"
    assert BotProcess(
        server, database_path=tmp_path / "bot.db", env={"SHARD_COUNT": "2"}
    ).shard_ids == [0, 1]

    url = "postgresql://bete@127.0.0.1:5432/bete"
    part = BotProcess(
        server, database_url=url, log_dir=tmp_path, env={"SHARD_COUNT": "4", "SHARD_IDS": "3,1"}
    )
    assert part.shard_ids == [1, 3]
    env = part.environment()
    assert env["DATABASE_URL"] == url and "DATABASE_PATH" not in env
    assert env["SHARD_IDS"] == "3,1"
    with pytest.raises(ValueError, match="database"):
        BotProcess(server)
    with pytest.raises(ValueError, match="log_dir"):
        BotProcess(server, database_url=url)


async def test_bot_processes_wait_for_their_own_shards(two_shards, tmp_path):
    server = two_shards
    other = server.add_guild("Le Bouchon", shard=1)
    server.add_channel("comptoir", guild=other)
    alice = server.add_user("alice")
    bob = server.add_user("bob", guild=other)

    def process(label: str, shard: int) -> BotProcess:
        env = {"SHARD_COUNT": "2", "SHARD_IDS": str(shard), "STANDIN_LABEL": label}
        return BotProcess(
            server,
            database_path=tmp_path / f"{label}.db",
            module=STANDIN,
            name=f"shard-{shard}",
            env=env,
            wait_for_sync=shard == 0,
        )

    first, second = process("A", 0), process("B", 1)
    try:
        await asyncio.gather(first.start(), second.start())
        assert sorted(server.sessions_by_shard()) == [0, 1]
        assert (await bob.slash("where")).text() == "B shard 1"
        kept = server.sessions_by_shard()[0]

        await second.kill()
        assert list(server.sessions_by_shard()) == [0] and server.connected
        with pytest.raises(NotConnected):
            await bob.slash("where")
        assert (await alice.slash("where")).text() == "A shard 0"

        await second.start()
        assert server.sessions_by_shard()[0] is kept
        assert (await bob.slash("where")).text() == "B shard 1"
        assert server.sync_count(everywhere=True) == 1, "the shard-1 process never syncs"
        assert "Traceback" not in first.output() + second.output()
        assert server.problems() == []
    finally:
        await first.stop()
        await second.stop()

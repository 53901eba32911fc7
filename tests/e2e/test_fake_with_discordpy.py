"""A real discord.py bot (the stand-in) driven through the fake, in the test's event loop.

discord.py is pointed at the fake exactly as the bot does it: by setting
``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.fake import BotDied, FakeDiscord, NotAllowed
from tests.e2e.fake.process import InProcessBot
from tests.e2e.standin_bot import StandInBot

PUBLIC = None  # the audience of a message everyone in the channel sees


async def test_start_up_speaks_to_the_fake_only(standin):
    server = standin.server
    routes = [r.route for r in server.requests]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert "PUT /applications/{application_id}/guilds/{guild_id}/commands" in routes
    assert {c["name"] for c in server.commands[server.guild.id]} == {"demo", "table"}
    identify = server.identifies[0]
    assert identify["token"] == "fake-token"
    assert identify["intents"] & 1, "guilds intent"
    assert server.session is not None and server.session.connection is not None
    assert server.session.connection.compressed, "discord.py asked for zlib-stream"
    await standin.client.wait_until_ready()
    assert standin.client.get_guild(server.guild.id) is not None
    assert server.problems() == []


async def test_public_answer_table_message_and_dm(standin):
    server = standin.server
    alice = server.add_user("alice")
    ix = await alice.slash("demo", mode="public")
    assert ix.response_type == 4
    assert ix.original is not None and ix.original.audience is PUBLIC
    assert ix.text() == "Bonjour Alice (public)"
    table = await server.wait_message(lambda m: m.content.startswith("Compteur"))
    assert table.button_labels() == ["Ma main", "Passer", "Renommer", "Compter (0)"]
    dm = await alice.wait_dm()
    assert dm.content == "Ta main : 10S KH"
    assert dm.audience == alice.id
    assert [m.content for m in server.messages()] == ["Bonjour Alice (public)", "Compteur : 0"]
    assert ix.latency is not None and 0 < ix.latency < 3


async def test_ephemeral_answer_is_seen_by_its_user_only(standin):
    server = standin.server
    alice, bob = server.add_users("alice", "bob")
    ix = await alice.slash("demo", mode="ephemeral")
    assert ix.ephemeral
    assert ix.original is not None and ix.original.audience == alice.id
    assert ix.original not in server.messages()
    assert ix.original in alice.sees() and ix.original not in bob.sees()
    assert "Bonjour" not in "".join(s.text() for s in bob.received() if s.audience is not None)
    hand = await alice.click_button(
        await server.wait_message(lambda m: "Compteur" in m.content), "Ma main"
    )
    assert hand.ephemeral
    with pytest.raises(NotAllowed):
        await bob.click(hand.original, "demo:hand:10S")
    played = await alice.click(hand.original, "demo:hand:10S")
    assert played.response_type == 7
    assert hand.original.content == "Tu as joué 10S."
    assert hand.original.components == []


async def test_deferred_answer_is_filled_in_by_the_follow_up(standin):
    alice = standin.server.add_user("alice")
    ix = await alice.slash("demo", mode="deferred")
    assert ix.response_type == 5
    message = await ix.wait_done()
    assert message is not None and not message.loading
    assert message.content == "Bonjour Alice (deferred)"
    assert ix.followups == [], "the first follow-up filled the deferred message in"
    await alice.wait_dm()


async def test_button_click_edits_the_message_and_persists(standin):
    server = standin.server
    alice, bob = server.add_users("alice", "bob")
    await alice.slash("demo", mode="public")
    table = await server.wait_message(lambda m: "Compteur" in m.content)
    for expected in (1, 2):
        ix = await bob.click_button(table, contains="Compter")
        assert ix.response_type == 7
        assert table.content == f"Compteur : {expected}"
    assert table.edits == 2
    stale = await bob.click(table, "demo:count:0", from_version=0)
    assert stale.ephemeral and stale.text() == "Ce bouton a vieilli."
    assert table.content == "Compteur : 2"


async def test_select_modal_and_autocomplete(standin):
    server = standin.server
    alice = server.add_user("alice")
    choices = await alice.autocomplete("demo", focused="card", mode="public", card="1")
    assert [c["value"] for c in choices] == ["10S"]
    await alice.slash("demo", mode="public", card="10S")
    table = await server.wait_message(lambda m: "Compteur" in m.content)
    with pytest.raises(NotAllowed):
        await alice.select(table, "demo:trump", ["X"])
    await alice.select(table, "demo:trump", ["H"])
    assert table.content == "Atout : H"
    opened = await alice.click_button(table, "Renommer")
    assert opened.response_type == 9 and opened.modal is not None
    submitted = await alice.submit_modal(opened, {"demo:rename:name": "Chez Berthe"})
    assert submitted.text() == "Table renommée : Chez Berthe"


async def test_subcommands_options_and_what_the_client_refuses(standin):
    alice = standin.server.add_user("alice")
    ix = await alice.slash("table new", game="bete-hombree", seats=5)
    assert ix.text() == "Table ouverte : bete-hombree, 5 places"
    with pytest.raises(NotAllowed, match="needs the options"):
        await alice.slash("table new")
    with pytest.raises(NotAllowed, match="outside"):
        await alice.slash("table new", game="x", seats=9)
    with pytest.raises(NotAllowed, match="needs a subcommand"):
        await alice.slash("table")
    with pytest.raises(NotAllowed, match="not a registered command"):
        await alice.slash("scoreboard")
    with pytest.raises(NotAllowed, match="not one of"):
        await alice.slash("demo", mode="loud")


async def test_closed_dms_fall_back_to_an_ephemeral_notice(standin):
    server = standin.server
    carol = server.add_user("carol", dms_closed=True)
    ix = await carol.slash("demo", mode="public")
    notice = await ix.wait_followup()
    assert notice.ephemeral and notice.audience == carol.id
    assert "fermés" in notice.content
    assert carol.dms() == []
    assert [r.status for r in server.rejected_requests] == [403]


async def test_commands_in_dms_need_a_global_sync(standin):
    alice = standin.server.add_user("alice")
    with pytest.raises(NotAllowed, match="not a registered command"):
        await alice.slash("table new", dm=True, game="bete")
    await standin.client.tree.sync()  # global commands, as a production bot would
    ix = await alice.slash("table new", dm=True, game="bete")
    assert ix.original is not None and ix.original.audience == alice.id
    assert alice.dms() == [ix.original]


async def test_rate_limit_is_retried_by_discordpy(standin):
    server = standin.server
    alice = server.add_user("alice")
    fault = server.inject("POST", "/channels/{channel_id}/messages", status=429, retry_after=0.05)
    await alice.slash("demo", mode="public")
    await server.wait_message(lambda m: "Compteur" in m.content)
    await alice.wait_dm()
    assert fault.hits == 1
    statuses = [
        r.status for r in server.requests if r.route.endswith("/channels/{channel_id}/messages")
    ]
    assert statuses[:2] == [429, 200]


async def test_a_late_answer_is_refused_as_discord_does(pointed, tmp_path):
    pointed.ack_deadline = 0.0
    bot = StandInBot(str(tmp_path / "late.db"), pointed.guild.id)
    async with InProcessBot(pointed, bot) as runner:
        alice = pointed.add_user("alice")
        with pytest.raises(AssertionError, match="10062"):
            await alice.slash("demo", mode="public", timeout=3)
        await pointed.wait_for(lambda: runner.errors, 3, "the bot to log its failure")
        assert "Unknown interaction" in runner.errors[0]
        runner.errors.clear()


async def test_the_gateway_resumes_after_a_drop(standin):
    server = standin.server
    alice = server.add_user("alice")
    session = server.session
    await server.drop_connection(4000)
    await server.wait_for(lambda: len(server.resumes) == 1 and server.connected, 10, "a RESUME")
    assert server.session is session
    ix = await alice.slash("table new", game="bete")
    assert ix.acked


async def test_an_invalidated_session_identifies_again(standin):
    server = standin.server
    alice = server.add_user("alice")
    server.invalidate_session()
    await server.wait_connected(10, after=1)
    assert len(server.identifies) == 2
    assert (await alice.slash("table new", game="bete")).acked


async def test_heartbeats_are_acknowledged(pointed, tmp_path):
    pointed.heartbeat_interval = 0.05
    bot = StandInBot(str(tmp_path / "hb.db"), pointed.guild.id)
    async with InProcessBot(pointed, bot) as runner:
        await pointed.wait_for(lambda: pointed.connections[-1].heartbeats >= 3, 3, "heartbeats")
        assert runner.client.latency < 1


async def test_plain_text_gateway_frames_work_too(tmp_path, monkeypatch):
    import discord.gateway
    import discord.http
    import yarl

    async with FakeDiscord(compress=False, token="tok") as server:
        monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
        monkeypatch.setattr(
            discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
        )
        bot = StandInBot(str(tmp_path / "plain.db"), server.guild.id)
        async with InProcessBot(server, bot, token="tok"):
            assert server.session is not None and server.session.connection is not None
            assert not server.session.connection.compressed
            alice = server.add_user("alice")
            assert (await alice.slash("table new", game="bete")).acked


async def test_a_malformed_event_kills_the_client_and_is_surfaced(pointed, tmp_path):
    bot = StandInBot(str(tmp_path / "dies.db"), pointed.guild.id)
    runner = InProcessBot(pointed, bot)
    await runner.start()
    try:
        alice = pointed.add_user("alice")
        ix = await alice.slash("table new", game="bete")
        del ix.payload["attachment_size_limit"]
        pointed.dispatch_raw("INTERACTION_CREATE", ix.payload)
        with pytest.raises(BotDied, match="KeyError"):
            await alice.slash("table new", game="bete")
    finally:
        with pytest.raises(BotDied, match="attachment_size_limit"):
            await runner.stop()


async def test_everything_sent_is_logged_with_its_audience(standin):
    server = standin.server
    alice, bob = server.add_users("alice", "bob")
    await alice.slash("demo", mode="public")
    await alice.wait_dm()
    table = await server.wait_message(lambda m: "Compteur" in m.content)
    await bob.click_button(table, "Ma main")
    public = [s for s in server.log if s.audience is PUBLIC]
    private = [s for s in server.log if s.audience is not PUBLIC]
    assert {s.kind for s in server.log} <= {"message.create", "message.edit"}
    assert not any("KH" in text for s in public for text in s.strings()), "no hand card in public"
    assert {s.audience for s in private} == {alice.id, bob.id}
    assert any("KH" in s.text() for s in private if s.audience == alice.id)
    assert all(s.audience == bob.id for s in bob.received() if s.audience is not PUBLIC)
    assert [s.seq for s in server.log] == list(range(len(server.log)))


async def test_latency_is_measured_per_interaction(standin):
    server = standin.server
    seen: list[float] = []
    server.callback_hooks.append(lambda ix: seen.append(ix.latency or 0.0))
    users = server.add_users("u1", "u2", "u3")
    started = time.perf_counter()
    for user in users:
        await user.slash("table new", game="bete")
    assert len(seen) == 3
    summary = server.latency_summary()
    assert summary["count"] == 3
    assert 0 < summary["p50"] <= summary["max"] < time.perf_counter() - started


async def test_original_response_and_follow_ups_are_edited_and_deleted(standin):
    server = standin.server
    alice, bob = server.add_users("alice", "bob")
    ix = await alice.slash("demo", mode="edited")
    await server.settle()
    assert ix.original is not None and ix.original.content == "Bonjour Alice (edited) (modifié)"
    note, gone = ix.followups
    assert note.ephemeral and note.content == "Note modifiée" and note.edits == 1
    assert gone.deleted and gone not in server.messages()
    assert note not in bob.sees() and note in alice.sees()
    assert [s.kind for s in server.log if s.message_id == gone.id] == [
        "message.create",
        "message.delete",
    ]
    assert "Note modifiée" in server.transcript()


async def test_webhook_calls_after_the_token_expired_are_refused(standin):
    import aiohttp

    server = standin.server
    alice = server.add_user("alice")
    ix = await alice.slash("table new", game="bete")
    server.expire_tokens()
    url = f"{server.api_base}/webhooks/{server.application_id}/{ix.token}/messages/@original"
    async with aiohttp.ClientSession() as http, http.patch(url, json={"content": "x"}) as resp:
        assert resp.status == 401
        assert (await resp.json())["code"] == 50027
    assert ix.rejected and "50027" in ix.rejected[0]
    assert "Invalid Webhook Token" in server.problems()[0]
    assert server.rejected_requests[0].code == 50027
    server.rejected_requests.clear()


async def test_ephemeral_messages_are_not_readable_through_channels(standin):
    import aiohttp

    server = standin.server
    alice = server.add_user("alice")
    ix = await alice.slash("demo", mode="ephemeral")
    await alice.wait_dm()
    assert ix.original is not None
    base = f"{server.api_base}/channels/{server.channel.id}/messages"
    auth = {"Authorization": "Bot fake-token"}
    async with aiohttp.ClientSession(headers=auth) as http:
        async with http.get(f"{base}/{ix.original.id}") as resp:
            assert resp.status == 404
        async with http.get(base, params={"limit": "10"}) as resp:
            history = await resp.json()
    assert [m["content"] for m in history] == ["Compteur : 0"]
    server.rejected_requests.clear()


async def test_realistic_rate_limit_per_channel(standin):
    server = standin.server
    alice = server.add_user("alice")
    server.limit_rate("POST /channels/{channel_id}/messages", 1, 0.2)
    await alice.slash("demo", mode="public")
    await alice.slash("demo", mode="public")
    await server.wait_for(lambda: len(server.messages()) == 4, 5, "two table messages")
    await alice.wait_dm(count=2)
    assert server.rate_limit_hits, "the second table message and the second DM had to wait"
    assert all(0 < hit.retry_after <= 0.2 for hit in server.rate_limit_hits)
    assert server.problems() == []


async def test_the_global_limit_makes_the_bot_wait_and_loses_nothing(standin):
    server = standin.server
    alice = server.add_user("alice")
    server.limit_globally(2, 0.3)  # Discord's is 50 a second: the same rule, smaller
    for _ in range(3):
        await alice.slash("demo", mode="public")
    await server.wait_for(lambda: len(server.messages()) == 6, 10, "three table messages")
    await alice.wait_dm(count=3)
    hits = server.rate_limit_hits
    assert hits and all(hit.is_global and 0 < hit.retry_after <= 0.3 for hit in hits)
    # the answers to the interactions were never held back by it
    assert not any(hit.route.startswith("/interactions/") for hit in hits)
    assert server.problems() == []


async def test_deferred_update_then_edit_of_the_original(standin):
    server = standin.server
    alice, bob = server.add_users("alice", "bob")
    await alice.slash("demo", mode="public")
    table = await server.wait_message(lambda m: "Compteur" in m.content)
    ix = await bob.click_button(table, "Passer")
    assert ix.response_type == 6 and ix.original is table
    await server.wait_for(lambda: table.content == "Bob passe", 5, "the edit of @original")
    await alice.wait_dm()


async def test_buttons_in_a_dm(standin):
    server = standin.server
    alice, bob = server.add_users("alice", "bob")
    await alice.slash("demo", mode="public")
    dm = await alice.wait_dm()
    with pytest.raises(NotAllowed, match="cannot see"):
        await bob.click(dm, "demo:hand:KH")
    ix = await alice.click(dm, "demo:hand:KH")
    assert ix.channel.type == 1 and "guild_id" not in ix.payload
    assert dm.content == "Tu as joué KH." and dm.components == []


async def test_server_errors_are_retried_by_discordpy(standin):
    server = standin.server
    alice = server.add_user("alice")
    fault = server.inject("*", "/users/@me/channels", status=500)
    await alice.slash("demo", mode="public")
    await alice.wait_dm(timeout=5)
    assert fault.hits == 1


async def test_a_client_not_pointed_at_the_fake_is_never_started(server, tmp_path):
    bot = StandInBot(str(tmp_path / "nowhere.db"), server.guild.id)
    with pytest.raises(RuntimeError, match="not pointed at the fake"):
        await InProcessBot(server, bot).start()
    assert server.requests == []
    await bot.close()

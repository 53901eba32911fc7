"""When Discord says no for a while, nothing is lost and nothing freezes (the real bot
process on the fake Discord):

- a summary whose post Discord refuses past discord.py's own tries is posted later, and
  one Discord made though it answered 500 is posted once; one posted after the players
  stopped the table says so, not who deals next;
- a private hand whose edit Discord refuses past discord.py's own tries is edited later,
  with no further change to carry it;
- a burst of 5xx answers on the table message's edits does not hold the game back: the
  players go on, and the table shows the current move as soon as Discord takes edits
  again;
- a table message's edit that Discord is slow to answer while two whole tricks are
  played does not leave a trick unseen: the next edit shows both;
- a table posted again whose old message Discord is slow to delete goes on at once, and
  a call clicked on the old message is answered privately, never drawn there.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.ids import ComponentId
from bot.texts.i18n import t
from tests.e2e.fake import BotProcess, FakeDiscord, FakeMessage, SimUser
from tests.e2e.fake.model import visible_texts
from tests.e2e.leaks import cards_in
from tests.e2e.players import DONE, UPDATE_MESSAGE, WAIT, find_button
from tests.e2e.test_bad_input import play_until, seated_table, verbs

POSTS = "/channels/{channel_id}/messages"
HOOK_EDITS = "/webhooks/{application_id}/{interaction_token}/messages/{message_id}"


def shown_moves(table: FakeMessage) -> int:
    """The move the table message was drawn at (carried by its *My hand* button)."""
    hand = find_button(table, "hand")
    assert hand is not None, f"no My hand button on {table!r}"
    return ComponentId.parse(hand).moves


def last_card(offer_verbs: set[str], plays: int) -> bool:
    return "play" in offer_verbs and plays == 19


def hand(user: SimUser) -> FakeMessage:
    """The user's private hand, as the bot last sent it (their DMs with an embed)."""
    return [m for m in user.dms() if m.embeds][-1]


async def test_a_summary_refused_for_a_while_is_posted_later(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    offer = await play_until(
        players, lambda o: last_card(verbs(o), sum(m.verb == "play" for m in players.moves))
    )
    # five 429s: as many as discord.py tries, then it gives up on the summary
    limited = server.inject("POST", POSTS, status=429, times=5, retry_after=0.05)
    await players.act(offer)
    await players.finish()
    assert limited.hits == 5 and players.summaries() == [1]
    assert "could not send the summary" in bot.output()
    assert "Traceback" not in bot.output()


async def test_a_summary_discord_made_though_it_answered_500_is_posted_once(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """Discord sometimes makes a post and answers 500 all the same: discord.py tries it
    again, is refused as many times as it tries, and the outbox tries later; the
    summary's nonce, the same at each try, has Discord answer with the message made."""
    bot, players = await seated_table(server, make_bot)
    offer = await play_until(
        players, lambda o: last_card(verbs(o), sum(m.verb == "play" for m in players.moves))
    )
    before = len(server.requests)
    path = POSTS.format(channel_id=players.require_table().channel_id)  # not a DM's
    taken = server.inject("POST", path, status=500, times=1, taken=True)
    refused = server.inject("POST", path, status=429, times=4, retry_after=0.05)
    await players.act(offer)
    await players.finish()

    def tried_later() -> bool:  # a post went through after the refusals: the outbox's try
        posts = [r for r in server.requests[before:] if r.path == path and r.method == "POST"]
        return any(r.status == 200 for r in posts)

    await server.wait_for(tried_later, timeout=15.0, what="the outbox's next try")
    await server.settle()
    assert taken.hits == 1 and refused.hits == 4
    assert players.summaries() == [1]
    assert "Traceback" not in bot.output()


async def test_a_private_hand_refused_for_a_while_is_edited_later(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    offer = await play_until(
        players, lambda o: last_card(verbs(o), sum(m.verb == "play" for m in players.moves))
    )
    # the other players' hands cannot be edited, through a token or as the bot, for as
    # long as discord.py tries: the last card, the end of the hand, is not shown in them
    others = [u for i, u in enumerate(players.users) if i != offer.seat]
    server.inject("PATCH", HOOK_EDITS, status=429, times=100, retry_after=0.05)
    for user in others:
        message = hand(user)
        path = f"/channels/{message.channel_id}/messages/{message.id}"
        server.inject("PATCH", path, status=429, times=5, retry_after=0.05)
    await players.act(offer)
    await players.finish()
    summary = server.messages(players.require_table().channel_id)[-2]
    title = str(summary.embeds[0]["title"])
    # no change comes after the last card: the outbox edits the hands by itself
    for user in others:
        await server.wait_for(lambda u=user: title in hand(u).text(), WAIT, f"{user}'s hand")
    assert "could not update the private hand" in bot.output()
    assert "Traceback" not in bot.output()


async def test_a_burst_of_server_errors_on_the_table_does_not_freeze_it(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    table = players.require_table()
    await play_until(players, lambda o: "play" in verbs(o))
    # 13 answers 500 in a row on the table message's edits, while the game goes on
    edits = f"/channels/{table.channel_id}/messages/{table.id}"
    burst = server.inject("PATCH", edits, status=500, times=13)
    while burst.remaining:
        await players.act(await server.wait_for(players.offer, WAIT, "the next move"))
    await server.wait_for(
        lambda: shown_moves(players.require_table()) == players.last_moves + 1,
        WAIT,
        "the table to show the last move",
    )
    await players.play_hand()
    await players.finish()
    assert players.summaries() == [1]
    assert "Traceback" not in bot.output()
    assert server.problems() == []


async def test_tricks_played_while_the_table_edit_is_slow_are_all_shown(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    table = players.require_table()
    await play_until(players, lambda o: "play" in verbs(o))
    since = len(table.history)
    # the table's edits wait unanswered: the edit of the first card (drawn as it leaves)
    # is on its way while the rest of the first trick, the second and a lead are played
    held = server.hold("PATCH", f"/channels/{table.channel_id}/messages/{table.id}")
    start = len(players.moves)
    await players.act(await server.wait_for(players.offer, WAIT, "the first card"))
    await server.wait_for(lambda: held.held >= 1, WAIT, "the first card's edit of the table")
    while len(players.moves) < start + 9:
        await players.act(await server.wait_for(players.offer, WAIT, "the next card"))
    played = {str(move.arg) for move in players.moves[start:]}
    assert {move.verb for move in players.moves[start:]} == {"play"} and len(played) == 9
    held.release()
    await server.settle()
    table = players.require_table()
    versions = [*table.history[since:], table.payload]  # as the channel showed it
    shown = set().union(*(cards_in("\n".join(visible_texts(p))) for p in versions))
    assert played <= shown, f"never shown in public: {played - shown}"
    await players.play_hand()
    await players.finish()
    assert "Traceback" not in bot.output()


async def test_a_summary_not_posted_before_a_restart_is_posted_after_it(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    table = players.require_table()
    offer = await play_until(
        players, lambda o: last_card(verbs(o), sum(m.verb == "play" for m in players.moves))
    )
    # the channel takes no post: the summary waits in the outbox, the table offers the
    # next hand (an edit), which is dealt; then the bot is killed
    held = server.hold("POST", f"/channels/{table.channel_id}/messages")
    await players.act(offer)
    await server.wait_for(players.hand_over, WAIT, "the table to offer the next hand")
    await players.next_hand()
    await server.wait_for(players.offer, WAIT, "the second hand's first move")
    assert players.summaries() == []
    await bot.kill()
    held.drop()
    await bot.start()
    # rebuilt from its log, the table's first hand is settled and its summary not posted
    await server.wait_for(lambda: players.summaries() == [1], WAIT, "the first summary")
    await players.recover()
    await players.play_hand()
    await players.finish()
    assert players.summaries() == [1, 2]
    assert "Traceback" not in bot.output()


async def test_a_summary_posted_after_the_players_stopped_names_no_next_dealer(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """The players stop the table while Discord holds its last hand's summary: posted at
    the outbox's later try, the summary ends on how the table ended, not on who deals
    next (before, "… donnera le coup suivant." stood below the table's "La table s'est levée
    d'un commun accord")."""
    bot, players = await seated_table(server, make_bot)
    table = players.require_table()
    offer = await play_until(
        players, lambda o: last_card(verbs(o), sum(m.verb == "play" for m in players.moves))
    )
    said = await players.users[0].slash("table stop", channel=players.channel, timeout=WAIT)
    await said.wait_ack(WAIT)
    held = server.hold("POST", POSTS.format(channel_id=table.channel_id))
    await players.act(offer)
    await server.wait_for(players.hand_over, WAIT, "the table to offer the next hand")
    await server.wait_for(lambda: held.held == 1, WAIT, "the summary's post to be held")
    for user in players.users:  # everyone agrees to stop now
        table = players.require_table()
        stop = find_button(table, "stop")
        assert stop is not None, f"no Stop button on {table!r}"
        ix = await user.click(table, stop, timeout=WAIT)
        await ix.wait_ack(WAIT)
    await server.wait_for(
        lambda: not players.require_table().buttons(), WAIT, "the table to show its end"
    )
    held.drop()  # unapplied: the outbox posts the summary again later
    await players.finish()
    summary = next(
        m
        for m in server.messages(table.channel_id)
        if m.embeds and not players.of_table(m) and m.id not in players.table_messages
    )
    footer = str(summary.embeds[0].get("footer", {}).get("text", ""))
    assert t("fr", "summary.next", name="").strip() not in footer, footer  # a French table
    assert t("fr", "table.ended.agreed") in footer, footer
    assert "Traceback" not in bot.output()


CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


async def test_a_click_whose_table_message_is_gone_when_answered_still_counts(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """The table message is posted again below a summary while a click on it is being
    answered: Discord refuses to edit the old one (404). The click was taken: the bot
    says so in a line, and the next hand is dealt."""
    bot, players = await seated_table(server, make_bot)
    offer = await play_until(
        players, lambda o: last_card(verbs(o), sum(m.verb == "play" for m in players.moves))
    )
    await players.act(offer)
    await players.finish()
    table = players.require_table()
    next_hand = find_button(table, "next")
    assert next_hand is not None, f"no Next hand on {table!r}"
    gone = server.inject("POST", CALLBACK, status=404, times=1)
    ix = await players.users[0].click(table, next_hand, timeout=WAIT)
    await ix.wait_ack(WAIT)
    assert gone.hits == 1
    assert ix.text() in DONE
    await server.wait_for(
        lambda: find_button(players.require_table(), "next") is None, WAIT, "the next hand"
    )
    assert shown_moves(players.require_table()) > ComponentId.parse(next_hand).moves
    assert "Traceback" not in bot.output()


async def test_a_call_on_the_old_table_message_never_shows_a_hand_in_public(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """The table is posted again (``/table show``) while Discord is slow to delete the
    old message, whose calls are still there to click. A call made there is taken and
    answered privately: the old public message never becomes the caller's hand."""
    bot, players = await seated_table(server, make_bot)
    offer = await play_until(players, lambda o: "call" in verbs(o))
    old = players.require_table()
    call = str(offer.components[0]["custom_id"])
    assert old.component(call) is not None, "the table message offers the calls"
    held = server.hold("DELETE", f"/channels/{old.channel_id}/messages/{old.id}")
    shown = await players.users[0].slash("table show", channel=players.channel, timeout=WAIT)
    await shown.wait_ack(WAIT)
    await server.wait_for(lambda: held.held >= 1, WAIT, "the old table message's deletion")
    assert players.require_table().id != old.id and not old.deleted
    before = len(old.history)

    ix = await players.users[offer.seat].click(old, call, timeout=WAIT)
    await ix.wait_ack(WAIT)
    assert ix.text() in DONE and ix.original is not None and ix.original.ephemeral
    await server.wait_for(
        lambda: shown_moves(players.require_table()) > ComponentId.parse(call).moves,
        WAIT,
        "the table to show the call",
    )
    assert len(old.history) == before, "the old table message was drawn again"
    held.release()
    await server.wait_for(lambda: old.deleted, WAIT, "the old table message to go")
    assert "Traceback" not in bot.output()
    assert server.problems() == []


async def test_a_call_answered_while_the_table_is_posted_again_shows_on_the_new_message(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """The table is being posted again (``/table show``, Discord slow to take the new
    message) while the presentation of a call waits on private hands Discord is slow to
    take. The next call, clicked on the old message, is answered there; once both go
    through, the new message, drawn before that call, is edited to show it."""
    bot, players = await seated_table(server, make_bot)
    users = players.users
    offer = await play_until(  # a call, the caller's hand face up
        players, lambda o: "call" in verbs(o) and find_button(o.message, "look") is None
    )
    old = players.require_table()
    channel = old.channel_id
    hands = [server.hold("PATCH", HOOK_EDITS)] + [
        server.hold("PATCH", f"/channels/{hand(u).channel_id}/messages/{hand(u).id}") for u in users
    ]
    await players.act(offer)  # its private hands wait: its presentation goes on
    await server.wait_for(lambda: any(h.held for h in hands), WAIT, "a private hand's edit")
    await server.wait_for(lambda: shown_moves(old) > offer.moves, WAIT, "the table's edit")
    posts = server.hold("POST", POSTS.format(channel_id=channel))
    shown = await users[0].slash("table show", channel=players.channel, timeout=WAIT)
    await shown.wait_ack(WAIT)
    await server.wait_for(lambda: posts.held >= 1, WAIT, "the table posted again")

    call = find_button(old, "call")  # a call of the player to act
    assert call is not None, f"no call on {old!r}"
    ix = await users[(offer.seat + 1) % 4].click(old, call, timeout=WAIT)
    await ix.wait_ack(WAIT)
    assert ix.response_type == UPDATE_MESSAGE, ix.text()
    posts.release()  # the new message is drawn before that call: it shows the first
    await server.wait_for(lambda: old.deleted, WAIT, "the table posted again, the old gone")
    for held in hands:
        held.release()
    await server.wait_for(
        lambda: shown_moves(players.require_table()) > ComponentId.parse(call).moves,
        WAIT,
        "the new table message to show the call",
    )
    assert "Traceback" not in bot.output()
    assert server.problems() == []


async def test_a_table_posted_again_that_discord_made_though_it_answered_500_is_posted_once(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """``/table show`` posts the table anew; Discord makes the post but answers 500, then
    refuses discord.py's tries: the outbox's try, of the same drawing, carries the same
    nonce, and Discord answers with the message it made. One table message is left."""
    bot, players = await seated_table(server, make_bot)
    users = players.users
    old = players.require_table()
    await server.settle()
    before = len(server.requests)
    path = POSTS.format(channel_id=old.channel_id)  # the channel's, not a DM's
    taken = server.inject("POST", path, status=500, times=1, taken=True)
    refused = server.inject("POST", path, status=429, times=4, retry_after=0.05)
    shown = await users[0].slash("table show", channel=players.channel, timeout=WAIT)
    await shown.wait_ack(WAIT)
    await server.wait_for(lambda: old.deleted, 15.0, "the table posted again, the old gone")
    await server.settle()
    posts = [r for r in server.requests[before:] if r.path == path and r.method == "POST"]
    assert taken.hits == 1 and refused.hits == 4 and posts[-1].status == 200
    tables = [m for m in server.messages(old.channel_id) if players.of_table(m)]
    assert len(tables) == 1, tables
    assert "Traceback" not in bot.output()

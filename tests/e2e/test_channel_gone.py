"""A table whose channel is deleted ends (the real bot process on the fake Discord):
whether the bot sees the deletion, or finds the channel unknown when it comes back
after it; so does a table whose server removes the bot.  Nothing offers a move any
more, the hand in progress is not settled, and its players, who sit at one table per
server, may open another elsewhere."""

from __future__ import annotations

from collections.abc import Callable

from bot.texts.i18n import t
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.outcome import Target, count_rows, database_of, reading
from tests.e2e.players import WAIT, TablePlayers, new_command
from tests.e2e.test_bad_input import seated_table


def status_of(db: Target, table_id: int) -> str:
    with reading(db) as con:
        (status,) = con.execute("SELECT status FROM tables WHERE id = ?", (table_id,)).fetchone()
    return str(status)


async def a_move_made(players: TablePlayers) -> None:
    offer = await players.server.wait_for(players.offer, WAIT, "a player's turn")
    await players.act(offer)
    await players.server.settle()


async def ended_and_free(
    server: FakeDiscord, bot: BotProcess, players: TablePlayers, hands: int
) -> None:
    """The table ended with no hand settled, no private hand offers a move (those sent
    before a restart included: the bot kept which they are), and its first player opens
    a table in another channel of the server."""
    db = database_of(bot)
    await server.wait_for(
        lambda: status_of(db, players.table_id) == "ended", WAIT, "the table ended"
    )
    await server.settle()
    assert count_rows(db, "hands") == hands  # the hand in progress was not settled
    assert players.offer(after=0) is None, "a private hand still offers a move"
    elsewhere = server.add_channel("autre-salon")
    ix = await players.users[0].slash(new_command(players.game), channel=elsewhere)
    table = await ix.wait_done(WAIT)
    assert table is not None and not table.ephemeral, f"refused: {ix.text()!r}"
    assert "Traceback" not in bot.output()


async def test_a_table_whose_channel_is_deleted_ends(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    await a_move_made(players)
    hands = count_rows(database_of(bot), "hands")
    server.delete_channel(server.channels[players.require_table().channel_id])
    await ended_and_free(server, bot, players, hands)


async def test_a_channel_deleted_while_the_bot_was_away_ends_its_table_on_return(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated_table(server, make_bot)
    await a_move_made(players)
    hands = count_rows(database_of(bot), "hands")
    await bot.kill()
    server.delete_channel(server.channels[players.require_table().channel_id])  # none told
    await bot.start()  # its table message, resumed, is in no channel
    await ended_and_free(server, bot, players, hands)


async def removed_from_server(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], *, away: bool
) -> BotProcess:
    """A table in play whose server removes the bot (``away``: while the bot is down,
    none telling it): it ends, the hand in progress not settled, each private hand
    saying why (in the players' DMs, which stay), and nothing more is written to the
    server's channels, out of the bot's reach."""
    bot, players = await seated_table(server, make_bot)
    await a_move_made(players)
    db = database_of(bot)
    hands = count_rows(db, "hands")
    channel = players.require_table().channel_id
    if away:
        await bot.kill()
    server.remove_guild(server.guild)
    before = len(server.requests)
    if away:
        bot.wait_for_sync = False  # its DEV_GUILD_ID is that server: Discord refuses the sync
        await bot.start()
    await server.wait_for(
        lambda: status_of(db, players.table_id) == "ended", WAIT, "the table ended"
    )
    await server.settle()
    assert count_rows(db, "hands") == hands  # the hand in progress was not settled
    assert players.offer(after=0) is None, "a private hand still offers a move"
    why = t("fr", "table.ended.server_left")
    for user in players.users:
        last = [m for m in user.dms() if m.embeds][-1]
        assert why in str(last.embeds[0].get("description")), last
    written = [r.path for r in server.requests[before:] if f"/channels/{channel}/" in r.path]
    assert written == [], written
    assert "Traceback" not in bot.output()
    return bot


async def test_a_server_that_removes_the_bot_ends_its_tables(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """Kicked from the server, the bot ends its table there (``removed_from_server``)."""
    await removed_from_server(server, make_bot, away=False)


async def test_a_server_that_removed_the_bot_while_it_was_away_ends_its_tables_on_return(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """Its channels out of reach (Missing Access, not deleted), the server missing from
    the servers Discord says the bot is in: its table ends as if the removal had been
    seen, not left waiting for a permission nobody can give back; the commands Discord
    refuses to sync to that server (its DEV_GUILD_ID) are said in the log, and the bot
    plays on."""
    bot = await removed_from_server(server, make_bot, away=True)
    assert "could not sync the commands to server" in bot.output()


def hand_messages(players: TablePlayers) -> list[set[int]]:
    """Each player's private hands: their DMs from the bot with an embed (a turn
    notice is a line of text)."""
    return [{m.id for m in user.dms() if m.embeds} for user in players.users]


async def test_a_restarted_bot_edits_the_private_hands_it_sent_before(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """A restart in the middle of a deal sends nobody a second private hand: the bot
    goes on editing the ones it sent (kept in the database), and the next move is
    offered on one of them."""
    bot, players = await seated_table(server, make_bot)
    await a_move_made(players)
    await a_move_made(players)
    before = hand_messages(players)
    assert all(len(sent) == 1 for sent in before), before
    await bot.kill()
    await bot.start()
    for _ in range(3):
        offer = await server.wait_for(players.offer, WAIT, "a player's turn")
        assert offer.message.id in before[offer.seat], "the turn came on a new message"
        await players.act(offer)
        await server.settle()
    assert hand_messages(players) == before
    assert "Traceback" not in bot.output()


async def test_a_lobby_whose_channel_was_deleted_while_the_bot_was_away_ends(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """A lobby shows nothing on a restart: the bot looks its channel up, and ends it."""
    bot = make_bot(module="tests.e2e.seeded_bot", env={"BETE_TABLE_SEED": "1976"})
    await bot.start()
    players = TablePlayers(server, server.add_users("arthur", "bertrand", "edmond", "gaston"))
    opener = players.users[0]
    lobby = await (await opener.slash(new_command(players.game))).wait_done(WAIT)
    assert lobby is not None and not lobby.ephemeral
    db = database_of(bot)
    with reading(db) as con:
        (table_id,) = con.execute("SELECT id FROM tables WHERE status = 'lobby'").fetchone()
    await bot.kill()
    server.delete_channel(server.channels[lobby.channel_id])
    await bot.start()
    await server.wait_for(lambda: status_of(db, table_id) == "ended", WAIT, "the lobby ended")
    elsewhere = server.add_channel("autre-salon")
    ix = await opener.slash(new_command(players.game), channel=elsewhere)
    table = await ix.wait_done(WAIT)
    assert table is not None and not table.ephemeral, f"refused: {ix.text()!r}"
    assert "Traceback" not in bot.output()

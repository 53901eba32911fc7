"""The table message deleted by someone else (a moderator, a channel purge) comes back.

Deleted in the lobby, during the auction, in the middle of a trick or on the summary, a
new table message appears at the next change or click of a player of the table (in the
lobby and on the summary nothing changes by itself: a player's ``/hand``), showing the
table as it is, its buttons working; the game then ends exactly as the same game played
straight through (``tests.e2e.played``).

And a table message the bot posted but died before noting (SIGKILLed as Discord took it)
is the table message after the restart, not a copy left behind that never changes; a
summary so posted is found after the restart, not posted a second time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.ids import ComponentId
from tests.e2e.fake import BotProcess, FakeDiscord, FakeMessage, Sent
from tests.e2e.kills import nth_call, nth_play
from tests.e2e.outcome import database_of, summaries_unposted, table_message_id
from tests.e2e.played import SeededGame
from tests.e2e.players import WAIT, Move, TablePlayers, find_button

SEED = "20261123"
NAMES = ("arthur", "bertrand", "edmond", "gaston")
PLAYED = SeededGame("bete-hombree", SEED, NAMES, 2)
GONE = frozenset({50007, 10008})  # the bot's edit of the deleted message: Unknown Message


def shown_moves(table: FakeMessage) -> int:
    """The move the table message was drawn at (carried by its *My hand* button)."""
    hand = find_button(table, "hand")
    assert hand is not None, f"no My hand button on {table!r}"
    return ComponentId.parse(hand).moves


async def back(server: FakeDiscord, players: TablePlayers, deleted: FakeMessage) -> FakeMessage:
    """The table message posted again in place of ``deleted``: the channel's latest."""
    table = await server.wait_for(
        lambda: (t := players.require_table()) is not deleted and not t.deleted and t,
        WAIT,
        "the table message to come back",
    )
    assert server.messages(table.channel_id)[-1] is table
    return table


def deleted_by_a_moderator(server: FakeDiscord, players: TablePlayers) -> FakeMessage:
    table = players.require_table()
    server.delete_message(table, via="a moderator")
    return table


async def asking_hand(server: FakeDiscord, players: TablePlayers) -> None:
    """The first player asks for his hand with ``/hand``: answered, privately."""
    ix = await players.users[0].slash("hand", timeout=WAIT)
    await ix.wait_ack(WAIT)
    assert ix.ephemeral


def after_move(
    when: Callable[[Move, list[Move]], bool],
) -> Callable[[FakeDiscord, TablePlayers], Awaitable[None]]:
    """Delete the table message after the move ``when`` picks; the next move (in a DM)
    changes the table: its message comes back, drawn at that move."""

    async def arm(server: FakeDiscord, players: TablePlayers) -> None:
        done: list[Move] = []

        async def after(move: Move) -> None:
            if done or not when(move, players.moves[:-1]):
                return
            done.append(move)
            await server.settle()
            deleted = deleted_by_a_moderator(server, players)
            offer = await server.wait_for(players.offer, WAIT, "the next move")
            await players.act(offer)  # its change shows the table again
            table = await back(server, players, deleted)
            assert shown_moves(table) == players.last_moves + 1

        players.after_move = after

    return arm


async def in_lobby(server: FakeDiscord, players: TablePlayers) -> None:
    async def deleted_then_hand() -> None:
        deleted = deleted_by_a_moderator(server, players)
        await asking_hand(server, players)
        table = await back(server, players, deleted)
        assert find_button(table, "join") is not None  # the others join on it

    players.in_lobby = deleted_then_hand


async def on_summary(server: FakeDiscord, players: TablePlayers) -> None:
    """Between the two hands: the summary posted, the table message below it deleted;
    the first player's ``/hand`` brings it back, and *Next hand* is clicked on it."""
    first = players.next_hand

    async def next_hand() -> None:
        await server.wait_for(lambda: 1 in players.summaries(), WAIT, "the first summary")
        await server.settle()
        deleted = deleted_by_a_moderator(server, players)
        await asking_hand(server, players)
        table = await back(server, players, deleted)
        assert find_button(table, "next") is not None
        await first()

    players.next_hand = next_hand  # type: ignore[method-assign]


WHEN: dict[str, Callable[[FakeDiscord, TablePlayers], Awaitable[None]]] = {
    "lobby": in_lobby,
    "auction": after_move(nth_call(1, 2)),
    "trick": after_move(nth_play(1, 6)),
    "summary": on_summary,
}


@pytest.mark.parametrize("when", list(WHEN))
async def test_a_deleted_table_comes_back(
    when: str, server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    expected = await PLAYED.reference(tmp_path)
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    await WHEN[when](server, players)
    game = await PLAYED.play_through(server, bot, players)
    PLAYED.assert_as_expected(game, expected, server, players, [bot], GONE)
    assert "is gone: posted again" in bot.output()


async def test_a_table_message_posted_by_a_bot_killed_before_noting_it_is_the_table_message(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    """The bot SIGKILLed as Discord takes the table message it moves below the first
    summary, before the answer with the new message's id reaches it: restarted, it takes
    that message (the channel's latest) for the table's and deletes the one above the
    summary, and the game goes on there."""
    expected = await PLAYED.reference(tmp_path)
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    below: list[FakeMessage] = []

    def kill_as_it_lands(sent: Sent) -> None:
        if below or not players.table_id or sent.kind != "message.create":
            return
        if sent.audience is not None or sent.message_id is None:
            return
        message = server.message(sent.message_id)
        if players.of_table(message) and 1 in players.summaries():
            below.append(message)
            bot.kill_now()

    server.change_hooks.append(kill_as_it_lands)
    first = players.next_hand

    async def next_hand() -> None:
        await server.wait_for(lambda: below, WAIT, "the table message below the summary")
        await bot.kill()
        await bot.start()
        (table,) = below
        channel = table.channel_id
        db = database_of(bot)
        await server.wait_for(
            lambda: (
                [m.id for m in server.messages(channel) if players.of_table(m)] == [table.id]
                and table_message_id(db, players.table_id) == table.id
            ),
            WAIT,
            "the table message below the summary taken for the table's, the one above deleted",
        )
        assert server.messages(channel)[-1] is table
        await first()

    players.next_hand = next_hand  # type: ignore[method-assign]
    game = await PLAYED.play_through(server, bot, players)
    PLAYED.assert_as_expected(game, expected, server, players, [bot], GONE)


async def test_a_lobby_message_posted_by_a_bot_killed_before_noting_it_is_the_lobby_message(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    """``/table show`` in the lobby, the bot SIGKILLed as Discord takes the new lobby
    message: restarted, it takes that one for the table's (a lobby's message is looked
    for as a table's in play is), deletes the old one, and the game is played there."""
    expected = await PLAYED.reference(tmp_path)
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    opened: list[FakeMessage] = []
    posted: list[FakeMessage] = []

    def kill_as_it_lands(sent: Sent) -> None:
        if posted or not opened or sent.kind != "message.create":
            return
        if sent.audience is not None or sent.message_id is None:
            return
        message = server.message(sent.message_id)
        if players.of_table(message) and message is not opened[0]:
            posted.append(message)
            bot.kill_now()

    async def shown_then_killed() -> None:
        opened.append(players.require_table())
        server.change_hooks.append(kill_as_it_lands)
        # not answered: the bot dies posting the lobby again, before it answers
        await players.users[0].slash("table show", channel=players.channel, wait=False)
        await server.wait_for(lambda: posted, WAIT, "the lobby posted again")
        await bot.kill()
        await bot.start()
        (lobby,) = posted
        db = database_of(bot)
        await server.wait_for(
            lambda: (
                [m.id for m in server.messages(lobby.channel_id) if players.of_table(m)]
                == [lobby.id]
                and table_message_id(db, players.table_id) == lobby.id
            ),
            WAIT,
            "the lobby posted again taken for the table's, the old one deleted",
        )
        assert find_button(players.require_table(), "join") is not None

    players.in_lobby = shown_then_killed
    game = await PLAYED.play_through(server, bot, players)
    PLAYED.assert_as_expected(game, expected, server, players, [bot], GONE)


async def test_a_summary_posted_by_a_bot_killed_before_noting_it_is_not_posted_again(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    """The bot SIGKILLed as Discord takes the first summary, before the answer reaches it:
    restarted, it finds that summary among the channel's newest messages, notes it
    posted and moves the table message below it, and the channel holds it once."""
    expected = await PLAYED.reference(tmp_path)
    bot = PLAYED.bot(make_bot)
    await bot.start()
    players = PLAYED.players(server)
    db = database_of(bot)
    posted: list[FakeMessage] = []
    restarts: list[asyncio.Task[None]] = []

    async def restart() -> None:
        await bot.kill()
        assert summaries_unposted(db, players.table_id) == [1]
        await bot.start()

    def kill_as_it_lands(sent: Sent) -> None:
        if posted or not players.table_id or sent.kind != "message.create":
            return
        if sent.audience is not None or sent.message_id is None:
            return
        message = server.message(sent.message_id)
        if message.embeds and not players.of_table(message) and 1 in players.summaries():
            posted.append(message)
            bot.kill_now()
            # the table message never shows the hand's end before the kill: the players
            # wait for it, and the restart shows it
            restarts.append(asyncio.ensure_future(restart()))

    server.change_hooks.append(kill_as_it_lands)
    first = players.next_hand

    async def next_hand() -> None:
        await server.wait_for(lambda: restarts and restarts[0].done(), WAIT, "the restart")
        restarts[0].result()
        (summary,) = posted
        channel = summary.channel_id
        await server.wait_for(
            lambda: (
                summaries_unposted(db, players.table_id) == []
                and players.of_table(server.messages(channel)[-1])
                and server.messages(channel)[-2] is summary
            ),
            WAIT,
            "the summary found and noted, the table message below it",
        )
        assert players.summaries() == [1]
        await first()

    players.next_hand = next_hand  # type: ignore[method-assign]
    game = await PLAYED.play_through(server, bot, players)
    assert bot.starts == 2
    PLAYED.assert_as_expected(game, expected, server, players, [bot], GONE)
    assert players.summaries() == list(range(1, PLAYED.deals + 1))

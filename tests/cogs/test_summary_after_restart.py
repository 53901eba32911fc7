"""A hand's summary reaches its channel however long Discord refuses it: a restarted bot
posts the summary of every settled hand not marked posted, its table ended meanwhile
too (by a moderator, or by its players stopping), and an ended table stays ended:
nothing is played there, and its message is not posted again. And it is posted once:
a summary the stopped bot posted without noting it is found in the channel, not posted
again."""

from __future__ import annotations

from collections.abc import Callable

import discord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.delivery.outbox import DELAYS
from bot.drawing.review import reviewed_hand
from bot.tables.table import LiveTable
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.conftest import World, make_bot
from tests.cogs.helpers import act_in_dm, live
from tests.cogs.test_besigue_game import act, open_besigue, rigged
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_moderation import moderator
from tests.cogs.test_refusals import refused


def refuse_posts(world: World) -> Callable[[], None]:
    """Discord refuses the bot *Send Messages* in the table's channel from now on;
    returns what gives the permission back."""
    channel = world.env.backend.get_channel(world.channel.id)
    deny = Overwrite(
        target_id=world.bot.user.id,
        type=OverwriteType.MEMBER,
        allow=0,
        deny=discord.Permissions(send_messages=True).value,
    )
    channel.overwrites.append(deny)
    return lambda: channel.overwrites.remove(deny)


def summaries(world: World, table: LiveTable) -> list[discord.Message]:
    """The channel's posts but the table's own message (which stays where it was)."""
    return [m for m in world.channel.history() if m.id != table.row.message_id]


async def unposted(world: World, table_id: int) -> set[int]:
    async with world.bot.db.reading() as store:
        return await store.ledger.unposted_summaries(table_id)


async def posting(world: World, table_id: int) -> set[int]:
    async with world.bot.db.reading() as store:
        return await store.ledger.summaries_posting(table_id)


async def events(world: World, table_id: int) -> int:
    async with world.bot.db.reading() as store:
        return len(await store.tables.events(table_id))


def counted_marks(world: World) -> list[tuple[int, int]]:
    """The summaries the database is told are on their way, from now on, in order."""
    posts = world.bot.presenter.posts
    mark = posts.on_summary_posting
    assert mark is not None
    marks: list[tuple[int, int]] = []

    async def counted(table: LiveTable, hand_no: int) -> None:
        marks.append((table.id, hand_no))
        await mark(table, hand_no)

    posts.on_summary_posting = counted
    return marks


async def restarted_with_the_permission_back(
    world: World, db_path, give_back: Callable[[], None], table: LiveTable
) -> None:
    """``table`` ended with the summary of its hand 1 refused past the outbox's last try;
    the permission comes back while the bot is away, and the restarted bot posts that
    summary, once."""
    assert table.status == "ended"
    await world.env.advance_time(sum(DELAYS) + 1)
    given_up = world.bot.presenter.outbox.given_up
    assert [d.key for d in given_up] == [("summary", table.id, 1)]
    assert await unposted(world, table.id) == {1} and not summaries(world, table)
    # marked on its way (once, for all the outbox's tries): the restart looks for it first
    assert await posting(world, table.id) == {1}
    logged = await events(world, table.id)
    give_back()
    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    [summary] = summaries(world, table)
    assert summary.embeds and summary.author.id == world.bot.user.id
    assert await unposted(world, table.id) == set()
    # the table stays ended: not live, its message not posted again below the summary,
    # nothing to play there (a player asking for their hand is told so)
    service = world.bot.service
    assert table.id not in service.tables and service.in_channel(world.channel.id) is None
    assert [m.id for m in world.channel.history()] == [table.row.message_id, summary.id]
    refused(world, await world.members[1].slash(world.channel, "hand"), "not seated")
    assert await events(world, table.id) == logged
    # a second restart finds nothing more to post
    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    assert summaries(world, table) == [summary]


async def test_a_summary_refused_is_posted_after_a_restart_once_a_moderator_ended_the_table(
    world, db_path
):
    table = await open_full_table(world)
    marks = counted_marks(world)
    give_back = refuse_posts(world)
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    await world.env.advance_time(sum(DELAYS[:3]) + 1)
    assert marks == [(table.id, 1)]  # tried four times, marked once
    await moderator(world).slash(world.channel, "table end")
    assert table.ended_reason == "moderator"
    await restarted_with_the_permission_back(world, db_path, give_back, table)


async def test_a_summary_refused_is_posted_after_a_restart_once_the_players_stopped(world, db_path):
    world.bot.service.deal_source = rigged()
    anne, marc = world.members[:2]
    table = await open_besigue(world, anne, marc)
    await marc.slash(world.channel, "table stop")  # once this deal is counted
    give_back = refuse_posts(world)
    state = table.state
    while not state.is_over:
        await act(world, state.legal_actions()[0])
    assert table.ended_reason == "finished"
    await restarted_with_the_permission_back(world, db_path, give_back, table)


async def test_a_summary_whose_channel_is_gone_is_not_tried_again_after_a_restart(world, db_path):
    table = await open_full_table(world)
    refuse_posts(world)
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    assert await unposted(world, table.id) == {1}
    # the channel is deleted while the outbox tries the summary again: nowhere to post
    # it, ever, so it is done with (a restart would try it for nothing, each time)
    world.env.backend.delete_channel(world.channel.id)
    await world.env.advance_time(sum(DELAYS) + 1)
    assert table.status == "ended" and await unposted(world, table.id) == set()
    sent = len(world.env.http_requests)
    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    assert not [r for r in world.env.http_requests[sent:] if str(world.channel.id) in r.path]


def summaries_of(world: World, table: LiveTable, hand_no: int) -> list[discord.Message]:
    """The channel's summaries of hand ``hand_no`` of ``table`` (known by their *Review*)."""
    return [m for m in world.channel.history() if reviewed_hand(m) == (table.id, hand_no)]


async def test_a_summary_posted_but_not_noted_before_a_restart_is_not_posted_again(world, db_path):
    """The bot stops between Discord taking a summary and its note in the database: the
    restarted bot finds it among the channel's newest messages, notes it, and moves the
    table message below it, rather than post it a second time."""
    table = await open_full_table(world)

    async def stopped_before_noting(table: LiveTable, hand_no: int) -> None:
        pass

    world.bot.presenter.posts.on_summary_posted = stopped_before_noting
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    await world.env.settle()
    [summary] = summaries_of(world, table, 1)
    assert await unposted(world, table.id) == {1} and await posting(world, table.id) == {1}
    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    assert summaries_of(world, table, 1) == [summary]
    assert await unposted(world, table.id) == set() == await posting(world, table.id)
    history = world.channel.history()
    assert history[-2].id == summary.id and history[-1].id == live(world).row.message_id
    # a second restart finds nothing more to post, nor to look for
    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    assert summaries_of(world, table, 1) == [summary]

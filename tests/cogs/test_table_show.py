"""``/table show`` answers once: that the table is posted again at the bottom of its
channel when it is, else why not (a permission the bot lacks there, Discord not taking
it for now, a post refused for good). And wherever the table message moves, the private
hands' *Go to the table* link follows it, in the DMs and on the *My hand* panels, with
their gathered edits (``DM_WINDOW``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.delivery.outbox import DELAYS
from bot.drawing.render import table_link
from bot.texts.i18n import t
from tests.cogs.conftest import World
from tests.cogs.helpers import hand_paths, last_dm, live
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_live_panel import panel_edits
from tests.cogs.test_summary_after_restart import refuse_posts

SHOWN = "The table is posted again at the bottom of"


def said(result: Any) -> list[str]:
    """Every message of an interaction's answer: its response and its follow-ups."""
    messages = [result.response, *result.followups]
    return [m.content for m in messages if m is not None and m.content]


def at_the_bottom(world: World) -> bool:
    return world.channel.history()[-1].id == live(world).row.message_id


async def test_table_show_without_send_messages_says_so_once_and_nothing_else(world):
    table = await open_full_table(world)
    first = table.row.message_id
    give_back = refuse_posts(world)
    answer = await world.members[2].slash(world.channel, "table show")
    await world.env.advance_time(5)  # the outbox tries again, refused again
    [text] = said(answer)
    assert answer.ephemeral and text.startswith("I cannot keep the table up")
    assert "“Send Messages”" in text and SHOWN not in text
    assert live(world).row.message_id == first
    # asked again while the outbox waits to try again: the same reason, as its answer
    again = await world.members[3].slash(world.channel, "table show")
    await world.env.advance_time(5)
    assert said(again) == [text] and said(answer) == [text]
    # the permission given back, the outbox's next try posts it at the bottom
    give_back()
    await world.env.advance_time(sum(DELAYS[:5]))
    assert live(world).row.message_id != first and at_the_bottom(world)
    assert said(answer) == said(again) == [text]


async def test_table_show_that_discord_does_not_take_for_now_says_it_comes_later(world):
    table = await open_full_table(world)
    first = table.row.message_id
    # discord.py's five tries of the post all answered 500; the outbox's next goes through
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", times=5)
    answer = await world.members[2].slash(world.channel, "table show")
    [text] = said(answer)
    assert answer.ephemeral and "does not take the table" in text and SHOWN not in text
    await world.env.advance_time(30)
    assert live(world).row.message_id != first and at_the_bottom(world)


async def test_table_show_refused_for_good_says_it_is_not_posted(world):
    table = await open_full_table(world)
    first = table.row.message_id
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=400, code=50035)
    answer = await world.members[2].slash(world.channel, "table show")
    [text] = said(answer)
    assert answer.ephemeral and text.startswith("I could not post the table again")
    assert live(world).row.message_id == first
    # asked again, it is
    again = await world.members[2].slash(world.channel, "table show")
    assert said(again) == [f"{SHOWN} <#{world.channel.id}>."] and at_the_bottom(world)


def purger(world: World) -> Any:
    """A member who may delete others' messages."""
    role = world.guild.create_role("Modos", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(world.env.create_user("Modo"), roles=[role])


def link(message: Any) -> str:
    """Where a private hand's *Go to the table* leads."""
    urls = [item.url for row in message.components for item in row.children if item.url]
    assert len(urls) == 1, urls
    return str(urls[0])


def links(components: list[dict[str, Any]]) -> list[str]:
    """Where the link buttons of a message's components (as sent) lead."""
    return [c["url"] for row in components for c in row["components"] if "url" in c]


def hand_edits(world: World, table: Any, start: int) -> list[int]:
    """How many times each seat's private hand was edited since request ``start``."""
    paths = [r.path for r in world.env.http_requests[start:] if r.method == "PATCH"]
    return [sum(p in hand_paths(world, table, seat) for p in paths) for seat in range(4)]


async def test_the_private_hands_lead_to_the_table_where_it_was_posted_again(world):
    # longer than SimCord's settling: the window runs on its virtual clock
    world.bot.presenter.dm_window = 10.0
    table = await open_full_table(world)
    first = table.row.message_id
    assert all(link(last_dm(world, seat)).endswith(f"/{first}") for seat in range(4))
    start = len(world.env.http_requests)
    passer_by = world.guild.add_member(world.env.create_user("Passant"))
    await passer_by.slash(world.channel, "table show")
    shown = live(world).row.message_id
    await world.env.advance_time(6)  # past REPOST_GAP, within the window
    assert shown != first and hand_edits(world, table, start) == [0, 0, 0, 0]
    # within the window still, a moderator deletes it: a player's /hand looks it up, and
    # it is posted again
    await purger(world).delete(world.table_message())
    await world.members[0].slash(world.channel, "hand")
    now = live(world).row.message_id
    assert len({first, shown, now}) == 3 and at_the_bottom(world)
    # once the window has passed, each hand edited once for both moves, leading to the
    # table where it is now
    await world.env.advance_time(5)
    assert hand_edits(world, table, start) == [1, 1, 1, 1]
    assert all(link(last_dm(world, seat)).endswith(f"/{now}") for seat in range(4))


async def test_a_post_tried_again_marks_its_table_once(world):
    """The database says a new table message is on its way (for a restart to look for it)
    once a post, not at each of the outbox's tries."""
    table = await open_full_table(world)
    first = table.row.message_id
    tables = world.bot.presenter.tables
    mark = tables.posting
    assert mark is not None
    marks: list[int] = []

    async def counted(marked: Any) -> None:
        marks.append(marked.id)
        await mark(marked)

    tables.posting = counted
    give_back = refuse_posts(world)
    await world.members[2].slash(world.channel, "table show")
    await world.env.advance_time(sum(DELAYS[:4]) + 1)  # refused, and tried again, 4 times
    assert live(world).row.message_id == first
    give_back()
    await world.env.advance_time(DELAYS[4] + 1)
    assert live(world).row.message_id != first and at_the_bottom(world)
    assert marks == [table.id]
    async with world.bot.db.reading() as store:
        row = await store.tables.table(table.id)
    assert row is not None and not row.message_posting
    # the next post (below the summary, a /table show) is marked again
    await world.env.advance_time(6)
    await world.members[2].slash(world.channel, "table show")
    assert marks == [table.id, table.id]


async def test_the_my_hand_panels_lead_to_the_table_where_it_was_posted_again(world):
    """A *My hand* panel's *Go to the table* follows the table message as the DMs' do,
    through the panel's token, with no change of the table to carry it."""
    table = await open_full_table(world)
    first = table.row.message_id
    nord = world.members[2]
    lang = world.bot.presenter.player_lang(table, table.seats[2].player)
    opened = await nord.click(world.table_message(), label=t(lang, "btn.hand"))
    assert opened.ephemeral and links(opened.response.components) == [table_link(table)]
    assert table_link(table).endswith(f"/{first}")
    token = world.bot.presenter.shown(table).panels[str(nord.id)].interaction.token
    await world.guild.add_member(world.env.create_user("Passant")).slash(
        world.channel, "table show"
    )
    await world.env.settle()
    now = live(world).row.message_id
    assert now != first and at_the_bottom(world)
    [edit] = panel_edits(world, token)
    assert links(edit.json["components"]) == [table_link(live(world))]
    assert table_link(live(world)).endswith(f"/{now}")

"""The table message is edited only when what it shows changed, and once for
several changes queued behind each other (drawn as the table is when sent)."""

from __future__ import annotations

import asyncio

from bot.drawing.pictures.files import UNKNOWN
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, live
from tests.cogs.test_full_hand import open_full_table


def table_edits(world, table, since: int) -> list:
    path = f"/channels/{world.channel.id}/messages/{table.row.message_id}"
    return [r for r in world.env.http_requests[since:] if r.method == "PATCH" and r.path == path]


async def test_an_unchanged_table_is_not_edited_again(world):
    table = await open_full_table(world)
    seat, words = actions()[0]
    await act_in_dm(world, seat, Action.parse(words))
    mark = len(world.env.http_requests)
    await world.bot.presenter.after_change(table)
    await world.env.settle()
    assert table_edits(world, table, mark) == []
    world.bot.presenter.shown(
        table
    ).picture_held = UNKNOWN  # as after an edit that failed: the next one is sent
    await world.bot.presenter.after_change(table)
    await world.env.settle()
    assert len(table_edits(world, table, mark)) == 1


async def test_changes_queued_behind_each_other_edit_the_table_once(world):
    table = await open_full_table(world)
    steps = actions()
    for seat, words in steps[:3]:
        await act_in_dm(world, seat, Action.parse(words))
    mark = len(world.env.http_requests)
    seat, words = steps[3]
    await world.bot.service.act(
        table.id, table.seats[seat].player, Action.parse(words), table.moves
    )
    await asyncio.gather(*(world.bot.presenter.after_change(table) for _ in range(3)))
    await world.env.settle()
    edits = table_edits(world, table, mark)
    assert len(edits) == 1
    shown = edits[0].json["embeds"][0]["description"]
    assert shown == world.table_message().embeds[0].description
    assert live(world).seq == table.seq

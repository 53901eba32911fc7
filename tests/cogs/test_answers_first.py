"""A click counts until its answer is sent, and the table's edit after a move waits
while a click is due."""

from __future__ import annotations

import asyncio

import bot.delivery.answers_first
from bot.drawing.pictures.files import UNKNOWN
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_table_edits import table_edits


async def test_a_click_counts_until_its_answer_is_sent(world, monkeypatch):
    table = await open_full_table(world)
    first = world.bot.presenter.answers_first
    came: list[int] = []
    count = first.came

    def counted(interaction_id: int) -> None:
        came.append(interaction_id)
        count(interaction_id)

    monkeypatch.setattr(first, "came", counted)
    before = table.moves
    seat, words = actions()[0]
    await act_in_dm(world, seat, Action.parse(words))
    await world.env.settle()
    assert came, "the click was not counted"
    assert first.due == 0, "the click still counts after its answer"
    assert table.moves > before  # the click was applied


async def test_the_table_edit_waits_while_a_click_is_due(world, monkeypatch):
    table = await open_full_table(world)
    seat, words = actions()[0]
    await act_in_dm(world, seat, Action.parse(words))
    await world.env.settle()
    monkeypatch.setattr(bot.delivery.answers_first, "MAX_WAIT", 30.0)
    first = world.bot.presenter.answers_first
    first.came(777)  # a click of another table, parsed, not answered yet
    world.bot.presenter.shown(
        table
    ).picture_held = UNKNOWN  # as after a failed edit: the next one is sent
    mark = len(world.env.http_requests)
    after = asyncio.create_task(world.bot.presenter.after_change(table))
    await asyncio.sleep(0.1)
    assert table_edits(world, table, mark) == []
    assert not after.done()
    first.answered(777)
    await asyncio.wait_for(after, 5.0)
    await world.env.settle()
    assert len(table_edits(world, table, mark)) == 1

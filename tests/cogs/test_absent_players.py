"""A person alone with computer players is offered nothing only others could click."""

from __future__ import annotations

from bot.tables.table import ABSENT_AFTER
from tests.cogs.helpers import labels, live


async def test_alone_with_computer_players_nothing_is_offered_that_only_others_could_click(
    world,
):
    """Sud alone with a computer player runs out of time twice: no "the others may…",
    no button that would only refuse him; he plays on, or stops with Stop now."""
    sud = world.members[0]
    await sud.slash(world.channel, "table new bete", turn_time=20, computers=1, level="fair")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    for _ in range(12):
        if table.timeouts.get(0, 0) >= ABSENT_AFTER or not table.in_deal:
            break
        await world.env.advance_time(21)
    assert table.timeouts.get(0, 0) >= ABSENT_AFTER, "Sud never ran out of time twice"
    message = world.table_message()
    assert table.absent() == []
    assert "the others" not in message.embeds[0].description
    assert not {"Let the computer play for Sud", "End the table"} & set(labels(message))
    await sud.slash(world.channel, "table stop")
    await sud.click(world.table_message(), label="Stop now (0/1)")
    assert table.status == "ended"

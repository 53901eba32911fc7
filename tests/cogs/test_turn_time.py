"""A table with a turn time: a player who runs out of time passes (or plays the first card)."""

from __future__ import annotations

from tests.cogs.helpers import live


async def test_running_out_of_time_passes_for_the_player(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new", turn_time=30)
    message = world.table_message()
    assert "turn time: 30 s" in message.embeds[0].fields[1].value
    for member in world.members[1:]:
        await member.click(message, label="Join")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    assert table.deadline is not None
    assert "Time runs out <t:" in world.table_message().embeds[0].description
    await world.env.advance_time(10)
    assert table.state is not None and not table.state.actions
    await world.env.advance_time(25)
    assert [str(a) for _, a in table.state.actions] == ["pass"]
    log = world.table_message().embeds[0].fields[-1].value
    assert "Est ran out of time: Pass" in log
    assert "Nord to bid" in world.table_message().embeds[0].description
    assert not world.env.errors

"""A player who vanishes does not hold the others: at a table without a time limit,
one who keeps the table waiting ``ABSENT_WAIT`` at their turn counts as absent, and the
others get the buttons they get after two timeouts (the table message redrawn when the
wait ends, also after a restart).  And a person alone with computer players is offered
nothing only others could click."""

from __future__ import annotations

import time
from typing import Any

import bot.tables.service
import bot.tables.turns
from bot.tables.table import ABSENT_WAIT
from tests.cogs.conftest import make_bot
from tests.cogs.helpers import labels, live

REPLACE_EST = "Let the computer play for Est"
WAITING = f"Est has kept the table waiting for {ABSENT_WAIT // 60} minutes"


async def untimed_bete(world: Any) -> Any:
    """Sud and Est at La Bête with no time limit, Est to speak first."""
    sud, est = world.members[:2]
    await sud.slash(world.channel, "table new bete", turn_time=0)
    await est.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    assert table.to_act == 1 and table.deadline is None
    return table


def offers_absence(world: Any) -> bool:
    message = world.table_message()
    shown = WAITING in message.embeds[0].description
    buttons = {REPLACE_EST, "End the table"} <= set(labels(message))
    assert shown == buttons, (shown, labels(message))
    return shown


async def test_without_a_time_limit_the_others_end_the_table_of_one_who_vanished(world):
    sud, est = world.members[:2]
    table = await untimed_bete(world)
    await world.env.advance_time(ABSENT_WAIT - 5)
    assert not offers_absence(world) and table.absent() == []
    await world.env.advance_time(10)  # nobody clicked: the table message is redrawn
    assert offers_absence(world) and table.absent() == [1]
    refused = await est.click(world.table_message(), label="End the table")
    assert refused.ephemeral and "just play" in refused.response.content
    message_id = world.table_message().id
    await sud.click(world.table_message(), label="End the table")
    assert table.status == "ended" and table.ended_reason == "abandoned"
    ended = next(m for m in world.channel.history() if m.id == message_id)
    assert "carried over" in ended.embeds[0].description
    # Sud sits at no table now: he may open another in the server
    other = world.guild.create_text_channel("autre")
    opened = await sud.slash(other, "table new hombre", turn_time=0)
    assert not opened.ephemeral and world.bot.service.in_channel(other.id) is not None


async def test_one_who_comes_back_and_plays_is_no_longer_absent(world):
    est = world.members[1]
    table = await untimed_bete(world)
    await world.env.advance_time(ABSENT_WAIT + 5)
    assert offers_absence(world)
    await est.click(world.table_message(), label="Pass")
    assert table.absent() == [] and not offers_absence(world)
    assert table.to_act == 0  # Sud's own wait starts from his turn
    await world.env.advance_time(ABSENT_WAIT - 5)
    assert table.absent() == []
    await world.env.advance_time(10)
    assert table.absent() == [0]
    assert "Sud has kept the table waiting" in world.table_message().embeds[0].description
    await est.click(world.table_message(), label="Let the computer play for Sud")
    assert table.seats[0].stand_in and table.absent() == []
    assert not world.env.errors


class Later:
    """The clock of a bot that was down ``seconds``: what the service and its timers
    read of the time (simcord moves the event loop's time, not the wall clock)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def time(self) -> float:
        return time.time() + self.seconds


async def test_the_wait_survives_a_restart_with_a_little_given_back(world, db_path, monkeypatch):
    """Down longer than the wait, the bot gives the player the restart's grace (as
    for a deadline), then shows the others their buttons by itself."""
    await untimed_bete(world)
    await world.env.advance_time(60)
    later = Later(ABSENT_WAIT * 2)
    monkeypatch.setattr(bot.tables.service, "time", later)
    monkeypatch.setattr(bot.tables.turns, "time", later)
    await world.env.restart_bot(make_bot(db_path))
    rebuilt = live(world)
    assert rebuilt.absent() == [] and not offers_absence(world)
    await world.env.advance_time(bot.tables.service.RESTART_GRACE + 1)
    assert rebuilt.absent() == [1] and offers_absence(world)


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
        if table.timed_out_twice(0) or not table.in_deal:
            break
        await world.env.advance_time(21)
    assert table.timed_out_twice(0), "Sud never ran out of time twice"
    message = world.table_message()
    assert table.absent() == []
    assert "the others" not in message.embeds[0].description
    assert not {"Let the computer play for Sud", "End the table"} & set(labels(message))
    await sud.slash(world.channel, "table stop")
    await sud.click(world.table_message(), label="Stop now (0/1)")
    assert table.status == "ended"


async def test_alone_at_a_table_without_a_time_limit_nobody_is_waited_for(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new bete", turn_time=0, computers=1, level="fair")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    for _ in range(4):
        await world.env.advance_time(ABSENT_WAIT)
    assert table.in_deal and table.to_act == 0 and table.absent() == []
    assert "kept the table waiting" not in world.table_message().embeds[0].description

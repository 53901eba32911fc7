"""A table with a turn time: a player who runs out of time passes (or plays the first card)."""

from __future__ import annotations

from bot.texts.i18n import t
from tests.cogs.helpers import labels, last_dm, live


async def test_running_out_of_time_passes_for_the_player(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", turn_time=30)
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
    # Est is told privately that the time limit passed for him (not that the computer
    # chose: a call is passed by the rule, whatever his cards), the others are not
    est_hand = str(last_dm(world, 1).embeds[0].description)
    assert t("en", "hand.timed_out_passed") in est_hand
    assert t("en", "hand.timed_out") not in est_hand
    assert t("en", "hand.timed_out_passed") not in str(last_dm(world, 2).embeds[0].description)
    assert not world.env.errors


async def test_hand_before_the_start_says_the_game_has_not_started(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree")
    shown = await sud.slash(world.channel, "hand")
    assert t("en", "error.not_started") in str(shown.response.embeds[0].description)


async def test_a_reminder_pings_the_player_before_the_deadline(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", turn_time=40)
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    est = world.members[1]
    await world.env.advance_time(25)
    assert not [m for m in world.channel.history() if f"<@{est.id}>" in (m.content or "")]
    await world.env.advance_time(6)
    pings = [m for m in world.channel.history() if f"<@{est.id}>" in (m.content or "")]
    assert len(pings) == 1 and "10 s left to play at table #1" in pings[0].content
    assert not live(world).state.actions  # a reminder, not yet the timeout
    assert not world.env.errors


async def test_an_absent_player_is_replaced_from_the_table_message(world):
    table = await play_until_absent(world)
    seat = table.absent()[0]
    name = table.name(seat)
    message = world.table_message()
    assert f"{name} ran out of time twice in a row" in message.embeds[0].description
    other = world.members[(seat + 1) % 4]
    refused = await world.members[seat].click(message, label=f"Let the computer play for {name}")
    assert refused.ephemeral and "just play" in refused.response.content
    await other.click(message, label=f"Let the computer play for {name}")
    message = world.table_message()
    assert f"The computer plays for {name}." in message.embeds[0].fields[-1].value
    assert "played by the computer" in message.embeds[0].fields[0].value
    assert table.seats[seat].stand_in
    refused = await other.click(message, label="Take my seat back")
    assert refused.ephemeral and "Nobody plays in your place" in refused.response.content
    await world.members[seat].click(message, label="Take my seat back")
    assert table.seats[seat].human
    assert f"{name} takes their seat back." in world.table_message().embeds[0].fields[-1].value
    assert not [e for e in world.env.errors if type(e).__name__ != "UserError"]


async def test_the_others_end_the_table_of_an_absent_player(world):
    table = await play_until_absent(world)
    seat = table.absent()[0]
    other = world.members[(seat + 1) % 4]
    message_id = world.table_message().id
    await other.click(world.table_message(), label="End the table")
    assert table.status == "ended" and table.ended_reason == "abandoned"
    message = next(m for m in world.channel.history() if m.id == message_id)
    assert "carried over" in message.embeds[0].description
    assert not [b for row in message.components for b in getattr(row, "children", [row])]


async def play_until_absent(world):
    """Four players at a 30 s table who never act, until one has run out of time twice."""
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", turn_time=30)
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    for _ in range(40):
        if table.absent():
            return table
        if table.between_hands:
            await sud.click(world.table_message(), label="Next hand")
        await world.env.advance_time(31)
    raise AssertionError("nobody was absent after 40 timeouts")


async def test_everyone_away_at_a_five_seat_table(world):
    """At La Bête's five seats every person may run out of time twice in a row: a button
    for each would not fit Discord's row beside *End the table*, so one has the computer
    play for them all (but the one who clicks), and the table message goes on."""
    cinq = world.guild.add_member(world.env.create_user("Cinq"))
    members = [*world.members, cinq]
    sud = members[0]
    await sud.slash(world.channel, "table new bete", turn_time=20)
    for member in members[1:]:
        await member.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    for _ in range(40):
        if len(table.absent()) == 5:
            break
        if table.between_hands:
            await sud.click(world.table_message(), label="Next hand")
        await world.env.advance_time(21)
    assert len(table.absent()) == 5
    message = world.table_message()
    gathered = t("en", "btn.replace_absent")
    shown = labels(message)
    assert gathered in shown and "End the table" in shown
    one_each = [label for label in shown if label.startswith("Let the computer play for ")]
    assert one_each == [gathered]
    if table.between_hands:  # the deal that made them all absent is over: the next one
        assert "Next hand" in shown
    est = members[1]
    await est.click(message, label=gathered)
    assert [s.stand_in for s in table.seats] == [True, False, True, True, True]
    # Est clicked: the only person left playing, nobody is offered to replace him
    assert table.absent() == []
    shown = labels(world.table_message())
    assert "Let the computer play for Est" not in shown and "Take my seat back" in shown
    assert not [e for e in world.env.errors if type(e).__name__ != "UserError"]

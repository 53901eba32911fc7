"""``/table away``: a player called away lets the computer play their seat (its money
and bêtes still theirs) until they take it back, rather than keep the others waiting
through two timeouts for the others' button.  Refused, with a reason and nothing
changed, where there is no game to step away from or the computer plays already."""

from __future__ import annotations

from bot.texts.i18n import game_text, t
from tests.cogs.helpers import last_dm, live
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_stand_in_hand import BACK, STAND_IN, YOUR_TURN, button_labels, hand_text


async def test_a_player_steps_away_at_his_turn_and_comes_back(world):
    table = await open_full_table(world)
    world.bot.service.ai_pause = 30.0  # the hand is seen before the computer's call
    est = world.members[1]
    assert table.state.turn == 1 and YOUR_TURN in hand_text(last_dm(world, 1))
    answer = await est.slash(world.channel, "table away")
    assert answer.ephemeral and answer.response.content == t("en", "ok.away")
    assert table.seats[1].stand_in and table.seats[1].ai == table.game.spec.strong
    log = world.table_message().embeds[0].fields[-1].value
    assert t(table.public_lang, "log.away", name="Est") in log
    dm = last_dm(world, 1)  # his hand says who plays, offers the seat back, no move
    assert STAND_IN in hand_text(dm) and BACK in button_labels(dm)
    assert "Pass" not in button_labels(dm)

    await world.env.advance_time(31)  # the computer calls for him
    assert table.state.actions and table.state.actions[0][0] == 1
    assert table.seats[1].stand_in  # and goes on playing his turns

    await est.user.click(last_dm(world, 1), label=BACK)
    assert table.seats[1].human and not table.seats[1].stand_in
    log = world.table_message().embeds[0].fields[-1].value
    assert game_text(table.game.id, table.public_lang, "log.return", name="Est") in log
    assert not [e for e in world.env.errors if type(e).__name__ != "UserError"]


async def test_stepping_away_is_refused_where_it_means_nothing(world):
    sud, est = world.members[:2]
    await sud.slash(world.channel, "table new hombree")
    table = live(world)
    seq = table.seq
    refused = await sud.slash(world.channel, "table away")  # a lobby: nobody plays yet
    assert refused.ephemeral and refused.response.content == t("en", "error.not_started")
    assert table.seq == seq

    table = await open_full_table_from_lobby(world)
    await est.slash(world.channel, "table away")
    seq = table.seq
    again = await est.slash(world.channel, "table away")  # the computer plays already
    assert again.ephemeral and again.response.content == t("en", "error.replaced")
    stranger = world.guild.add_member(world.env.create_user("Passant"))
    refused = await stranger.slash(world.channel, "table away")
    assert refused.ephemeral and table.seq == seq
    assert all(s.human for i, s in enumerate(table.seats) if i != 1)
    # each refusal an answer to its user, nothing gone wrong (reading them acknowledges them)
    errors = [type(getattr(e, "original", e)).__name__ for e in world.env.errors]
    assert errors == ["UserError"] * 3


async def open_full_table_from_lobby(world):
    """The lobby already opened by Sud: the others join, Sud starts."""
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    await world.members[0].click(world.table_message(), label="Start")
    return live(world)


async def test_at_besigue_the_answer_speaks_of_points_not_money(world):
    sud, est = world.members[:2]
    await sud.slash(world.channel, "table new besigue")
    await est.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    answer = await est.slash(world.channel, "table away")
    assert answer.response.content == game_text("besigue", "en", "ok.away")
    assert "points" in answer.response.content and "bêtes" not in answer.response.content
    assert live(world).seats[1].stand_in

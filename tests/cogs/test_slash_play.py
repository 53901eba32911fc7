"""Example 1 played entirely with slash commands, with autocomplete of the legal choices."""

from __future__ import annotations

from games.bete_hombree import Action, Kind
from tests.bot.example import actions, expected_result
from tests.cogs.conftest import seed_register
from tests.cogs.helpers import last_dm, live
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_refusals import refused


def typed(action: Action) -> str:
    """The move as a player types it: their words, not the record's."""
    words = str(action)
    if action.kind is Kind.BID:
        return words.removeprefix("bid ")
    if action.kind is Kind.CAGNOTE:
        return "je " + words
    if action.kind is Kind.DISCARD:
        return "D♠ D♦ 10♣"
    if action.kind is Kind.DECLARE:
        return "5 ♥ matadors 4"
    if action.kind is Kind.PLAY:
        return str(action.card)
    return words


async def test_example1_by_slash_commands(world):
    await seed_register(world)
    table = await open_full_table(world)
    channel = world.channel
    for index, (seat, words) in enumerate(actions()):
        member = world.members[seat]
        action = Action.parse(words)
        if index == 3:  # Sud may cagnoter or take all: the autocomplete says so
            values = [c["value"] for c in await member.autocomplete(channel, "play", "move", "")]
            assert "cagnote" in values and "tout" in values
            assert "pass" in values and "sans-prejudice" not in values
        if index == 5:  # Ouest may equal Sud's 4, being earlier: premier
            values = [c["value"] for c in await member.autocomplete(channel, "play", "move", "4")]
            assert values == ["bid 4", "bid 4 belle"]
        if action.kind is Kind.DISCARD:
            choices = await member.autocomplete(channel, "play", "move", "QS QD")
            assert any(c["value"] == "discard QS QD 10C" for c in choices)
        if action.kind is Kind.DECLARE:
            choices = await member.autocomplete(channel, "play", "move", "")
            assert "declare 5 H matadors 4" in [c["value"] for c in choices]
        result = await member.slash(channel, "play", move=typed(action))
        assert result.ephemeral, (index, words, result)
        assert not world.env.errors, (index, words)
    assert live(world).last is not None
    assert list(table.last.outcome.net) == expected_result()["payments"]


async def test_play_choices_are_exactly_the_moves_offered(world):
    table = await open_full_table(world)
    channel = world.channel
    for index, (seat, words) in enumerate(actions()[:11]):
        state = table.state
        assert state is not None
        view = state.view(seat)
        legal = [str(a) for a in state.legal_actions()]
        member = world.members[seat]
        values = [c["value"] for c in await member.autocomplete(channel, "play", "move", "")]
        if view.face_down:  # the blind calls and pass, as in the hand and on the table
            assert values == ["pass", "sans-prejudice"] and len(legal) > 2, (index, words)
        elif len(legal) <= 25:  # Discord shows 25 choices at most
            assert values == legal, (index, words)
        else:
            assert len(values) == 25 and set(values) <= set(legal), (index, words)
        # the others are offered nothing: it is not their turn
        other = world.members[(seat + 1) % 4]
        assert await other.autocomplete(channel, "play", "move", "") == [], index
        await member.slash(channel, "play", move=words)
    assert not world.env.errors


async def test_play_choices_for_a_stranger_are_empty(world):
    await open_full_table(world)
    stranger = world.guild.add_member(world.env.create_user("Curieux"))
    assert await stranger.autocomplete(world.channel, "play", "move", "") == []


async def test_play_choices_say_the_calls_in_context(world):
    await open_full_table(world)
    channel = world.channel
    for seat, words in actions()[:3]:
        await world.members[seat].slash(channel, "play", move=words)
    sud = world.members[0]
    labels = [c["name"] for c in await sud.autocomplete(channel, "play", "move", "")]
    assert "Je cagnote (stands as 4)" in labels and "Je prends le tout (5)" in labels
    await sud.slash(channel, "play", move="cagnote")
    await world.members[2].slash(channel, "play", move="pass")
    ouest = world.members[3]
    labels = [c["name"] for c in await ouest.autocomplete(channel, "play", "move", "pre")]
    assert labels == ["Premier for 4"]


async def test_a_bid_typed_face_down_asks_for_a_look_first(world):
    """A hand face down is offered the blind calls only: a plain bid typed then is
    refused as the hand says (look first), not taken past it; once looked, it is taken."""
    table = await open_full_table(world)
    est = world.members[1]  # first hand, face down
    assert table.state is not None and table.state.view(1).face_down
    result = await est.slash(world.channel, "play", move="2")
    refused(world, result, "Look at my hand", "Sans préjudice")
    assert table.state.actions == [] and table.state.view(1).face_down
    await est.user.click(last_dm(world, 1), label="Look at my hand")
    result = await est.slash(world.channel, "play", move="2")
    assert result.ephemeral and table.state.actions == [(1, Action.parse("bid 2"))]


async def test_a_move_typed_before_the_start_or_after_the_hand_says_what_to_do(world):
    """In the lobby: the game has not started (not "nothing in progress"); after a hand
    settled: click *Next hand* to deal the next."""
    sud = world.members[0]
    await seed_register(world)
    await sud.slash(world.channel, "table new hombree")
    refused(world, await sud.slash(world.channel, "play", move="pass"), "not started")
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    for seat, words in actions():
        await world.members[seat].slash(world.channel, "play", move=words)
    assert table.between_hands and table.deal_coming
    refused(world, await sud.slash(world.channel, "play", move="pass"), "*Next hand*")

"""Computer players at the table, through the real cogs: seating them, and a hand with them."""

from __future__ import annotations

import random

import pytest

from bot.games.besigue import GAME as BESIGUE
from bot.games.bete_hombree import GAME
from bot.games.hombre import GAME as HOMBRE
from bot.tables.computer import inline_decider
from games.besigue import Session as BesigueSession
from games.besigue.ai.heuristic import BesigueHeuristicPlayer
from games.hombre.ai.heuristic import HombreHeuristicPlayer
from tests.cogs.helpers import act_in_dm, custom_ids, disabled, labels, live
from tests.cogs.test_besigue_game import act as act_besigue
from tests.cogs.test_hombre_game import act


async def test_seating_computer_players_from_the_lobby(world):
    sud, est = world.members[0], world.members[1]
    await sud.slash(world.channel, "table new hombree", computers=1, level="fair")
    message = world.table_message()
    seats = message.embeds[0].fields[0].value
    assert "🤖 Alexandre — computer, fair" in seats
    # a stranger may not seat a computer player
    refused = await est.click(message, label="Add computer player")
    assert refused.ephemeral and "not seated" in refused.response.content
    # the level is asked privately, then the computer player sits down
    asked = await sud.click(message, label="Add computer player")
    assert asked.ephemeral and "Which computer player" in asked.response.content
    assert labels(asked.response.message) == ["Fair player", "Strong player"]
    chosen = await sud.click(asked.response.message, label="Strong player")
    assert chosen.acknowledged
    message = world.table_message()
    # a name of its own beside the fair one
    assert "🤖 François — computer, strong" in message.embeds[0].fields[0].value
    assert "Remove computer player" in labels(message)
    await sud.click(message, label="Remove computer player")
    seats = world.table_message().embeds[0].fields[0].value
    assert "computer, strong" not in seats and "computer, fair" in seats
    await est.click(world.table_message(), label="Join")
    assert not disabled(world.table_message(), "Add computer player")
    asked = await est.click(world.table_message(), label="Add computer player")
    await est.click(asked.response.message, label="Strong player")
    message = world.table_message()
    assert disabled(message, "Add computer player")  # the table is full
    table = live(world)
    assert [s.ai for s in table.seats] == [None, "heuristic", None, "pimc"]
    assert not world.env.errors


async def test_people_and_computer_players_show_names_of_their_own(world):
    """A person who joins under a computer player's name keeps it (the computer player
    takes another), and two people of one display name are told apart by username."""
    sud = world.members[0]
    arthur = world.guild.add_member(world.env.create_user("arthur", global_name="Arthur"))
    other = world.guild.add_member(world.env.create_user("arthur_92"), nick="Arthur")
    await sud.slash(world.channel, "table new bete", computers=3, level="fair")
    assert [s.name for s in live(world).seats][1:] == ["🤖 Alexandre", "🤖 François", "🤖 Arthur"]
    await arthur.click(world.table_message(), label="Join")
    names = [s.name for s in live(world).seats]
    assert names == ["Sud", "🤖 Alexandre", "🤖 François", "🤖 Edmond", "Arthur"]
    embed = world.table_message().embeds[0]
    assert "🤖 Edmond" in embed.fields[0].value and "🤖 Arthur" not in embed.fields[0].value
    assert "🤖 Arthur is now 🤖 Edmond." in embed.fields[-1].value
    await sud.click(world.table_message(), label="Remove computer player")
    await other.click(world.table_message(), label="Join")
    names = [s.name for s in live(world).seats]
    assert names == ["Sud", "🤖 Alexandre", "🤖 François", "Arthur", "Arthur (arthur_92)"]
    assert "`5` Arthur (arthur_92)" in world.table_message().embeds[0].fields[0].value
    assert not world.env.errors


async def test_the_level_chosen_with_table_new(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", computers=2, level="strong")
    seats = world.table_message().embeds[0].fields[0].value
    assert seats.count("computer, strong") == 2 and "computer, fair" not in seats
    assert [s.ai for s in live(world).seats] == [None, "pimc", "pimc"]
    refused = await sud.slash(world.channel, "table stop")
    assert refused.ephemeral
    other = world.guild.create_text_channel("autre")
    await world.members[1].slash(other, "table new bete", computers=1)  # strong by default
    table = world.bot.service.in_channel(other.id)
    assert table is not None and [s.ai for s in table.seats] == [None, "pimc"]
    assert not world.env.errors


async def test_a_hand_with_three_computer_players(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", computers=3, level="fair")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    assert [s.ai for s in table.seats] == [None, "heuristic", "heuristic", "heuristic"]
    state = table.state
    assert state is not None
    # the computer players wait a moment before each move, so that people can follow
    moves = table.moves
    if state.turn != 0:
        await world.env.advance_time(0.5)
        assert table.moves == moves
    for _ in range(200):
        if state.is_over:
            break
        if state.turn == 0:
            action = await inline_decider(table.game.id, "heuristic", state.view(0), table.moves)
            result = await act_in_dm(world, 0, action)
            assert result.acknowledged
        else:
            await world.env.advance_time(1.1)
    assert state.is_over
    message = world.table_message()
    assert "Next hand" in labels(message)
    log = message.embeds[0].fields[-1].value
    assert "settled" in log
    async with world.bot.db.reading() as store:
        hands = await store.ledger.hands(world.guild.id, GAME.id)
        payments = await store.ledger.payments(world.guild.id, GAME.id)
    assert len(hands) == 1
    players = {p.payer for p in payments} | {p.payee for p in payments}
    assert players - {None} <= {s.player for s in table.seats}
    assert any(cid.endswith(":next") for cid in custom_ids(message))
    assert not world.env.errors


async def test_a_deal_of_l_hombre_with_two_computer_players(world):
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombre", computers=2, level="fair")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    assert [s.ai for s in table.seats] == [None, HOMBRE.spec.fair, HOMBRE.spec.fair]
    state = table.state
    player, rng = HombreHeuristicPlayer(), random.Random(3)
    for _ in range(400):
        if state.is_over:
            break
        if state.turn == 0:
            await act(world, player.act(state.view(0), rng), way=1)
        else:
            await world.env.advance_time(1.1)  # the computer players' pause
    assert state.is_over
    assert "Next deal" in labels(world.table_message())
    async with world.bot.db.reading() as store:
        hands = await store.ledger.hands(world.guild.id, HOMBRE.id)
    assert len(hands) == 1 and hands[0].record["deals"][0]["actions"]
    assert not world.env.errors


@pytest.mark.parametrize(
    ("computers", "level", "options"),
    [(2, "strong", {}), (3, "fair", {"partnerships": True})],
    ids=["three", "four-in-partnerships"],
)
async def test_a_deal_of_besigue_with_computer_players(world, computers, level, options):
    sud = world.members[0]
    await sud.slash(world.channel, "table new besigue", computers=computers, level=level, **options)
    world.bot.service.ai_pause = 0.01  # a deal of Bésigue is long: the computers hurry
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    wanted = BESIGUE.spec.fair if level == "fair" else BESIGUE.spec.strong
    assert [s.ai for s in table.seats] == [None] + [wanted] * computers
    state = table.state
    player, rng = BesigueHeuristicPlayer(), random.Random(5)
    for _ in range(2000):
        if state.is_over:
            break
        if state.turn == 0:
            await act_besigue(world, player.act(state.view(0), rng, 1.0))
        else:
            await world.env.advance_time(0.02)
    assert state.is_over and state.outcome is not None
    # every card was played: the deal ran to its count, each seat's points added up
    assert sum(state.outcome.tricks) == 32
    session = table.session
    assert isinstance(session, BesigueSession)
    assert sum(session.scores) == sum(state.outcome.points) > 0
    assert len(session.scores) == (2 if options.get("partnerships") else computers + 1)
    async with world.bot.db.reading() as store:
        hands = await store.ledger.hands(world.guild.id, BESIGUE.id)
    assert len(hands) == 1 and hands[0].record["deals"][0]["actions"]
    assert not world.env.errors

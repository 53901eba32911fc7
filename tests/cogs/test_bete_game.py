"""A whole game of La Bête by three users: buttons on the table and in DMs, slash
commands, the summaries, ``/betes``, ``/scoreboard`` and ``/rules`` for the game,
and ``/table stop`` at the end of the round."""

from __future__ import annotations

import random
import re

import pytest

from bot.drawing.render import card_text
from bot.games.bete import GAME
from bot.games.bete.codec import call_arg
from bot.games.bete.port import pot_of_parts
from bot.ids import ComponentId
from db import NewEntry
from games.bete import DealState, Kind, Phase
from games.cards import cards_of
from tests.cogs.helpers import custom_ids, last_dm, live
from tests.cogs.test_refusals import refused as refused_only


async def open_bete_table(world, seats: int = 3):
    sud = world.members[0]
    result = await sud.slash(world.channel, "table new bete")
    assert not result.ephemeral
    message = world.table_message()
    assert message.embeds[0].title == "La Bête — table #1"
    assert "for 2–5" in message.embeds[0].description
    for member in world.members[1:seats]:
        await member.click(message, label="Join")
    await sud.click(world.table_message(), label="Start")
    return live(world)


def typed(action) -> str:
    """A call as a player types it with ``/play``: their words."""
    return {
        Kind.PASS: "passe",
        Kind.PLAY_CONTRACT: "je joue",
        Kind.CONTRE: "contre",
        Kind.CURIEUSE: "curieuse",
    }[action.kind]


async def act(world, rng: random.Random, way: int) -> None:
    """The player to act makes a random legal move, by one of the ways a person can."""
    table = live(world)
    state = table.state
    assert isinstance(state, DealState) and not state.is_over
    seat = state.turn
    member = world.members[seat]
    action = rng.choice(state.legal_actions())
    moves = table.moves
    cursor = world.env.error_cursor
    if action.kind is Kind.PLAY:
        if way % 3 == 0:
            result = await member.slash(world.channel, "play", move=str(action.card))
        else:
            cid = ComponentId(table.id, moves, "play", str(action.card))
            result = await member.user.click(last_dm(world, seat), custom_id=str(cid))
    elif way % 3 == 0:
        result = await member.slash(world.channel, "play", move=typed(action))
    elif way % 3 == 1:  # the call buttons under the table message
        cid = ComponentId(table.id, moves, "call", call_arg(action))
        result = await member.click(world.table_message(), custom_id=str(cid))
    else:
        cid = ComponentId(table.id, moves, "call", call_arg(action))
        result = await member.user.click(last_dm(world, seat), custom_id=str(cid))
    assert result.acknowledged
    assert not world.env.errors_since(cursor)
    assert table.moves == moves + 1, f"{action} by seat {seat} was not played"


async def test_a_whole_game_of_la_bete(world):
    table = await open_bete_table(world)
    assert table.game is GAME and len(table.seats) == 3
    state = table.state
    assert isinstance(state, DealState)
    # the table shows trump (the turned card), the dealer and the pot in fiches and jetons
    description = world.table_message().embeds[0].description
    assert "Trump:" in description and "turned" in description
    assert "Pot: reserve" in description and "fiche" in description
    # every player's DM shows their own five cards and nobody else's
    for seat in range(3):
        text = last_dm(world, seat).embeds[0].description
        for other in range(3):
            for card in cards_of(state.view(other).hand):
                assert (card_text(card, "en") in text) == (other == seat), (seat, card)

    # a move La Bête does not have is refused, privately, and changes nothing
    seq = table.seq
    refused = await world.members[state.turn].slash(world.channel, "play", move="discard KS")
    refused_only(world, refused, "do not understand", "discard KS")
    # and says how a move is written (it once said only that it did not understand)
    assert "Type a card (10S, K♥) or a move as its button reads" in refused.response.content
    refused = await world.members[state.turn].slash(world.channel, "play", move="10Z")
    refused_only(world, refused, "do not understand “10Z”", "list of `/play`")
    # nothing typed but spaces: said so, not “ ” quoted back
    refused = await world.members[state.turn].slash(world.channel, "play", move="  ")
    refused_only(world, refused, "No move typed", "list of `/play`")
    assert live(world).seq == seq

    rng = random.Random(4)
    way = 0
    deals = 0
    summaries = 0
    service = world.bot.service
    while service.in_channel(world.channel.id) is not None and deals < 8:
        table = live(world)
        if table.between_hands:
            summaries += 1
            summary = world.summary().embeds[0]
            names = [f.name for f in summary.fields]
            assert "Net this hand" in names and "Payments" in names
            if table.last.outcome.void:
                assert "nobody plays" in summary.title
            else:
                assert "King of trump" in names and "Pot after the hand" in names
            if deals == 1:
                await world.members[1].slash(world.channel, "table stop")
            await world.members[0].click(world.table_message(), label="Next hand")
            continue
        said_as_offered(world, table)
        await act(world, rng, way)
        way += 1
        if table.state.is_over:
            deals += 1
    assert service.in_channel(world.channel.id) is None  # the round of three deals ended it
    assert deals == 3 and summaries == 2
    message_id = table.row.message_id
    ended = next(m for m in world.channel.history() if m.id == message_id).embeds[0]
    assert "End of the game" in str(ended.to_dict())

    async with world.bot.db.reading() as store:
        hands = await store.ledger.hands(world.guild.id, GAME.id)
        ledger = await store.ledger.payments(world.guild.id, GAME.id)
        pot = await store.ledger.pot_parts(world.guild.id, GAME.id)
        waiting = await store.ledger.unpaid_entries(world.guild.id, GAME.id)
    assert len(hands) == 3 and all(h.record["game"] == "bete" for h in hands)
    net = {}
    for p in ledger:
        if p.payer is not None:
            net[p.payer] = net.get(p.payer, 0) - p.amount
        if p.payee is not None:
            net[p.payee] = net.get(p.payee, 0) + p.amount
    assert sum(net.values()) + pot_of_parts(pot).total == 0  # every jeton is somewhere
    assert pot.get("reserve", 0) == 0  # the round's reserve is spent

    sud = world.members[0]
    betes = await sud.slash(world.channel, "betes", game="bete")
    embed = betes.response.embeds[0]
    assert embed.title == "Register of bêtes — La Bête"
    pot_field = next(f.value for f in embed.fields if f.name == "Pot")
    assert pot_field.startswith("reserve ")  # titled "Pot": not "Pot: reserve" again
    # each owner by the name the table showed, never a mention (a member gone shows an id)
    assert len(waiting) == 0 or waiting[0].owner_name in (embed.description or "")
    assert "<@" not in (embed.description or "")
    board = await sud.slash(world.channel, "scoreboard", game="bete")
    assert board.response.embeds[0].title.startswith("Scoreboard — La Bête · ")
    assert "Sud" in board.response.embeds[0].description
    rules = await sud.slash(world.channel, "rules", game="bete", topic="auction")
    assert rules.ephemeral and rules.response.embeds[0].title == "Speaking"
    assert "contrer" in rules.response.embeds[0].description


OFFERS = {
    Kind.PASS: "pass",
    Kind.PLAY_CONTRACT: "play",
    Kind.CONTRE: "contre",
    Kind.CURIEUSE: "go en curieuse",
}


def said_as_offered(world, table) -> None:
    """RULES.md §2 in the messages: the table says who speaks (La Bête has no bidding)
    or, during the play, what who plays needs; the DM of the player to speak asks for
    exactly the calls its buttons offer."""
    state = table.state
    view = state.view(state.turn)
    name = table.names[state.turn]
    description = world.table_message().embeds[0].description
    if view.phase is Phase.PLAY:
        assert f"{table.names[view.declarer]} plays and must take 3 tricks" in description
        return
    assert f"**{name} to speak**" in description and "bid" not in description
    dm = last_dm(world, state.turn)
    prompt = next(line for line in dm.embeds[0].description.splitlines() if "Your call" in line)
    offered = {a.kind for a in view.legal}
    for kind, word in OFFERS.items():
        said = re.search(rf"\b{word}\b", prompt) is not None
        assert said == (kind in offered), (prompt, offered)
    labels = [b.label for row in dm.components for b in row.children if b.label != "❔"]
    assert labels[: len(view.legal)] == [GAME.renderer.action_text(a, "en") for a in view.legal]


async def test_the_table_buttons_offer_la_betes_calls(world):
    table = await open_bete_table(world, seats=2)
    message = world.table_message()
    calls = [cid for cid in custom_ids(message) if ":call:" in cid]
    assert [cid.rsplit(":", 1)[1] for cid in calls] == ["pass", "joue"]
    assert table.state.turn == (table.state.dealer + 1) % 2
    # /play offers the same calls, and nothing to the player not to act
    member = world.members[table.state.turn]
    choices = await member.autocomplete(world.channel, "play", "move", "")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Pass", "pass"),
        ("Je joue (I play)", "play-contract"),
    ]
    other = world.members[1 - table.state.turn]
    assert await other.autocomplete(world.channel, "play", "move", "") == []


@pytest.mark.parametrize("waiting", [True, False], ids=["another-waiting", "none-waiting"])
async def test_a_bete_in_the_stake_goes_on_at_the_servers_next_table(world, waiting):
    """RULES.md §2: a bête paid into the stake stays in play until a deal is won, at the
    server's next table too: no other bête enters and no game jeton is paid there
    (before, the next table dealt as if the stake held none). ``/betes`` says so."""
    sud, est = world.members[:2]
    async with world.bot.db.transaction() as store:
        await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(str(sud.id), "Sud", 30))
        if waiting:
            await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(str(est.id), "Est", 20))
    await sud.slash(world.channel, "table new bete")
    await est.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    table = live(world)
    assert table.state.bete_in_play  # Sud's 30, the largest, paid into the stake
    while not table.state.is_over:  # everyone passes: a void deal, the stake stays
        await world.members[table.state.turn].slash(world.channel, "play", move="pass")
    assert table.state.outcome.void and table.state.outcome.bete_in_play
    await sud.slash(world.channel, "table stop")
    for member in (sud, est):
        message = world.table_message()
        stop = next(c for c in custom_ids(message) if ComponentId.parse(c).verb == "stop")
        await member.click(message, custom_id=stop)
    assert world.bot.service.in_channel(world.channel.id) is None
    betes = await sud.slash(world.channel, "betes", game="bete")
    pot = next(f.value for f in betes.response.embeds[0].fields if f.name == "Pot")
    assert "A bête is in the stake" in pot

    world.channel = world.guild.create_text_channel("lendemain")
    await sud.slash(world.channel, "table new bete")
    await est.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    state = live(world).state
    reasons = [transfer.reason for transfer in state.transfers]
    assert "game" not in reasons and "bete" not in reasons
    assert state.bete_in_play and state.entered == -1
    assert "A bête is in the stake" in str(world.table_message().embeds[0].to_dict())
    assert not world.env.errors

"""A complete hand by four users through buttons, then the register and scoreboard,
then a second table on a new bot instance over the same database file."""

from __future__ import annotations

from bot.games.bete_hombree import GAME
from bot.ids import ComponentId
from games.bete_hombree import Action
from tests.bot.example import actions, expected_result
from tests.cogs.conftest import NAMES, make_bot, seed_register
from tests.cogs.helpers import act_in_dm, custom_ids, last_dm, live


async def open_full_table(world):
    sud = world.members[0]
    result = await sud.slash(world.channel, "table new hombree")
    assert not result.ephemeral
    message = world.table_message()
    assert "table #1" in message.embeds[0].title
    for member in world.members[1:]:
        await member.click(message, label="Join")
    message = world.table_message()
    assert "Ouest" in message.embeds[0].fields[0].value
    await sud.click(message, label="Start")
    return live(world)


async def test_full_hand_through_buttons(world, db_path):
    ids = [str(m.id) for m in world.members]
    await seed_register(world)

    table = await open_full_table(world)
    assert table.status == "playing" and table.state is not None
    assert table.state.dealer == 0  # the seed gives example 1's dealer and belle
    message = world.table_message()
    assert "Est to bid" in message.embeds[0].description

    # every human has a DM naming the server, channel and table
    for seat in range(4):
        dm = last_dm(world, seat)
        text = dm.embeds[0].description
        assert "Le Berry" in text and "#salon" in text and "#1" in dm.embeds[0].title
    # first hand's hand is face down until it looks: a blind call is offered
    est_dm = last_dm(world, 1)
    assert "face down" in est_dm.embeds[0].description
    assert "KH" not in est_dm.embeds[0].description and "J♠" not in est_dm.embeds[0].description
    assert any(cid.endswith(":sp") for cid in custom_ids(est_dm))
    await world.members[1].user.click(est_dm, label="Look at my hand")
    est_dm = last_dm(world, 1)
    assert "J♠" in est_dm.embeds[0].description
    assert not any(cid.endswith(":sp") for cid in custom_ids(est_dm))

    steps = actions()
    for index, (seat, words) in enumerate(steps):
        action = Action.parse(words)
        if index == 2:  # Ouest bids 3 from the public table message
            result = await world.members[seat].click(world.table_message(), label="3")
        else:
            result = await act_in_dm(world, seat, action)
        assert result.acknowledged
        assert not world.env.errors, world.env.errors
    table = live(world)
    assert table.between_hands and table.last is not None

    expected = expected_result()
    assert list(table.last.outcome.net) == expected["payments"]
    # the summary message in the channel
    summary = world.summary()
    embed = summary.embeds[0]
    assert "Sud made it" in embed.title
    payments = next(f.value for f in embed.fields if f.name == "Payments")
    # the three opponents pay alike: one line; the bête in play apart
    assert "Est, Nord and Ouest each pay Sud 28 sous (contract)" in payments
    assert "Est pays Sud 24 sous (bête)" in payments
    assert "Bête crossed out: Est, 24" in next(
        f.value for f in embed.fields if "Register" in f.name
    )

    # the ledger and the register in the database match the engine's replay
    async with world.bot.db.reading() as store:
        ledger = await store.ledger.payments(world.guild.id, GAME.id)
        register = await store.ledger.unpaid_entries(world.guild.id, GAME.id)
    net = dict.fromkeys(ids, 0)
    for p in ledger:
        if p.payer:
            net[p.payer] -= p.amount
        if p.payee:
            net[p.payee] += p.amount
    assert [net[i] for i in ids] == expected["payments"]
    assert [(e.owner, e.amount) for e in register] == [
        (ids[r["owner"]], r["amount"]) for r in expected["register"]
    ]

    # /betes and /scoreboard show them
    result = await world.members[2].slash(world.channel, "betes")
    text = result.response.embeds[0].description
    # each owner by the name the table showed (a mention of a member gone shows an id)
    assert "Sud" in text and "40" in text and "Est" not in text and "<@" not in text
    result = await world.members[2].slash(world.channel, "scoreboard")
    chart = result.response.attachments  # each player's balance, as a picture
    assert [a.filename for a in chart] == [f"scoreboard-{GAME.id}.png"]
    assert (await chart[0].read()).startswith(b"\x89PNG")
    assert result.response.embeds[0].image.url == f"attachment://scoreboard-{GAME.id}.png"
    lines = result.response.embeds[0].description.splitlines()
    assert "Sud" in lines[0] and "+108" in lines[0]
    assert any("Est" in line and "−52" in line for line in lines)

    # the players stop by agreement: the bêtes carry over
    await world.members[3].slash(world.channel, "table stop")
    for member in world.members:
        await member.click(
            world.table_message(), custom_id=str(ComponentId(table.id, table.moves, "stop"))
        )
    assert table.status == "ended"

    # a new bot instance over the same database file: the register carries over
    await world.env.restart_bot(make_bot(db_path))
    other = world.guild.create_text_channel("autre")
    result = await world.members[1].slash(other, "table new hombree")
    embed = result.response.embeds[0]
    carried = next(f.value for f in embed.fields if "carried" in f.name)
    assert "Sud 40" in carried
    assert NAMES[0] in carried

"""The toy game through the real cogs (SimCord): a table opened with its own
subcommand, its deals played from the DMs and with ``/play``, settled and
stored, its buttons answering after a restart; nothing of the core was edited
for it."""

from __future__ import annotations

import json

import aiosqlite

from bot.drawing.render import card_text
from bot.ids import ComponentId
from bot.texts.i18n import LANGS, t
from examples.toy import SPEC
from examples.toy.game import GAME, DealState
from games.cards import cards_of
from tests.cogs.conftest import World, make_bot
from tests.cogs.helpers import last_dm, live
from tests.cogs.test_refusals import refused


async def open_toy_table(world: World, deals: int = 2):
    sud, est = world.members[:2]
    result = await sud.slash(world.channel, "table new toy", deals=deals)
    assert not result.ephemeral
    message = world.table_message()
    lang = live(world).public_lang
    assert message.embeds[0].title.startswith(SPEC.name(lang))
    await est.click(message, label=t(lang, "btn.join"))
    await sud.click(world.table_message(), label=t(lang, "btn.start"))
    return live(world)


async def play_one(world: World, way: int) -> None:
    """The player to act plays their first legal card, from the DM or with ``/play``."""
    table = live(world)
    state = table.state
    assert isinstance(state, DealState) and not state.is_over
    seat = state.turn
    action = state.legal_actions()[0]
    moves, cursor = table.moves, world.env.error_cursor
    member = world.members[seat]
    if way % 2:
        result = await member.slash(world.channel, "play", move=card_text(action.card, "fr"))
        # (the French letters: R♥ is the king of hearts)
    else:
        cid = ComponentId(table.id, moves, "play", str(action.card))
        result = await member.user.click(last_dm(world, seat), custom_id=str(cid))
    assert result.acknowledged and not world.env.errors_since(cursor)
    assert table.moves == moves + 1, f"{action} by seat {seat} was not played"


async def test_the_toy_game_plays_through_the_cogs(world: World) -> None:
    table = await open_toy_table(world)
    assert table.game.id == GAME and len(table.seats) == 2
    for seat in range(2):  # each player got their own three cards in a DM, no others
        lang = world.bot.presenter.player_lang(table, table.seats[seat].player)
        own = {card_text(c, lang) for c in cards_of(table.state.view(seat).hand)}
        description = last_dm(world, seat).embeds[0].description or ""
        assert all(card in description for card in own)
        other = {card_text(c, lang) for c in cards_of(table.state.view(1 - seat).hand)}
        assert not any(card in description for card in other)
    way = 0
    while table.status == "playing":
        if table.between_hands:
            label = t(table.public_lang, "btn.next")
            await world.members[0].click(world.table_message(), label=label)
            continue
        await play_one(world, way)
        way += 1
    assert table.status == "ended" and table.hand_no == 2 and way == 12
    # both deals were settled and stored with their records; the money sums to zero
    async with aiosqlite.connect(world.db_path) as db:
        rows = await (await db.execute("SELECT game, record, result FROM hands")).fetchall()
        nets = await (await db.execute("SELECT SUM(net), COUNT(*) FROM hand_players")).fetchone()
    assert [r[0] for r in rows] == [GAME, GAME]
    assert all(json.loads(r[1])["game"] == GAME and r[2] is None for r in rows)
    assert len(json.loads(rows[0][1])["actions"]) == 6
    assert nets == (0, 4)
    titles = [m.embeds[0].title for m in world.channel.history() if m.embeds]
    assert sum(1 for title in titles if title.startswith(("Coup n°", "Hand #"))) == 2


async def test_a_toy_table_survives_a_restart(world: World, db_path) -> None:
    table = await open_toy_table(world, deals=1)
    await play_one(world, 0)
    seat = table.state.turn
    old_dm = last_dm(world, seat)
    action = table.state.legal_actions()[0]

    await world.env.restart_bot(make_bot(db_path))
    rebuilt = live(world)
    assert rebuilt is not table and rebuilt.moves == table.moves
    cid = ComponentId(rebuilt.id, rebuilt.moves, "play", str(action.card))
    result = await world.members[seat].user.click(old_dm, custom_id=str(cid))
    assert result.acknowledged
    assert rebuilt.moves == table.moves + 1


async def test_the_toy_rules_and_no_register(world: World) -> None:
    sud = world.members[0]
    rules = await sud.slash(world.channel, "rules", game=GAME)
    assert rules.response.embeds[0].title in {t(lang, "rules.toy.overview.title") for lang in LANGS}
    betes = await sud.slash(world.channel, "betes", game=GAME)
    assert betes.ephemeral
    refusals = {t(lang, "error.no_register", game=SPEC.name(lang)) for lang in LANGS}
    refused(world, betes)
    assert betes.response.content in refusals

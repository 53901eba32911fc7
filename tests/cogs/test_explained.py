"""The table explains the hand while it is played: trump on a line of its own, apart
from the belle, and the contract with what it needs and what it is played for."""

from __future__ import annotations

from bot.drawing.render import suit_text
from bot.texts.i18n import t
from games.bete_hombree import Action
from games.bete_hombree.rules import stake
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, last_dm
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_refusals import refused


async def test_trump_and_the_contracts_need_are_said(world):
    table = await open_full_table(world)
    lang = table.public_lang
    steps = actions()
    first_card = next(i for i, (_, words) in enumerate(steps) if words.startswith("play"))
    for seat, words in steps[:first_card]:
        await act_in_dm(world, seat, Action.parse(words))
    contract = table.state.view(0).contract
    assert contract is not None
    embed = world.table_message().embeds[0]
    trump = t(lang, "table.trump", suit=suit_text(contract.trump, lang))
    assert trump in embed.description
    assert t(lang, "table.belle", suit=suit_text(table.state.view(0).belle, lang)) in (
        embed.description
    )
    amount = stake(table.rules, contract.level, contract.belle, contract.matadors)
    key = "contract.need_two" if contract.level == 2 else "contract.need"
    need = t(lang, key, name=table.name(contract.declarer), tricks=contract.level, stake=amount)
    field = next(f.value for f in embed.fields if f.name == t(lang, "table.contract"))
    assert need in field
    # each private hand says it too
    dm = last_dm(world, 1).embeds[0].description
    assert "**" in dm and str(amount) in dm


async def test_the_last_dm_of_a_hand_shows_its_result_and_your_money(world):
    table = await open_full_table(world)
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    assert table.state.is_over and table.last is not None
    renderer = table.game.renderer
    for seat in range(4):
        lang = world.bot.presenter.player_lang(table, table.seats[seat].player)
        text = last_dm(world, seat).embeds[0].description
        title, _, _ = renderer.settlement(table, table.last, lang)
        money = renderer.money(table.last.outcome.net[seat], lang)
        assert title in text
        assert t(lang, "hand.your_money", money=money) in text


async def test_the_calls_come_with_their_meaning(world):
    table = await open_full_table(world)
    lang = table.public_lang
    result = await world.members[3].click(world.table_message(), label="❔")  # anyone may ask
    assert result.ephemeral
    assert result.response.embeds[0].title == t(lang, "rules.bete-hombree.auction.title")


async def test_a_meaning_asked_of_a_topic_no_longer_there_is_refused(world, monkeypatch):
    """The ❔ button names its topic; a click on an older table message whose topic the
    game has since renamed is refused with the game's topics, not shown the overview."""
    table = await open_full_table(world)
    lang = table.public_lang
    message = world.table_message()
    shown = await world.members[3].click(message, label="❔")
    assert shown.response.embeds[0].title == t(lang, "rules.bete-hombree.auction.title")
    renderer = table.game.renderer
    kept = tuple(topic for topic in renderer.rule_topics if topic != "auction")
    monkeypatch.setattr(renderer, "rule_topics", kept)
    result = await world.members[3].click(message, label="❔")
    overview = t(lang, "rules.bete-hombree.overview.title")
    refused(world, result, "auction", overview)

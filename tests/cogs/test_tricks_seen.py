"""Every card played is seen: the trick on the table says who leads and who is
winning, the last trick taken stays beside the next one, and *Tricks* shows every
trick of the hand so far, privately, with who took it."""

from __future__ import annotations

from bot.drawing.render import RESULT_COLOURS, card_text
from bot.texts.i18n import t
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, live
from tests.cogs.test_full_hand import open_full_table


def trick_field(world) -> str:
    embed = world.table_message().embeds[0]
    return next(f.value for f in embed.fields if f.name.startswith(("Pli", "Trick")))


async def test_the_table_shows_the_trick_and_the_last_trick_taken(world):
    table = await open_full_table(world)
    lang = table.public_lang
    steps = actions()
    plays = [i for i, (_, words) in enumerate(steps) if words.startswith("play")]
    for seat, words in steps[: plays[0] + 1]:  # the auction, the declaration, the lead
        await act_in_dm(world, seat, Action.parse(words))
    leader = steps[plays[0]][0]
    field = trick_field(world)
    assert t(lang, "table.trick_leads", name=table.name(leader)) in field
    assert t(lang, "table.trick_winning", name=table.name(leader)) in field

    for seat, words in steps[plays[0] + 1 : plays[4] + 1]:  # the first trick, and a lead
        await act_in_dm(world, seat, Action.parse(words))
    first = table.state.view(0).tricks_played[0]
    field = trick_field(world)
    cards = " ".join(card_text(c, lang) for _, c in first.cards)
    last = t(lang, "table.last_trick", number=1, cards=cards, name=table.name(first.winner))
    assert last in field  # the whole first trick, the card that closed it included
    assert card_text(Action.parse(steps[plays[4]][1]).card, lang) in field  # the new lead


async def test_tricks_played_while_the_table_was_not_edited_are_all_shown(world):
    """Tricks taken while the table message was not edited (as while an edit is on its
    way) are each shown by its next version, not only the last of them."""
    table = await open_full_table(world)
    lang = table.public_lang
    steps = actions()
    plays = [i for i, (_, words) in enumerate(steps) if words.startswith("play")]
    for seat, words in steps[: plays[4]]:  # up to the first trick taken
        await act_in_dm(world, seat, Action.parse(words))
    assert len(table.state.view(0).tricks_played) == 1
    for seat, words in steps[plays[4] : plays[12] + 1]:  # two tricks and a lead, unseen
        await world.bot.service.act(
            table.id, table.seats[seat].player, Action.parse(words), table.moves
        )
    await world.bot.presenter.after_change(live(world))
    await world.env.settle()
    taken = live(world).state.view(0).tricks_played
    assert len(taken) == 3
    field = trick_field(world)
    for number, trick in enumerate(taken[1:], start=2):
        cards = " ".join(card_text(c, lang) for _, c in trick.cards)
        name = table.name(trick.winner)
        assert t(lang, "table.last_trick", number=number, cards=cards, name=name) in field
    assert t(lang, "table.last_trick", number=1, cards="", name="").split(":")[0] not in field
    # and once shown, the next version shows the last trick only, as before
    seat, words = steps[plays[12] + 1]
    await act_in_dm(world, seat, Action.parse(words))
    assert t(lang, "table.last_trick", number=2, cards="", name="").split(":")[0] not in (
        trick_field(world)
    )


async def test_the_tricks_button_lists_every_trick_taken(world):
    table = await open_full_table(world)
    steps = actions()
    for seat, words in steps:
        if live(world).state.is_over:
            break
        await act_in_dm(world, seat, Action.parse(words))
    played = table.state.view(0).tricks_played
    assert len(played) == 5
    result = await world.members[2].click(world.table_message(), label="Tricks")
    assert result.ephemeral
    text = result.response.embeds[0].description
    lang = "en"
    for number, trick in enumerate(played, start=1):
        cards = " ".join(card_text(c, lang) for _, c in trick.cards)
        name = table.name(trick.winner)
        assert t(lang, "table.last_trick", number=number, cards=cards, name=name) in text


async def test_the_summary_is_coloured_by_its_result(world):
    table = await open_full_table(world)
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    assert table.last is not None and table.last.outcome.made  # example 1: South makes it
    summaries = [m for m in world.channel.history() if m.embeds and m.id != table.row.message_id]
    assert summaries and summaries[-1].embeds[0].colour == RESULT_COLOURS[True]
    assert RESULT_COLOURS[True] != RESULT_COLOURS[False]


async def test_the_hand_s_last_trick_stays_on_the_table_under_its_own_heading(world):
    table = await open_full_table(world)
    lang = table.public_lang
    for seat, words in actions():
        if live(world).state.is_over:
            break
        await act_in_dm(world, seat, Action.parse(words))
    taken = live(world).state.view(0).tricks_played
    embed = world.table_message().embeds[0]
    heading = t(lang, "table.tricks_done", count=1)
    [field] = [f.value for f in embed.fields if f.name == heading]
    cards = " ".join(card_text(c, lang) for _, c in taken[-1].cards)
    name = table.name(taken[-1].winner)
    assert t(lang, "table.last_trick", number=len(taken), cards=cards, name=name) in field
    assert not [f for f in embed.fields if f.name == t(lang, "table.trick", number=len(taken))]

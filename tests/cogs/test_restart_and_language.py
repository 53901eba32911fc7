"""Persistent buttons across a restart, one edit per action, and a hand played in French."""

from __future__ import annotations

from games.bete_hombree import Action
from tests.bot.example import actions, expected_result
from tests.cogs.conftest import make_bot, seed_register
from tests.cogs.helpers import act_in_dm, hand_paths, last_dm, live
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_refusals import refused as refused_with


def edits(world, start: int) -> list[str]:
    return [r.path for r in world.env.http_requests[start:] if r.method == "PATCH"]


async def test_a_card_edits_the_table_once_and_each_other_private_hand_once(world):
    table = await open_full_table(world)
    steps = actions()
    for seat, words in steps[:11]:
        await act_in_dm(world, seat, Action.parse(words))
    start = len(world.env.http_requests)
    seat, words = steps[11]  # Nord plays K♠ on Est's A♠: Ouest is next
    await act_in_dm(world, seat, Action.parse(words))
    table_path = f"/channels/{world.channel.id}/messages/{table.row.message_id}"
    # Nord's own DM is redrawn by the answer to his click; every other private hand
    # shows the new trick and whose turn it is (one edit each, none twice)
    others = {other: last_dm(world, other) for other in range(4) if other != seat}
    made = edits(world, start)
    assert len(made) == 4 and made.count(table_path) == 1
    for other in others:
        assert sum(path in hand_paths(world, table, other) for path in made) == 1, other
    for other, dm in others.items():
        text = str(dm.embeds[0].description)
        assert "Trick so far: Est A♠ · Nord K♠" in text.replace("**", "")
        assert ("It is Ouest's turn" in text) == (other != 3)


async def test_buttons_answer_after_a_restart_mid_hand(world, db_path):
    await seed_register(world)
    table = await open_full_table(world)
    steps = actions()
    for seat, words in steps[:13]:
        await act_in_dm(world, seat, Action.parse(words))
    old_dm = last_dm(world, steps[13][0])  # sent by the bot before the restart

    await world.env.restart_bot(make_bot(db_path))
    rebuilt = live(world)
    assert rebuilt is not table and rebuilt.moves == table.moves
    seat, words = steps[13]
    user = world.members[seat].user
    result = await user.click(old_dm, label="K♥")  # the persistent button still answers
    assert result.acknowledged and not result.ephemeral
    assert rebuilt.moves == table.moves + 1
    for seat, words in steps[14:]:
        await act_in_dm(world, seat, Action.parse(words))
    assert rebuilt.last is not None
    assert list(rebuilt.last.outcome.net) == expected_result()["payments"]


async def test_a_hand_in_french(world, french):
    await seed_register(world)
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree")
    message = world.table_message()
    assert message.embeds[0].title == "La Bête Hombrée — table n° 1"
    for member in world.members[1:]:
        await member.click(message, label="S'asseoir")
    await sud.click(world.table_message(), label="Commencer")
    est_dm = last_dm(world, 1)
    assert "face cachée" in est_dm.embeds[0].description
    await world.members[1].user.click(est_dm, label="Regarder ma main")
    assert "V♠ A♠ A♦ 9♦ A♣" in last_dm(world, 1).embeds[0].description
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    summary = world.summary().embeds[0]
    assert summary.title == "Coup n° 1 : Sud a gagné"
    assert any("Est paie 24 sous à Sud (bête)" in f.value for f in summary.fields)
    table = world.table_message().embeds[0]
    assert "Coup n° 1 réglé" in table.description
    result = await world.members[2].click(world.table_message(), label="Coup suivant")
    assert result.acknowledged and live(world).hand_no == 2
    assert "Prends" not in (result.response.embeds[0].description or "")


async def test_a_server_may_choose_french_for_its_public_messages(world):
    sud = world.members[0]
    result = await sud.slash(world.channel, "table new hombree", language="fr")
    assert result.response.embeds[0].title == "La Bête Hombrée — table n° 1"
    shown = await sud.click(world.table_message(), label="Règles")  # private: the user's locale
    assert shown.response.embeds[0].title == "La Bête Hombrée — in short"
    board = await sud.slash(world.channel, "scoreboard")
    assert board.response.embeds[0].title == "Classement — La Bête Hombrée · depuis toujours"


async def test_a_player_not_heard_from_yet_reads_the_table_s_language(world):
    """A seat whose language the bot never saw (a kept match's players join with the
    one who takes it up, without a click of theirs) reads its private hand in the
    table's language, not the bot's default."""
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", language="en")
    table = live(world)
    presenter = world.bot.presenter
    assert presenter.default_language == "fr" and table.public_lang == "en"
    await world.members[1].click(world.table_message(), label="Join")
    joined = table.seats[1]
    joined.lang = ""  # as a kept match's seat joins
    presenter.shown(table).locales.pop(joined.player, None)
    assert presenter.player_lang(table, joined.player) == "en"


async def test_a_refused_table_keeps_the_servers_language(world):
    """``/table new … language:`` refused (its author sits at another table) changes
    nothing: the server's public messages keep their language."""
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree", language="fr")
    other = world.guild.create_text_channel("autre")
    refused = await sud.slash(other, "table new bete", language="en")
    refused_with(world, refused, "already sit")
    assert world.bot.service.in_channel(other.id) is None
    assert await world.bot.service.guild_language(world.guild.id) == "fr"
    third = world.guild.create_text_channel("troisieme")
    opened = await world.members[1].slash(third, "table new bete")  # no language: the server's
    assert opened.response.embeds[0].title == "La Bête — table n° 2"

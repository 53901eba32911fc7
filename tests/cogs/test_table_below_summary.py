"""The summary and the table message stay together: after each summary the table
message is posted again below it (the old one deleted), so that the channel's latest
message is the table and its *Next hand* button, just under the summary; the summary's
footer says who deals next and names no button, which would be stale once the next hand
is dealt."""

from __future__ import annotations

import pytest

from bot.game import TableGame
from bot.texts.i18n import LANGS, game_text, t
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.bot.offered import offered_games
from tests.cogs.helpers import act_in_dm, labels, live
from tests.cogs.test_full_hand import open_full_table


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_footer_names_no_button(game: TableGame, lang: str) -> None:
    footer = game_text(game.id, lang, "summary.next", name="Arthur")
    assert "Arthur" in footer
    for button in ("btn.next", "btn.hand"):
        assert game_text(game.id, lang, button) not in footer


async def test_the_table_comes_below_each_summary(world):
    table = await open_full_table(world)
    first = table.row.message_id
    for seat, words in actions():
        await act_in_dm(world, seat, Action.parse(words))
    await world.env.settle()
    table = live(world)
    history = world.channel.history()
    # the table, posted again, is the latest message, the summary just above it
    assert history[-1].id == table.row.message_id != first
    assert "Next hand" in labels(history[-1])
    summary = history[-2]
    assert summary.id == world.summary().id and "made it" in summary.embeds[0].title
    assert first not in {m.id for m in history}, "the old table message stays up the channel"
    assert table.session is not None
    assert summary.embeds[0].footer.text == t("en", "summary.next", name=table.name(1))
    assert table.name(table.session.dealer) == table.name(1)

    # the next hand: the table message stays the latest, edited where it is
    await world.members[0].click(world.table_message(), label="Next hand")
    await world.env.settle()
    assert world.channel.history()[-1].id == live(world).row.message_id == table.row.message_id


async def test_table_show_posts_the_table_again_at_the_bottom(world):
    table = await open_full_table(world)
    first = table.row.message_id
    # anyone in the channel may ask, seated or not
    passer_by = world.guild.add_member(world.env.create_user("Passant"))
    answer = await passer_by.slash(world.channel, "table show")
    assert answer.ephemeral and f"<#{world.channel.id}>" in answer.response.content
    await world.env.settle()
    history = world.channel.history()
    assert history[-1].id == live(world).row.message_id != first
    assert first not in {m.id for m in history}, "the old table message stays up the channel"
    assert "My hand" in labels(history[-1])
    # asked again at once: answered, and the table is not posted once more
    again = await world.members[2].slash(world.channel, "table show")
    await world.env.settle()
    assert again.ephemeral and live(world).row.message_id == history[-1].id
    assert [m.id for m in world.channel.history()] == [m.id for m in history]

"""Cards as pictures through the cogs: each private hand holds a picture of its own
cards, kept (not uploaded again) while the cards do not change; the table message
holds the trick once a card is played; the summary the whole hand."""

from __future__ import annotations

from bot.drawing.render import cards_text
from bot.texts.i18n import t
from games.bete_hombree import Action
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm, last_dm
from tests.cogs.test_full_hand import open_full_table


def picture_of(message) -> tuple[str, str, str]:
    """(attachment id, file name, alt text) of the one picture a message holds."""
    (attachment,) = message.attachments
    assert message.embeds[0].image.url.endswith(attachment.filename)
    return str(attachment.id), attachment.filename, attachment.description or ""


async def test_private_hands_and_the_table_show_pictures_uploaded_once(world):
    table = await open_full_table(world)
    steps = actions()
    kept = changed = 0
    seen: dict[int, tuple[str, str, str]] = {}
    for seat, words in steps:
        await act_in_dm(world, seat, Action.parse(words))
        if table.state.is_over:
            break
        for other in range(4):
            message = last_dm(world, other)
            view = table.state.view(other)
            if view.face_down or not view.cards:  # not looked at yet, or all played: no picture
                assert not message.attachments and message.embeds[0].image.url is None
                continue
            shown = picture_of(message)
            lang = world.bot.presenter.player_lang(table, table.seats[other].player)
            # the picture says in words which cards it shows: this seat's own
            words = t(lang, "hand.cards", cards=cards_text(view.cards, lang))
            assert shown[2] == words.replace("**", "")
            before = seen.get(other)
            if before is not None and before[1] == shown[1]:
                assert before[0] == shown[0]  # the same picture: the same upload, kept
                kept += 1
            elif before is not None:
                changed += 1
            seen[other] = shown
    assert kept > 0 and changed > 0
    played = [w for _, w in steps if w.startswith("play")]
    assert played  # the example hand is played out: the table held the trick
    summary = [m for m in world.channel.history() if m.embeds and m.attachments]
    names = {a.filename.split("-")[0] for m in summary for a in m.attachments}
    assert "tricks" in names  # the summary: the whole hand, trick by trick
    assert "hand" not in names  # no private hand ever in the channel

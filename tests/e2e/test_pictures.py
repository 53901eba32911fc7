"""Cards as pictures, through the real bot process and the fake Discord: the table
message shows the trick as an attached PNG, each private hand its own cards, the
summary the whole hand; a picture is uploaded once and kept by later edits; with
``pictures:False`` no message carries a file."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from tests.e2e.fake import BotProcess, FakeDiscord, Sent
from tests.e2e.players import TablePlayers

PNG = b"\x89PNG\r\n\x1a\n"


def images(sent: Sent) -> list[dict]:
    return [e["image"] for e in sent.payload.get("embeds", []) if e.get("image")]


def files(sent: Sent) -> list[dict]:
    return list(sent.payload.get("attachments") or [])


async def seated(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> tuple[BotProcess, TablePlayers]:
    """The bot, dealing seeded hands, and four players about to open a table."""
    bot = make_bot(module="tests.e2e.seeded_bot", env={"BETE_TABLE_SEED": "1792"})
    await bot.start()
    users = [server.add_user(name) for name in ("arthur", "bertrand", "edmond", "gaston")]
    return bot, TablePlayers(server, users)


async def test_pictures_are_attached_cached_and_private(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated(server, make_bot)
    await players.play(1)
    await players.finish()
    assert "Traceback" not in bot.output()
    assert server.problems() == []

    shown = [s for s in server.log if s.kind in ("message.create", "message.edit")]
    # every image an embed shows is a file of its own message, a real PNG kept by the fake
    for sent in shown:
        names = {a["filename"]: a for a in files(sent)}
        for image in images(sent):
            attachment = names[image["filename"]]
            assert image["url"] == attachment["url"]
            data = server.attachment_data[int(attachment["id"])]
            assert data.startswith(PNG) and len(data) == attachment["size"]
            assert attachment.get("description"), "a picture says in words what it shows"

    kinds = {(s.audience is None, a["filename"].split("-")[0]) for s in shown for a in files(s)}
    assert (True, "trick") in kinds  # the table: the trick and the last trick
    assert (False, "hand") in kinds  # the private hands
    assert (True, "hand") not in kinds  # a hand's picture never reaches the channel
    summaries = [
        s
        for s in shown
        if s.audience is None and any(a["filename"].startswith("tricks-") for a in files(s))
    ]
    assert summaries, "the summary shows the whole hand, trick by trick"
    assert summaries[0].payload["attachments"][0]["description"].count("→") == 5  # 5 tricks

    # uploaded once, then kept: far fewer files than messages showing one, and some
    # edits show the very attachment (same id) the message already held
    uploads = len(server.attachment_data)
    showing = sum(1 for s in shown if images(s))
    assert uploads < showing, (uploads, showing)
    kept = 0
    for message_id in {s.message_id for s in shown}:
        versions = [s for s in shown if s.message_id == message_id and files(s)]
        kept += sum(1 for a, b in pairwise(versions) if files(a)[0]["id"] == files(b)[0]["id"])
    assert kept > 0


async def test_pictures_off_sends_text_only(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot, players = await seated(server, make_bot)
    await players.open(pictures=False)
    await players.play_hand()
    await players.finish()
    assert "Traceback" not in bot.output()
    shown = [s for s in server.log if s.kind in ("message.create", "message.edit")]
    assert shown and not any(files(s) or images(s) for s in shown)
    assert server.attachment_data == {}
    played = [m.arg for m in players.moves if m.verb == "play"]
    assert len(played) == 20  # the seeded hand is played out, in text only

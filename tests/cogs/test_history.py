"""``/history``: the server's last settled hands, each with its record attached as a
JSON file that replays to the settled result (for a manager who did not play it: the
record holds every card dealt); a hand in progress is never there."""

from __future__ import annotations

import json

from db import HandSeat
from games.bete_hombree import Action
from games.registry import game as registered
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm
from tests.cogs.test_full_hand import open_full_table
from tests.cogs.test_moderation import moderator
from tests.cogs.test_refusals import refused


async def test_history_gives_each_hand_and_its_record(world):
    sud = world.members[0]
    empty = await sud.slash(world.channel, "history")
    assert empty.ephemeral and not empty.response.attachments
    table = await open_full_table(world)
    steps = actions()
    for seat, words in steps:
        await act_in_dm(world, seat, Action.parse(words))
    assert table.state.is_over and table.last is not None
    settled = list(table.last.outcome.net)
    await sud.click(world.table_message(), label="Next hand")  # a hand in progress now

    # Sud played it: the hand trick by trick, but not its record (every card dealt)
    mine = await sud.slash(world.channel, "history")
    assert mine.ephemeral and [f.filename[-4:] for f in mine.response.attachments] == [".png"]
    assert "go only to members who can manage the server" in mine.response.embeds[0].description
    # a manager who did not play it, a referee, gets its record too
    shown = await moderator(world).slash(world.channel, "history")
    assert shown.ephemeral
    files = shown.response.attachments
    assert len(files) == 2 and files[0].filename.endswith(".json")
    assert "manage the server" not in shown.response.embeds[0].description
    # and the hand trick by trick, as a picture replayed from that record
    picture = files[1]
    assert picture.filename.startswith("tricks-") and picture.filename.endswith(".png")
    assert (await picture.read()).startswith(b"\x89PNG")
    assert shown.response.embeds[1].image.url.endswith(picture.filename)
    record = json.loads(await files[0].read())
    assert record["game"] == table.game.id and len(record["actions"]) == len(steps)
    result = registered(record["game"]).replay(record)  # as python -m games replay does
    assert result["payments"] == settled
    text = shown.response.embeds[0].description
    assert f"Sud {table.game.renderer.money(settled[0], 'en')}" in text

    stranger = world.guild.add_member(world.env.create_user("Passant"))
    theirs = await sud.slash(world.channel, "history", player=stranger)
    assert not theirs.response.attachments
    only_bete = await sud.slash(world.channel, "history", game="bete")
    assert not only_bete.response.attachments


async def test_older_hands_are_on_later_pages(world):
    """Only the five newest hands fitted: a hand further back, and its number for
    ``review:``, could not be reached. Twelve hands are three pages, each saying which
    and how to reach the next; a page past the last is refused."""
    ids = [str(m.id) for m in world.members]
    async with world.bot.db.transaction() as store:
        for hand_no in range(1, 13):
            game = "bete-hombree" if hand_no % 2 else "hombre"
            await store.ledger.insert_hand(
                guild_id=world.guild.id,
                game=game,
                table_id=None,
                hand_no=hand_no,
                record={"game": game},
                declarer=None,
                made=None,
                players=[HandSeat(player, f"P{n}", 0) for n, player in enumerate(ids)],
            )
    sud = world.members[0]
    first = (await sud.slash(world.channel, "history")).response.embeds[0]
    assert first.title == "History — page 1 of 3" and "/history page:2" in first.footer.text
    last = (await sud.slash(world.channel, "history", page=3)).response.embeds[0]
    assert last.title == "History — page 3 of 3" and not last.footer.text
    assert last.description.count("`#") == 2 and "`#1`" in last.description  # the oldest
    refused(world, await sud.slash(world.channel, "history", page=4), "3 pages in all")
    # a game as typed: La Bête Hombrée's six hands, two pages
    typed = (await sud.slash(world.channel, "history", game="hombree")).response.embeds[0]
    assert typed.title == "History — page 1 of 2"


async def test_the_next_page_keeps_the_choices_and_nothing_found_says_for_what(world):
    """``/history player:@Est`` on two pages points to its own page 2, not the whole
    server's; a game with no hand says nothing of it is settled, not that nothing is; a
    page asked of an empty history is not "1 page in all"."""
    sud, est, nord = world.members[:3]
    refused(world, await sud.slash(world.channel, "history", page=2), "Nothing settled here")
    async with world.bot.db.transaction() as store:
        for hand_no in range(1, 8):  # seven hands of Est's among thirteen
            for players in ([sud, est, nord], [sud, nord, world.members[3]]):
                if hand_no == 7 and est not in players:
                    continue
                await store.ledger.insert_hand(
                    guild_id=world.guild.id,
                    game="bete",
                    table_id=None,
                    hand_no=hand_no,
                    record={"game": "bete"},
                    declarer=None,
                    made=None,
                    players=[HandSeat(str(m.id), m.name, 0) for m in players],
                )
    mine = (await sud.slash(world.channel, "history", player=est)).response.embeds[0]
    assert mine.title == "History — page 1 of 2"
    assert mine.footer.text == f"Older ones: /history player:@{est.user.name} page:2"
    none = (await sud.slash(world.channel, "history", game="besigue")).response.embeds[0]
    assert "game:besigue" in none.description and "Nothing settled here yet" in none.description

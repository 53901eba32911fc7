"""``/history``: the server's last settled hands, each with its record attached as a
JSON file that replays to the settled result; a hand in progress is never there."""

from __future__ import annotations

import json

from games.bete_hombree import Action
from games.registry import game as registered
from tests.bot.example import actions
from tests.cogs.helpers import act_in_dm
from tests.cogs.test_full_hand import open_full_table


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

    shown = await sud.slash(world.channel, "history")
    assert shown.ephemeral
    files = shown.response.attachments
    assert len(files) == 2 and files[0].filename.endswith(".json")
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

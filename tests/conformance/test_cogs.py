"""Every game offered plays a short table through the real cogs under SimCord: opened
with its ``/table new`` subcommand, joined and started with the table's buttons, each
move a choice of ``/play``'s autocomplete typed into ``/play``, the next deal by its
button, ``/table stop`` after the first deal (and everyone's *Stop now* at once if the
game stops at its own pace); the bot restarts once in the first deal, its table coming
back as it stood. After every change the table message and the summary as
Discord holds them name no card a seat holds unseen, and the bot answers every
interaction without an error."""

from __future__ import annotations

import random
import zlib

import discord
import pytest

from bot.drawing.render import ended_text
from bot.game import TableGame
from bot.games import table_games
from bot.texts.i18n import game_text, t
from tests.cogs.conftest import World, make_bot
from tests.cogs.helpers import live
from tests.cogs.test_closed_hands import seated
from tests.conformance.checks import snapshot
from tests.conformance.run import MAX_DEALS
from tests.conformance.watch import PublicCards, embed_strings, line_cards

LANG = "en"  # SimCord's users click in English


def message_strings(message: discord.Message, log_field: str) -> tuple[list[str], list[str]]:
    """A message's strings (content, embeds, buttons' labels and ids), and apart from them
    its log field's (whose lines of an earlier deal name that deal's cards)."""
    strings, log = [message.content or ""], []
    for embed in message.embeds:
        log += [f.value or "" for f in embed.fields if f.name == log_field]
        strings += [s for s in embed_strings(embed) if s not in log]
    for row in message.components:
        for item in getattr(row, "children", [row]):
            strings += [str(getattr(item, key, None) or "") for key in ("label", "custom_id")]
    return strings, log


def leaks(world: World, knowledge: PublicCards, summaries: int) -> list[str]:
    """What the table message, and a summary posted since the last look, name unseen."""
    table = live(world)
    knowledge.observe(table)
    log_field = t(table.public_lang, "table.log")
    strings, log = message_strings(world.table_message(), log_field)
    found = knowledge.leaks(strings) + knowledge.leaks(log, old_lines=True)
    posts = [m for m in world.channel.history() if m.embeds and m.id != table.row.message_id]
    for post in posts[summaries:]:
        found += knowledge.leaks(message_strings(post, log_field)[0])
    return found


@pytest.mark.parametrize("game", table_games(), ids=lambda game: game.id)
async def test_a_short_table_of_each_game_through_the_cogs(world: World, game: TableGame) -> None:
    rng = random.Random(zlib.crc32(game.id.encode()))
    table = await seated(world, game)
    _, lines = game.port.start(table.players, table.row.seed, table.rules)
    knowledge = PublicCards(line_cards(lines))
    members = world.members[: len(table.seats)]
    summaries, found, agreed = 0, leaks(world, knowledge, 0), False
    moves, restart_at = 0, rng.randrange(1, 4)
    while table.status != "ended":
        assert table.hand_no <= MAX_DEALS, f"{game.id}: not ended after {MAX_DEALS} deals"
        if table.between_hands:
            if not table.session.stop_requested:
                await members[0].slash(world.channel, "table stop")
            elif not agreed:  # a game that stops at its own pace: everyone agrees now
                agreed = True
                for seat, member in enumerate(members):
                    label = t(LANG, "btn.stop_now", count=seat, total=len(members))
                    await member.click(world.table_message(), label=label)
            else:
                label = game_text(game.id, LANG, "btn.next")
                await rng.choice(members).click(world.table_message(), label=label)
        else:
            member = members[table.state.turn]
            choices = await member.autocomplete(world.channel, "play", "move", "")
            assert choices, f"{game.id}: /play offers nothing to the seat to act"
            move = rng.choice(choices)["value"]
            await member.slash(world.channel, "play", move=move)
            moves += 1
            if moves == restart_at:  # the bot restarts: its table comes back as it stood
                await world.env.settle()
                before = snapshot(live(world))
                await world.env.restart_bot(make_bot(world.db_path))
                assert snapshot(live(world)) == before
        await world.env.settle()
        assert not world.env.errors, world.env.errors
        table = live(world) if world.bot.service.tables.get(table.id) else table
        if table.status != "ended":
            found += leaks(world, knowledge, summaries)
            summaries = len([m for m in world.channel.history() if m.embeds]) - 1
    assert not found, found[:5]
    assert moves >= restart_at, "the bot did not restart"
    words = ended_text(table, table.public_lang)  # the table message says it ended
    message = next(m for m in world.channel.history() if m.id == table.row.message_id)
    assert any(words in s for e in message.embeds for s in embed_strings(e))

"""A server whose register of bêtes has grown long (many tables, few bêtes paid): a new
table still opens and starts. Its lobby lists the bêtes it takes over as far as an
embed field holds them (1,024 characters), then says how many more; before, the whole
list went into the field, Discord refused the message, and no table could be opened in
that server at all. Once dealt, the waiting bêtes a table of La Bête or L'Hombre shows
fit their field the same way (before, its message stayed on the lobby, every edit
refused). The line of an ended table does the same, and ``/betes`` shows as many whole
lines as it holds, then how many more."""

from __future__ import annotations

import re

import pytest

from bot.games import table_games
from bot.games.bete_hombree import GAME
from bot.tables.carried import carried_line
from db import HandSeat, NewEntry
from games.register import Entry
from tests.cogs.helpers import last_dm, live
from tests.e2e.fake.limits import message_errors

BETES = 300


GAMES = [g for g in table_games() if g.capabilities.register]


async def seed_long_register(world, game_id: str = GAME.id) -> list[tuple[str, int]]:
    """``BETES`` waiting bêtes in the guild's register, the seated players' and some of
    players gone, oldest first."""
    owners = [(str(m.id), m.name) for m in world.members] + [("42", "Gaston"), ("43", "Hugues")]
    seeded = []
    async with world.bot.db.transaction() as store:
        for number in range(BETES):
            owner, name = owners[number % len(owners)]
            amount = 8 + 4 * (number % 9)
            await store.ledger.add_entry(world.guild.id, game_id, NewEntry(owner, name, amount))
            seeded.append((name, amount))
    return seeded


def carried_field(message):
    embed = message.embeds[0]
    return next(f for f in embed.fields if f.name == "Bêtes carried over")


def assert_discord_takes(message) -> None:
    embed = message.embeds[0].to_dict()
    assert message_errors({"embeds": [embed]}, creating=True) == [], embed


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
async def test_a_long_register_still_opens_a_table(world, game):
    seeded = await seed_long_register(world, game.id)
    sud = world.members[0]
    result = await sud.slash(world.channel, f"table new {game.command.name}")
    assert not result.ephemeral and not world.env.errors, world.env.errors
    message = world.table_message()
    assert_discord_takes(message)
    value = carried_field(message).value
    assert len(value) <= 1024
    assert f"register of bêtes ({BETES})" in value
    more = re.search(r"and (\d+) more \(/betes\)\.$", value)
    assert more is not None, value
    words = value.split(": ", 1)[1].split(", and ")[0].split(", ")
    # the first bêtes of the register, whole, in its order, then the count of the others
    amounts = [game.renderer.amount(amount, "en") for _, amount in seeded]
    names = [name for name, _ in seeded]
    # La Bête Hombrée marks the bête the players seated play for first: the oldest of
    # theirs, Sud's, the register's first
    marked = [w for w in words if w.endswith(" (first in play)")]
    assert marked == ([f"{names[0]} {amounts[0]} (first in play)"] if game is GAME else [])
    # a bête whose owner does not sit here (only Sud does) waits for them (RULES §1.8)
    away = " (waits for its owner to sit)"
    assert all(w.endswith(away) == (n != "Sud") for w, n in zip(words, names, strict=False))
    listed = [w.removesuffix(" (first in play)").removesuffix(away) for w in words]
    assert listed == [f"{n} {a}" for n, a in zip(names, amounts, strict=True)][: len(listed)]
    assert len(listed) + int(more.group(1)) == BETES
    assert len(listed) > 20  # the room is used, not a token few
    shown = live(world).guild_register  # the table takes over all of them
    assert shown is not None and [(e.owner_name, e.amount) for e in shown.view.entries] == seeded

    # and it plays: the waiting bêtes shown at the table fit their field too
    for member in world.members[1 : game.min_seats]:
        await member.click(world.table_message(), label="Join")
    await sud.click(world.table_message(), label="Start")
    assert live(world).status == "playing" and not world.env.errors, world.env.errors
    message = world.table_message()  # the deal is shown (the edit was not refused)
    assert "Bêtes carried over" not in [f.name for f in message.embeds[0].fields]
    assert_discord_takes(message)
    for seat in range(game.min_seats):  # and so do the private hands
        assert_discord_takes(last_dm(world, seat))


async def test_betes_lists_a_long_register_by_whole_lines(world):
    await seed_long_register(world)
    result = await world.members[0].slash(world.channel, "betes")
    assert not world.env.errors, world.env.errors
    lines = result.response.embeds[0].description.splitlines()
    assert len("\n".join(lines)) <= 4096
    # whole lines numbered from 1, then how many more (before: cut inside a line, "…")
    shown = lines[:-1]
    assert [line.split("`")[1] for line in shown] == [f"{n}." for n in range(1, len(shown) + 1)]
    assert all(line.endswith(")") for line in shown)
    assert lines[-1] == f"… and {BETES - len(shown)} more" and len(shown) > 40


async def test_an_ended_tables_line_of_bêtes_fits_too(world):
    await world.members[0].slash(world.channel, "table new hombree")
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    table = live(world)
    entries = [Entry(n, str(world.members[n % 4].id), 8 + n % 5) for n in range(BETES)]
    line = carried_line(table, entries, GAME.renderer.amount, "en")
    assert len(line) <= 1024 and line.startswith("Bêtes carried over: 8 sous (Sud), ")
    more = re.search(r", and (\d+) more \(/betes\)\.$", line)
    assert more is not None, line
    assert line.count(" sous (") + int(more.group(1)) == BETES
    few = carried_line(table, entries[:3], GAME.renderer.amount, "en")
    assert few == "Bêtes carried over: 8 sous (Sud), 9 sous (Est), 10 sous (Nord)."


def assert_discord_takes_all(message) -> None:
    embeds = [embed.to_dict() for embed in message.embeds]
    assert message_errors({"embeds": embeds}, creating=True) == [], embeds


async def test_betes_of_every_game_share_the_room_of_one_message(world):
    """``/betes`` without a game lists every game's register in one message, whose
    embeds Discord takes up to 6,000 characters in all: long registers share that room
    (before, each took 4,096 and the answer was refused)."""
    for game in GAMES:
        await seed_long_register(world, game.id)
    result = await world.members[0].slash(world.channel, "betes")
    assert not world.env.errors, world.env.errors
    message = result.response
    assert len(message.embeds) == len(GAMES)
    assert_discord_takes_all(message)
    for embed in message.embeds:
        lines = embed.description.splitlines()
        more = re.fullmatch(r"… and (\d+) more", lines[-1])
        assert more is not None and len(lines) - 1 + int(more.group(1)) == BETES
        assert len(lines) > 10  # each keeps a fair share


async def test_the_scoreboard_of_every_game_shares_the_room_of_one_message(world):
    """``/scoreboard`` without a game ranks every game played in one message: twenty
    players of long names in each fit Discord's 6,000 characters, the lines each game
    cannot show counted."""
    players = [(str(10**17 + n), f"Marie-Amélie de La Rochefoucauld{n:02d}") for n in range(20)]
    money = [g for g in table_games() if g.capabilities.money]
    async with world.bot.db.transaction() as store:
        for game in money:
            for number, (player, _) in enumerate(players):
                seats = [HandSeat(p, name, 5 if p == player else -1) for p, name in players]
                await store.ledger.insert_hand(
                    guild_id=world.guild.id, game=game.id, table_id=None, hand_no=number,
                    record={}, declarer=player, made=number % 2 == 0, players=seats,
                )  # fmt: skip
    result = await world.members[0].slash(world.channel, "scoreboard")
    assert not world.env.errors, world.env.errors
    message = result.response  # with each game's chart (the series of its hands)
    assert len(message.embeds) == len(money) and message.attachments
    assert_discord_takes_all(message)
    for embed in message.embeds:
        lines = embed.description.splitlines()
        more = re.fullmatch(r"… and (\d+) more", lines[-1])
        assert more is not None and len(lines) - 1 + int(more.group(1)) == len(players)

"""A lobby shows the server's register of bêtes and pot as they stand (RULES.md §1.8:
they belong to the server and carry over between its tables), not as they stood when it
opened. A hand settled at another table of the server and game redraws it; so does a
restart.

Before, the lobby drew the register and pot its ``open`` event had kept: once another
table's hand had crossed out the pinandèle and taken the pot, the lobby still offered
them, even redrawn after a Join, while ``/betes`` said there were none."""

from __future__ import annotations

from typing import Any

from bot.games.bete_hombree import GAME
from db import NewEntry
from games.bete_hombree import Action
from tests.cogs.conftest import make_bot, seed_register
from tests.cogs.helpers import act_in_dm, live

CARRIED = "This table starts from the server's register of bêtes"


async def open_lobby_elsewhere(world) -> tuple[Any, Any]:
    """A lobby of La Bête Hombrée in another channel, opened by Jean, who sits at no
    other table (the world's four play at the first); the channel and Jean."""
    jean = world.guild.add_member(world.env.create_user("jean", global_name="Jean"))
    other = world.guild.create_text_channel("autre")
    result = await jean.slash(other, "table new hombree")
    assert not result.ephemeral and not world.env.errors, world.env.errors
    return other, jean


def lobby_message(world, channel) -> Any:
    """The table message of ``channel``'s table, as Discord has it now."""
    table = world.bot.service.in_channel(channel.id)
    assert table is not None and table.status == "lobby"
    return next(m for m in channel.history() if m.id == table.row.message_id)


def field(message, name: str) -> str | None:
    return next((f.value for f in message.embeds[0].fields if f.name == name), None)


def betes_said(message) -> str | None:
    """What the lobby says of the register's bêtes (None: that it is empty)."""
    return field(message, "Bêtes carried over")


async def start_the_first_table(world) -> None:
    """The world's four at the first channel's table, dealt example 1's cards."""
    await world.members[0].slash(world.channel, "table new hombree")
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    await world.members[0].click(world.table_message(), label="Start")
    assert live(world).status == "playing"


async def test_a_lobby_shows_what_a_hand_settled_elsewhere_left(world):
    await seed_register(world)  # Est's 24, then Sud's 40
    other, _ = await open_lobby_elsewhere(world)
    assert betes_said(lobby_message(world, other)) == f"{CARRIED} (2): Est 24 sous, Sud 40 sous."
    assert field(lobby_message(world, other), "Pot") is None

    # at the first table everyone passes: each pays 2 sous into the pot, and a pinandèle
    # of 8 is written
    await start_the_first_table(world)
    while live(world).in_deal:
        assert (await act_in_dm(world, live(world).to_act, Action.parse("pass"))).acknowledged
    async with world.bot.db.reading() as store:
        assert await store.ledger.pot_parts(world.guild.id, GAME.id) == {"": 8}
    after = f"{CARRIED} (3): Est 24 sous, Sud 40 sous, pinandèle 8 sous."
    message = lobby_message(world, other)  # redrawn with nothing clicked at its table
    assert betes_said(message) == after
    assert field(message, "Pot") == "8 sous"
    assert not world.env.errors, world.env.errors

    # and a Join's answer draws it the same way, as /betes lists it
    marie = world.guild.add_member(world.env.create_user("marie", global_name="Marie"))
    answer = await marie.click(lobby_message(world, other), label="Join")
    assert betes_said(answer.response) == after and field(answer.response, "Pot") == "8 sous"
    listing = (await marie.slash(other, "betes")).response.embeds[0].description
    assert [line.split(" — ")[0] for line in listing.splitlines()] == [
        "`1.` Est",
        "`2.` Sud",
        "`3.` pinandèle",
    ]


async def test_a_lobby_shows_the_register_as_it_stands_after_a_restart(world, db_path):
    """The register changed while the bot was away (a hand settled elsewhere whose
    redraw never reached Discord, say): the rebuilt lobby reads it again, and its
    message shows it without waiting for a click."""
    await seed_register(world)
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree")
    before = f"{CARRIED} (2): Est 24 sous, Sud 40 sous."
    assert betes_said(world.table_message()) == before
    async with world.bot.db.transaction() as store:
        await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(None, "", 8))
        await store.ledger.set_pot_part(world.guild.id, GAME.id, "", 8)

    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    message = world.table_message()
    assert betes_said(message) == f"{CARRIED} (3): Est 24 sous, Sud 40 sous, pinandèle 8 sous."
    assert field(message, "Pot") == "8 sous"
    assert not world.env.errors, world.env.errors

"""A lobby shows the server's register of bêtes and pot as they stand (RULES.md §1.8:
they belong to the server and carry over between its tables), not as they stood when it
opened. A hand settled at another table of the server and game redraws it; so does a
deal there (the bête that hand holds is marked in play at that table, and the share of
the pot it may take) and that table's end (the bête let go); so does a restart. The
bête the players seated would play for first is marked, as their first deal would
choose it.

Before, the lobby drew the register and pot its ``open`` event had kept: once another
table's hand had crossed out the pinandèle and taken the pot, the lobby still offered
them, even redrawn after a Join, while ``/betes`` said there were none."""

from __future__ import annotations

from typing import Any

from bot.games.bete_hombree import GAME
from bot.ids import ComponentId
from db import NewEntry
from games.bete_hombree import Action
from tests.cogs.conftest import make_bot, seed_register
from tests.cogs.helpers import act_in_dm, live

CARRIED = "This table starts from the server's register of bêtes"
AWAY = "(waits for its owner to sit)"  # a bête whose owner does not sit here (§1.8)


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
    return field_of(message.embeds[0], name)


def field_of(embed, name: str) -> str | None:
    return next((f.value for f in embed.fields if f.name == name), None)


def betes_said(message) -> str | None:
    """What the lobby says of the register's bêtes (None: that it is empty)."""
    return field(message, "Bêtes carried over")


async def start_the_first_table(world) -> None:
    """The world's four at the first channel's table, dealt example 1's cards: Est's
    bête, the oldest of the seated players', is in play."""
    await world.members[0].slash(world.channel, "table new hombree")
    for member in world.members[1:]:
        await member.click(world.table_message(), label="Join")
    await world.members[0].click(world.table_message(), label="Start")
    assert live(world).status == "playing"


async def test_a_lobby_shows_what_a_hand_settled_elsewhere_left(world):
    await seed_register(world)  # Est's 24, then Sud's 40
    other, _ = await open_lobby_elsewhere(world)
    waiting = f"{CARRIED} (2): Est 24 sous {AWAY}, Sud 40 sous {AWAY}."
    assert betes_said(lobby_message(world, other)) == waiting
    assert field(lobby_message(world, other), "Pot") is None

    # at the first table everyone passes: each pays 2 sous into the pot, and a pinandèle
    # of 8 is written
    await start_the_first_table(world)
    while live(world).in_deal:
        assert (await act_in_dm(world, live(world).to_act, Action.parse("pass"))).acknowledged
    async with world.bot.db.reading() as store:
        assert await store.ledger.pot_parts(world.guild.id, GAME.id) == {"": 8}
    # Jean sits alone: the pinandèle (nobody's) is what his table would play for first
    after = (
        f"{CARRIED} (3): Est 24 sous {AWAY}, Sud 40 sous {AWAY}, pinandèle 8 sous (first in play)."
    )
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


async def test_the_bête_first_in_play_follows_the_players_seated(world):
    """RULES.md §1.8: the oldest bête whose owner is seated (or nobody's) is in play;
    an absent player's waits for them to sit again."""
    await seed_register(world)  # Est's 24, then Sud's 40
    sud, est, nord, _ = world.members
    await nord.slash(world.channel, "table new hombree")  # Nord owes nothing
    alone = f"{CARRIED} (2): Est 24 sous {AWAY}, Sud 40 sous {AWAY}."
    assert betes_said(world.table_message()) == alone
    sud_first = f"{CARRIED} (2): Est 24 sous {AWAY}, Sud 40 sous (first in play)."
    answer = await sud.click(world.table_message(), label="Join")
    assert betes_said(answer.response) == sud_first
    est_first = f"{CARRIED} (2): Est 24 sous (first in play), Sud 40 sous."
    answer = await est.click(world.table_message(), label="Join")  # Est's is the older
    assert betes_said(answer.response) == est_first
    answer = await est.click(world.table_message(), label="Leave")  # it waits for Est again
    assert betes_said(answer.response) == sud_first


async def test_a_bête_in_play_elsewhere_is_marked_until_that_table_ends(world):
    """No deal here would play a bête a hand in progress at another table holds (the
    dealer leaves it out): the lobby says where it is in play, and when that table ends
    with the hand cut short, that it waits again."""
    await seed_register(world)
    other, _ = await open_lobby_elsewhere(world)
    await start_the_first_table(world)  # its deal holds Est's bête
    held = f"{CARRIED} (2): Est 24 sous (in play at table #2), Sud 40 sous {AWAY}."
    assert betes_said(lobby_message(world, other)) == held

    # the four stop at once, by agreement: the hand is not settled, its bête waits again
    table = live(world)
    await world.members[3].slash(world.channel, "table stop")
    for member in world.members:
        stop = ComponentId(table.id, table.moves, "stop")
        await member.click(world.table_message(), custom_id=str(stop))
    assert table.status == "ended"
    waiting = f"{CARRIED} (2): Est 24 sous {AWAY}, Sud 40 sous {AWAY}."
    assert betes_said(lobby_message(world, other)) == waiting
    assert not world.env.errors, world.env.errors


async def test_a_lobby_shows_the_register_as_it_stands_after_a_restart(world, db_path):
    """The register changed while the bot was away (a hand settled elsewhere whose
    redraw never reached Discord, say): the rebuilt lobby reads it again, and its
    message shows it without waiting for a click."""
    await seed_register(world)
    sud = world.members[0]
    await sud.slash(world.channel, "table new hombree")
    before = f"{CARRIED} (2): Est 24 sous {AWAY}, Sud 40 sous (first in play)."
    assert betes_said(world.table_message()) == before
    async with world.bot.db.transaction() as store:
        await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(None, "", 8))
        await store.ledger.set_pot_part(world.guild.id, GAME.id, "", 8)

    await world.env.restart_bot(make_bot(db_path))
    await world.env.settle()
    message = world.table_message()
    assert betes_said(message) == (
        f"{CARRIED} (3): Est 24 sous {AWAY}, Sud 40 sous (first in play), pinandèle 8 sous."
    )
    assert field(message, "Pot") == "8 sous"
    assert not world.env.errors, world.env.errors


async def seed_two_pinandeles(world) -> None:
    """Two pinandèles of 8 sous, nobody's, and their 16 sous in the pot (RULES.md §1.6)."""
    async with world.bot.db.transaction() as store:
        for _ in range(2):
            await store.ledger.add_entry(world.guild.id, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_to_pot(world.guild.id, GAME.id, 16)


async def test_a_lobby_says_the_share_of_the_pot_a_hand_elsewhere_may_take(world):
    """A hand playing for a pinandèle takes its sous from the pot if the contract is
    made, and no deal at another table is dealt with them until that hand ends (the
    dealer leaves them out, as it leaves the pinandèle). The lobby showed the whole pot
    as if it were all to be played for: it says the share in play at that table, and
    its own first deal is dealt with the rest."""
    await seed_two_pinandeles(world)
    other, jean = await open_lobby_elsewhere(world)  # table #1
    assert field(lobby_message(world, other), "Pot") == "16 sous"
    await start_the_first_table(world)  # table #2: the older pinandèle is in play there
    message = lobby_message(world, other)
    assert betes_said(message) == (
        f"{CARRIED} (2): pinandèle 8 sous (in play at table #2), pinandèle 8 sous (first in play)."
    )
    assert field(message, "Pot") == "16 sous\nof which 8 sous in play at table #2"

    # the lobby's four start: their deal plays the other pinandèle, with the other 8 sous
    for name in ("marie", "paul", "luc"):
        member = world.guild.add_member(world.env.create_user(name, global_name=name.title()))
        await member.click(lobby_message(world, other), label="Join")
    await jean.click(lobby_message(world, other), label="Start")
    here = world.bot.service.in_channel(other.id)
    assert here is not None and here.status == "playing"
    assert here.pot_dealt == {"": 8}
    assert here.game.port.busy_entries(here.session, here.state) == {2}  # the newer one
    assert not world.env.errors, world.env.errors


def betes_marks(embed) -> list[str | None]:
    """What ``/betes`` says after each bête's date: where it is in play, if anywhere."""
    return [
        line.split(") — ", 1)[1] if ") — " in line else None
        for line in embed.description.splitlines()
    ]


async def test_betes_marks_the_bêtes_and_the_pot_as_the_lobby_does(world):
    """``/betes`` marked only in a table's channel, and there the bête its players would
    play for in the whole register, "in play" at that table: in a lobby's channel, the
    pinandèle a hand at another table held was said in play at the lobby (whose deal
    would play the other), and away from the tables nothing held was said. It marks as
    the lobby does: each bête a hand in progress holds, at its table; the one a table
    waiting for its next deal would play for first; the share of the pot each hand holds."""
    await seed_two_pinandeles(world)
    other, jean = await open_lobby_elsewhere(world)  # table #1
    await start_the_first_table(world)  # table #2 holds the older pinandèle
    pot = "16 sous\nof which 8 sous in play at table #2"
    embed = (await jean.slash(other, "betes")).response.embeds[0]
    assert betes_marks(embed) == ["**in play at table #2**", "**next in play at table #1**"]
    assert field_of(embed, "Pot") == pot
    async with world.bot.db.transaction() as store:  # a bête of Sud, who sits at table #2
        await store.ledger.add_entry(
            world.guild.id, GAME.id, NewEntry(str(world.members[0].id), "Sud", 12)
        )
    embed = (await jean.slash(other, "betes")).response.embeds[0]
    marks = ["**in play at table #2**", "**next in play at table #1**"]
    assert betes_marks(embed) == [*marks, "waits for its owner to sit at table #1"]
    elsewhere = world.guild.create_text_channel("ailleurs")  # no table there
    for channel in (elsewhere, world.channel):  # nor at table #2, whose hand holds its own
        embed = (await jean.slash(channel, "betes")).response.embeds[0]
        assert betes_marks(embed) == ["**in play at table #2**", None, None]
        assert field_of(embed, "Pot") == pot
    assert not world.env.errors, world.env.errors

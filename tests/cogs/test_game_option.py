"""The ``game:`` option of the boards (``/betes``, ``/scoreboard``, ``/history``,
``/stats``, ``/rules``) takes a game as players name it when they type rather than pick:
the word ``/table new`` teaches them ("hombree"), or its name in either language, case,
accents and spaces aside. An unknown one is refused with the games' words. A bête's
owner is listed by the name the table showed, never by a mention, which for a member
gone from the server shows a bare id."""

from __future__ import annotations

import pytest

from bot.games import game_named, table_games
from db import NewEntry
from tests.cogs.test_refusals import refused

NAMED = [
    ("hombree", "bete-hombree"),
    ("La Bête Hombrée", "bete-hombree"),
    (" BETE ", "bete"),
    ("L'Hombre", "hombre"),
    ("Ombre", "hombre"),
    ("Bezique", "besigue"),
    ("bésigue haïtien", "besigue-haiti"),
    ("Haitian Bésigue", "besigue-haiti"),
]


@pytest.mark.parametrize(("typed", "game"), NAMED)
def test_a_game_is_found_by_any_of_its_names(typed, game):
    assert game_named(typed).id == game


def test_every_game_is_found_by_its_id_its_word_and_its_names():
    for game in table_games():
        for name in (game.id, game.command.name, *game.spec.names.values()):
            assert game_named(name) is game


@pytest.mark.parametrize("command", ["betes", "scoreboard", "history", "stats", "rules"])
async def test_the_boards_take_a_game_typed_by_its_name(world, command):
    member = world.members[0]
    result = await member.slash(world.channel, command, game="La Bête Hombrée")
    assert not world.env.errors and result.response is not None
    text = str([e.to_dict() for e in result.response.embeds]) + (result.response.content or "")
    assert "do not know" not in text, text  # refused before: "I do not understand"
    assert command == "history" or "La Bête Hombrée" in text, text  # history: none yet
    answer = await member.slash(world.channel, command, game="poker")
    refused(world, answer, "“poker”", "hombree, bete, hombre, besigue, besigue-haiti")


async def test_a_bete_of_a_member_gone_is_listed_by_name(world):
    gone = world.guild.add_member(world.env.create_user("gaston", global_name="Gaston"))
    async with world.bot.db.transaction() as store:
        entry = NewEntry(str(gone.id), "Gaston", 24)
        await store.ledger.add_entry(world.guild.id, "bete-hombree", entry)
    world.guild.remove_member(gone)
    result = await world.members[0].slash(world.channel, "betes", game="hombree")
    text = result.response.embeds[0].description or ""
    assert "Gaston" in text and "<@" not in text, text
    assert "<t:" in text  # its day, as each reader's client writes a date


async def test_betes_at_a_table_whose_game_keeps_no_register_lists_every_register(world):
    """``/betes`` with no ``game:`` at a Bésigue table shows the registers the server
    keeps (before, it was refused: Bésigue keeps none); asked for Bésigue, it still
    says so."""
    anne = world.members[0]
    await anne.slash(world.channel, "table new besigue")
    result = await anne.slash(world.channel, "betes")
    assert not world.env.errors and not result.ephemeral, world.env.errors
    registers = [g for g in table_games() if g.capabilities.register]
    titles = [embed.title or "" for embed in result.response.embeds]
    assert len(titles) == len(registers) >= 3
    for game, title in zip(registers, titles, strict=True):
        assert game.spec.name("en") in title, (game.id, title)
    asked = await anne.slash(world.channel, "betes", game="besigue")
    refused(world, asked, "keeps no register of bêtes")

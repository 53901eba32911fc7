"""The command tree: ``/table new <game>`` (one subcommand per game, each with its own
options), ``/play move:``, and the game and topic choices of ``/betes``, ``/scoreboard``
and ``/rules``."""

from __future__ import annotations

import dataclasses

from discord import app_commands

import bot.games
from bot.commands import MIN_TURN_SECONDS
from bot.games import table_games
from bot.texts.i18n import t
from tests.cogs.test_refusals import refused

COMMON = ("turn_time", "computers", "level", "language", "pictures", "hints")


def new_group(world) -> app_commands.Group:
    table = world.bot.tree.get_command("table")
    assert isinstance(table, app_commands.Group)
    new = table.get_command("new")
    assert isinstance(new, app_commands.Group)
    return new


async def test_table_new_has_a_subcommand_per_game_with_its_own_options(world):
    new = new_group(world)
    names = [c.name for c in new.commands]
    assert names[:2] == ["hombree", "bete"] and len(names) == len(table_games())  # a test's last
    table = world.bot.tree.get_command("table")
    assert table is not None and table.get_command("stop") is not None
    for command in new.commands:
        assert isinstance(command, app_commands.Command)
        names = [p.name for p in command.parameters]
        assert "game" not in names
        assert names[-len(COMMON) :] == list(COMMON), command.name
        level = next(p for p in command.parameters if p.name == "level")
        assert [c.value for c in level.choices] == ["strong", "fair"]
    hombree = [p.name for p in new.get_command("hombree").parameters]  # type: ignore[union-attr]
    bete = [p.name for p in new.get_command("bete").parameters]  # type: ignore[union-attr]
    assert "stake_rule" in hombree and "stake_rule" not in bete
    assert "underruff" in bete and "underruff" not in hombree


async def test_each_subcommand_opens_with_its_games_default_rules(world):
    """The subcommand's defaults are the engine's (``Rules()``), and every choice it
    offers is an option value its game reads."""
    new = new_group(world)
    for game in table_games():
        options = game.command.options()  # the game's own options, left as they come
        assert game.spec.options_from(options) == game.spec.options_from({}), game.id
        command = new.get_command(game.command.name)
        assert isinstance(command, app_commands.Command)
        defaults = {p.name: p.default for p in command.parameters if p.name in COMMON}
        assert defaults == {
            "turn_time": 120,
            "computers": 0,
            "level": "strong",
            "language": None,
            "pictures": True,
            "hints": None,  # on when a computer player sits
        }
        computers = next(p for p in command.parameters if p.name == "computers")
        assert computers.max_value == game.max_seats - 1
        for parameter in command.parameters:
            if parameter.name in COMMON:
                continue
            for choice in parameter.choices:
                chosen = game.command.options(**{parameter.name: choice.value})
                changed = game.spec.options_from(chosen)
                assert dataclasses.is_dataclass(changed), (game.id, parameter.name)
                assert changed != game.spec.options_from({}) or choice.value == parameter.default


async def test_table_new_per_game(world):
    sud, est = world.members[0], world.members[1]
    result = await sud.slash(world.channel, "table new hombree", stake_rule="js1984")
    assert not result.ephemeral
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None and table.game.id == "bete-hombree"
    assert table.row.options == {"stake_rule": "js1984"}  # only what differs from the default
    other = world.guild.create_text_channel("autre")
    await est.slash(other, "table new bete", deal_pattern="2-1-2", underruff=True)
    bete = world.bot.service.in_channel(other.id)
    assert bete is not None and bete.game.id == "bete"
    assert bete.row.options == {"deal_pattern": "2-1-2", "bete_must_underruff": True}
    third = world.guild.create_text_channel("troisieme")
    await world.members[2].slash(third, "table new bete", computers=4, level="fair")
    full = world.bot.service.in_channel(third.id)
    assert full is not None and [s.ai for s in full.seats] == [None] + ["heuristic"] * 4


async def test_a_turn_time_too_short_to_play_is_refused(world, french):
    """A turn time of a few seconds would have the computer play a person's deal, money
    at stake, before they read their cards: refused, in words, from 1 to the least
    (0 stays "no limit"), and no table opens."""
    sud = world.members[0]
    for seconds in (1, MIN_TURN_SECONDS - 1):
        result = await sud.slash(world.channel, "table new bete", turn_time=seconds)
        refused(world, result, f"{MIN_TURN_SECONDS} secondes au moins", "0 : sans limite")
        assert world.bot.service.in_channel(world.channel.id) is None
    await sud.slash(world.channel, "table new bete", turn_time=MIN_TURN_SECONDS)
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None and table.row.turn_seconds == MIN_TURN_SECONDS
    other = world.guild.create_text_channel("autre")
    await world.members[1].slash(other, "table new bete", turn_time=0)
    untimed = world.bot.service.in_channel(other.id)
    assert untimed is not None and untimed.row.turn_seconds == 0
    command = new_group(world).get_command("bete")
    assert isinstance(command, app_commands.Command)
    turn_time = next(p for p in command.parameters if p.name == "turn_time")
    assert f"{MIN_TURN_SECONDS} at least" in turn_time.description  # the option says it


async def test_game_and_topic_choices(world):
    sud = world.members[0]
    games = await sud.autocomplete(world.channel, "rules", "game", "")
    assert [c["value"] for c in games] == [g.id for g in table_games()]
    assert [c["name"] for c in games] == [g.spec.name("en") for g in table_games()]
    assert [
        c["value"] for c in await sud.autocomplete(world.channel, "betes", "game", "hombr")
    ] == ["bete-hombree", "hombre"]
    # /betes offers only the games that keep a register of bêtes, which it refuses others
    registers = await sud.autocomplete(world.channel, "betes", "game", "")
    assert [c["value"] for c in registers] == [
        g.id for g in table_games() if g.capabilities.register
    ]
    assert "besigue" in [c["value"] for c in games]
    assert "besigue" not in [c["value"] for c in registers]
    topics = await sud.autocomplete(world.channel, "rules", "topic", "", game="bete")
    assert [c["value"] for c in topics] == list(bot.games.table_game("bete").renderer.rule_topics)
    assert "Speaking" in [c["name"] for c in topics]
    decl = await sud.autocomplete(world.channel, "rules", "topic", "decl", game="bete-hombree")
    assert [c["value"] for c in decl] == ["declaration"]
    refused(world, await sud.slash(world.channel, "rules", game="whist"), "whist")


async def test_an_unknown_rules_topic_is_refused_with_the_games_topics(world, french):
    """``/rules`` with a topic the game has not is refused, the topic as typed and the
    game's topics listed in the reader's words, instead of showing the overview; a topic
    as the autocomplete gives it, or its title typed whole in either language, is one."""
    sud = world.members[0]
    hombre = bot.games.table_game("hombre")
    titles = [t("fr", f"rules.hombre.{topic}.title") for topic in hombre.renderer.rule_topics]
    result = await sud.slash(world.channel, "rules", game="hombre", topic="xyz")
    refused(world, result, "« xyz »", "L'Hombre", *titles)
    assert not result.response.embeds
    refused(world, await sud.slash(world.channel, "rules", topic="matadors"), "« matadors »")
    money = t("fr", "rules.hombre.money.title")
    for typed in ("money", money, "the poule, the betes and the bonuses"):
        shown = await sud.slash(world.channel, "rules", game="hombre", topic=typed)
        assert shown.ephemeral and shown.response.embeds[0].title == money, typed


async def test_rules_name_their_game_and_default_to_the_users_own(world):
    """The footer's command names the game shown (typed again without it, ``/rules``
    would show this channel's game); away from any table, ``/rules`` shows the game its
    user sits at, not the first offered."""
    sud = world.members[0]
    shown = await sud.slash(world.channel, "rules", game="besigue-haiti")
    assert "/rules game:besigue-haiti topic:" in shown.response.embeds[0].footer.text
    await sud.slash(world.channel, "table new hombre")
    elsewhere = world.guild.create_text_channel("ailleurs")
    mine = await sud.slash(elsewhere, "rules")
    assert mine.response.embeds[0].title == t("en", "rules.hombre.overview.title")

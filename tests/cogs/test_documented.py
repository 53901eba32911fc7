"""What the README and ``docs/`` say the bot has, it has: every command they write
(``/table new hombre``, ``/history review:N``, ``/rules game:La Bête``) is in the bot's
command tree with its options and choices, ``docs/playing.md`` describes every command
there is, the README names every offered game's ``/table new`` subcommand, its settings
table and ``.env.example`` list exactly the settings the bot reads with the defaults it
uses, and every relative link of those pages leads to a file.  So do the bot's own
texts, each in its language: a French text writes ``/table arreter`` and ``reprendre:``,
the names a French Discord client shows (the translator's), an English one ``/table
stop`` and ``resume:``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.games import table_games
from bot.settings import LANGUAGES, Settings
from bot.texts.i18n import LANGS, MESSAGES

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PLAYING = ROOT / "docs" / "playing.md"
# a command written as the user types it: `/name sub option:value` in backticks (a path
# such as `/usr/lib/...` has a second slash and is not one)
WRITTEN = re.compile(r"`(/[a-z][^`/]*)`")
# <game>, N, …, or nothing after it; or a text's field, {game}: one of them
PLACEHOLDER = re.compile(r"^(<.*>|[A-Z]|…|\.\.\.|\{\w+\})?$")

Command = app_commands.Command[Any, ..., Any] | app_commands.Group
# a command, an option or a choice as the bot registers it with Discord: its name, and
# the name a French client shows instead (``name_localizations``, from the translator)
Payload = dict[str, Any]
SUBCOMMANDS = (1, 2)  # the option types of a subcommand and of a group of them


def written_commands(page: Path) -> Iterator[str]:
    yield from WRITTEN.findall(page.read_text(encoding="utf-8"))


async def registered(tree: app_commands.CommandTree) -> list[Payload]:
    """The bot's commands as Discord receives them, with their names in French."""
    assert tree.translator is not None
    return [await c.get_translated_payload(tree, tree.translator) for c in tree.get_commands()]


def shown(item: Payload, lang: str) -> str:
    """The name of a command, an option or a choice, as a client in ``lang`` shows it."""
    return str(item.get("name_localizations", {}).get(lang, item["name"]))


def resolve(commands: list[Payload], written: str, lang: str = "en") -> tuple[Payload, list[str]]:
    """The command a written ``/a b c`` names in ``lang`` (the deepest group or command
    its words reach), and the words left after it (its options, or a placeholder)."""
    words = written[1:].split()
    command = next((c for c in commands if shown(c, lang) == words[0]), None)
    assert command is not None, f"{written}: no command /{words[0]}"
    path, rest = words[0], words[1:]
    while subs := [s for s in command.get("options", []) if s["type"] in SUBCOMMANDS]:
        if not rest or ":" in rest[0]:
            break
        if PLACEHOLDER.match(rest[0]):  # any of its subcommands: `/table new <game> hints:`
            return command, rest
        sub = next((s for s in subs if shown(s, lang) == rest[0]), None)
        assert sub is not None, f"{written}: /{path} has no {rest[0]!r}"
        command, path, rest = sub, f"{path} {rest[0]}", rest[1:]
    return command, rest


def check_options(written: str, command: Payload, rest: list[str], lang: str = "en") -> None:
    """Each ``option:value`` written is an option of the command (of each of a group's
    commands, or of one of them for a text's ``{game}``), and its value one of the
    option's choices (by name or value) when it has choices."""
    text = " ".join(rest)
    each = not (rest and rest[0].startswith("{"))  # `/table new {game} resume:`: its game's
    for name, value in re.findall(r"(\w+):((?:(?!\s\w+:).)*)", text):
        options = [
            next((o for o in leaf_options(leaf) if shown(o, lang) == name), None)
            for leaf in leaves(command)
        ]
        found = [option for option in options if option is not None]
        assert found and (all(options) or not each), f"{written}: no option {name}:"
        offered = choices(found[0])
        if offered and not PLACEHOLDER.match(value.strip()):
            assert value.strip().casefold() in offered, f"{written}: {value!r} is not offered"


def leaf_options(command: Payload) -> list[Payload]:
    return [o for o in command.get("options", []) if o["type"] not in SUBCOMMANDS]


def choices(option: Payload) -> set[str]:
    """What an option offers to choose, folded: its choices' names and values, or for a
    ``game:`` completed as it is typed, every game's name in each language and its id."""
    if option.get("choices"):
        return {
            str(x).casefold()
            for c in option["choices"]
            for x in (c["name"], c["value"], *c.get("name_localizations", {}).values())
        }
    if option["name"] == "game":
        games = table_games()
        return {g.spec.name(lang).casefold() for g in games for lang in LANGUAGES} | {
            g.id for g in games
        }
    return set()


def leaves(command: Payload) -> Iterator[Payload]:
    subs = [s for s in command.get("options", []) if s["type"] in SUBCOMMANDS]
    for sub in subs:
        yield from leaves(sub)
    if not subs:
        yield command


def tree_leaves(command: Command) -> Iterator[app_commands.Command[Any, ..., Any]]:
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from tree_leaves(sub)
    else:
        yield command


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
async def test_every_command_a_page_writes_is_the_bots(world, page: Path) -> None:
    commands = await registered(world.bot.tree)
    lang = "fr" if page.name.endswith(".fr.md") else "en"  # a French page, French names
    for written in written_commands(page):
        command, rest = resolve(commands, written, lang)
        check_options(written, command, rest, lang)


# where a text writes a command: a slash at the start of a word, then in backticks up to
# the closing one, else (an embed's footer shows no backticks) up to the sentence's end
TEXT_COMMAND = re.compile(r"(?:`(/[a-z][^`]*)`|(?<![^\s(])(/[a-z][^.,;)\n]*))")
OPTION_NAMED = re.compile(r"`(\w+):?`")  # an option alone: `review:`, `target`


async def test_every_command_a_text_writes_is_the_one_its_reader_sees(world) -> None:
    """Each text of the catalogue (the core's and every game's) writes a command, its
    subcommand and options as a client in the text's language shows them, so that a
    reader can type what they read: the French names are the translator's.  A public
    text follows the server's language, each reader's client its own: a French server's
    text names the French commands.  An option written alone (`analyse:`) is one of the
    commands' options in that language."""
    commands = await registered(world.bot.tree)

    def options(items: list[Payload], lang: str) -> Iterator[str]:
        for item in items:
            yield from (shown(option, lang) for option in leaf_options(item))
            yield from options([s for s in item["options"] if s["type"] in SUBCOMMANDS], lang)

    named = {lang: set(options(commands, lang)) for lang in LANGS}
    wrong = []
    for key, entry in MESSAGES.items():
        for lang in LANGS:
            text = entry[lang]
            for quoted, loose in TEXT_COMMAND.findall(text):
                try:
                    command, rest = resolve(commands, quoted or loose, lang)
                    check_options(quoted or loose, command, rest, lang)
                except AssertionError as error:
                    wrong.append(f"{key} ({lang}): {str(error).splitlines()[0]}")
            others = set().union(*named.values()) - named[lang]
            alone = [word for word in OPTION_NAMED.findall(text) if word in others]
            wrong += [f"{key} ({lang}): `{word}` is no option in {lang}" for word in alone]
    assert not wrong, "\n".join(wrong)


async def test_a_french_client_sees_every_command_word_in_french(world) -> None:
    """Every command, option, description and worded choice the bot registers has the
    name a French client shows (a choice's through its ``locale_str``, without which
    discord.py never asks the translator): a number needs none."""
    untranslated = []

    def walk(item: Payload, path: str) -> None:
        for key in ("name", "description"):
            if item.get(key) and "fr" not in (item.get(f"{key}_localizations") or {}):
                untranslated.append(f"{path}: {key} {item[key]!r}")
        for choice in item.get("choices") or []:
            worded = any(ch.isalpha() for ch in choice["name"])
            if worded and "fr" not in (choice.get("name_localizations") or {}):
                untranslated.append(f"{path}: choice {choice['name']!r}")
        for option in item.get("options") or []:
            walk(option, f"{path} {option['name']}")

    for command in await registered(world.bot.tree):
        walk(command, f"/{command['name']}")
    assert not untranslated, "\n".join(untranslated)
    period = next(c for c in await registered(world.bot.tree) if c["name"] == "scoreboard")
    shown_fr = [shown(c, "fr") for o in period["options"] for c in o.get("choices") or []]
    assert "Depuis toujours" in shown_fr


async def test_the_page_of_commands_describes_every_command(world) -> None:
    """``docs/playing.md`` says it describes every command: each one the bot registers
    is written there (a ``/table new`` subcommand as its game's own section does)."""
    written = set()
    for text in written_commands(PLAYING):
        words = [w for w in text[1:].split() if ":" not in w]
        written |= {" ".join(words[:n]) for n in range(1, len(words) + 1)}
    games = {g.command.name for g in table_games()}
    missing = [
        command.qualified_name
        for top in world.bot.tree.get_commands()
        for command in tree_leaves(top)
        if command.qualified_name not in written
        and not (command.parent is not None and command.parent.name == "new")
    ]
    assert not missing, f"docs/playing.md does not write /{', /'.join(missing)}"
    opened = [name for name in games if f"table new {name}" not in written]
    assert opened in ([], ["toy"]), f"docs/playing.md does not open /table new {opened}"


def test_the_readme_names_every_offered_game_to_open() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step = readme[readme.index("`/table new`") :].split("\n2.")[0]
    named = set(re.findall(r"\*\*`([a-z-]+)`\*\*", step))
    offered = {g.command.name for g in table_games() if g.id != "toy"}
    assert named == offered


class Asked(dict[str, str]):
    """The settings' source, noting every name the settings ask it for."""

    def __init__(self, **values: str) -> None:
        super().__init__(values)
        self.asked: list[str] = []

    def get(self, key: str, default: object = None) -> str | None:  # type: ignore[override]
        self.asked.append(key)
        return super().get(key)


def readme_settings() -> dict[str, str]:
    """The README's configuration table: each variable and its default as written."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \| ([^|]+) \|", readme, re.MULTILINE)
    return {
        name: default.strip().strip("`")
        for names, default in rows
        for name in re.findall(r"`([A-Z_]+)`", names)
    }


def example_settings() -> dict[str, str]:
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    pairs = (line.split("=", 1) for line in lines if re.match(r"^[A-Z_]+=", line))
    return {name: value for name, value in pairs}


def test_the_settings_written_are_the_settings_read() -> None:
    source = Asked(DISCORD_TOKEN="t")
    Settings.from_mapping(source)
    read = set(source.asked)
    assert set(readme_settings()) == read, "the README's configuration table"
    assert set(example_settings()) == read, ".env.example"


def test_the_defaults_written_are_the_defaults_used() -> None:
    """Each default the README gives (and each value ``.env.example`` sets, which must
    change nothing) is the one the bot uses when the setting is left out."""
    default = Settings.from_mapping({"DISCORD_TOKEN": "t"})
    example = {k: v for k, v in example_settings().items() if v and k != "DISCORD_TOKEN"}
    assert Settings.from_mapping({"DISCORD_TOKEN": "t", **example}) == default
    fields = {
        "DATABASE_PATH": default.database_path,
        "LOG_LEVEL": default.log_level,
        "DEFAULT_LANGUAGE": default.default_language,
        "AI_WORKERS": default.ai_workers,
        "AI_PAUSE": default.ai_pause,
        "DM_WINDOW": default.dm_window,
        "REST_RATE": default.rest_rate,
    }
    written = readme_settings()
    for name, used in fields.items():
        value = written[name]
        same = float(value) == used if isinstance(used, float | int) else value == used
        assert same, f"the README gives {name} the default {value!r}, the bot uses {used!r}"
    unset = [n for n, v in written.items() if n not in fields and v not in ("none", "all")]
    assert unset == ["DISCORD_TOKEN"] and written["DISCORD_TOKEN"] == "(required)"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    broken = [
        target
        for target in targets
        if not re.match(r"^[a-z]+:", target) and not (page.parent / target).exists()
    ]
    assert not broken, f"{page.name} links to {broken}"


async def test_a_command_of_every_game_counts_in_no_one_games_money(world) -> None:
    """A command that serves every game (``/scoreboard``, ``/betes``...) is described in
    words true of each: not by one game's money (La Bête Hombrée's sous, when Bésigue
    ranks by matches won and L'Hombre counts jetons).  A game's own ``/table new``
    subcommand may speak its money."""
    units = {
        game.renderer.money(2, lang).lstrip("+0123456789 ")
        for game in table_games()
        for lang in LANGS
    }

    def descriptions(item: Payload) -> Iterator[str]:
        if item["name"] == "new":  # each game's own subcommands
            return
        yield item.get("description", "")
        yield from item.get("description_localizations", {}).values()
        for option in item.get("options", []):
            yield from descriptions(option)

    said = [text for command in await registered(world.bot.tree) for text in descriptions(command)]
    wrong = [f"{text!r} ({unit})" for text in said for unit in units if unit in text.split()]
    assert not wrong, "\n".join(wrong)
    assert len(said) > 20 and units >= {"sous", "jetons", "pts"}

"""What the README and ``docs/`` say the bot has, it has: every command they write
(``/table new hombre``, ``/history review:N``, ``/rules game:La Bête``) is in the bot's
command tree with its options and choices, ``docs/playing.md`` describes every command
there is, the README names every offered game's ``/table new`` subcommand, its settings
table and ``.env.example`` list exactly the settings the bot reads with the defaults it
uses, and every relative link of those pages leads to a file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.games import table_games
from bot.settings import LANGUAGES, Settings

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PLAYING = ROOT / "docs" / "playing.md"
# a command written as the user types it: `/name sub option:value` in backticks (a path
# such as `/usr/lib/...` has a second slash and is not one)
WRITTEN = re.compile(r"`(/[a-z][^`/]*)`")
PLACEHOLDER = re.compile(r"^(<.*>|[A-Z]|…|\.\.\.)?$")  # <game>, N, …, or nothing after it

Command = app_commands.Command[Any, ..., Any] | app_commands.Group


def written_commands(page: Path) -> Iterator[str]:
    yield from WRITTEN.findall(page.read_text(encoding="utf-8"))


def resolve(tree: app_commands.CommandTree, written: str) -> tuple[Command, list[str]]:
    """The command a written ``/a b c`` names (the deepest group or command its words
    reach), and the words left after it (its options, or a placeholder)."""
    words = written[1:].split()
    command: Command | None = tree.get_command(words[0])
    assert command is not None, f"{written}: no command /{words[0]}"
    rest = words[1:]
    while isinstance(command, app_commands.Group) and rest and ":" not in rest[0]:
        if PLACEHOLDER.match(rest[0]):  # any of its subcommands: `/table new <game> hints:`
            return command, rest[1:]
        sub = command.get_command(rest[0])
        assert sub is not None, f"{written}: /{command.qualified_name} has no {rest[0]!r}"
        command, rest = sub, rest[1:]
    return command, rest


def check_options(written: str, command: Command, rest: list[str]) -> None:
    """Each ``option:value`` written is an option of the command (of each of a group's
    commands), and its value one of the option's choices (by name or value) when it has
    choices."""
    text = " ".join(rest)
    for name, value in re.findall(r"(\w+):((?:(?!\s\w+:).)*)", text):
        for leaf in leaves(command):
            parameter = next((p for p in leaf.parameters if p.name == name), None)
            assert parameter is not None, f"{written}: /{leaf.qualified_name} has no {name}:"
            offered = choices(parameter)
            if offered and not PLACEHOLDER.match(value.strip()):
                assert value.strip().casefold() in offered, f"{written}: {value!r} is not offered"


def choices(parameter: app_commands.Parameter) -> set[str]:
    """What an option offers to choose, folded: its choices' names and values, or for a
    ``game:`` completed as it is typed, every game's name in each language and its id."""
    if parameter.choices:
        return {str(x).casefold() for c in parameter.choices for x in (c.name, c.value)}
    if parameter.name == "game":
        games = table_games()
        return {g.spec.name(lang).casefold() for g in games for lang in LANGUAGES} | {
            g.id for g in games
        }
    return set()


def leaves(command: Command) -> Iterator[app_commands.Command[Any, ..., Any]]:
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from leaves(sub)
    else:
        yield command


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
async def test_every_command_a_page_writes_is_the_bots(world, page: Path) -> None:
    tree = world.bot.tree
    for written in written_commands(page):
        command, rest = resolve(tree, written)
        check_options(written, command, rest)


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
        for command in leaves(top)
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

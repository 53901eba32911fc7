"""The rules in short, as ``/rules`` gives them, and each game's own options of ``/table
new``, written as one Markdown page per language (``docs/rules.md``, ``docs/rules.fr.md``)
so that a reader of the repository finds them without Discord.

The pages are made from the bot's own texts and commands, never written by hand:
``python -m bot.texts.rules_page`` writes them again after a text or an option changes,
``--check`` says which are out of date (and a test fails while one is).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from discord import app_commands

from bot.commands import COMMON_DESCRIPTIONS, Interaction, TableChoices
from bot.game import TableGame
from bot.games import offered_games
from bot.texts.i18n import t
from bot.texts.translator import command_word

DOCS: Final = Path(__file__).resolve().parents[2] / "docs"
PAGES: Final = {"en": "rules.md", "fr": "rules.fr.md"}


def option_line(parameter: Any, lang: str) -> str:
    """One option of ``/table new``: its name, what it does, its values (the default
    named as such) or its default."""
    name, description = (
        command_word(word, lang) for word in (parameter.name, parameter.description)
    )
    line = f"- `{name}` — {description}."
    default = parameter.default
    if parameter.choices:
        values = [command_word(str(c.name), lang) for c in parameter.choices]
        values = [
            t(lang, "rules_page.the_default", value=v) if c.value == default else v
            for v, c in zip(values, parameter.choices, strict=True)
        ]
        label = t(lang, "rules_page.values")
    elif default is None:  # nothing unless given: resume:, a kept match
        return line
    else:
        values = [
            t(lang, "yes" if default else "no") if isinstance(default, bool) else str(default)
        ]
        label = t(lang, "rules_page.default")
    return f"{line} {t(lang, 'labelled', label=label, text=' · '.join(values))}."


def game_section(game: TableGame, lang: str) -> str:
    """A game's rules topics, then its own options of ``/table new``."""
    parts = [f"## {game.spec.name(lang)}"]
    for topic in game.renderer.rule_topics:
        title = t(lang, f"rules.{game.id}.{topic}.title")
        parts.append(f"### {title}\n\n{t(lang, f'rules.{game.id}.{topic}.text')}")
    command = table_command(game)
    own = [p for p in command.parameters if p.name not in COMMON_DESCRIPTIONS]
    table, new = command_word("table", lang), command_word("new", lang)
    opening = f"`/{table} {new} {command_word(game.command.name, lang)}`"
    lines = [option_line(p, lang) for p in own]
    parts.append(f"### {t(lang, 'rules_page.options', command=opening)}\n\n" + "\n".join(lines))
    return "\n\n".join(parts)


def table_command(game: TableGame) -> app_commands.Command[Any, ..., None]:
    """``/table new <game>`` as the bot registers it, built only to be read."""
    kept = _no_kept_match if game.match is not None else None
    return game.command.build(game.id, game.max_seats, _never_opened, kept)


async def _no_kept_match(interaction: Interaction, current: str) -> list[Any]:
    """The ``resume:`` choices of a command built only to be read."""
    return []


async def _never_opened(
    interaction: Interaction, game_id: str, options: Mapping[str, object], chosen: TableChoices
) -> None:
    """The opener of a command built only to be read."""


def rules_page(lang: str) -> str:
    """The page of ``lang``: the introduction, then every offered game in order."""
    names = [f"`{command_word(name, lang)}`" for name in COMMON_DESCRIPTIONS]
    common = ", ".join(names[:-1]) + t(lang, "and") + names[-1]
    intro = t(lang, "rules_page.intro", common=common)
    sections = [intro, *(game_section(game, lang) for game in offered_games())]
    return "\n\n".join(sections) + "\n"


def stale_pages(docs: Path = DOCS) -> list[Path]:
    """The pages whose text is not what the bot's texts make today."""
    return [
        docs / name
        for lang, name in PAGES.items()
        if not (docs / name).exists() or (docs / name).read_text("utf-8") != rules_page(lang)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.texts.rules_page", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--check", action="store_true", help="only say which page is stale")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the folder of the pages")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_pages(args.docs)
        for page in stale:
            print(f"{page} is out of date: python -m bot.texts.rules_page", file=sys.stderr)
        return 1 if stale else 0
    for lang, name in PAGES.items():
        (args.docs / name).write_text(rules_page(lang), "utf-8")
        print(f"wrote {args.docs / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""docs/rules.md and docs/rules.fr.md: the rules as ``/rules`` gives them and each game's
own options of ``/table new``, made from the bot's texts and kept equal to them."""

from __future__ import annotations

import pytest

from bot.commands import COMMON_DESCRIPTIONS
from bot.texts.i18n import t
from bot.texts.rules_page import DOCS, PAGES, main, rules_page, stale_pages, table_command
from bot.texts.translator import COMMANDS_FR, command_word
from tests.bot.offered import offered_games


def test_the_pages_are_what_the_texts_make() -> None:
    stale = stale_pages()
    assert not stale, f"{stale}: run python -m bot.texts.rules_page"


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("lang", sorted(PAGES))
def test_every_game_has_its_rules_and_its_own_options(game, lang) -> None:
    page = (DOCS / PAGES[lang]).read_text("utf-8")
    start = page.index(f"\n## {game.spec.name(lang)}\n")
    end = page.find("\n## ", start + 1)
    section = page[start : end if end >= 0 else len(page)]
    for topic in game.renderer.rule_topics:
        assert f"### {t(lang, f'rules.{game.id}.{topic}.title')}\n" in section, topic
        assert t(lang, f"rules.{game.id}.{topic}.text") in section, topic
    command = table_command(game)
    for parameter in command.parameters:
        listed = f"- `{command_word(parameter.name, lang)}` — " in section
        own = parameter.name not in COMMON_DESCRIPTIONS  # resume: too, where a match is kept
        assert listed == own, parameter.name
        if own:
            description = parameter.description
            assert (COMMANDS_FR[description] if lang == "fr" else description) in section


def test_the_french_page_names_the_commands_in_french() -> None:
    page = rules_page("fr")
    assert "`/table nouvelle hombre`" in page and "`/regles`" in page
    assert "Par défaut : non." in page and "Default" not in page
    assert "- `reprendre` — " in page  # Bésigue's kept match


def test_the_command_line_writes_the_pages_and_checks_them(tmp_path, capsys) -> None:
    assert main(["--check", "--docs", str(tmp_path)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert main(["--docs", str(tmp_path)]) == 0
    assert main(["--check", "--docs", str(tmp_path)]) == 0
    (tmp_path / PAGES["fr"]).write_text("# vieilles règles\n", "utf-8")
    assert main(["--check", "--docs", str(tmp_path)]) == 1
    assert PAGES["fr"] in capsys.readouterr().err

"""A plain trick game's options in its lobby (``TrickRenderer.options_lines``): the
options chosen, one line each; where none is, the name of the rules as written for a
game that names them (``default_options``: La Bête's 1792 rules), nothing for one that
does not (the worked example)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.drawing.lobby_text import option_line
from bot.games.bete.drawing import BeteRenderer
from examples.toy.game import Rules as ToyRules
from examples.toy.table import ToyRenderer
from games.bete.rules import Rules


def test_la_bete_names_its_rules_as_written_until_an_option_is_chosen():
    renderer = BeteRenderer()
    as_written = SimpleNamespace(rules=Rules())
    assert renderer.options_lines(as_written, "fr") == ["règles de 1792 (par défaut)"]
    assert renderer.options_lines(as_written, "en") == ["the 1792 rules (defaults)"]
    chosen = SimpleNamespace(rules=Rules(bete_must_underruff=True))
    assert renderer.options_lines(chosen, "en") == [option_line("bete_must_underruff", True, "en")]


def test_a_game_naming_no_rules_as_written_says_only_the_options_chosen():
    renderer = ToyRenderer()
    assert renderer.default_options is None
    assert renderer.options_lines(SimpleNamespace(rules=ToyRules()), "fr") == []
    chosen = SimpleNamespace(rules=ToyRules(deals=5))
    assert renderer.options_lines(chosen, "fr") == [option_line("deals", 5, "fr")]

"""A hint in words (``bot.drawing.hint_text``): what a move costs in the game's unit, in
French and English, and the line of why with its cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.drawing.hint_text import hint_text, why_text, worth
from bot.games import table_games
from bot.texts.i18n import MESSAGES, t
from games.ai.teacher.evaluate import valuer_of
from games.ai.teacher.hint import Hint
from games.ai.teacher.steps import steps
from games.ai.teacher.why import Why
from games.bete_hombree import Kind
from games.cards import Card
from games.records import load

RECORDS = Path(__file__).parent.parent / "records"


@pytest.mark.parametrize(
    ("loss", "unit", "lang", "said"),
    [
        (0.8, "jetons", "fr", "−0,8 jeton"),
        (1.5, "jetons", "fr", "−1,5 jeton"),
        (2.14, "jetons", "fr", "−2,1 jetons"),
        (0.8, "jetons", "en", "−0.8 jetons"),
        (1.0, "sous", "en", "−1 sou"),
        (3.0, "sous", "fr", "−3 sous"),
        (16.4, "points", "en", "−16 points"),
        (1.97, "sous", "fr", "−2 sous"),  # the number shown says the unit's number
        (1.97, "jetons", "en", "−2 jetons"),
        (0.96, "sous", "en", "−1 sou"),
        (1.0, "points", "en", "−1 point"),
        (1.2, "points", "fr", "−1,2 point"),
        (0.01, "points", "en", "as good"),
        (0.07, "jetons", "fr", "−0,07 jeton"),  # hundredths below a tenth
        (10.0, "points", "fr", "−10 points"),  # a whole number keeps its zeros
    ],
)
def test_a_loss_in_the_games_unit(loss: float, unit: str, lang: str, said: str) -> None:
    assert worth(loss, unit, lang) == said


@pytest.mark.parametrize("game", table_games(), ids=lambda game: game.id)
def test_every_games_unit_has_its_words(game) -> None:
    try:
        unit = valuer_of(game.id).unit
    except ValueError:
        return  # a game with no teacher (the tests' own) offers no hints
    assert f"unit.{unit}" in MESSAGES


def test_the_line_of_why_names_its_cards() -> None:
    why = Why("trumps_left_shown", count=2)
    assert why_text(why, "en", "hombre") == "the talon is shown: 2 trumps still out."
    assert why_text(Why("trumps_left", count=1), "fr", "hombre") == "1 atout encore dehors."
    assert why_text(Why("master", (Card.parse("AH"),)), "fr", "hombre") == (
        "A♥ est maître : aucune carte encore dehors ne la bat."
    )


def test_the_line_of_why_names_trump_in_the_games_words() -> None:
    """La Bête says *triomphe*, as its source does; the others *atout*."""
    left, none = Why("trumps_left", count=2), Why("no_trump_left")
    assert why_text(left, "fr", "bete") == "2 triomphes encore dehors."
    assert why_text(none, "fr", "bete") == "plus aucune triomphe dehors."
    assert why_text(left, "fr", "bete-hombree") == "2 atouts encore dehors."
    assert why_text(none, "en", "bete") == why_text(none, "en", "hombre") == "no trump is left out."
    assert hint_text(table_games()[0], None, None, "en") == t("en", "hint.none")


def test_a_hint_that_drew_no_layout_says_it_reads_what_is_seen() -> None:
    """A decision valued as it stands (Bésigue's declaring: nothing hidden decides it)
    is not said to come from "0 layouts of the hidden cards"."""
    game = table_games()[0]
    drawn = Hint((), (), "points", 64, None)
    seen = Hint((), (), "points", 0, None)
    assert hint_text(game, None, drawn, "en").startswith(t("en", "hint.title", deals=64))
    for lang in ("en", "fr"):
        said = hint_text(game, None, seen, lang)
        assert said.startswith(t(lang, "hint.title_seen")) and " 0 " not in said


def test_a_hint_from_one_layout_says_one() -> None:
    """Bésigue's last tricks leave one layout of the hidden cards to draw: the title said
    "from 1 layouts", "d'après 1 répartitions ... tirées"."""
    game = table_games()[0]
    one = Hint((), (), "points", 1, None)
    assert "from 1 layout of the hidden cards" in hint_text(game, None, one, "en")
    said = hint_text(game, None, one, "fr")
    assert "d'après 1 répartition des cartes cachées tirée de" in said
    many = hint_text(game, None, Hint((), (), "points", 64, None), "fr")
    assert "d'après 64 répartitions des cartes cachées tirées de" in many


def test_a_bete_hombree_discard_is_said_a_discard() -> None:
    """A hint at La Bête Hombrée's discard listed three cards alone ("Q♠ Q♦ 10♣ — best"),
    the cards to lay away or to keep, as L'Hombre's says "discard ..."; a refusal's list
    of possible discards, answered to a discard, stays the cards alone."""
    game = next(g for g in table_games() if g.id == "bete-hombree")
    record = load(RECORDS / "theatre.json")  # its cagnoteur discards three cards
    step = next(s for s in steps(record, 0) if s.played.kind is Kind.DISCARD)
    found = Hint((step.played,), (0.0,), "sous", 64, None)
    cards = game.renderer.action_text(step.played, "fr")
    assert f"**écart de {cards}** — le meilleur" in hint_text(game, step.view, found, "fr")
    cards = game.renderer.action_text(step.played, "en")
    assert f"**discard {cards}** — best" in hint_text(game, step.view, found, "en")
    assert game.renderer.listed_text(step.view, step.played, "en") == cards

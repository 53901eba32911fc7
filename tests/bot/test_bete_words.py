"""What La Bête's table and hands say, drawn from tables built from their events: its
money in the reader's plural, its own words for speaking, prompts that offer what the
buttons offer, the goal of who plays, the rounds of speaking, and the deals left."""

from __future__ import annotations

import pytest

import bot.games
from bot.games.bete import GAME as BETE


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


@pytest.mark.parametrize(
    ("lang", "jetons", "said"),
    [
        ("en", 0, "0 jetons"),
        ("fr", 0, "0 jeton"),
        ("en", 1, "1 jeton"),
        ("en", 11, "1 fiche 1 jeton"),
        ("en", 43, "4 fiches 3 jetons"),
        ("fr", 20, "2 fiches"),
    ],
)
def test_amounts_in_fiches_and_jetons_follow_the_readers_plural(lang, jetons, said):
    assert BETE.renderer.amount(jetons, lang) == said
    assert BETE.renderer.money(-jetons, lang) == ("±0" if not jetons else "−" + said)

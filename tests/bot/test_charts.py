"""The scoreboard's chart: each ranked player's balance, hand by hand, in their colour,
the hands numbered along the bottom."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.drawing.charts import COLOURS, HEIGHT, MARGIN, PLAYERS, WIDTH, balance_chart, tick_step


def colours_in(png: bytes) -> set[tuple[int, int, int]]:
    """The colours drawn in the plot (the legend, on the right, left out)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    plot = image.crop((MARGIN[0], 0, WIDTH - MARGIN[2], HEIGHT))
    return {colour for _, colour in plot.getcolors(WIDTH * HEIGHT) or []}


def test_each_ranked_player_gets_a_line_in_their_colour() -> None:
    series = [(1, "a", 12), (1, "b", -12), (2, "a", -4), (2, "b", 4), (3, "c", 7)]
    png = balance_chart(series, [("a", "Arthur"), ("b", "Bertrand"), ("c", "Edmond")], "fr")
    assert png.startswith(b"\x89PNG")
    found = colours_in(png)
    assert set(COLOURS[:3]) <= found and COLOURS[3] not in found


def test_only_the_best_ranked_are_drawn() -> None:
    players = [(str(i), f"P{i}") for i in range(PLAYERS + 2)]
    series = [(1, p, 10 * i) for i, (p, _) in enumerate(players)]  # lines apart
    assert set(COLOURS) <= colours_in(balance_chart(series, players, "en"))


def test_an_empty_period_still_draws() -> None:
    assert balance_chart([], [], "fr").startswith(b"\x89PNG")


@pytest.mark.parametrize("lang, title", [("fr", "Coups joués : 23"), ("en", "Hands played: 23")])
def test_the_hands_are_numbered_along_the_bottom(lang, title, drawn_text) -> None:
    series = [(hand, "a", 1) for hand in range(100, 123)]  # 23 hands, ids far from 1
    balance_chart(series, [("a", "Arthur")], lang)
    texts = [text for text, _ in drawn_text]
    assert title in texts
    assert [n for n in ("0", "5", "10", "15", "20") if n in texts] == ["0", "5", "10", "15", "20"]
    assert "23" not in texts and "100" not in texts  # numbered in order, not by id


def test_the_numbers_are_few_and_round() -> None:
    assert [tick_step(n) for n in (1, 8, 9, 16, 17, 40, 41, 100, 1000)] == [
        1,
        1,
        2,
        2,
        5,
        5,
        10,
        20,
        200,
    ]

"""The scoreboard's chart: each ranked player's balance, hand by hand, in their colour."""

from __future__ import annotations

import io

from PIL import Image

from bot.charts import COLOURS, HEIGHT, MARGIN, PLAYERS, WIDTH, balance_chart


def colours_in(png: bytes) -> set[tuple[int, int, int]]:
    """The colours drawn in the plot (the legend, on the right, left out)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (WIDTH, HEIGHT)
    plot = image.crop((MARGIN[0], 0, WIDTH - MARGIN[2], HEIGHT))
    return {colour for _, colour in plot.getcolors(WIDTH * HEIGHT) or []}


def test_each_ranked_player_gets_a_line_in_their_colour() -> None:
    series = [(1, "a", 12), (1, "b", -12), (2, "a", -4), (2, "b", 4), (3, "c", 7)]
    png = balance_chart(series, [("a", "Arthur"), ("b", "Bertrand"), ("c", "Edmond")])
    assert png.startswith(b"\x89PNG")
    found = colours_in(png)
    assert set(COLOURS[:3]) <= found and COLOURS[3] not in found


def test_only_the_best_ranked_are_drawn() -> None:
    players = [(str(i), f"P{i}") for i in range(PLAYERS + 2)]
    series = [(1, p, 10 * i) for i, (p, _) in enumerate(players)]  # lines apart
    assert set(COLOURS) <= colours_in(balance_chart(series, players))


def test_an_empty_period_still_draws() -> None:
    assert balance_chart([], []).startswith(b"\x89PNG")

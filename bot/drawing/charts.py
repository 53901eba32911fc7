"""The scoreboard as a picture: each player's balance over the period, hand by hand, as
a small line chart (Pillow).  Drawn with the pictures' one font (``bot.drawing.pictures.text``:
accents, and a computer player's 🤖 as a drawn robot); pure (bytes out), so it may
run off the event loop."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Final

from PIL import Image, ImageDraw

from bot.drawing.pictures.text import SEMIBOLD, draw_text, fitted, text_width
from bot.texts.i18n import game_text

WIDTH, HEIGHT = 640, 320
MARGIN: Final = (48, 16, 220, 44)  # left, top, right (the legend), bottom (the hands)
BACKGROUND: Final = (47, 49, 54)  # Discord's dark theme, so the chart sits in the embed
AXIS: Final = (120, 124, 132)
TEXT: Final = (220, 221, 222)
TEXT_SIZE: Final = 13
LEGEND_LINE: Final = 22
TICKS: Final = 8  # numbered hands on the x axis, at most
COLOURS: Final = (  # distinct on the dark background, in the ranking's order
    (87, 242, 135),
    (254, 231, 92),
    (88, 101, 242),
    (235, 69, 158),
    (237, 66, 69),
    (255, 255, 255),
)
PLAYERS: Final = len(COLOURS)  # the best ranked drawn; the others only in the text

Point = Callable[[int, int], tuple[float, float]]  # (hand, balance) -> where it is drawn


def tick_step(count: int) -> int:
    """Every how many hands the x axis is numbered (1, 2, 5, 10, 20, 50…): at most
    ``TICKS`` numbers."""
    step = 1
    while count / step > TICKS:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


def balance_chart(
    series: Sequence[tuple[int, str, int]],
    players: Sequence[tuple[str, str]],
    lang: str,
    game: str = "",
) -> bytes:
    """A PNG of the cumulative balance of ``players`` ((player, name), best ranked first)
    over the hands of ``series`` ((hand id, player, net), in hand order), the hands
    numbered along the bottom in the words of ``game`` (an id: its term for a deal)."""
    shown = list(players)[:PLAYERS]
    hands = sorted({hand for hand, _, _ in series})
    index = {hand: i + 1 for i, hand in enumerate(hands)}
    curves = {player: [0] * (len(hands) + 1) for player, _ in shown}
    for hand, player, net in series:
        if player in curves:
            curves[player][index[hand]] += net
    for curve in curves.values():  # cumulative; a hand a player sat out keeps the balance
        for i in range(1, len(curve)):
            curve[i] += curve[i - 1]
    low = min([0, *(v for c in curves.values() for v in c)])
    high = max([1, *(v for c in curves.values() for v in c)])
    left, top, right, bottom = MARGIN
    plot_w, plot_h = WIDTH - left - right, HEIGHT - top - bottom

    def point(i: int, value: int) -> tuple[float, float]:
        x = left + plot_w * i / max(len(hands), 1)
        y = top + plot_h * (high - value) / (high - low)
        return x, y

    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.line([point(0, 0), point(len(hands), 0)], fill=AXIS, width=1)  # the zero line
    draw.line([(left, top), (left, top + plot_h)], fill=AXIS, width=1)
    draw.line([(left, top + plot_h), (left + plot_w, top + plot_h)], fill=AXIS, width=1)
    for value in (high, 0, low):
        label = f"{value:+d}" if value else "0"
        draw_text(draw, 4, point(0, value)[1], label, TEXT_SIZE, TEXT)
    _hands_axis(draw, len(hands), point, lang, game)
    for rank, ((player, name), colour) in enumerate(zip(shown, COLOURS, strict=False)):
        points = [point(i, v) for i, v in enumerate(curves[player])]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        y = top + LEGEND_LINE * rank + LEGEND_LINE / 2
        x = WIDTH - right + 12
        draw.rectangle([x, y - 5, x + 12, y + 5], fill=colour)
        balance = f" {curves[player][-1]:+d}"
        room = right - 30 - 8 - text_width(balance, TEXT_SIZE, SEMIBOLD)
        label = fitted(name, TEXT_SIZE, room, SEMIBOLD) + balance
        draw_text(draw, x + 18, y, label, TEXT_SIZE, TEXT, SEMIBOLD)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _hands_axis(draw: ImageDraw.ImageDraw, count: int, point: Point, lang: str, game: str) -> None:
    """The hands numbered under the plot (0: before the first), and what they are."""
    base = HEIGHT - MARGIN[3]
    step = tick_step(max(count, 1))
    for hand in range(0, count + 1, step):
        x, _ = point(hand, 0)
        draw.line([(x, base), (x, base + 4)], fill=AXIS, width=1)
        label = str(hand)
        draw_text(draw, x - text_width(label, TEXT_SIZE) / 2, base + 12, label, TEXT_SIZE, TEXT)
    title = game_text(game, lang, "chart.hands", count=count)
    middle = MARGIN[0] + (WIDTH - MARGIN[0] - MARGIN[2]) / 2
    width = text_width(title, TEXT_SIZE)
    draw_text(draw, middle - width / 2, base + 31, title, TEXT_SIZE, AXIS)

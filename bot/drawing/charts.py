"""The bot's charts (Pillow): the scoreboard's, each player's balance over the period
hand by hand (``balance_chart``), and the parts every chart shares (``Plot``: the
canvas, the axes, the numbers, the legend), which ``/stats``'s chart
(``bot.drawing.progress``) draws with too.  Drawn with the pictures' one font
(``bot.drawing.pictures.text``: accents, and a computer player's 🤖 as a drawn robot);
pure (bytes out), so they may run off the event loop."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
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

Colour = tuple[int, int, int]


def tick_step(count: int) -> int:
    """Every how many hands the x axis is numbered (1, 2, 5, 10, 20, 50…): at most
    ``TICKS`` numbers."""
    step = 1
    while count / step > TICKS:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


@dataclass(frozen=True, slots=True)
class Plot:
    """A chart being drawn: the hands from ``first`` to ``last`` along the bottom, the
    values from ``low`` to ``high`` up the left, inside the margins (the legend on the
    right)."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    first: float
    last: float
    low: float
    high: float

    @staticmethod
    def new(first: float, last: float, low: float, high: float) -> Plot:
        """An empty chart with its two axes."""
        image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
        return Plot(image, ImageDraw.Draw(image), first, last, low, high)

    def point(self, x: float, value: float) -> tuple[float, float]:
        """Where the value of hand ``x`` is drawn."""
        left, top, right, bottom = MARGIN
        plot_w, plot_h = WIDTH - left - right, HEIGHT - top - bottom
        return (
            left + plot_w * (x - self.first) / (self.last - self.first),
            top + plot_h * (self.high - value) / (self.high - self.low),
        )

    def axes(self) -> None:
        """The left and bottom axes."""
        left, top, right, bottom = MARGIN
        base = HEIGHT - bottom
        self.draw.line([(left, top), (left, base)], fill=AXIS, width=1)
        self.draw.line([(left, base), (WIDTH - right, base)], fill=AXIS, width=1)

    def values(self, values: Iterable[float], label: Callable[[float], str]) -> None:
        """``values`` written left of the plot, level with where they are drawn."""
        for value in values:
            draw_text(self.draw, 4, self.point(self.first, value)[1], label(value), TEXT_SIZE, TEXT)

    def hands(self, ticks: Iterable[int], title: str) -> None:
        """The hands ``ticks`` numbered under the plot, and ``title`` (what they are) below."""
        base = HEIGHT - MARGIN[3]
        for hand in ticks:
            x, _ = self.point(hand, self.low)
            self.draw.line([(x, base), (x, base + 4)], fill=AXIS, width=1)
            label = str(hand)
            draw_text(
                self.draw, x - text_width(label, TEXT_SIZE) / 2, base + 12, label, TEXT_SIZE, TEXT
            )
        middle = MARGIN[0] + (WIDTH - MARGIN[0] - MARGIN[2]) / 2
        width = text_width(title, TEXT_SIZE)
        draw_text(self.draw, middle - width / 2, base + 31, title, TEXT_SIZE, AXIS)

    def curve(self, points: Sequence[tuple[float, float]], colour: Colour) -> None:
        """A line through ``points`` (hand, value)."""
        if len(points) > 1:
            drawn = [self.point(x, v) for x, v in points]
            self.draw.line(drawn, fill=colour, width=3, joint="curve")

    def dot(self, x: float, value: float, colour: Colour, radius: float = 3) -> None:
        """A point of its own at hand ``x``."""
        cx, cy = self.point(x, value)
        self.draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=colour)

    def legend(self, row: int, colour: Colour | None, label: str, figure: str = "") -> None:
        """Row ``row`` of the legend, right of the plot: ``colour``'s square (none: a
        heading), ``label`` cut to the room ``figure`` leaves, then ``figure``."""
        right = MARGIN[2]
        y = MARGIN[1] + LEGEND_LINE * row + LEGEND_LINE / 2
        x = WIDTH - right + 12
        if colour is None:  # a heading, over the rows
            shown = fitted(label, TEXT_SIZE, right - 20, SEMIBOLD)
            draw_text(self.draw, x, y, shown, TEXT_SIZE, AXIS, SEMIBOLD)
            return
        self.draw.rectangle([x, y - 5, x + 12, y + 5], fill=colour)
        room = right - 30 - 8 - text_width(figure, TEXT_SIZE, SEMIBOLD)
        shown = fitted(label, TEXT_SIZE, room, SEMIBOLD) + figure
        draw_text(self.draw, x + 18, y, shown, TEXT_SIZE, TEXT, SEMIBOLD)

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=True)
        return out.getvalue()


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
    count = len(hands)
    plot = Plot.new(0, max(count, 1), low, high)
    plot.draw.line([plot.point(0, 0), plot.point(count, 0)], fill=AXIS, width=1)  # zero
    plot.axes()
    plot.values((high, 0, low), lambda value: f"{value:+.0f}" if value else "0")
    step = tick_step(max(count, 1))
    plot.hands(range(0, count + 1, step), game_text(game, lang, "chart.hands", count=count))
    for rank, ((player, name), colour) in enumerate(zip(shown, COLOURS, strict=False)):
        plot.curve(list(enumerate(curves[player])), colour)
        plot.legend(rank, colour, name, f" {curves[player][-1]:+d}")
    return plot.png()

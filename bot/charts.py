"""The scoreboard as a picture: each player's balance over the period, hand by hand, as
a small line chart (Pillow).  Drawn with the font Pillow ships, so no system font is
assumed; pure (bytes out), so it may run off the event loop."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 640, 300
MARGIN: Final = (48, 16, 160, 28)  # left, top, right (the legend), bottom
BACKGROUND: Final = (47, 49, 54)  # Discord's dark theme, so the chart sits in the embed
AXIS: Final = (120, 124, 132)
TEXT: Final = (220, 221, 222)
COLOURS: Final = (  # distinct on the dark background, in the ranking's order
    (87, 242, 135),
    (254, 231, 92),
    (88, 101, 242),
    (235, 69, 158),
    (237, 66, 69),
    (255, 255, 255),
)
PLAYERS: Final = len(COLOURS)  # the best ranked drawn; the others only in the text


def balance_chart(
    series: Sequence[tuple[int, str, int]], players: Sequence[tuple[str, str]]
) -> bytes:
    """A PNG of the cumulative balance of ``players`` ((player, name), best ranked first)
    over the hands of ``series`` ((hand id, player, net), in hand order)."""
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
    font = ImageFont.load_default(size=13)
    draw.line([point(0, 0), point(len(hands), 0)], fill=AXIS, width=1)  # the zero line
    draw.line([(left, top), (left, top + plot_h)], fill=AXIS, width=1)
    for value in (high, 0, low):
        draw.text(
            (4, point(0, value)[1] - 7), f"{value:+d}" if value else "0", fill=TEXT, font=font
        )
    draw.text((left, HEIGHT - bottom + 6), f"{len(hands)}", fill=TEXT, font=font)
    for rank, ((player, name), colour) in enumerate(zip(shown, COLOURS, strict=False)):
        points = [point(i, v) for i, v in enumerate(curves[player])]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3, joint="curve")
        y = top + 20 * rank
        draw.rectangle([WIDTH - right + 12, y + 3, WIDTH - right + 24, y + 13], fill=colour)
        label = f"{name[:14]} {curves[player][-1]:+d}"
        draw.text((WIDTH - right + 30, y), label, fill=TEXT, font=font)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()

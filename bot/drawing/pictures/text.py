"""Text in pictures: one font for every picture that draws text (Noto Sans, installed as
a Python package: it covers every Latin letter a name may carry, Pillow's own font
does not), and names drawn whatever they carry.

A computer player's 🤖 is drawn as a small robot of our own shapes; any other
character the font lacks (emoji, scripts it does not cover) is left out, and the
invisible characters that glue emoji together with it: a name never shows the
font's empty box (.notdef)."""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from importlib import resources
from typing import Final

from PIL import ImageDraw, ImageFont

FONT_PACKAGE: Final = "fontpkg_noto_sans"  # the wheel fontpkg-noto-sans (SIL Open Font Licence)
FONT_FILE: Final = ("files", "NotoSans[wdth,wght].ttf")  # variable: weight and width axes
REGULAR: Final = 400
SEMIBOLD: Final = 600
BOLD: Final = 700
ROBOT: Final = "🤖"  # a computer player's mark (bot.tables.computer names them so)
UNNAMED: Final = "?"  # a name with nothing the font can draw
ELLIPSIS: Final = "…"
PROBE: Final = 32  # px: the size a character is tried at, against the box
NONCHARACTER: Final = "\uffff"  # never a character: every font draws its .notdef box

Colour = tuple[int, int, int] | tuple[int, int, int, int]


@cache
def font(size: int, weight: int = REGULAR) -> ImageFont.FreeTypeFont:
    """Noto Sans at ``size`` pixels and ``weight`` (400 regular … 700 bold)."""
    path = resources.files(FONT_PACKAGE).joinpath(*FONT_FILE)
    loaded = ImageFont.truetype(str(path), size)
    axes = loaded.get_variation_axes()
    values: list[float] = []
    for axis in axes:
        default = axis["default"]
        values.append(weight if axis["name"] == b"Weight" else default or 0)
    loaded.set_variation_by_axes(values)
    return loaded


@cache
def _box() -> tuple[tuple[int, int], bytes]:
    """The font's .notdef box as it draws it: what a missing character looks like."""
    mask = font(PROBE).getmask(NONCHARACTER)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def covered(char: str) -> bool:
    """Whether the font has ``char`` (it draws something other than its box for it)."""
    mask = font(PROBE).getmask(char)
    return (mask.size, bytes(mask)) != _box()


def invisible(char: str) -> bool:
    """Characters that only join or vary others (zero-width joiners, direction marks,
    emoji variation selectors and skin tones): nothing to draw once the emoji is gone."""
    code = ord(char)
    return (
        unicodedata.category(char) == "Cf"
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or 0x1F3FB <= code <= 0x1F3FF
    )


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """``text`` as it is drawn: composed (NFC), without the characters the font lacks
    (🤖 kept: it is drawn as shapes), spaces collapsed; ``?`` if nothing is left."""
    kept = [
        char
        for char in unicodedata.normalize("NFC", text)
        if char == ROBOT or (not invisible(char) and covered(char))
    ]
    words = "".join(kept).split()
    return " ".join(words) or UNNAMED


def _runs(text: str) -> list[str]:
    """Drawable text cut into runs of letters and single robots."""
    runs: list[str] = []
    for index, part in enumerate(text.split(ROBOT)):
        if index:
            runs.append(ROBOT)
        if part:
            runs.append(part)
    return runs


def robot_width(size: int) -> int:
    """The room a robot takes in a line of text at ``size`` (its head and a space)."""
    return round(size * 0.95)


@lru_cache(maxsize=4096)
def _run_width(run: str, size: int, weight: int) -> float:
    """A run's width (laying text out is most of the time a picture's words take)."""
    return robot_width(size) if run == ROBOT else font(size, weight).getlength(run)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, weight: int = REGULAR) -> int:
    """The width of ``text`` as ``draw_text`` draws it."""
    return round(sum(_run_width(run, size, weight) for run in _runs(drawable(text))))


def fitted(text: str, size: int, width: int, weight: int = REGULAR) -> str:
    """``text`` as drawn, cut with an ellipsis to fit ``width`` pixels."""
    shown = drawable(text)
    if text_width(shown, size, weight) <= width:
        return shown
    while len(shown) > 1 and text_width(shown + ELLIPSIS, size, weight) > width:
        shown = shown[:-1].rstrip()
    return shown + ELLIPSIS


def draw_robot(draw: ImageDraw.ImageDraw, x: float, y: float, size: int, fill: Colour) -> None:
    """A small robot's head for text of ``size`` pixels, its left at ``x``, its middle
    at ``y``: an antenna, a rounded head, two eyes."""
    left, right = x + size * 0.04, x + size * 0.78
    top, bottom = y - size * 0.24, y + size * 0.36
    centre = (left + right) / 2
    tip = y - size * 0.44
    dot = max(1.5, size * 0.08)
    draw.line([(centre, top), (centre, tip)], fill=fill, width=max(1, round(size / 12)))
    draw.ellipse([centre - dot, tip - dot, centre + dot, tip + dot], fill=fill)
    draw.rounded_rectangle([left, top, right, bottom], radius=size * 0.14, fill=fill)
    eyes = (20, 20, 20) if sum(fill[:3]) > 3 * 128 else (245, 245, 245)  # against the head
    eye = max(1.0, size * 0.08)
    for ex in (left + (right - left) * 0.3, left + (right - left) * 0.7):
        ey = top + (bottom - top) * 0.42
        draw.ellipse([ex - eye, ey - eye, ex + eye, ey + eye], fill=eyes)


def draw_text(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    size: int,
    fill: Colour,
    weight: int = REGULAR,
) -> None:
    """``text`` on one line from ``x``, its middle at ``y``: only what the font has,
    a computer player's 🤖 as a drawn robot."""
    for run in _runs(drawable(text)):
        if run == ROBOT:
            draw_robot(draw, x, y, size, fill)
        else:
            draw.text((x, y), run, font=font(size, weight), fill=fill, anchor="lm")
        x += _run_width(run, size, weight)

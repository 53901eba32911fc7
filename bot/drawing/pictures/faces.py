"""One card's face, drawn with Pillow: its corner letter in the reader's language and
its suit as a shape (no font is needed for the suits; the letters use the pictures'
one font).  Faces are drawn four times larger and scaled down, so their edges are
smooth, and each face is drawn once per size (a hand's picture only pastes them).

A card drawn small (a whole hand, trick by trick) shows its index alone: its letter
and its suit, each filling half the card, so that it reads at a glance."""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from bot.drawing.pictures.text import BOLD, SEMIBOLD, font
from games.cards import Card, Rank, Suit

SUPERSAMPLE: Final = 4
RED: Final = (200, 30, 40, 255)
BLACK: Final = (25, 25, 30, 255)
PAPER: Final = (253, 252, 247, 255)
EDGE: Final = (120, 120, 120, 255)
FELT: Final = (30, 92, 52, 255)  # the table's green, behind the cards
GOLD: Final = (245, 196, 40, 255)  # the outline of the card winning a trick
SHADE: Final = (70, 70, 70)  # what an unplayable card is washed towards

Colour = tuple[int, int, int, int]


JOKER_COLOUR: Final = (112, 40, 150, 255)  # a joker is of no suit: its own colour


def suit_colour(suit: Suit) -> Colour:
    return RED if suit in (Suit.H, Suit.D) else BLACK


def mark_colour(rank: Rank, suit: Suit) -> Colour:
    """The colour of a card's letter and marks: its suit's, a joker's own."""
    return JOKER_COLOUR if rank is Rank.JOKER else suit_colour(suit)


def draw_star(draw: ImageDraw.ImageDraw, x: float, y: float, size: float) -> None:
    """A joker's mark, in place of a suit: a five-pointed star of height ``size``."""
    outer, inner = size / 2, size / 5
    points = []
    for n in range(10):
        radius = outer if n % 2 == 0 else inner
        angle = math.pi / 2 + n * math.pi / 5
        points.append((x + radius * math.cos(angle), y - radius * math.sin(angle)))
    draw.polygon(points, fill=JOKER_COLOUR)


def draw_mark(
    draw: ImageDraw.ImageDraw, rank: Rank, suit: Suit, x: float, y: float, size: float
) -> None:
    """A card's suit sign, or a joker's star."""
    if rank is Rank.JOKER:
        draw_star(draw, x, y, size)
    else:
        draw_suit(draw, suit, x, y, size)


def corner_text(rank: Rank, lang: str) -> str:
    """The letter in a card's corner: R D V in French, K Q J in English."""
    return rank.french if lang == "fr" else rank.text


def draw_suit(draw: ImageDraw.ImageDraw, suit: Suit, x: float, y: float, size: float) -> None:
    """A suit sign of height ``size`` centred on (x, y), as filled shapes."""
    colour = suit_colour(suit)
    h = size / 2
    if suit is Suit.D:
        draw.polygon([(x, y - h), (x + h * 0.75, y), (x, y + h), (x - h * 0.75, y)], fill=colour)
        return
    r = size * 0.27  # the lobes' radius
    if suit is Suit.H:
        for cx in (x - r * 0.95, x + r * 0.95):
            draw.ellipse([cx - r, y - h * 0.45 - r, cx + r, y - h * 0.45 + r], fill=colour)
        draw.polygon([(x - r * 1.95, y - h * 0.3), (x + r * 1.95, y - h * 0.3), (x, y + h)], colour)
        return
    if suit is Suit.S:
        for cx in (x - r * 0.95, x + r * 0.95):
            draw.ellipse([cx - r, y + h * 0.15 - r, cx + r, y + h * 0.15 + r], fill=colour)
        draw.polygon([(x - r * 1.95, y), (x + r * 1.95, y), (x, y - h)], fill=colour)
    else:  # clubs: three leaves
        draw.ellipse([x - r, y - h, x + r, y - h + 2 * r], fill=colour)
        for cx in (x - r * 1.1, x + r * 1.1):
            draw.ellipse([cx - r, y - h * 0.2 - r, cx + r, y - h * 0.2 + r], fill=colour)
    draw.polygon([(x, y), (x - r * 0.9, y + h), (x + r * 0.9, y + h)], fill=colour)  # the stem


@cache
def face(rank: Rank, suit: Suit, lang: str, width: int, greyed: bool = False) -> Image.Image:
    """A card face ``width`` pixels wide (height 1.4 × width), with transparent corners."""
    w, h = width * SUPERSAMPLE, round(width * 1.4) * SUPERSAMPLE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = w // 10
    draw.rounded_rectangle([0, 0, w - 1, h - 1], radius, fill=PAPER, outline=EDGE, width=w // 60)
    letter = corner_text(rank, lang)
    size = w * 0.3
    text_font = font(round(size), SEMIBOLD)
    colour = mark_colour(rank, suit)
    left = w * 0.08
    draw.text((left, h * 0.03), letter, font=text_font, fill=colour)
    draw_mark(draw, rank, suit, left + size * 0.4, h * 0.03 + size * 1.45, size * 0.55)
    draw_mark(draw, rank, suit, w * 0.58, h * 0.6, w * 0.5)
    image = image.resize((width, round(width * 1.4)), Image.Resampling.LANCZOS)
    if greyed:  # washed out, as a disabled button is
        washed = Image.new("RGBA", image.size, (*SHADE, 150))
        image = Image.alpha_composite(image, Image.composite(washed, image, image))
    return image


def card_face(card: Card, lang: str, width: int, greyed: bool = False) -> Image.Image:
    """The face of ``card`` (every copy of a card looks the same)."""
    return face(card.rank, card.suit, lang, width, greyed)


@cache
def index_face(rank: Rank, suit: Suit, lang: str, width: int) -> Image.Image:
    """A small card ``width`` pixels wide showing its index alone: the letter above,
    the suit below, each as large as the card allows."""
    w, h = width * SUPERSAMPLE, round(width * 1.4) * SUPERSAMPLE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([0, 0, w - 1, h - 1], w // 8, fill=PAPER, outline=EDGE, width=w // 40)
    letter = corner_text(rank, lang)
    size = round(w * (0.5 if len(letter) > 1 else 0.62))
    colour = mark_colour(rank, suit)
    letter_font = font(size, BOLD)
    # centred by its ink, so that a J's hook stays clear of the suit below it
    left, top, right, bottom = draw.textbbox((0, 0), letter, font=letter_font, anchor="lt")
    x, y = w / 2 - (left + right) / 2, h * 0.29 - (top + bottom) / 2
    draw.text((x, y), letter, font=letter_font, fill=colour, anchor="lt")
    draw_mark(draw, rank, suit, w / 2, h * 0.73, w * 0.5)
    return image.resize((width, round(width * 1.4)), Image.Resampling.LANCZOS)


def card_index(card: Card, lang: str, width: int) -> Image.Image:
    """The small face of ``card`` (every copy of a card looks the same)."""
    return index_face(card.rank, card.suit, lang, width)

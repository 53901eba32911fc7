"""The pictures of a table: a player's hand (unplayable cards greyed; Bésigue's laid
cards in a row of their own), and the trick on the table with the last trick beside it
(below it at a table too wide for that).  A whole hand, trick by trick, is
``bot.drawing.pictures.whole_hand``.

Each card of a trick carries its seat's number (the number the table shows beside each
name), so the trick's picture needs no name."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from bot.drawing.pictures.bounds import MAX_ASPECT, framed
from bot.drawing.pictures.faces import EDGE, FELT, GOLD, PAPER, card_face
from bot.drawing.pictures.text import BOLD, SEMIBOLD, draw_text, fitted, font
from bot.game import CardRow
from games.cards import Card
from games.tricks import PlayedTrick

HAND_CARD: Final = 88  # px: a card's width in a hand
HAND_STEP: Final = 50  # px between two cards of a hand (they overlap)
TRICK_CARD: Final = 84
LAST_CARD: Final = 56  # the last trick, smaller, beside the trick in progress
MARGIN: Final = 12
BADGE: Final = 24  # a seat number's disc
ROW_LABEL: Final = 26  # px: the line above a labelled row of a hand
ROW_LABEL_TEXT: Final = 16  # px: its letters
LINE: Final = (60, 130, 85)  # the felt's lighter lines: places to come, separations

Played = Sequence[tuple[int, Card]]  # (seat, card) in play order


def place(image: Image.Image, part: Image.Image, x: int, y: int) -> None:
    """``part`` (with transparent corners) laid on ``image`` at (x, y)."""
    image.paste(part, (x, y), part)


def height(width: int) -> int:
    return round(width * 1.4)


def hand_picture(rows: Sequence[CardRow], lang: str) -> Image.Image:
    """A hand fanned out left to right, a row under another for each ``CardRow`` (its
    label above it); in a row with ``playable`` given, the other cards greyed and the
    playable ones standing up."""
    widest = max((len(row.cards) for row in rows), default=1)
    width = 2 * MARGIN + HAND_CARD + HAND_STEP * (max(widest, 1) - 1)
    step = height(HAND_CARD) + MARGIN
    tall = MARGIN + sum(step + (ROW_LABEL if row.label else 0) for row in rows)
    image = Image.new("RGB", (width, max(tall, MARGIN + step)), FELT[:3])
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for index, row in enumerate(rows):
        if index:  # a row apart from the hand: a line between them
            draw.line([(MARGIN, y - MARGIN // 2), (width - MARGIN, y - MARGIN // 2)], LINE, 2)
        if row.label:
            label = fitted(row.label, ROW_LABEL_TEXT, width - 2 * MARGIN, SEMIBOLD)
            draw_text(draw, MARGIN, y + ROW_LABEL / 2, label, ROW_LABEL_TEXT, PAPER, SEMIBOLD)
            y += ROW_LABEL
        for number, card in enumerate(row.cards):
            greyed = row.playable is not None and card not in row.playable
            face = card_face(card, lang, HAND_CARD, greyed)
            lift = 0 if greyed or row.playable is None else -MARGIN // 2  # playable: up
            place(image, face, MARGIN + HAND_STEP * number, y + MARGIN // 2 + lift)
        y += step
    return framed(image)


@cache
def badge(seat: int, winner: bool) -> Image.Image:
    """Seat ``seat``'s number (1-based on screen) in a disc, gold for the trick's winner."""
    image = Image.new("RGBA", (BADGE + 1, BADGE + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse([0, 0, BADGE, BADGE], fill=GOLD if winner else PAPER, outline=EDGE)
    centre = BADGE / 2
    number = str(seat + 1)
    draw.text((centre, centre), number, font=font(BADGE - 9, BOLD), fill=(20, 20, 20), anchor="mm")
    return image


def _badge(image: Image.Image, seat: int, x: float, y: float, winner: bool) -> None:
    """The seat's badge centred on (x, y)."""
    place(image, badge(seat, winner), round(x - BADGE / 2), round(y - BADGE / 2))


def _trick_row(
    image: Image.Image, trick: Played, winner: int, lang: str, x: int, y: int, width: int
) -> int:
    """Cards of one trick side by side from (x, y), the winning seat's card outlined
    and raised; each with its seat's badge below.  Returns the x after the row."""
    draw = ImageDraw.Draw(image)
    gap = width // 8
    for seat, card in trick:
        won = seat == winner
        top = y - (gap // 2 if won else 0)
        if won:
            pad = max(3, width // 25)
            box = [x - pad, top - pad, x + width + pad - 1, top + height(width) + pad - 1]
            draw.rounded_rectangle(box, width // 8, fill=GOLD)
        place(image, card_face(card, lang, width), x, top)
        _badge(image, seat, x + width / 2, y + height(width) + BADGE / 2 + 4, won)
        x += width + gap
    return x


def trick_picture(
    trick: Played, winning: int, last: PlayedTrick | None, lang: str, seats: int
) -> Image.Image:
    """The trick in progress (room for every seat's card), the card winning it marked,
    and the last trick taken, smaller, on its right (under it where the picture would
    be too wide for Discord to show it well: five players)."""
    gap = TRICK_CARD // 8
    wide = MARGIN + seats * (TRICK_CARD + gap)
    tall = 2 * MARGIN + height(TRICK_CARD) + BADGE + 8
    last_wide = 0 if last is None else MARGIN + len(last.cards) * (LAST_CARD + LAST_CARD // 8)
    beside = wide + last_wide + MARGIN <= MAX_ASPECT * tall
    if beside:
        size = (wide + last_wide + MARGIN, tall)
    else:
        size = (max(wide, last_wide) + MARGIN, tall + height(LAST_CARD) + BADGE + 8 + MARGIN)
    image = Image.new("RGB", size, FELT[:3])
    draw = ImageDraw.Draw(image)
    for index in range(seats - len(trick)):  # the places of the cards still to come
        x = MARGIN + (len(trick) + index) * (TRICK_CARD + gap)
        box = [x, MARGIN, x + TRICK_CARD - 1, MARGIN + height(TRICK_CARD) - 1]
        draw.rounded_rectangle(box, TRICK_CARD // 10, outline=LINE, width=3)
    _trick_row(image, trick, winning if trick else -1, lang, MARGIN, MARGIN, TRICK_CARD)
    if last is None:
        return image
    if beside:
        draw.line([(wide, MARGIN), (wide, tall - MARGIN)], fill=LINE, width=3)
        top = MARGIN + (height(TRICK_CARD) - height(LAST_CARD)) // 2
        _trick_row(image, last.cards, last.winner, lang, wide + MARGIN, top, LAST_CARD)
    else:
        draw.line([(MARGIN, tall - MARGIN // 2), (size[0] - MARGIN, tall - MARGIN // 2)], LINE, 3)
        _trick_row(image, last.cards, last.winner, lang, MARGIN, tall + MARGIN // 2, LAST_CARD)
    return image

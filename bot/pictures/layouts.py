"""The pictures of a table, from cards only: a player's hand (unplayable cards greyed),
the trick on the table with the last trick beside it, and a whole hand trick by trick.

Each card of a trick carries its seat's number (the number the table shows beside each
name), so a picture needs no name and no font beyond digits and card letters."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from bot.pictures.faces import EDGE, FELT, GOLD, PAPER, card_face, font
from games.cards import Card
from games.tricks import PlayedTrick

HAND_CARD: Final = 88  # px: a card's width in a hand
HAND_STEP: Final = 50  # px between two cards of a hand (they overlap)
TRICK_CARD: Final = 84
LAST_CARD: Final = 56  # the last trick, smaller, beside the trick in progress
ROW_CARD: Final = 52  # a whole hand's cards
MARGIN: Final = 12
BADGE: Final = 24  # a seat number's disc
LABEL: Final = 40  # the column of the tricks' numbers

Played = Sequence[tuple[int, Card]]  # (seat, card) in play order


def place(image: Image.Image, part: Image.Image, x: int, y: int) -> None:
    """``part`` (with transparent corners) laid on ``image`` at (x, y)."""
    image.paste(part, (x, y), part)


def height(width: int) -> int:
    return round(width * 1.4)


def hand_picture(
    cards: Sequence[Card], playable: Collection[Card] | None, lang: str
) -> Image.Image:
    """A hand fanned out left to right; with ``playable`` given, the other cards greyed."""
    count = max(len(cards), 1)
    size = (2 * MARGIN + HAND_CARD + HAND_STEP * (count - 1), 2 * MARGIN + height(HAND_CARD))
    image = Image.new("RGB", size, FELT[:3])
    for index, card in enumerate(cards):
        greyed = playable is not None and card not in playable
        face = card_face(card, lang, HAND_CARD, greyed)
        lift = 0 if greyed or playable is None else -MARGIN // 2  # playable cards stand up
        place(image, face, MARGIN + HAND_STEP * index, MARGIN + MARGIN // 2 + lift)
    return image


@cache
def badge(seat: int, winner: bool) -> Image.Image:
    """Seat ``seat``'s number (1-based on screen) in a disc, gold for the trick's winner."""
    image = Image.new("RGBA", (BADGE + 1, BADGE + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse([0, 0, BADGE, BADGE], fill=GOLD if winner else PAPER, outline=EDGE)
    centre = BADGE / 2
    draw.text((centre, centre), str(seat + 1), font=font(BADGE - 8), fill=(20, 20, 20), anchor="mm")
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
    and the last trick taken, smaller, on its right."""
    gap = TRICK_CARD // 8
    wide = MARGIN + seats * (TRICK_CARD + gap)
    last_wide = 0 if last is None else MARGIN + len(last.cards) * (LAST_CARD + LAST_CARD // 8)
    tall = 2 * MARGIN + height(TRICK_CARD) + BADGE + 8
    image = Image.new("RGB", (wide + last_wide + MARGIN, tall), FELT[:3])
    draw = ImageDraw.Draw(image)
    for index in range(seats - len(trick)):  # the places of the cards still to come
        x = MARGIN + (len(trick) + index) * (TRICK_CARD + gap)
        box = [x, MARGIN, x + TRICK_CARD - 1, MARGIN + height(TRICK_CARD) - 1]
        draw.rounded_rectangle(box, TRICK_CARD // 10, outline=(60, 130, 85), width=3)
    _trick_row(image, trick, winning if trick else -1, lang, MARGIN, MARGIN, TRICK_CARD)
    if last is not None:
        draw.line([(wide, MARGIN), (wide, tall - MARGIN)], fill=(60, 130, 85), width=3)
        top = MARGIN + (height(TRICK_CARD) - height(LAST_CARD)) // 2
        _trick_row(image, last.cards, last.winner, lang, wide + MARGIN, top, LAST_CARD)
    return image


@cache
def number_label(number: int) -> Image.Image:
    """A trick's number, in the paper colour, on a transparent square."""
    image = Image.new("RGBA", (LABEL, LABEL), (0, 0, 0, 0))
    ImageDraw.Draw(image).text(
        (LABEL / 2, LABEL / 2), str(number), font=font(24), fill=PAPER, anchor="mm"
    )
    return image


def whole_hand_picture(tricks: Sequence[PlayedTrick], lang: str) -> Image.Image:
    """Every trick of a hand, one row each in the order played, its number on the left
    and the card that took it outlined."""
    widest = max((len(trick.cards) for trick in tricks), default=1)
    label = LABEL
    row = height(ROW_CARD) + BADGE + 14
    size = (MARGIN + label + widest * (ROW_CARD + ROW_CARD // 8) + MARGIN, 2 * MARGIN)
    image = Image.new("RGB", (size[0], size[1] + row * max(len(tricks), 1)), FELT[:3])
    for number, trick in enumerate(tricks, start=1):
        y = MARGIN + (number - 1) * row
        middle = y + height(ROW_CARD) / 2
        place(image, number_label(number), MARGIN, round(middle) - LABEL // 2)
        _trick_row(image, trick.cards, trick.winner, lang, MARGIN + label, y + 4, ROW_CARD)
    return image

"""A whole hand, trick by trick, in one picture that reads at Discord's embed size.

The tricks run down columns, as on a score sheet: each trick a line, its number on
the left, its cards in the seats' order (a column per seat, numbered at the head of
the column), the card led underlined and the card that took the trick framed in
gold.  The names stand above, each by its seat's number.  Cards are drawn as small
index cards (letter over suit), as large as the embed allows: the layout tries every
number of columns and keeps the one with the largest cards, within ``EMBED_WIDTH``
and the shape ``WIDE_ASPECTS``.

Every trick is drawn, even Bésigue's 32 (128 cards at four): its first tricks hold
brisques that count, and at four its cards are still 24 pixels wide, their letters
14 pixels high."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from bot.drawing.pictures.bounds import EMBED_WIDTH, WIDE_ASPECTS
from bot.drawing.pictures.faces import FELT, GOLD, PAPER, card_index
from bot.drawing.pictures.layouts import LINE, place
from bot.drawing.pictures.text import BOLD, SEMIBOLD, draw_text, fitted, text_width
from games.tricks import PlayedTrick

MARGIN: Final = 10
NAME_TEXT: Final = 15  # px: the names' letters
NAME_LINE: Final = 24
NAME_GAP: Final = 16  # between two names on a line
DISC: Final = 18  # a seat number's disc, by its name
HEADER: Final = 16  # the line of seat numbers at the head of a column
HEADER_TEXT: Final = 12
NUMBER: Final = 22  # the trick numbers' column
NUMBER_TEXT: Final = 12
CARD_GAP: Final = 3  # between two cards of a trick
COLUMN_GAP: Final = 12  # between two columns of tricks
ROW_GAP: Final = 7  # between two tricks: room for the underline of the card led
LARGEST: Final = 60  # px: a card's width at most
SMALLEST: Final = 8
DIM: Final = (180, 205, 188)  # the numbers, quieter than the names


@dataclass(frozen=True, slots=True)
class Grid:
    """Where the tricks go: ``columns`` of ``rows`` tricks, cards ``card`` px wide."""

    columns: int
    rows: int
    card: int

    def column_width(self, seats: int) -> int:
        return NUMBER + seats * self.card + (seats - 1) * CARD_GAP

    def row_height(self) -> int:
        return round(self.card * 1.4) + ROW_GAP


def tallest() -> int:
    """The height the picture may take: the flattest of the shapes allowed."""
    return math.floor(EMBED_WIDTH / WIDE_ASPECTS[0])


def shortest() -> int:
    return math.ceil(EMBED_WIDTH / WIDE_ASPECTS[1])


def grid_for(tricks: int, seats: int, above: int) -> Grid:
    """The grid with the largest cards for ``tricks`` of ``seats`` cards, under
    ``above`` pixels of names and tallies."""
    best = Grid(1, max(tricks, 1), SMALLEST)
    room = tallest() - above - HEADER - MARGIN
    for columns in range(1, max(tricks, 1) + 1):
        rows = math.ceil(tricks / columns)
        each = (EMBED_WIDTH - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns
        by_width = (each - NUMBER - (seats - 1) * CARD_GAP) / seats
        by_height = (room / rows - ROW_GAP) / 1.4
        card = min(math.floor(min(by_width, by_height)), LARGEST)
        while card > SMALLEST and rows * Grid(columns, rows, card).row_height() > room:
            card -= 1  # a card's height is rounded to whole pixels
        if card > best.card:
            best = Grid(columns, rows, card)
    return best


def name_lines(names: Sequence[str]) -> list[list[int]]:
    """The seats whose names share each line above the tricks: all on one line when
    they fit, else as evenly as they go on two or more."""
    seats = list(range(len(names)))
    for count in range(1, len(names) + 1):
        per = math.ceil(len(names) / count)
        lines = [seats[i : i + per] for i in range(0, len(seats), per)]
        room = EMBED_WIDTH - 2 * MARGIN
        if all(_line_width(names, line) <= room for line in lines):
            return lines
        if count == len(names):
            return lines
    return [seats]


def _name_room(line: Sequence[int]) -> int:
    """The width each name of ``line`` may take."""
    room = EMBED_WIDTH - 2 * MARGIN - len(line) * (DISC + 6) - (len(line) - 1) * NAME_GAP
    return max(room // max(len(line), 1), 24)


def _line_width(names: Sequence[str], line: Sequence[int]) -> int:
    words = sum(text_width(names[seat], NAME_TEXT, SEMIBOLD) for seat in line)
    return words + len(line) * (DISC + 6) + (len(line) - 1) * NAME_GAP


def _disc(draw: ImageDraw.ImageDraw, seat: int, x: float, y: float, size: int) -> None:
    """Seat ``seat``'s number (1-based, as the table shows it) in a disc centred on (x, y)."""
    r = size / 2
    draw.ellipse([x - r, y - r, x + r, y + r], fill=PAPER)
    number = str(seat + 1)
    width = text_width(number, size - 5, BOLD)
    draw_text(draw, x - width / 2, y, number, size - 5, (20, 20, 20), BOLD)


def whole_hand_picture(
    tricks: Sequence[PlayedTrick], names: Sequence[str], lang: str
) -> Image.Image:
    """Every trick of a hand in the order played, in columns, under the players' names
    (a seat without a name, in an old record, by its number only)."""
    played = [seat for trick in tricks for seat, _ in trick.cards]
    seats = max(len(names), 1 + max(played, default=0))
    names = [*names, *("" for _ in range(seats - len(names)))]
    lines = name_lines(names)
    above = MARGIN + NAME_LINE * len(lines) + 4
    grid = grid_for(len(tricks), seats, above)
    used = above + HEADER + grid.rows * grid.row_height() + MARGIN
    image = Image.new("RGB", (EMBED_WIDTH, max(used, shortest())), FELT[:3])
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        _names(draw, names, line, MARGIN + NAME_LINE * (number + 0.5))
    draw.line([(MARGIN, above - 2), (EMBED_WIDTH - MARGIN, above - 2)], LINE, 2)
    width = grid.columns * grid.column_width(seats) + (grid.columns - 1) * COLUMN_GAP
    left = (EMBED_WIDTH - width) // 2
    top = above + (image.size[1] - used) // 2
    for column in range(grid.columns):
        x = left + column * (grid.column_width(seats) + COLUMN_GAP)
        chunk = tricks[column * grid.rows : (column + 1) * grid.rows]
        if chunk:
            _column(image, draw, chunk, column * grid.rows + 1, grid, seats, lang, x, top)
    return image


def _names(draw: ImageDraw.ImageDraw, names: Sequence[str], line: Sequence[int], y: float) -> None:
    """A line of names, each by its seat's number (cut only where the line is too long)."""
    room = EMBED_WIDTH if _line_width(names, line) <= EMBED_WIDTH - 2 * MARGIN else 0
    room = room or _name_room(line)
    x = float(MARGIN)
    for seat in line:
        _disc(draw, seat, x + DISC / 2, y, DISC)
        x += DISC + 6
        name = fitted(names[seat], NAME_TEXT, room, SEMIBOLD)
        draw_text(draw, x, y, name, NAME_TEXT, PAPER, SEMIBOLD)
        x += text_width(name, NAME_TEXT, SEMIBOLD) + NAME_GAP


def _column(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    tricks: Sequence[PlayedTrick],
    first: int,
    grid: Grid,
    seats: int,
    lang: str,
    x: int,
    top: int,
) -> None:
    """One column of tricks from trick number ``first``, headed by the seats' numbers."""
    card, tall = grid.card, round(grid.card * 1.4)
    cards_x = x + NUMBER
    for seat in range(seats):
        head = str(seat + 1)
        centre = cards_x + seat * (card + CARD_GAP) + card / 2
        width = text_width(head, HEADER_TEXT, BOLD)
        draw_text(draw, centre - width / 2, top + HEADER / 2, head, HEADER_TEXT, DIM, BOLD)
    y = top + HEADER
    pad = max(2, card // 16)
    for number, trick in enumerate(tricks, start=first):
        label = str(number)
        width = text_width(label, NUMBER_TEXT, SEMIBOLD)
        draw_text(draw, x + NUMBER - 5 - width, y + tall / 2, label, NUMBER_TEXT, DIM, SEMIBOLD)
        for seat, played in trick.cards:
            left = cards_x + seat * (card + CARD_GAP)
            if seat == trick.winner:
                box = [left - pad, y - pad, left + card + pad - 1, y + tall + pad - 1]
                draw.rounded_rectangle(box, card // 6, fill=GOLD)
            place(image, card_index(played, lang, card), left, y)
            if seat == trick.leader:  # the card led, underlined as on a score sheet
                under = y + tall + pad + 1
                draw.line([(left + 1, under), (left + card - 2, under)], PAPER, 2)
        y += grid.row_height()

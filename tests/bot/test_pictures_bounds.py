"""Pictures within bounds: for every offered game and every number of players it allows,
each picture drawn from a real deal (computer players playing it out) fits Discord's
display, and every character drawn exists in the font (no .notdef box), names with
accents and emoji included.

Discord shows an embed's picture at most about 520 pixels wide: a picture wider than
1,200 pixels, flatter than 4:1 or taller than 1:1.2 shrinks to a strip or a column.
The whole hand (the summary, ``/history``) fills the embed: about 520 pixels wide,
between 4:3 and 2:1.

Glyphs are checked where Pillow draws them: every call of ``ImageDraw.text`` made
while the pictures are drawn is recorded (the drawing itself runs unchanged), and
each character it drew is compared with what the same font draws for a
noncharacter, its .notdef box."""

from __future__ import annotations

import io
import random
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import pytest
from PIL import Image, ImageFont

from bot.drawing.charts import balance_chart
from bot.drawing.pictures.bounds import EMBED_WIDTH, MAX_ASPECT, MAX_WIDTH, MIN_ASPECT, WIDE_ASPECTS
from bot.drawing.pictures.layouts import hand_picture, trick_picture
from bot.drawing.pictures.text import ROBOT, drawable
from bot.drawing.pictures.whole_hand import whole_hand_picture
from bot.game import TableGame
from games import offered

# names a Discord server may well hold: every accent, a computer's mark, an emoji
NAMES = ("🤖 Alexandre", "François", "Élisa", "Œdipe", "Łukasz", "Ñuño", "Zoé 🎲")
GAMES: list[TableGame] = [import_module(f"bot.games.{p}").GAME for p in offered.PACKAGES]
SEATINGS = [
    (game, seats) for game in GAMES for seats in range(game.spec.min_seats, game.spec.max_seats + 1)
]


def seating_id(case: tuple[TableGame, int]) -> str:
    return f"{case[0].id}-{case[1]}"


@dataclass
class Deal:
    """A deal played out by computer players: every seat's view before each move and
    at the end."""

    views: list[list[Any]] = field(default_factory=list)
    final: Any = None


def played(game: TableGame, seats: int, seed: int = 7) -> Deal:
    """The first deal from ``seed`` on in which cards were played (a deal every player
    passes has no trick to draw), played by the game's fair computer player."""
    spec = game.spec
    player = spec.player(spec.fair)
    for attempt in range(seed, seed + 40):
        session = spec.new_session(NAMES[:seats], attempt, spec.options())
        state = session.deal(attempt)
        rng = random.Random(attempt)
        deal = Deal()
        while not state.is_over:
            deal.views.append([state.view(seat) for seat in range(seats)])
            state.apply(player.act(state.view(state.turn), rng, 0.05))
        deal.views.append([state.view(seat) for seat in range(seats)])
        deal.final = state.view(0)
        if deal.final.tricks_played:
            return deal
    raise AssertionError(f"no deal of {game.id} at {seats} was played to a trick")


def notdef(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> bool:
    """Whether ``font`` draws ``char`` as its .notdef box (it has no glyph for it)."""
    box = font.getmask("\uffff")
    mask = font.getmask(char)
    return (mask.size, bytes(mask)) == (box.size, bytes(box))


def missing_glyphs(calls: list[tuple[str, Any]]) -> set[str]:
    """The characters drawn as a box, and any 🤖 Pillow was asked to draw as text."""
    missing = set()
    for text, font in calls:
        assert font is not None, f"{text!r} drawn with Pillow's default font"
        for char in text:
            if char == ROBOT or (not char.isspace() and notdef(font, char)):
                missing.add(char)
    return missing


def fits(image: Image.Image) -> None:
    width, height = image.size
    assert width <= MAX_WIDTH, image.size
    assert MIN_ASPECT <= width / height <= MAX_ASPECT, image.size


def shapes(deal: Deal, game: TableGame, lang: str) -> Iterator[tuple[str, Image.Image]]:
    """One picture of each shape the deal's hands and tricks took (a picture's size
    depends only on how many cards each of its rows shows)."""
    seen: set[object] = set()
    seats = len(deal.views[0])
    for views in deal.views:
        for view in views:
            rows = game.renderer.hand_rows(view, lang)
            shape = ("hand", tuple((len(row.cards), row.label) for row in rows))
            if any(row.cards for row in rows) and shape not in seen:
                seen.add(shape)
                yield f"hand {shape[1]}", hand_picture(rows, lang)
        view = views[0]
        last = view.tricks_played[-1] if view.tricks_played else None
        shape = ("trick", len(view.trick), None if last is None else len(last.cards))
        if (view.trick or last) and shape not in seen:
            seen.add(shape)
            yield f"trick {shape[1:]}", trick_picture(view.trick, view.winning, last, lang, seats)


@pytest.mark.parametrize("case", SEATINGS, ids=[seating_id(c) for c in SEATINGS])
def test_every_picture_of_a_deal_fits_discord(case, drawn_text) -> None:
    game, seats = case
    deal = played(game, seats)
    names = NAMES[-seats:] if seats % 2 else NAMES[:seats]  # emoji first and last
    for lang in ("fr", "en"):
        pictures = list(shapes(deal, game, lang))
        assert any(kind.startswith("hand") for kind, _ in pictures)
        assert any(kind.startswith("trick") for kind, _ in pictures)
        for kind, image in pictures:
            try:
                fits(image)
            except AssertionError as error:
                raise AssertionError(f"{game.id} at {seats}, {kind}: {error}") from None
        whole = whole_hand_picture(deal.final.tricks_played, names, lang)
        width, height = whole.size
        assert abs(width - EMBED_WIDTH) <= 40, whole.size
        assert WIDE_ASPECTS[0] <= width / height <= WIDE_ASPECTS[1], whole.size
        fits(whole)
    assert drawn_text, "the pictures draw their numbers and names"
    assert missing_glyphs(drawn_text) == set()


def test_the_chart_fits_and_draws_every_name(drawn_text) -> None:
    players = [(str(i), name) for i, name in enumerate(NAMES)]
    series = [(hand, str(i), (hand * 7 + i * 5) % 13 - 6) for hand in range(30) for i in range(7)]
    chart = Image.open(io.BytesIO(balance_chart(series, players, "fr")))
    fits(chart)
    assert missing_glyphs(drawn_text) == set()
    drawn = " ".join(text for text, _ in drawn_text)
    for name in ("Alexandre", "François", "Élisa", "Œdipe", "Łukasz", "Ñuño"):
        assert name in drawn  # a name loses nothing the font has, whatever it carries


def test_every_latin_letter_is_in_the_font() -> None:
    """Latin-1, Latin Extended-A and B, and Vietnamese: every letter a name may carry."""
    letters = [
        chr(code)
        for block in ((0xC0, 0x250), (0x1E00, 0x1F00))
        for code in range(*block)
        if unicodedata.category(chr(code)).startswith("L")
    ]
    assert len(letters) > 500
    assert [char for char in letters if drawable(char) != char] == []


@pytest.mark.parametrize(
    "name, shown",
    [
        ("Zoé 🎲", "Zoé"),
        ("Zoe\u0301", "Zoé"),  # an accent typed apart: composed
        ("❤\ufe0f Anne", "Anne"),  # an emoji and its variation selector
        ("👨\u200d👩\u200d👧 Famille", "Famille"),  # joined emoji
        ("🤖 Alexandre", "🤖 Alexandre"),  # drawn as a small robot
        ("山田", "?"),  # nothing the font has
    ],
)
def test_what_a_name_keeps(name, shown) -> None:
    assert drawable(name) == shown


def test_a_computer_players_mark_is_drawn_as_a_robot(drawn_text) -> None:
    tricks = played(GAMES[0], GAMES[0].spec.min_seats).final.tricks_played
    seats = GAMES[0].spec.min_seats
    marked = whole_hand_picture(tricks, ["🤖 Anne", *NAMES[1:seats]], "fr")
    plain = whole_hand_picture(tricks, ["Anne", *NAMES[1:seats]], "fr")
    assert marked.tobytes() != plain.tobytes()  # something is drawn for 🤖...
    assert "Anne" in [text for text, _ in drawn_text]
    assert missing_glyphs(drawn_text) == set()  # ...and not as text

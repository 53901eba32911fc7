"""Cards as pictures: what the drawings show, the cache that keeps them, and what a
message send or edit carries for them."""

from __future__ import annotations

import io

import discord
from PIL import Image

from bot.drawing.pictures.faces import FELT, card_face
from bot.drawing.pictures.files import UNKNOWN, PictureCache, edit_files, picture_name, send_files
from bot.drawing.pictures.layouts import (
    HAND_CARD,
    HAND_STEP,
    MARGIN,
    ROW_LABEL,
    hand_picture,
    trick_picture,
)
from bot.drawing.pictures.scenes import hand_scene, trick_scene, whole_hand_scene
from bot.game import CardRow
from games.cards import Card
from games.tricks import PlayedTrick


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def hand(text: str, playable: str | None = None, label: str = "") -> CardRow:
    """A row of a hand's picture: ``playable`` (None: nothing to play) among its cards."""
    shown = None if playable is None else frozenset(cards(playable))
    return CardRow(tuple(cards(text)), shown, label)


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_a_face_is_drawn_in_the_readers_language() -> None:
    king = Card.parse("KS")
    french, english = card_face(king, "fr", 100), card_face(king, "en", 100)
    assert french.size == english.size == (100, 140)
    assert french.tobytes() != english.tobytes()  # R in French, K in English
    seven = Card.parse("7S")
    assert card_face(seven, "fr", 100).tobytes() == card_face(seven, "en", 100).tobytes()


def test_every_copy_of_a_card_looks_the_same() -> None:
    first, second = Card.parse("QH", packs=2), Card.parse("QH#2", packs=2)
    assert first != second
    assert card_face(first, "fr", 80).tobytes() == card_face(second, "fr", 80).tobytes()


def test_suits_differ_and_red_suits_are_red() -> None:
    faces = {s: card_face(Card.parse("9" + s), "en", 100).convert("RGB") for s in "SHDC"}
    assert len({f.tobytes() for f in faces.values()}) == 4
    centre = (58, 84)  # inside the big suit sign
    red, black = faces["H"].getpixel(centre), faces["S"].getpixel(centre)
    assert isinstance(red, tuple) and isinstance(black, tuple)
    assert red[0] > 150 and red[1] < 80  # heart: red
    assert max(black) < 80  # spade: black


def test_unplayable_cards_are_greyed_and_playable_ones_stand_up() -> None:
    open_ = hand_picture([hand("KS QS 10H 7C")], "fr")
    greyed = hand_picture([hand("KS QS 10H 7C", "KS")], "fr")
    assert open_.size == greyed.size == (2 * MARGIN + HAND_CARD + 3 * HAND_STEP, open_.size[1])
    # the last card's middle: paper in the open hand, washed grey when it may not be played
    x, y = MARGIN + 3 * HAND_STEP + HAND_CARD // 6, MARGIN + round(HAND_CARD * 1.4 * 0.85)
    paper, washed = open_.convert("RGB").getpixel((x, y)), greyed.convert("RGB").getpixel((x, y))
    assert isinstance(paper, tuple) and isinstance(washed, tuple)
    assert min(paper) > 230 and max(washed) < 200


def test_a_labelled_row_stands_apart_and_is_greyed_only_where_unplayable(drawn_text) -> None:
    alone = hand_picture([hand("KS QS 10H", "KS")], "en")
    laid = hand("JS JH", "JS", "Laid on the table")
    both = hand_picture([hand("KS QS 10H", "KS"), laid], "en")
    assert both.size[1] == alone.size[1] + ROW_LABEL + round(HAND_CARD * 1.4) + MARGIN
    assert "Laid on the table" in [text for text, _ in drawn_text]
    top = alone.size[1] + ROW_LABEL  # the laid row's cards
    y = top + MARGIN // 2 + round(HAND_CARD * 1.4 * 0.85)
    open_ = both.convert("RGB").getpixel((MARGIN + HAND_CARD // 6, y))  # J♠: may be played
    greyed = both.convert("RGB").getpixel((MARGIN + HAND_STEP + HAND_CARD // 6, y))  # J♥
    assert isinstance(open_, tuple) and isinstance(greyed, tuple)
    assert min(open_) > 230 and max(greyed) < 200
    nothing_to_play = hand_picture([hand("KS QS 10H"), hand("JS JH", None, "laid")], "en")
    paper = nothing_to_play.convert("RGB").getpixel((MARGIN + HAND_STEP + HAND_CARD // 6, y))
    assert isinstance(paper, tuple) and min(paper) > 230  # not to play: none greyed


def test_at_five_the_last_trick_goes_under_the_trick_in_progress() -> None:
    trick = ((1, Card.parse("AS")), (2, Card.parse("KS")))
    last = PlayedTrick(0, tuple(enumerate(cards("QH JH 10H 9H 8H"))), 0)
    four = trick_picture(trick, 1, PlayedTrick(0, last.cards[:4], 0), "fr", 4)
    five = trick_picture(trick, 1, last, "fr", 5)
    assert four.size[0] / four.size[1] <= 4  # beside: still within 4:1
    assert five.size[0] < four.size[0] and five.size[1] > 1.5 * four.size[1]  # under


def test_the_trick_leaves_room_for_every_seat_and_shows_the_last_trick() -> None:
    trick = ((1, Card.parse("AS")), (2, Card.parse("KS")))
    alone = trick_picture(trick, 1, None, "fr", 4)
    last = PlayedTrick(0, tuple(enumerate(cards("QH JH 10H 9H"))), 0)
    beside = trick_picture(trick, 1, last, "fr", 4)
    assert beside.size[0] > alone.size[0] and beside.size[1] == alone.size[1]
    assert alone.convert("RGB").getpixel((2, 2)) == FELT[:3]


def test_pictures_are_named_by_what_they_show_and_drawn_only_to_be_uploaded() -> None:
    cache = PictureCache(size=8, drawn_kept=2)
    drawn = []

    def draw() -> Image.Image:
        drawn.append(1)
        return hand_picture([hand("AS KS")], "fr")

    first = cache.get("hand", ("AS KS",), draw, "A♠ R♠")
    again = cache.get("hand", ("AS KS",), draw, "A♠ R♠")
    assert again is first and drawn == []  # named, not drawn: nothing to upload yet
    assert first.name.startswith("hand-") and first.name.endswith(".png")
    assert cache.get("hand", ("AS QS",), draw, "A♠ D♠").name != first.name
    assert png(cache.png(first)).size == hand_picture([hand("AS KS")], "fr").size
    cache.png(first)
    assert len(drawn) == 1 and cache.drawn == 1  # drawn once for two uploads
    for n in "78":  # two other pictures uploaded: the first's PNG is no longer kept
        other = cache.get("hand", (n,), lambda n=n: hand_picture([hand(n + "C")], "fr"), n)
        cache.png(other)
    cache.png(first)
    assert len(drawn) == 2 and cache.named(first.name) is first


def test_the_same_cards_make_the_same_file() -> None:
    one = hand_scene([hand("KS QS JS", "KS")], "fr", "R♠ D♠ V♠")
    other = hand_scene((hand("KS QS JS", "KS"),), "fr", "R♠ D♠ V♠")
    changed = hand_scene([hand("KS QS JS", "QS")], "fr", "R♠ D♠ V♠")
    laid = hand_scene([hand("KS QS", "KS"), hand("JS", "JS", "laid")], "fr", "R♠ D♠ V♠")
    assert one.name == other.name and len({one.name, changed.name, laid.name}) == 3


def test_a_send_attaches_the_picture_and_an_edit_uploads_only_a_change() -> None:
    picture = hand_scene([hand("AH 10H")], "en", "Your cards: A♥ 10♥")
    embed = discord.Embed(title="hand").set_image(url=picture.url)
    sent = send_files(embed)["file"]
    assert sent.filename == picture.name and sent.description == "Your cards: A♥ 10♥"
    assert picture_name(embed) == picture.name
    assert edit_files(embed, picture.name) == {}  # the message holds it: nothing sent
    uploaded = edit_files(embed, UNKNOWN)["attachments"]  # after a restart: sent again
    assert [f.filename for f in uploaded] == [picture.name]
    assert edit_files(embed, "hand-old.png")["attachments"][0].filename == picture.name
    text_only = discord.Embed(title="hand")
    assert edit_files(text_only, picture.name) == {"attachments": []}  # the file goes
    assert edit_files(text_only, None) == {} and send_files(text_only) == {}


class View:
    seat, turn, winning = 0, 1, 1
    trick: tuple[tuple[int, Card], ...] = ()
    tricks_played: tuple[PlayedTrick, ...] = ()
    tricks_won = (0, 0, 0)


def test_no_trick_picture_before_the_first_card() -> None:
    view = View()
    assert trick_scene(view, "fr", 3, "") is None
    view.trick = ((0, Card.parse("AS")),)
    assert trick_scene(view, "fr", 3, "A♠") is not None
    assert whole_hand_scene((), ["Anne", "Marc", "Zoé"], "fr", "") is None

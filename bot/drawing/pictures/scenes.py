"""The pictures a table shows, as cached attachments: a player's hand, the trick on the
table, a whole hand.  Each is keyed by exactly what it shows, so the same cards are
drawn and uploaded once; each shows only cards its reader may see (the trick from the
public view, a hand from its own seat's view)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.drawing.pictures.files import CACHE, Picture
from bot.drawing.pictures.layouts import hand_picture, trick_picture
from bot.drawing.pictures.whole_hand import whole_hand_picture
from bot.game import CardRow, TrickView
from games.tricks import PlayedTrick


def hand_scene(rows: Sequence[CardRow], lang: str, description: str) -> Picture:
    """A hand in rows (``description``: the same cards in words, for screen readers)."""
    key = (tuple(rows), lang)
    return CACHE.get("hand", key, partial(hand_picture, tuple(rows), lang), description)


def trick_scene(view: TrickView, lang: str, seats: int, description: str) -> Picture | None:
    """The trick in progress and the last trick taken (None: no card played yet)."""
    last = view.tricks_played[-1] if view.tricks_played else None
    if not view.trick and last is None:
        return None
    trick, winning = view.trick, view.winning
    key = (trick, winning if trick else -1, last, lang, seats)
    draw = partial(trick_picture, trick, winning, last, lang, seats)
    return CACHE.get("trick", key, draw, description)


def whole_hand_scene(
    tricks: Sequence[PlayedTrick], names: Sequence[str], lang: str, description: str
) -> Picture | None:
    """Every trick of a hand, in order, under the players' names (None: no trick was
    played)."""
    if not tricks:
        return None
    key = (tuple(tricks), tuple(names), lang)
    draw = partial(whole_hand_picture, tuple(tricks), tuple(names), lang)
    return CACHE.get("tricks", key, draw, description)

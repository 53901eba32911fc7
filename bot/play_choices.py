"""What ``/play``'s autocomplete offers the player to act: the moves their buttons offer
(``HandDrawer.offered``), each said as in the hand's context, in the order of their hand,
filtered by what they typed; Discord shows ``CHOICES`` at most.  What it offers, or a
button's label, typed back by hand is read as that move (``offered_named``)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from discord.app_commands import Choice

from bot.renderer import CardRow, Renderer
from bot.texts.i18n import LANGS
from bot.texts.parsing import matches, plain
from games.cards import Card, PlaysOneCard

CHOICES = 25  # Discord shows 25 choices at most


def play_choices(
    renderer: Renderer[Any, Any, Any], view: Any, lang: str, typed: str
) -> list[Choice[str]]:
    """The choices for ``view``'s seat, for what it typed so far (``typed``): first the
    moves built on it (``HandDrawer.completed``), then the offered ones it fits."""
    offered = offered_order(renderer.hand_rows(view, lang), renderer.offered(view), bool(typed))
    built = renderer.completed(view, typed, lang)
    out: dict[str, Choice[str]] = {}
    for action in [*built, *offered]:
        label, value = renderer.move_text(view, action, lang), str(action)
        if value not in out and (action in built or matches(typed, label, value)):
            out[value] = Choice(name=label[:100], value=value[:100])
    return list(out.values())[:CHOICES]


def offered_named(renderer: Renderer[Any, Any, Any], view: Any, typed: str) -> Any | None:
    """The move offered to ``view``'s seat whose words, in any language, are ``typed``
    (case, accents, spaces and punctuation aside): a label copied from a button or a
    choice, such as "Je cagnote (pour 4)".  None if no offered move, or several, read so."""
    for fold in (_folded, _unglossed):  # as shown, else without what brackets add
        key = fold(typed)
        found = {}
        for action in renderer.offered(view) if key else ():
            for lang in LANGS:
                said = (
                    renderer.move_text(view, action, lang),
                    renderer.listed_text(view, action, lang),
                )
                if key in map(fold, said):
                    found[str(action)] = action
        if found:
            return next(iter(found.values())) if len(found) == 1 else None
    return None


def _folded(text: str) -> str:
    return "".join(c for c in plain(text).casefold() if c.isalnum() or c in "♠♥♦♣")


def _unglossed(text: str) -> str:
    """``text`` folded without its bracketed glosses ("Je cagnote (pour 3)": "jecagnote"),
    which change with the auction: a label copied earlier, or from the docs, still names
    its move."""
    return _folded(re.sub(r"\([^)]*\)", "", text))


def offered_order(rows: list[CardRow], legal: Sequence[Any], typed: bool) -> list[Any]:
    """The legal moves in the order ``/play`` offers them: a card's moves in the order
    of the hand as drawn, the other moves first as the game lists them.  With nothing
    typed, each card's first move comes before its variants (L'Hombre's signals), so
    that the first ``CHOICES`` offer every card; once typed, a card's variants follow
    it, all of them within reach."""
    place = {card: i for i, card in enumerate(c for row in rows for c in row.cards)}
    seen: Counter[Card] = Counter()
    keys = []
    for action in legal:
        card = played_card(action)
        variant = seen[card] if card is not None and not typed else 0
        keys.append((variant, -1 if card is None else place.get(card, len(place))))
        if card is not None:
            seen[card] += 1
    order = sorted(range(len(legal)), key=lambda i: keys[i])
    return [legal[i] for i in order]


def played_card(action: object) -> Card | None:
    """The one card a move plays or discards, if it is about one card."""
    if isinstance(action, PlaysOneCard) and action.cards.bit_count() == 1:
        return action.card
    return None

"""A hint in words, as the player who asked reads it (privately): the best moves as the
private hand offers them, what each costs against the best in the game's unit, and
the line of why where a rule of thumb gives one (``games.ai.teacher``)."""

from __future__ import annotations

from typing import Any, Final

from bot.drawing.wording import card_text, cards_text, loss_text
from bot.game import TableGame
from bot.texts.i18n import game_text, t
from games.ai.teacher.hint import Hint
from games.ai.teacher.why import Why

AS_GOOD: Final = 0.05  # a loss that rounds to nothing is "as good" as the best


def hint_text(game: TableGame, view: Any, found: Hint | None, lang: str) -> str:
    """The answer to a hint asked at ``view`` (the asker's own view)."""
    if found is None:
        return t(lang, "hint.none")
    # no layout drawn: nothing hidden mattered (the decision was valued as it stands)
    title = (
        t(lang, "hint.title", deals=found.samples) if found.samples else t(lang, "hint.title_seen")
    )
    lines = [title]
    for rank, (move, loss) in enumerate(zip(found.moves, found.losses, strict=True), start=1):
        words = game.renderer.move_text(view, move, lang)
        said = t(lang, "hint.best") if rank == 1 else worth(loss, found.unit, lang)
        lines.append(t(lang, "hint.line", rank=rank, move=words, worth=said))
    if found.why is not None:
        lines.append(t(lang, "hint.why", why=why_text(found.why, lang, game.id)))
    return "\n".join(lines)


def worth(loss: float, unit: str, lang: str) -> str:
    """What a move costs against the best, in ``unit``: "as good", "−0.8 jetons"."""
    if loss < AS_GOOD:
        return t(lang, "hint.as_good")
    return t(lang, "hint.loss", amount=loss_text(loss, unit, lang))


def why_text(why: Why, lang: str, game: str) -> str:
    """The line of why in words, as the game ``game`` (an id) words it: its reason, with
    the cards it names."""
    cards = list(why.cards)
    first = card_text(cards[0], lang) if cards else ""
    key, words = f"why.{why.reason}", cards_text(cards, lang)
    return game_text(game, lang, key, card=first, cards=words, count=why.count)

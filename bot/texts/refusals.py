"""The words of a refusal: the catalogue key each engine reason is said with.

An engine refuses an action with a ``games.refusals.Refusal``, whose code names
the rule; a game's renderer words it by that code (``Renderer.refusals``), never
by the engine's English.  The rules every game shares are worded here once."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from bot.drawing.wording import card_text, duty_text
from bot.errors import MoveRefused, UserError
from bot.texts.i18n import t
from games.cards import Card
from games.duties import Duty
from games.refusals import Refusal, Rule

SHARED: Final[Mapping[StrEnum, str]] = {
    Rule.OVER: "error.no_hand",
    Rule.TURN: "error.refused_turn",
    Rule.NOT_HELD: "error.not_held",
    Rule.OBLIGATION: "error.broken_duty",
    Rule.PLAY_EXPECTED: "error.play_expected",
    Rule.CALLS_FIRST: "error.calls_first",
}


def refusal_by_code(keys: Mapping[StrEnum, str], refusal: Refusal) -> tuple[str, dict[str, object]]:
    """A refusal worded by its code, with the duty a refused card breaks where the
    engine names one (worded in the reader's language when answered)."""
    return keys[refusal.code], ({"duty": refusal.duty} if refusal.duty is not None else {})


def refusal_keys(own: Mapping[StrEnum, str]) -> dict[StrEnum, str]:
    """A game's key for each code: the shared rules' as worded here unless the game
    words them its own way, and its own rules'."""
    return {**SHARED, **own}


def refusal_error(refused: MoveRefused) -> UserError:
    """A refused move in its game's words: the key its renderer chooses by the refusal's
    code, and the moves the player may make instead (worded in the reader's language
    when answered)."""
    renderer = refused.game.renderer
    key, args = renderer.refusal(refused.view, refused.action, refused.refusal)
    words = refused.game.id  # the game whose words say the duty a refused card breaks
    return UserError(key, legal=refused.legal, of=renderer, seen=refused.view, words=words, **args)


def error_text(error: UserError, lang: str) -> str:
    """A refusal's answer in ``lang``: its catalogue text, with the moves it lists and
    the duty it names worded in that language."""
    args = dict(error.args_)
    legal = args.get("legal")
    renderer = args.pop("of", None)  # the game's renderer, which words ``legal``
    seen = args.pop("seen", None)  # the view of the refused player, to word them as offered
    game = args.pop("words", None)  # the refusing game's id, whose words say a duty
    if isinstance(legal, list) and renderer is not None:
        words = dict.fromkeys(
            renderer.action_text(a, lang) if seen is None else renderer.listed_text(seen, a, lang)
            for a in legal
        )
        args["legal"] = listed_moves(list(words))
    duty = args.get("duty")
    if isinstance(duty, Duty):
        args["duty"] = duty_text(duty, lang, game)
    for name, value in args.items():
        if isinstance(value, Card):  # a card a refusal names, as its reader reads cards
            args[name] = card_text(value, lang)
    return t(lang, error.key, **args)


def listed_moves(words: list[str]) -> str:
    """Moves listed in a sentence: by commas, unless a move's own words hold one
    ("Sans prendre, vole"), when a comma would read as two moves."""
    separator = " · " if any("," in w for w in words) else ", "
    return separator.join(words) or "—"

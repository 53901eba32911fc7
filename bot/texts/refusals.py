"""The words of a refusal: the catalogue key each engine reason is said with.

An engine refuses an action with a ``games.refusals.Refusal``, whose code names
the rule; a game's renderer words it by that code (``Renderer.refusals``), never
by the engine's English.  The rules every game shares are worded here once."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from bot.errors import MoveRefused, UserError
from games.refusals import Refusal, Rule

SHARED: Final[Mapping[StrEnum, str]] = {
    Rule.OVER: "error.no_hand",
    Rule.TURN: "error.refused_turn",
    Rule.NOT_HELD: "error.illegal_card",
    Rule.OBLIGATION: "error.illegal_card",
    Rule.PLAY_EXPECTED: "error.illegal_card",
}


def refusal_by_code(keys: Mapping[StrEnum, str], refusal: Refusal) -> tuple[str, dict[str, object]]:
    """A refusal worded by its code alone (no arguments of its own)."""
    return keys[refusal.code], {}


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
    return UserError(key, legal=refused.legal, of=renderer, seen=refused.view, **args)

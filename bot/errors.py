"""Refusals: errors whose message is a catalogue key, answered briefly to the user."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.refusals import Refusal

if TYPE_CHECKING:
    from bot.game import TableGame


class UserError(Exception):
    """Bad input or a move refused by the rules: nothing changed, tell the user why."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


class TableElsewhere(UserError):
    """The table's shard is held by another process now: this one may not drive it."""

    def __init__(self) -> None:
        super().__init__("error.table_elsewhere")


class MoveRefused(Exception):
    """A move the game's rules refuse now: the engine's typed ``refusal``, for the game's
    texts to word (``bot.texts.refusals.refusal_error``); the table did not change.

    ``view`` is what the player sees, ``legal`` the moves they may make instead."""

    def __init__(
        self, game: TableGame, view: Any, action: Any, refusal: Refusal, legal: list[Any]
    ) -> None:
        super().__init__(refusal.text)
        self.game = game
        self.view = view
        self.action = action
        self.refusal = refusal
        self.legal = legal

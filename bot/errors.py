"""Refusals: errors whose message is a catalogue key, answered briefly to the user."""

from __future__ import annotations

from typing import Any


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

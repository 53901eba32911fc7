"""Replay a record of any registered game and give its result JSON (RULES.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import registry
from games.records import RecordError


def replay_result(data: Mapping[str, Any]) -> Any:
    """Replay a record of the game it names and return its result JSON."""
    game = data.get("game")
    try:
        spec = registry.game(str(game))
    except KeyError:
        known = ", ".join(g.id for g in registry.games())
        raise RecordError(f"unknown game {game!r} (known: {known})") from None
    return spec.replay(data)

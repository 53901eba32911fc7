"""Replay a record of any registered game and give its result JSON (RULES.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import registry
from games.records import RecordError

# the first records, La Bête Hombrée's, were written before the field named the game
UNNAMED_GAME = "bete-hombree"


def replay_result(data: Mapping[str, Any]) -> Any:
    """Replay a record of the game it names (La Bête Hombrée if it names none)
    and return its result JSON."""
    game = data.get("game", UNNAMED_GAME)
    try:
        spec = registry.game(str(game))
    except KeyError:
        known = ", ".join(g.id for g in registry.games())
        raise RecordError(f"unknown game {game!r} (known: {known})") from None
    return spec.replay(data)

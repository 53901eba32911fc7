"""Replay a hand record of any game and give its result JSON (RULES.md §5)."""

from __future__ import annotations

from typing import Any

from games import bete, bete_hombree
from games.records import RecordError

GAMES = ("bete-hombree", "bete")


def replay_result(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a record of any game and return its result JSON."""
    game = data.get("game")
    if game == "bete-hombree":
        record = bete_hombree.HandRecord.from_json(data)
        return bete_hombree.result_json(bete_hombree.replay(record))
    if game == "bete":
        return bete.result_json(bete.replay(bete.DealRecord.from_json(data)))
    raise RecordError(f"unknown game {game!r} (known: {', '.join(GAMES)})")

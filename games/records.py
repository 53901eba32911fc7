"""Hand records of every game: load a JSON record and replay it (RULES.md §5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games import bete_hombree
from games.bete_hombree.record import RecordError

GAMES = ("bete-hombree",)


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


def replay_result(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a record of any game and return its result JSON."""
    game = data.get("game")
    if game == "bete-hombree":
        record = bete_hombree.HandRecord.from_json(data)
        return bete_hombree.result_json(bete_hombree.replay(record))
    raise RecordError(f"unknown game {game!r} (known: {', '.join(GAMES)})")

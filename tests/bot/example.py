"""The example-1 record as a table: players, a seed giving its dealer and belle, its deal."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

from bot.tables.table import LiveTable
from db.models import TableRow
from games.bete_hombree import HandRecord, replay, result_json, tirer_le_roi
from games.cards import Suit

RECORD_PATH = Path(__file__).resolve().parents[1] / "records" / "example1.json"


def example1() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORD_PATH.read_text(encoding="utf-8"))
    return data


def expected_result() -> dict[str, Any]:
    return result_json(replay(HandRecord.from_json(example1())))


def seed_for(dealer: int, belle: Suit) -> int:
    """A master seed whose tirer le roi gives this dealer and belle."""
    for seed in range(10_000):
        draw = tirer_le_roi(random.Random(seed))
        if draw.dealer == dealer and draw.belle is belle:
            return seed
    raise AssertionError("no seed found")


def example_seed() -> int:
    data = example1()
    return seed_for(int(data["dealer"]), Suit.parse(data["belle"]))


def example_deal(table: LiveTable, hand_no: int) -> tuple[list[list[str]], list[str]] | None:
    """The deal source: example 1's cards for La Bête Hombrée's first hand, a shuffle after
    (and always for La Bête)."""
    if hand_no != 1 or table.game.id != "bete-hombree":
        return None
    data = example1()
    return [list(h) for h in data["hands"]], list(data["cagnot"])


def actions() -> list[tuple[int, str]]:
    out = []
    for line in example1()["actions"]:
        seat, _, words = line.partition(" ")
        out.append((int(seat), words))
    return out


def example_row(status: str) -> TableRow:
    """The row of a table of La Bête Hombrée in the examples' server, seeded as they are."""
    return TableRow(
        id=7,
        guild_id=1,
        channel_id=2,
        game="bete-hombree",
        options={},
        turn_seconds=60,
        status=status,
        message_id=3,
        created_by="101",
        created_at=datetime.datetime(2025, 1, 1),
        seed=example_seed(),
        guild_name="Le Berry",
        channel_name="salon",
    )

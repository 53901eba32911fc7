"""Asking players for decisions in the tests of both games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any


def ask_legal(player: Any, state: Any, seed: int, asked: Counter[str]) -> None:
    """``player`` decides from the view of the seat to act; the action must be legal."""
    action = player.act(state.view(state.turn), random.Random(seed), 0.05)
    assert state.is_legal(action), (player.name, action, state.actions)
    asked[player.name] += 1

"""The weakest baseline: any legal action, uniformly at random (any game)."""

from __future__ import annotations

import random
from typing import TypeVar

from .base import DEFAULT_BUDGET, HasLegal

A = TypeVar("A")


class RandomPlayer:
    name = "random"

    def act(self, view: HasLegal[A], rng: random.Random, budget: float = DEFAULT_BUDGET) -> A:
        if not view.legal:
            raise ValueError("it is not this seat's turn")
        return rng.choice(view.legal)

"""The weakest baseline: any legal action, uniformly at random."""

from __future__ import annotations

import random

from games.bete_hombree.actions import Action
from games.bete_hombree.state import HandView

from .base import DEFAULT_BUDGET


class RandomPlayer:
    name = "random"

    def act(self, view: HandView, rng: random.Random, budget: float = DEFAULT_BUDGET) -> Action:
        if not view.legal:
            raise ValueError("it is not this seat's turn")
        return rng.choice(view.legal)

"""The toy game's computer players: ``random`` (the table's fair level) and
``high`` (its strong one: always its highest card)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from examples.toy.game import Action, DealView, strength
from games.registry import ComputerPlayer


class RandomPlayer:
    name = "random"

    def act(self, view: DealView, rng: random.Random, budget: float) -> Action:
        return rng.choice(view.legal)


class HighPlayer:
    """Plays its highest card; of equal ranks, the first in suit order (S H D C)."""

    name = "high"

    def act(self, view: DealView, rng: random.Random, budget: float) -> Action:
        return min(view.legal, key=lambda a: (strength(a.cards.bit_length() - 1), a.cards))


PLAYERS: Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]] = {
    "random": RandomPlayer,
    "high": HighPlayer,
}

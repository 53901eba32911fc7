"""The weakest baseline: any legal action, uniformly at random (any game)."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from .base import DEFAULT_BUDGET

A_co = TypeVar("A_co", covariant=True)
A = TypeVar("A")


class HasLegal(Protocol[A_co]):
    """A view that lists its legal actions."""

    @property
    def legal(self) -> tuple[A_co, ...]: ...


class RandomPlayer:
    name = "random"

    def act(self, view: HasLegal[A], rng: random.Random, budget: float = DEFAULT_BUDGET) -> A:
        if not view.legal:
            raise ValueError("it is not this seat's turn")
        return rng.choice(view.legal)

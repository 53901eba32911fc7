"""The common interface of computer players.

A player gets a seat's view (which holds the legal actions), a seeded random
generator and a time budget in seconds, and returns one of the legal actions:
a La Bête Hombrée ``HandView`` for a ``Player``, a La Bête ``DealView`` for a
``BetePlayer``.  Players other than the cheater never see anything else, so
they cannot peek at hidden cards.  The cheater, an upper bound for evaluation
only, gets the full ``HandState``.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from games.bete import Action as BeteAction
from games.bete import DealView
from games.bete_hombree.actions import Action
from games.bete_hombree.state import HandState, HandView

DEFAULT_BUDGET = 0.25  # seconds per decision

AnyView = HandView | DealView  # a seat's view in either game
AnyAction = Action | BeteAction


@runtime_checkable
class Player(Protocol):
    """A computer player that decides from one seat's view."""

    name: str

    def act(self, view: HandView, rng: random.Random, budget: float = DEFAULT_BUDGET) -> Action:
        """One of ``view.legal``."""
        ...


@runtime_checkable
class FullInfoPlayer(Protocol):
    """A player that sees the whole hand (the cheater): for evaluation only."""

    name: str

    def act_full(
        self, state: HandState, rng: random.Random, budget: float = DEFAULT_BUDGET
    ) -> Action:
        """One of ``state.legal_actions()`` for the seat to act."""
        ...


@runtime_checkable
class BetePlayer(Protocol):
    """A computer player of La Bête, deciding from one seat's view."""

    name: str

    def act(self, view: DealView, rng: random.Random, budget: float = DEFAULT_BUDGET) -> BeteAction:
        """One of ``view.legal``."""
        ...

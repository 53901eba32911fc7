"""The common interface of computer players, for every game.

A player gets a seat's view (which holds the legal actions), a seeded random
generator and a time budget in seconds, and returns one of the legal actions
(``Player``, the registry's ``ComputerPlayer``).  Players never see anything
else, so they cannot peek at hidden cards.  A player that sees every card (an
upper bound for evaluation only, such as La Bête Hombrée's cheater) is also a
``FullInfoPlayer``: it decides from the whole state, and refuses to play from
a view.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar, cast, runtime_checkable

from games.registry import ComputerPlayer

DEFAULT_BUDGET = 0.25  # seconds per decision

StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)
ActionT = TypeVar("ActionT")


class HasLegal(Protocol[A_co]):
    """A view that lists its legal actions."""

    @property
    def legal(self) -> tuple[A_co, ...]: ...


ViewT = TypeVar("ViewT", bound=HasLegal[object])

Player = ComputerPlayer


@runtime_checkable
class FullInfoPlayer(Protocol[StateT_contra, ActionT_co]):
    """A player that sees the whole deal: for evaluation only."""

    name: str

    def act_full(
        self, state: StateT_contra, rng: random.Random, budget: float = DEFAULT_BUDGET
    ) -> ActionT_co:
        """One of ``state.legal_actions()`` for the seat to act."""
        ...


class ChoosingPlayer(Generic[ViewT, ActionT]):
    """A player that answers at once when only one action is legal, and otherwise
    chooses (``choose``, by the view's phase)."""

    name: str

    def act(self, view: ViewT, rng: random.Random, budget: float = DEFAULT_BUDGET) -> ActionT:
        legal: tuple[ActionT, ...] = view.legal  # type: ignore[assignment]
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        return self.choose(view, rng, budget)

    def choose(self, view: ViewT, rng: random.Random, budget: float) -> ActionT:
        """One of ``view.legal`` (more than one)."""
        raise NotImplementedError


def deadlines(budget: float, draw: float, stop: float) -> tuple[float, float]:
    """The clock times, from now, at which a decision of ``budget`` seconds stops
    drawing deals (``draw`` of the budget) and stops a search still running
    (``stop`` of it): the time left between them lets the last search end."""
    start = time.perf_counter()
    return start + budget * draw, start + budget * stop


class _Legal(Protocol[A_co]):
    def legal_actions(self) -> Sequence[A_co]: ...


FullT = TypeVar("FullT", bound=_Legal[object])


class Cheater(ABC, Generic[FullT, ActionT]):
    """A ``FullInfoPlayer`` of any game: it refuses to play from a view, answers at
    once when one action is legal, and otherwise decides from the whole deal
    (``decide``, the game's)."""

    name = "cheater"
    over = "the deal is over"  # the refusal once no action is left

    def act(self, view: object, rng: random.Random, budget: float = DEFAULT_BUDGET) -> ActionT:
        """Never: the cheater needs the whole deal (``act_full``)."""
        raise ValueError("the cheater sees every card: it cannot play from a view")

    def act_full(self, state: FullT, rng: random.Random, budget: float = DEFAULT_BUDGET) -> ActionT:
        legal = cast(list[ActionT], list(state.legal_actions()))
        if not legal:
            raise ValueError(self.over)
        if len(legal) == 1:
            return legal[0]
        return self.decide(state, legal, budget)

    @abstractmethod
    def decide(self, state: FullT, legal: list[ActionT], budget: float) -> ActionT:
        """One of ``legal`` (more than one) for the seat to act."""

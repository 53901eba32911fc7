"""The value of each of a seat's moves, from its view only: the strong player's
judgement, made comparable between moves.

Every move of one decision is valued on the *same* deals of the hidden cards
(drawn consistently with the view by the game's ``Knowledge``, weighted by its
reading of the calls), so that two moves are compared in duplicate: the luck
of the deal cancels out of their difference.  A game brings, per decision,
a ``Valuation`` (``Valuer.valuation``): what the seat knows, how a deal is
weighed, and the value of each move on a batch of deals in the game's own unit
(sous, jetons, points: ``Valuer.unit``).  A decision with no valuation yet is
said so (``Valuer.valuation`` answers None) rather than guessed.

The budget is a number of deals, not seconds: with the same seed the same
deals are drawn and the evaluation is the same, on any machine (a review can
be stored, resumed and compared).  The standard errors are those of the mean
over the deals (batches of deals, for a valuation that judges several at
once): ``stderr`` of each move's value, ``gap_stderr`` of its difference from
the best move, the one that says whether a loss is noise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from games import registry
from games.ai.knowledge import Knowledge
from games.ai.sampling import Sampler, Weigh

DEFAULT_DEALS: Final = 16  # deals drawn per decision
MOST_DEALS: Final = 100_000  # a deal's review takes minutes then, not forever
Deal = tuple[float, list[int]]  # a weight and the hidden cards' buckets (hands, then out)
Values = Callable[[Sequence[Deal], random.Random], list[float]]  # moves' means over a batch


def deal_means(worths: Callable[[list[int]], Sequence[float]], count: int) -> Values:
    """Values of ``count`` moves as their weighted means over a batch, from what
    each move is worth in one deal (``worths(deal)``, in the moves' order)."""

    def values(batch: Sequence[Deal], rng: random.Random) -> list[float]:
        sums = [0.0] * count
        total = 0.0
        for weight, deal in batch:
            row = worths(deal)
            total += weight
            for i, worth in enumerate(row):
                sums[i] += weight * worth
        return [s / total if total else 0.0 for s in sums]

    return values


@dataclass(frozen=True, slots=True)
class Valuation:
    """How a game values the moves of one decision.

    ``values(batch, rng)``: each move's mean value to the seat over the deals of
    ``batch`` (``batch`` deals at a time; 1 when a deal is judged alone), in the
    moves' order.  ``knowledge`` None: the decision does not depend on hidden
    cards, and ``values`` is called once with no deal.
    """

    method: str  # how the values are found, in words (for the review's reader)
    knowledge: Knowledge | None
    values: Values
    weigh: Weigh | None = None
    batch: int = 1
    scale: int = 1  # deals drawn per deal of the budget: more where a batch is judged at once


class Valuer(Protocol):
    """A game's side of the evaluation (registered with ``register_valuer``)."""

    unit: str  # the game's unit of value: "sous", "jetons", "points"

    def valuation(self, view: Any, moves: Sequence[Any]) -> Valuation | None:
        """How to value ``moves`` (legal actions of ``view``), or None when this kind
        of decision has no valuation yet."""
        ...

    def candidates(self, view: Any) -> list[Any]:
        """The moves worth valuing at a decision of ``view`` (every legal one, or
        the sensible ones among very many, such as discards)."""
        ...


_VALUERS: dict[str, Valuer] = {}


def register_valuer(game: str, valuer: Valuer) -> None:
    """A game's valuer (its players' package registers it)."""
    _VALUERS[game] = valuer


def valuer_of(game: str) -> Valuer:
    """The valuer of a registered game; ``ValueError`` if it has none."""
    spec = registry.game(game)
    spec.players()  # imports the game's players, which register its valuer
    valuer = _VALUERS.get(spec.id)
    if valuer is None:
        raise ValueError(f"{spec.names['en']} has no evaluation of moves")
    return valuer


def has_valuer(game: str) -> bool:
    """Whether a registered game values moves (a game added without a valuer has no
    hints nor reviews yet)."""
    try:
        valuer_of(game)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The moves of one decision (their record words) and what each is worth."""

    moves: tuple[str, ...]
    values: tuple[float, ...]
    stderr: tuple[float, ...]  # of each value
    gap_stderr: tuple[float, ...]  # of each value's difference from the best move's
    samples: int  # deals drawn (0: none needed)
    unit: str
    method: str

    @property
    def best(self) -> int:
        """The index of the best move (the first of equals)."""
        return max(range(len(self.values)), key=lambda i: (self.values[i], -i))

    def loss(self, index: int) -> float:
        """What move ``index`` costs against the best (≥ 0)."""
        return max(0.0, self.values[self.best] - self.values[index])

    def to_json(self) -> dict[str, Any]:
        return {
            "moves": list(self.moves),
            "values": list(self.values),  # unrounded: a stored review resumes exactly
            "stderr": list(self.stderr),
            "gap_stderr": list(self.gap_stderr),
            "samples": self.samples,
            "unit": self.unit,
            "method": self.method,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evaluation:
        return cls(
            tuple(str(m) for m in data["moves"]),
            tuple(float(v) for v in data["values"]),
            tuple(float(v) for v in data["stderr"]),
            tuple(float(v) for v in data["gap_stderr"]),
            int(data["samples"]),
            str(data["unit"]),
            str(data["method"]),
        )


def evaluate(
    game: str, view: Any, moves: Sequence[Any], budget: int = DEFAULT_DEALS, seed: int = 0
) -> Evaluation | None:
    """Each of ``moves`` (legal actions of the seat of ``view``: a view lists what it
    offers, not every legal action, such as L'Hombre's discards) valued for the seat of ``view``
    by the strong player of ``game``, on ``budget`` deals drawn with ``seed``; None
    when the game has no valuation of this kind of decision yet."""
    if not moves:
        raise ValueError("no move to evaluate")
    if budget < 1:
        raise ValueError("the budget is at least one deal")
    valuer = valuer_of(game)
    valuation = valuer.valuation(view, moves)
    if valuation is None:
        return None
    rng = random.Random(seed)
    words = tuple(str(m) for m in moves)
    if valuation.knowledge is None:
        values = valuation.values([], rng)
        zeros = (0.0,) * len(moves)
        return Evaluation(words, tuple(values), zeros, zeros, 0, valuer.unit, valuation.method)
    drawn = budget * max(1, valuation.scale)
    sampler = Sampler(drawn, min_deals=drawn)
    deals = list(sampler.deals(valuation.knowledge, valuation.weigh, rng, math.inf))
    size = max(1, valuation.batch)
    batches = [deals[i : i + size] for i in range(0, len(deals), size)]
    weights = [sum(w for w, _ in batch) for batch in batches]
    rows = [valuation.values(batch, rng) for batch in batches]
    return _summary(words, rows, weights, len(deals), valuer.unit, valuation.method)


def _summary(
    moves: tuple[str, ...],
    rows: list[list[float]],
    weights: list[float],
    samples: int,
    unit: str,
    method: str,
) -> Evaluation:
    """Weighted means over the batches, and the standard errors of the means."""
    total = sum(weights)
    if total <= 0:  # every deal weighed nothing: count them alike
        weights = [1.0] * len(rows)
        total = float(len(rows))
    n = len(moves)
    means = [
        sum(w * row[i] for w, row in zip(weights, rows, strict=True)) / total for i in range(n)
    ]
    best = max(range(n), key=lambda i: (means[i], -i))
    stderr = [_stderr([row[i] for row in rows], weights) for i in range(n)]
    gaps = [_stderr([row[best] - row[i] for row in rows], weights) for i in range(n)]
    return Evaluation(moves, tuple(means), tuple(stderr), tuple(gaps), samples, unit, method)


def _stderr(values: list[float], weights: list[float]) -> float:
    """The standard error of a weighted mean (the batches' effective number)."""
    total = sum(weights)
    if len(values) < 2 or total <= 0:
        return 0.0
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    var = sum(w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True)) / total
    effective = total**2 / sum(w * w for w in weights)
    if effective <= 1:
        return 0.0
    return math.sqrt(var / (effective - 1))


__all__ = [
    "DEFAULT_DEALS",
    "MOST_DEALS",
    "Deal",
    "Evaluation",
    "Valuation",
    "Valuer",
    "Values",
    "evaluate",
    "has_valuer",
    "register_valuer",
    "valuer_of",
]

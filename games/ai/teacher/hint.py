"""A hint: the best few of a seat's moves, valued from its view only, and a line of why.

``hint`` runs in a worker process (its arguments and its result pickle): the
sensible moves of the decision (``Valuer.candidates``) are valued by
``evaluate`` on the same deals, the best first, each with what it costs
against the best; ``why`` (``games.ai.teacher.why``) says what a rule of thumb
sees in the best one, where one does.  ``HINT_DEALS`` is the budget a table
gives a hint: the deals the slowest game can value within the hint's time (the
figures of ``bench/hints.py``, in docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from games.ai.teacher.evaluate import evaluate, valuer_of
from games.ai.teacher.why import Why, explain

SHOWN: Final = 3  # the moves a hint shows
# deals drawn for a hint: the slowest game's p95 is about half the 1.5 s allowed, the
# other half left to a computer player's decision the worker may be busy with first
HINT_DEALS: Final = 64


@dataclass(frozen=True, slots=True)
class Hint:
    """The best moves of a decision (the game's actions), best first, what each costs
    against the best (the first's is 0), in the game's ``unit``, and why the best is."""

    moves: tuple[Any, ...]
    losses: tuple[float, ...]
    unit: str
    samples: int  # deals drawn
    why: Why | None


def _hint_moves(game: str, view: Any) -> list[Any]:
    """The moves a hint would weigh at ``view``: none unless there is a choice (nor in a
    game with no valuation of moves: a game added without a teacher offers no hints)."""
    try:
        moves = valuer_of(game).candidates(view)
    except ValueError:
        return []
    return moves if len(moves) > 1 else []


def offers_hint(game: str, view: Any) -> bool:
    """Whether a hint can be given at ``view``: a choice, and a valuation of this kind of
    decision (the table offers the Hint button only then; cheap: nothing is drawn)."""
    moves = _hint_moves(game, view)
    return bool(moves) and valuer_of(game).valuation(view, moves) is not None


def hint(game: str, view: Any, budget: int, seed: int, shown: int = SHOWN) -> Hint | None:
    """The ``shown`` best moves of the seat of ``view`` (valued on ``budget`` deals drawn
    with ``seed``, whatever the kind of decision), or None when there is no choice or no
    valuation of this decision."""
    moves = _hint_moves(game, view)
    valuation = valuer_of(game).valuation(view, moves) if moves else None
    if valuation is None:
        return None
    # the budget is of deals drawn: a valuation that judges batches of deals (an auction's
    # contracts) would draw ``scale`` times as many, and take as much longer
    evaluation = evaluate(game, view, moves, max(1, budget // max(1, valuation.scale)), seed)
    if evaluation is None:
        return None
    order = sorted(range(len(moves)), key=lambda i: (-evaluation.values[i], i))[:shown]
    return Hint(
        tuple(moves[i] for i in order),
        tuple(evaluation.loss(i) for i in order),
        evaluation.unit,
        evaluation.samples,
        explain(game, view, moves[order[0]]),
    )


__all__ = ["HINT_DEALS", "SHOWN", "Hint", "hint", "offers_hint"]

"""A hint: the best few of a seat's moves, valued from its view only, and a line of why.

``hint`` runs in a worker process (its arguments and its result pickle): the
sensible moves of the decision (``Valuer.candidates``) are valued by
``evaluate`` on the same deals, the best first, each with what it costs
against the best; ``why`` (``games.ai.teacher.why``) says what a rule of thumb
sees in the best one, where one does.  ``HINT_DEALS`` is the budget a table
gives a hint: the deals the slowest game can value within the hint's time (the
figures of ``bench/hints.py``, in docs/benchmarks.md).

A close call is confirmed, as the review confirms a loss: a runner-up whose lead over
the best could, within the noise of the budget's deals, reach the least loss the review
classifies (``review.unclear``, its ``gap_stderr``) is valued again with the best on
``CONFIRM`` times the budget's deals, drawn afresh (a seed derived from the hint's, so
a hint stays the same for the same seed), and the hint is ordered by their values on
all the deals drawn.  Otherwise a player who followed the hint was told by the review
that it was a mistake in up to one decision in twenty (L'Hombre, docs/teacher.md).  A
clear best costs nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from games.ai.teacher.evaluate import Evaluation, evaluate, valuer_of
from games.ai.teacher.review import fresh_seed, thresholds_of, unclear
from games.ai.teacher.why import Why, explain

SHOWN: Final = 3  # the moves a hint shows
# deals drawn for a hint: the slowest game's p95, close calls confirmed, is less than half
# the 1.5 s allowed, the rest left to a computer player's decision the worker may be busy with
HINT_DEALS: Final = 64
# fresh deals a close call is valued on again, in budgets: pooled with the first ones, the
# close moves rest on twice the deals, at most about twice the hint's time
CONFIRM: Final = 1


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
    deals = max(1, budget // max(1, valuation.scale))
    first = evaluate(game, view, moves, deals, seed)
    if first is None:
        return None
    values, samples = _confirmed(game, view, moves, first, deals, seed)
    order = sorted(range(len(moves)), key=lambda i: (-values[i], i))[:shown]
    top = values[order[0]]
    return Hint(
        tuple(moves[i] for i in order),
        tuple(top - values[i] for i in order),
        first.unit,
        samples,
        explain(game, view, moves[order[0]]),
    )


def close_calls(game: str, evaluation: Evaluation) -> list[int]:
    """The moves (indices) whose lead over the best the deals drawn do not rule out
    reaching the game's least classified loss (``review.unclear``): none for an exact
    valuation, nor for a move the same as the best on every deal (its gap's standard
    error 0)."""
    if evaluation.samples == 0:
        return []
    least = thresholds_of(game)[0]
    best = evaluation.best
    return [
        i
        for i, gap in enumerate(evaluation.gap_stderr)
        if i != best and unclear(-evaluation.loss(i), gap, least)
    ]


def _confirmed(
    game: str, view: Any, moves: list[Any], first: Evaluation, deals: int, seed: int
) -> tuple[list[float], int]:
    """The moves' values, and the deals drawn in all: the close calls' and the best's
    pooled over the first deals and ``CONFIRM`` times as many fresh ones; the others'
    as they were against the best (a move clearly worse is not valued again)."""
    close = close_calls(game, first)
    if not close:
        return list(first.values), first.samples
    again = [first.best, *close]
    second = evaluate(
        game, view, [moves[i] for i in again], deals * CONFIRM, fresh_seed("hint", seed)
    )
    if second is None:  # a valuer that values these moves only together: as first valued
        return list(first.values), first.samples
    n, m = first.samples, second.samples
    pooled = {
        i: (n * first.values[i] + m * value) / (n + m)
        for i, value in zip(again, second.values, strict=True)
    }
    # a move not valued again keeps its difference from the best on the first deals
    # (compared in duplicate), not its value there: the fresh deals' luck is not its own
    shift = pooled[first.best] - first.values[first.best]
    return [pooled.get(i, value + shift) for i, value in enumerate(first.values)], n + m


__all__ = ["CONFIRM", "HINT_DEALS", "SHOWN", "Hint", "close_calls", "hint", "offers_hint"]

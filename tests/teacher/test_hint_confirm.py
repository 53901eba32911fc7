"""A hint confirms its close calls (``games.ai.teacher.hint``): a runner-up the noise of
the budget's deals could put ahead of the best is valued again with it on fresh deals,
and the hint is ordered by all the deals drawn; a clear best is valued once; a hint is
the same for the same seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.ai.teacher import hint as hint_module
from games.ai.teacher.evaluate import Evaluation, valuer_of
from games.ai.teacher.hint import CONFIRM, close_calls, hint
from games.ai.teacher.review import fresh_seed, thresholds_of
from games.ai.teacher.steps import Step, steps

from .helpers import SMALL, played_record

GAME = "bete"
LEAST = thresholds_of(GAME)[0]  # the least loss the review classifies


def a_choice() -> tuple[Step, list[str]]:
    """A decision with three sensible moves at least, and their words."""
    for step in steps(played_record(GAME, 1), 1):
        moves = [str(m) for m in valuer_of(GAME).candidates(step.view)]
        if len(moves) >= 3:
            return step, moves
    raise AssertionError("no decision with three moves")


class Valuations:
    """A stand-in for ``evaluate``: each call is valued by the next of ``tables`` (per
    move's word: its value and its gap's standard error; 0 for a move not named); the
    calls are kept."""

    def __init__(self, *tables: dict[str, tuple[float, float]]) -> None:
        self.tables = list(tables)
        self.calls: list[tuple[tuple[str, ...], int, int]] = []  # (moves, budget, seed)

    def __call__(
        self, game: str, view: Any, moves: Sequence[Any], budget: int, seed: int
    ) -> Evaluation:
        words = tuple(str(m) for m in moves)
        self.calls.append((words, budget, seed))
        table = self.tables[len(self.calls) - 1]
        values = tuple(table.get(w, (0.0, 0.0))[0] for w in words)
        gaps = tuple(table.get(w, (0.0, 0.0))[1] for w in words)
        return Evaluation(words, values, gaps, gaps, budget, "jetons", "stand-in")


def hinted(monkeypatch: pytest.MonkeyPatch, valuations: Valuations, seed: int = 7) -> Any:
    monkeypatch.setattr(hint_module, "evaluate", valuations)
    step, _ = a_choice()
    return hint(GAME, step.view, SMALL, seed)


def test_a_close_call_is_valued_again_on_fresh_deals_and_ordered_by_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The runner-up's lead could reach the least classified loss within the noise: it
    and the best are valued again (the clearly worse third is not), on fresh deals of a
    seed derived from the hint's, and the pooled values put the runner-up first; the
    third keeps its difference from the old best, which the fresh deals moved."""
    _, (a, b, c, *others) = a_choice()
    rest = {w: (-9.0, 0.1) for w in others}
    first = {a: (1.0, 0.0), b: (0.9, LEAST), c: (-2.0, 0.1), **rest}
    second = {a: (0.6, 0.0), b: (1.0, LEAST)}
    valuations = Valuations(first, second)
    found = hinted(monkeypatch, valuations)
    (_, budget, seed), (again, more, fresh) = valuations.calls
    assert set(again) == {a, b} and more == budget * CONFIRM
    assert fresh == fresh_seed("hint", 7) != seed
    assert found.samples == budget + more  # more deals than a clear call's
    assert [str(m) for m in found.moves] == [b, a, c]
    # pooled: a 0.8, b 0.95; c 3 below a on the first deals: a now stands at 0.8, c at -2.2
    assert found.losses == pytest.approx((0.0, 0.15, 3.15))


def test_a_clear_best_is_valued_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A runner-up whose lead could not reach the least classified loss even
    ``CLEAR`` standard errors off (or a move the same as the best on every deal) costs
    no more deals."""
    _, (a, b, c, *_) = a_choice()
    first = {a: (1.0, 0.0), b: (1.0 - LEAST, 0.1 * LEAST), c: (1.0, 0.0)}
    valuations = Valuations(first)
    found = hinted(monkeypatch, valuations)
    assert len(valuations.calls) == 1
    assert found.samples == SMALL and str(found.moves[0]) == a


def test_the_margin_is_the_reviews() -> None:
    """A lead of the runner-up closer than ``CLEAR`` standard errors to the least
    classified loss is a close call; farther, or an exact valuation, not."""
    words = ("a", "b", "c")

    def evaluation(values: tuple[float, ...], gaps: tuple[float, ...], samples: int = 64) -> Any:
        return Evaluation(words, values, gaps, gaps, samples, "jetons", "t")

    behind = (LEAST + 0.05) / 3  # the stderr at which a loss of 0.05 is just clear
    assert close_calls(GAME, evaluation((0.0, -0.05, -5.0), (0.0, behind + 0.01, 0.1))) == [1]
    assert not close_calls(GAME, evaluation((0.0, -0.05, -5.0), (0.0, behind - 0.01, 0.1)))
    assert close_calls(GAME, evaluation((0.0, 0.0, -5.0), (0.0, LEAST / 3 + 0.01, 0.1))) == [1]
    assert not close_calls(GAME, evaluation((0.0, 0.0, -5.0), (0.0, LEAST / 3 - 0.01, 0.1)))
    assert not close_calls(GAME, evaluation((0.0, -0.01, 0.0), (0.0, 1.0, 0.0), samples=0))


@pytest.mark.parametrize("game_id", ["hombre", "bete-hombree"])
def test_a_hint_with_close_calls_is_the_same_for_its_seed(game_id: str) -> None:
    """On real decisions, some hints confirm a close call (more deals drawn) and some do
    not; either way the same seed gives the same hint."""
    budget = 8  # deals drawn: divides into La Bête Hombrée's batches of contracts
    confirmed = clear = 0
    for seed in range(1, 4):
        for step in steps(played_record(game_id, seed), 1)[:12]:
            found = hint(game_id, step.view, budget, 11)
            if found is None or found.samples == 0:
                continue
            assert hint(game_id, step.view, budget, 11) == found
            assert found.samples in (budget, budget * (1 + CONFIRM))
            confirmed += found.samples > budget
            clear += found.samples == budget
        if confirmed and clear:
            return
    raise AssertionError(f"confirmed {confirmed}, clear {clear}: the test shows nothing")

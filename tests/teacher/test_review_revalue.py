"""A loss the review would classify on its budget's deals is confirmed on more deals,
drawn afresh, before it is (``games.ai.teacher.review``): the move a hint advised is
not blamed for the noise of a few deals, a move really worse still is, and the review
stays the same for the same budget and seed, resumed or not."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from games.ai.teacher import review as review_module
from games.ai.teacher.evaluate import Evaluation
from games.ai.teacher.review import (
    CLEAR,
    REVALUE,
    Reviewed,
    is_final,
    review_decision,
    review_record,
    review_step,
    thresholds_of,
)
from games.ai.teacher.steps import Step, steps

from .helpers import SMALL, played_record

GAME = "bete"
LEAST = thresholds_of(GAME)[0]  # the least loss classified (an inaccuracy)


def a_decision() -> Step:
    """A decision of the seat that mixes random moves in (seat 0 of the helpers')."""
    return steps(played_record(GAME, 1), 0)[0]


class Valuations:
    """A stand-in for ``evaluate``: the move played loses ``losses[budget]`` against the
    first other move, with a standard error of its gap ``stderr``; the calls are kept."""

    def __init__(self, losses: dict[int, float], stderr: float) -> None:
        self.losses = losses
        self.stderr = stderr
        self.calls: list[tuple[int, int]] = []  # (budget, seed)

    def __call__(
        self, game: str, view: Any, moves: Sequence[Any], budget: int, seed: int
    ) -> Evaluation:
        self.calls.append((budget, seed))
        words = tuple(str(m) for m in moves)
        played = str(a_decision().played)
        values = tuple(-self.losses[budget] if w == played else 0.0 for w in words)
        gaps = tuple(self.stderr if w == played else 0.0 for w in words)
        return Evaluation(words, values, gaps, gaps, budget, "jetons", "stand-in")


def reviewed_with(
    monkeypatch: pytest.MonkeyPatch, losses: dict[int, float], stderr: float
) -> tuple[dict[str, Any], Valuations]:
    valuations = Valuations(losses, stderr)
    monkeypatch.setattr(review_module, "evaluate", valuations)
    decision = review_step(GAME, a_decision(), SMALL, 7).to_json(thresholds_of(GAME))
    return decision, valuations


def test_a_loss_not_confirmed_on_more_deals_is_not_classified(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A loss past a threshold on the budget's deals, but about its standard error (what
    the noise of a few deals makes of the hint's best move), is valued again on four
    times the deals; that valuation finds no loss, and is the one kept."""
    losses = {SMALL: LEAST + 0.5, SMALL * REVALUE: 0.1}
    decision, valuations = reviewed_with(monkeypatch, losses, stderr=LEAST + 0.5)
    assert [budget for budget, _ in valuations.calls] == [SMALL, SMALL * REVALUE]
    assert decision["class"] is None and decision["loss"] == pytest.approx(0.1)
    assert decision["revalued"] is True
    assert decision["evaluation"]["samples"] == SMALL * REVALUE  # the larger valuation


def test_a_move_worse_on_more_deals_too_is_classified(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dominated move (never better, worse in one deal of a few) has a loss about its
    standard error: not dismissed for that, it is classified by the larger valuation."""
    losses = {SMALL: 1.0, SMALL * REVALUE: 1.3}
    decision, valuations = reviewed_with(monkeypatch, losses, stderr=1.0)
    assert len(valuations.calls) == 2
    assert decision["class"] == "mistake" and decision["revalued"] is True


def test_a_clear_loss_or_none_is_valued_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a loss that would be classified, and not clearly, costs more deals."""
    clear = LEAST + CLEAR * 0.5 + 0.01
    decision, valuations = reviewed_with(monkeypatch, {SMALL: clear}, stderr=0.5)
    assert len(valuations.calls) == 1 and decision["class"] is not None
    assert "revalued" not in decision
    decision, valuations = reviewed_with(monkeypatch, {SMALL: LEAST - 0.01}, stderr=0.5)
    assert len(valuations.calls) == 1 and decision["class"] is None


def test_the_deals_drawn_again_are_fixed_by_the_review_and_are_fresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second valuation's seed comes from the review's seed and the decision's place
    (the same on any machine), and is not the first's: its deals are new ones."""
    losses = {SMALL: 1.0, SMALL * REVALUE: 1.0}
    _, first = reviewed_with(monkeypatch, losses, stderr=1.0)
    _, again = reviewed_with(monkeypatch, losses, stderr=1.0)
    assert first.calls == again.calls
    (_, seed), (_, fresh) = first.calls
    assert seed != fresh


def test_a_review_with_losses_valued_again_is_the_same_each_time() -> None:
    data = played_record(GAME, 2)
    whole = review_record(data, 0, SMALL, 5).to_json()
    again = [d for d in whole["decisions"] if d.get("revalued")]
    assert again, "no loss valued again: the test shows nothing"
    assert all(d["evaluation"]["samples"] >= SMALL * REVALUE for d in again)
    assert review_record(data, 0, SMALL, 5).to_json() == whole
    units = [review_decision(data, 0, d["key"], SMALL, 5) for d in whole["decisions"]]
    assert units == whole["decisions"]  # a worker's unit values them again the same way
    assert all(is_final(d, GAME) for d in units)


def test_a_decision_stored_before_losses_were_confirmed_is_confirmed_on_resuming(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A partial review stored by a version that valued no loss again resumes into the
    review an uninterrupted one makes now: its unconfirmed losses are valued again."""
    data = played_record(GAME, 2)
    whole = review_record(data, 0, SMALL, 5).to_json()
    with monkeypatch.context() as old:  # the version before: no second valuation
        old.setattr(review_module, "confirmed", lambda game, step, first, *_: first)
        stored = json.loads(json.dumps(review_record(data, 0, SMALL, 5).to_json()))
    unconfirmed = [d for d in stored["decisions"] if not is_final(d, GAME)]
    assert unconfirmed and all(d["class"] for d in unconfirmed)
    assert all("revalued" not in d for d in stored["decisions"])
    assert review_record(data, 0, SMALL, 5, done=stored["decisions"]).to_json() == whole
    first = Reviewed.from_json(unconfirmed[0])
    assert first.needs_revaluing(thresholds_of(GAME)) and not first.revalued

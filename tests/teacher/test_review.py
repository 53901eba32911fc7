"""The review of a record for a seat (``games.ai.teacher.review``) and the strong
player's own moves, for every offered game."""

from __future__ import annotations

import json
import random

import pytest

from games import registry
from games.ai.teacher.evaluate import evaluate
from games.ai.teacher.review import (
    CLASSES,
    classify,
    decision_keys,
    review_decision,
    review_record,
    thresholds_of,
)
from games.ai.teacher.steps import steps
from games.records import RecordError

from .helpers import GAME_IDS, SMALL, played_record


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_review_runs_end_to_end_reports_progress_and_resumes(game_id: str) -> None:
    data = played_record(game_id, 2)
    seen: list[tuple[int, int]] = []
    review = review_record(data, 0, SMALL, 5, progress=lambda d, t: seen.append((d, t)))
    total = len(steps(data, 0))
    assert seen == [(n, total) for n in range(1, total + 1)]
    stored = json.loads(json.dumps(review.to_json()))
    assert len(stored["decisions"]) == total and stored["valued"] > 0
    for decision in stored["decisions"]:
        if decision["evaluated"]:
            assert decision["loss"] >= 0
            assert decision["class"] == classify(decision["loss"], thresholds_of(game_id))
    assert stored["total_loss"] == pytest.approx(
        sum(d["loss"] for d in stored["decisions"] if d["evaluated"]), abs=1e-3
    )
    assert len(stored["costliest"]) <= 3
    # resumed from the first half: the same review; a kept decision is not valued again
    half = stored["decisions"][: total // 2]
    assert review_record(data, 0, SMALL, 5, done=half).to_json() == stored
    if half and half[0]["evaluated"]:
        marked = json.loads(json.dumps(half))
        marked[0]["evaluation"]["method"] = "kept"
        resumed = review_record(data, 0, SMALL, 5, done=marked).to_json()
        assert resumed["decisions"][0]["evaluation"]["method"] == "kept"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_strong_players_card_has_no_loss_on_the_same_deals(game_id: str) -> None:
    """Where the strong player's card play is the evaluation's (a double-dummy
    valuation of the deals it draws), its card, chosen on the same deals (its
    sampler's size, the same seed), loses nothing."""
    spec = registry.game(game_id)
    checked = 0
    for seed in (1, 2, 3):
        data = played_record(game_id, seed)
        for step in steps(data, 1):
            pimc = spec.player("pimc")
            deals = pimc.sampler.max_deals  # type: ignore[attr-defined]
            moves = [m for m in step.view.legal if str(m).startswith("play")]
            if len(moves) != len(step.view.legal) or len(moves) < 2:
                continue
            found = evaluate(game_id, step.view, moves, deals, 9)
            if found is None or not found.method.startswith("double-dummy"):
                continue
            chosen = pimc.act(step.view, random.Random(9), 60.0)
            if chosen not in moves:
                continue
            assert found.loss(moves.index(chosen)) == pytest.approx(0.0, abs=1e-9)
            checked += 1
            if checked >= 3:
                return
    assert checked, "no double-dummy decision found"


def test_classes_follow_the_thresholds() -> None:
    thresholds = (1.0, 4.0, 10.0)
    assert classify(0.5, thresholds) is None
    assert [classify(x, thresholds) for x in (1.0, 4.0, 10.0)] == list(CLASSES)
    assert classify(25.0, thresholds) == "blunder"


def test_a_bad_seat_or_game_is_refused() -> None:
    data = played_record(GAME_IDS[0], 1)
    with pytest.raises(RecordError, match="not a seat"):
        review_record(data, 9)
    with pytest.raises(RecordError, match="unknown game"):
        review_record({**data, "game": "whist"}, 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_decision_at_a_time_makes_the_same_review(game_id: str) -> None:
    """A worker's unit (``review_decision``) gives what the whole review stores, and
    the review assembled from those units values nothing again."""
    data = played_record(game_id, 4)
    keys = decision_keys(data, 1)
    whole = review_record(data, 1, SMALL, 3).to_json()
    assert [d["key"] for d in whole["decisions"]] == keys
    units = [review_decision(data, 1, key, SMALL, 3) for key in keys]
    assert units == whole["decisions"]
    assert review_record(data, 1, SMALL, 3, done=units).to_json() == whole
    with pytest.raises(RecordError, match="no decision"):
        review_decision(data, 1, "9:999", SMALL, 3)

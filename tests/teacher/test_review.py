"""The review of a record for a seat (``games.ai.teacher.review``) and the strong
player's own moves, for every offered game."""

from __future__ import annotations

import json
import random

import pytest

from games import registry
from games.ai.teacher.evaluate import Evaluation, evaluate
from games.ai.teacher.review import (
    CLASSES,
    Review,
    Reviewed,
    classify,
    decision_keys,
    review_decision,
    review_record,
    thresholds_of,
)
from games.ai.teacher.steps import deal_lines, deal_start, judged_as, player_of, steps
from games.ai.teacher.timed_out import timed_out_keys
from games.hombre import Kind
from games.records import RecordError, split_action_line

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


def test_a_loss_too_small_to_be_said_is_not_among_the_costliest() -> None:
    """A review shows each of its costliest decisions with its loss in hundredths: one of
    0.004 would read "0 jetons", so it is none of them; 0.005 reads 0.01, and is."""
    review = Review("hombre", 0, "A", SMALL, 0, "jetons", thresholds_of("hombre"))
    for n, loss in enumerate((0.004, 0.0, 0.005, 0.3)):
        values = (1.0, 1.0 - loss)
        evaluation = Evaluation(("a", "b"), values, (0.0, 0.0), (0.0, 0.0), 16, "jetons", "")
        review.decisions.append(Reviewed(f"0:{n}", "play", "b", evaluation))
    assert [d.key for d in review.costliest()] == ["0:3", "0:2"]


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


@pytest.mark.parametrize("game_id", ["besigue", "besigue-haiti"])
def test_a_record_of_several_deals_is_reviewed_deal_by_deal(game_id: str) -> None:
    """A game of several deals records the deals before the one played: its deal's
    review (``deal``, -1 its last) values that deal's decisions only, one at a time
    (a worker's unit replays no more than it) as whole."""
    data = played_record(game_id, 3, deals=2)
    every, last = decision_keys(data, 1), decision_keys(data, 1, -1)
    assert last and all(key.startswith("1:") for key in last)
    assert [key for key in every if not key.startswith("0:")] == last != every
    assert decision_keys(data, 1, 0) == every[: len(every) - len(last)]
    units = [review_decision(data, 1, key, SMALL, 5) for key in last[:3]]
    whole = review_record(data, 1, SMALL, 5, done=units, deal=-1).to_json()
    assert [d["key"] for d in whole["decisions"]] == last
    assert whole["decisions"][:3] == units
    with pytest.raises(RecordError, match="no deal 2"):
        decision_keys(data, 1, 2)


@pytest.mark.parametrize(("game_id", "seed"), [("besigue", 3), ("besigue-haiti", 11)])
def test_a_winner_who_lays_nothing_then_leads_is_judged_on_both(game_id: str, seed: int) -> None:
    """A Bésigue record leaves out the draw of a trick's winner who lays nothing: his
    lead's line stands for both moves. The review judges both: the draw (the line's
    key, in the phase of declaring), then the lead (its part 1, from the hand after the
    draw); before, the card led was never judged. A review stored with that line as one
    decision, its move the lead, has that decision valued again, as the draw."""
    data = played_record(game_id, seed)
    seat = 0
    found = steps(data, seat)
    spec = registry.game(game_id)
    by_key = {step.key: step for step in found}
    both = 0
    for lead in (step for step in found if step.part == 1):
        line = deal_lines(data)[lead.deal][lead.index]
        assert line == f"{seat} {lead.played}"  # the record's line, the lead's move
        draw = by_key.get(f"{lead.deal}:{lead.index}")  # none where drawing was forced
        if draw is None:
            continue
        both += 1
        assert str(draw.played) == "draw" and lead.key == f"{draw.key}.1"
        assert draw.view.phase.name == "DECLARE" != lead.view.phase.name
        assert lead.view.hand.bit_count() == draw.view.hand.bit_count() + 1  # drawn
    assert both, "no trick won without a combination laid, though one could be"
    keys = decision_keys(data, seat)
    assert len(keys) == len(set(keys)) == len(found)
    whole = review_record(data, seat, SMALL, 3).to_json()
    by_key = {d["key"]: d for d in whole["decisions"]}
    assert all(by_key[k]["played"].startswith("play ") for k in keys if k.endswith(".1"))
    old = [{**d, "played": f"play {d['key']}"} for d in whole["decisions"]]  # stale moves
    assert review_record(data, seat, SMALL, 3, done=old).to_json() == whole
    assert spec.unwritten is not None


def test_a_haitian_record_written_as_bésigue_is_judged_as_haitian_bésigue() -> None:
    """RULES.md §5 writes a Haitian record ``"game": "besigue"`` with ``"variant":
    "haiti"``: it is judged as the table's Haitian Bésigue (its thresholds and name)."""
    data = dict(played_record("besigue-haiti", 1))
    assert judged_as(data) == "besigue-haiti"
    written = {**data, "game": "besigue", "options": {**data["options"], "variant": "haiti"}}
    registry.game("besigue").replay(written)  # the classic game reads it
    assert judged_as(written) == "besigue-haiti"
    assert thresholds_of(judged_as(written)) != thresholds_of("besigue")
    assert judged_as(played_record("besigue", 1)) == "besigue"


def test_a_seat_is_named_as_the_table_named_it() -> None:
    """The bot's records give Discord ids in ``players`` and the names the table showed
    in ``players_names``: a review names the seat by the latter."""
    data = played_record(GAME_IDS[0], 1)
    ids = [str(1000 + n) for n in range(len(data["players"]))]
    named = {**data, "players": ids, "players_names": ["Anne", *data["players"][1:]]}
    assert player_of(named, 0) == "Anne"
    assert player_of(data, 0) == data["players"][0]


def test_a_card_forced_but_for_its_signal_is_no_decision_to_review() -> None:
    """A L'Hombre defender with one card he may play is offered it with Gaño or a knock
    too: the teacher weighs no signal, so, as the hint offers nothing there, the review
    counts no decision (it was valued at no loss, and flattered the accuracy)."""
    forced = kept = 0
    for seed in range(1, 5):
        data = played_record("hombre", seed)
        found = {step.key for seat in range(3) for step in steps(data, seat)}
        spec = registry.game("hombre")
        for n, lines in enumerate(deal_lines(data)):
            state = deal_start(spec, data, n)
            for index, line in enumerate(lines):
                who, words = split_action_line(line, 3)
                legal = state.legal_actions()
                cards = {a.cards for a in legal}
                if len(legal) > 1 and all(a.kind is Kind.PLAY for a in legal):
                    one_card = len(cards) == 1
                    forced += one_card
                    kept += not one_card
                    assert (f"{n}:{index}" in found) != one_card, (line, legal)
                state.apply(spec.parse_action(words), who)
    assert forced and kept, (forced, kept)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_decisions_the_time_limit_made_are_left_out(game_id: str) -> None:
    """A record naming some of the seat's lines as the time limit's (``timed_out``):
    the review values the others only, its totals theirs alone, and names those; a
    partial review stored before (those decisions valued in it too) resumes to the
    same review; the other seats' reviews are as they were."""
    data = played_record(game_id, 2)
    keys, others = decision_keys(data, 1), decision_keys(data, 0)
    assert len(keys) >= 2 and others
    timed_out = keys[::2]  # the first, and every other
    marked = {**data, "timed_out": {"1": timed_out, "0": others[:1]}}
    review = review_record(marked, 1, SMALL, 3)
    whole = review_record(data, 1, SMALL, 3).to_json()
    own = [d for d in whole["decisions"] if d["key"] not in timed_out]
    assert decision_keys(marked, 1) == [d["key"] for d in own] == keys[1::2]
    stored = review.to_json()
    assert stored["decisions"] == own and stored["timed_out"] == timed_out
    assert stored["total_loss"] == pytest.approx(
        sum(d["loss"] for d in own if d["evaluated"]), abs=1e-3
    )
    assert stored["valued"] == sum(1 for d in own if d["evaluated"])
    assert set(stored["costliest"]).isdisjoint(timed_out)
    assert review_record(marked, 1, SMALL, 3, done=whole["decisions"][:2]).to_json() == stored
    assert decision_keys(marked, 0) == others[1:]  # each seat's own keys only


def test_a_timed_out_key_that_is_no_list_of_keys_is_none() -> None:
    data = played_record(GAME_IDS[0], 4)
    for bad in ([1], {"1": "0:3"}, {"1": [3]}, "0:3"):
        assert timed_out_keys({**data, "timed_out": bad}, 1) == frozenset()
    assert timed_out_keys({**data, "timed_out": {"1": ["0:3", 4]}}, 1) == {"0:3"}

"""L'Hombre records (RULES.md §5): replayed exactly, one result per deal,
illegal actions refused naming the deal, the action's index and the rule, and
``python -m games replay`` on them."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.hombre import HombreRecord, Session, record_of, replay, result_json
from games.hombre.ai import PLAYERS
from games.records import RecordError, load
from tests.games.cli import RECORDS, run_cli

FILES = sorted(RECORDS.glob("hombre_*.json"))


def result_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return result_json(replay(HombreRecord.from_json(data)))


# Each record's outcomes in order; the payments checked by hand are in the comments.
OUTCOMES = {
    "hombre_all_pass": ["all-pass"],
    "hombre_codille": ["codille"],
    "hombre_codille_shared": ["codille"],
    "hombre_forced": ["win"],
    "hombre_remise": ["remise"],
    "hombre_sans_prendre_vole": ["vole"],
    "hombre_vole": ["vole"],
    "hombre_vole_failed": ["vole-failed"],
    "hombre_win": ["win"],
    "hombre_session": [
        *("all-pass", "all-pass", "win", "win", "all-pass", "win", "win", "win", "remise")
    ],
}
PAYMENTS = {
    "hombre_all_pass": [[-5, -5, -5]],  # ante 3 + 2 each, the poule 15
    # 1 sans prendre makes 1 trick against 4 and 4: they share 9 (5 to 2 on his right, 4
    # to 0) and he pays the sans-prendre, 6, to each
    "hombre_codille_shared": [[7, -15, 8]],
    "hombre_remise": [[-3, -3, -3]],  # 3-3-3: the poule stays, 0 makes a bête of 9
    # poule 24 with a bête of 9: twice the poule (24 + 12 + 12), 9 matadors 18 each and
    # the sans-prendre 6 each
    "hombre_sans_prendre_vole": [[48 + 48, -12 - 24, -12 - 24]],
    "hombre_vole": [[48 + 36, -12 - 18, -12 - 18]],  # the same, en prenant
    # the vole announced failed: 0 (5 tricks) and 2 (4) share the 9, the odd one to 0
    "hombre_vole_failed": [[-3 + 5, -3, -3 + 4]],
}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_record_replays_to_its_outcomes(path: Path) -> None:
    result = result_of(load(path))
    assert [deal["outcome"] for deal in result] == OUTCOMES[path.stem]
    assert all(deal["finished"] for deal in result)
    if path.stem in PAYMENTS:
        assert [deal["payments"] for deal in result] == PAYMENTS[path.stem]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_record_written_back_replays_the_same(path: Path) -> None:
    data = load(path)
    record = HombreRecord.from_json(data)
    again = json.loads(json.dumps(record.to_json()))
    assert HombreRecord.from_json(again) == record
    assert result_of(again) == result_of(data)


def test_espadille_forcee_the_record_goes_on_with_the_holder_s_trump() -> None:
    data = load(RECORDS / "hombre_forced.json")
    assert data["options"] == {"espadille_forcee": True}
    assert data["deals"][0]["actions"][3] == "0 trump H"  # three passes, then his trump
    (result,) = result_of(data)
    assert result["mode"] == "forced" and result["hombre"] == 0
    data["options"] = {}
    assert "deal 0, action 3" in refused(data)  # without the option: an all-pass


def test_the_session_record_carries_the_poule_between_deals() -> None:
    result = result_of(load(RECORDS / "hombre_session.json"))
    assert [d["poule"] for d in result[:3]] == [15, 21, 0]
    assert result[1]["payments"] == [-2, -2, -2]  # after an all-pass: no ante
    assert result[2]["payments"] == [0, 21, 0]  # the hombre takes the 21


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_cli_replays_each_record_to_its_results(path: Path) -> None:
    done = run_cli(path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == result_of(load(path))


def test_the_cli_refuses_an_illegal_action_naming_its_deal(tmp_path: Path) -> None:
    path = RECORDS / "hombre_session.json"
    done = run_cli(path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == result_of(load(path))
    bad = load(path)
    bad["deals"][2]["actions"][0] = "0 trump S"
    bad_path = tmp_path / "hombre_bad_record.json"
    bad_path.write_text(json.dumps(bad), encoding="utf-8")
    failed = run_cli(bad_path)
    assert failed.returncode != 0
    assert "deal 2, action 0" in failed.stderr and "auction" in failed.stderr


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as error:
        result_of(data)
    return str(error.value)


def test_an_illegal_card_names_the_deal_the_action_and_the_rule() -> None:
    data = load(RECORDS / "hombre_vole.json")
    actions = data["deals"][0]["actions"]
    assert actions[9] == "1 play 3S"
    actions[9] = "1 play KH"  # trump led: he holds a plain trump
    message = refused(data)
    assert "deal 0, action 9 ('1 play KH')" in message
    assert "must play a trump" in message


def test_an_illegal_action_in_a_later_deal_names_that_deal() -> None:
    data = load(RECORDS / "hombre_session.json")
    data["deals"][3]["actions"][5] = data["deals"][3]["actions"][5].replace("discard", "show")
    assert "deal 3, action 5" in refused(data)


def test_stop_is_refused_before_five_tricks_and_a_defender_cannot_stop() -> None:
    data = load(RECORDS / "hombre_vole.json")
    data["deals"][0]["actions"].insert(8, "0 stop")
    assert "only the hombre who won the first five tricks" in refused(data)


def test_a_later_deal_must_follow_a_finished_one_and_the_next_dealer() -> None:
    data = load(RECORDS / "hombre_session.json")
    unfinished = copy.deepcopy(data)
    del unfinished["deals"][2]["actions"][-1]
    assert "deal 3: deal 2 is not finished" in refused(unfinished)
    wrong = copy.deepcopy(data)
    wrong["deals"][1]["dealer"] = 0
    assert "deal 1: the dealer is seat 1, not 0" in refused(wrong)


def test_a_bad_deal_or_header_is_refused() -> None:
    data = load(RECORDS / "hombre_win.json")
    twice = copy.deepcopy(data)
    twice["deals"][0]["talon"][0] = twice["deals"][0]["hands"][0][0]
    assert "deal 0" in refused(twice)
    players = copy.deepcopy(data)
    players["players"] = ["A", "B"]
    assert "3 players" in refused(players)
    bete = copy.deepcopy(data)
    bete["bete_in_play"] = 40
    assert "malformed" in refused(bete)


def test_a_live_deal_is_written_and_replayed_the_same() -> None:
    for seed in range(20):
        session = Session(["A", "B", "C"], dealer=seed % 3, seed=seed)
        rng = random.Random(seed)
        players = [PLAYERS["random"]() for _ in range(3)]
        state = session.deal()
        while not state.is_over:
            state.apply(players[state.turn].act(state.view(state.turn), rng))
        outcome = state.outcome
        assert outcome is not None
        written = json.loads(json.dumps(record_of(session, state).to_json()))
        (result,) = result_of(written)
        assert result["payments"] == list(outcome.net)
        assert result["poule"] == outcome.pool.poule


def test_the_registration_names_its_players_and_writes_what_it_replays() -> None:
    spec = registry.game("hombre")
    assert {spec.fair, spec.strong} <= set(spec.players()), spec.players()
    session = spec.new_session(["A", "B", "C"], 5, spec.options())
    state = session.deal(6)
    rng = random.Random(5)
    player = spec.player("heuristic")
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng, 0.1))
    written = json.loads(json.dumps(spec.write_record(session, state)))
    (result,) = spec.replay(written)
    assert result["payments"] == list(state.outcome.net), result

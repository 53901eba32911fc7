"""Bésigue records (RULES.md §5): replayed exactly, one result per deal,
written back the same, refused when bad or self-contradicting, an illegal
action named by its deal, index and rule, and ``python -m games replay``."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.besigue import (
    BesigueRecord,
    Kind,
    Rules,
    Session,
    record_of,
    replay,
    result_json,
)
from games.besigue.ai import PLAYERS
from games.besigue.melds import POINTS, MeldKind
from games.records import RecordError, load
from tests.games.cli import RECORDS, run_cli

FILES = sorted(RECORDS.glob("besigue_*.json"))


def result_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return result_json(replay(BesigueRecord.from_json(data)))


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as error:
        result_of(data)
    return str(error.value)


def meld_points_written(deal: dict[str, Any], seats: int) -> list[int]:
    """Each seat's combinations and sevens, added up from the record's words."""
    points = [0] * seats
    for line in deal["actions"]:
        seat, word, *rest = line.split()
        if word == "meld":
            points[int(seat)] += POINTS[MeldKind(rest[0])]
        elif word == "seven":
            points[int(seat)] += 10
    if deal["turned"].startswith("7"):
        points[deal["dealer"]] += 10
    return points


def test_there_are_the_four_records() -> None:
    assert [p.stem for p in FILES] == [
        "besigue_ends_by_combination",
        "besigue_melds_exchange",
        "besigue_partnership",
        "besigue_three_brisques",
    ]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_deal_adds_up(path: Path) -> None:
    data = load(path)
    record = BesigueRecord.from_json(data)
    replayed = replay(record)
    results = result_json(replayed)
    seats = len(data["players"])
    teams = record.options.teams_for(seats)
    scores = list(data["scores"])
    for deal, result, state in zip(data["deals"], results, replayed.states, strict=True):
        assert result["finished"]
        assert result["melds"] == meld_points_written(deal, seats)
        brisques = [0] * seats
        for trick in state.history:
            brisques[trick.winner] += sum(10 for _, c in trick.cards if str(c)[0] in "A1")
        if result["last_trick"] is None:  # ended at once: nothing but the combinations
            assert result["brisques"] == [0] * seats and result["over"]
        else:
            assert result["last_trick"] == state.history[-1].winner
            assert all(b in (0, full) for b, full in zip(result["brisques"], brisques, strict=True))
            if seats == 2:
                assert result["brisques"] == brisques
        last = [10 if s == result["last_trick"] else 0 for s in range(seats)]
        assert result["points"] == [
            m + b + t for m, b, t in zip(result["melds"], result["brisques"], last, strict=True)
        ]
        for seat in range(seats):
            scores[teams[seat]] += result["points"][seat]
        assert result["scores"] == scores
        assert result["payments"] == [0] * seats


def test_two_players_combinations_and_a_seven_exchange() -> None:
    data = load(RECORDS / "besigue_melds_exchange.json")
    (result,) = result_of(data)
    actions = data["deals"][0]["actions"]
    assert "0 seven exchange" in actions and "0 meld aces AS AD AD AC" in actions
    # seat 0: the exchange 10, four aces (two A♦) 100, the trump marriage (♦) 40
    # seat 1: a marriage 20, the bésigue 40
    assert result["trump"] == "D" and result["melds"] == [150, 60]
    assert result["brisques"] == [140, 20] and result["last_trick"] == 0
    assert result["points"] == [300, 80] and result["scores"] == [300, 80]
    assert result["over"] is False and "winner" not in result


def test_a_game_ended_by_a_combination_in_its_second_deal() -> None:
    data = load(RECORDS / "besigue_ends_by_combination.json")
    first, second = result_of(data)
    assert data["scores"] == [720, 690]
    assert first["scores"] == [950, 840] and not first["over"]
    assert data["deals"][1]["dealer"] == (data["deals"][0]["dealer"] + 1) % 2  # the deal passes
    # 950 + a marriage 20 + the exchange 10 + four kings 80 = 1060: over at the kings
    assert data["deals"][1]["actions"][-1] == "0 meld kings KD KD KC KC"
    assert second["melds"] == [110, 0] and second["scores"] == [1060, 840]
    assert second["over"] and second["winner"] == 0 and second["last_trick"] is None
    assert second["en_bas_table"] is False  # the loser has 840
    more = copy.deepcopy(data)
    more["deals"][1]["actions"].append("1 play 7S")
    assert "deal 1, action" in refused(more) and "the hand is already over" in refused(more)
    again = copy.deepcopy(data)
    again["deals"].append(copy.deepcopy(data["deals"][0]))
    assert "deal 2: the game was over after deal 1" in refused(again)


def test_three_players_the_brisque_threshold() -> None:
    data = load(RECORDS / "besigue_three_brisques.json")
    assert data["options"]["reuse"] == "class" and data["options"]["phase2_must_win"]
    (result,) = result_of(data)
    # seat 0: 60 + 100 + the last trick 10 = 170 and eight brisques: they count
    # seat 1: 300 + 30 but seven brisques; seat 2: nine brisques but 0 + 90 < 100
    assert data["scores"] == [60, 300, 0]
    assert result["melds"] == [100, 30, 90] and result["last_trick"] == 0
    assert result["brisques"] == [80, 0, 0]
    assert result["points"] == [190, 30, 90] and result["scores"] == [250, 330, 90]
    replayed = replay(BesigueRecord.from_json(data))
    assert replayed.state.outcome is not None
    assert replayed.state.outcome.brisque_cards == (8, 7, 9)


def test_four_players_in_partnerships_score_by_team() -> None:
    data = load(RECORDS / "besigue_partnership.json")
    assert data["options"]["partnerships"] is True and data["scores"] == [0, 0]
    (result,) = result_of(data)
    assert result["melds"] == [100, 0, 40, 0] and result["last_trick"] == 2
    # team 0 (seats 0 and 2): 150 before the brisques, 28 of them; team 1 has 0 points
    assert result["brisques"] == [120, 0, 160, 0]
    assert result["points"] == [220, 0, 210, 0] and result["scores"] == [430, 0]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_record_written_back_replays_the_same(path: Path) -> None:
    data = load(path)
    record = BesigueRecord.from_json(data)
    again = json.loads(json.dumps(record.to_json()))
    assert BesigueRecord.from_json(again) == record
    assert result_of(again) == result_of(data)
    replayed = replay(record)
    written = record_of(replayed.session, replayed.state).to_json()
    assert written == record.to_json()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_command_line_prints_each_result(path: Path) -> None:
    done = run_cli(path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == result_of(load(path))


def test_an_illegal_action_names_the_deal_the_index_and_the_rule(tmp_path: Path) -> None:
    data = load(RECORDS / "besigue_ends_by_combination.json")
    actions = data["deals"][1]["actions"]
    index = next(n for n, line in enumerate(actions) if line.endswith("meld kings KD KD KC KC"))
    actions[index] = actions[index].replace("KD KD KC KC", "KD KD KC KS")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_cli(path)
    assert done.returncode != 0 and done.stdout == ""
    assert f"deal 1, action {index}" in done.stderr
    assert "needs 1 KS, the player holds no" in done.stderr
    data["deals"][1]["actions"][index] = "1 seven show"
    assert f"deal 1, action {index} ('1 seven show') is illegal: it is seat 0's turn" in refused(
        data
    )


def test_draw_is_accepted_but_not_written() -> None:
    session = Session(["A", "B"], seed=4)
    state = session.deal(4)
    rng = random.Random(4)
    player = PLAYERS["random"]()
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng))
    draws = [n for n, (_, action) in enumerate(state.actions) if action.kind is Kind.DRAW]
    assert draws  # the random player says 'draw' with something else possible
    written = record_of(session, state).to_json()
    assert not any(line.endswith(" draw") for line in written["deals"][0]["actions"])
    (result,) = result_of(written)
    assert state.outcome is not None and result["points"] == list(state.outcome.points)
    with_draws = copy.deepcopy(written)
    with_draws["deals"][0]["actions"] = [f"{seat} {action}" for seat, action in state.actions]
    assert result_of(with_draws) == [result]


def bad(change: Any) -> str:
    data = load(RECORDS / "besigue_three_brisques.json")
    change(data)
    return refused(data)


def test_bad_or_self_contradicting_records_are_refused() -> None:
    deal = "deals"

    def card_too_often(d: dict[str, Any]) -> None:
        d[deal][0]["hands"][0][0] = "AS"
        d[deal][0]["hands"][1][0] = "AS"
        d[deal][0]["hands"][2][0] = "AS"
        d[deal][0]["stock"][0] = "AS"

    assert "AS is dealt more than 3 times (3 packs)" in bad(card_too_often)
    assert "hand 1 holds 7 cards, not 8" in bad(lambda d: d[deal][0]["hands"][1].pop())
    assert "missing from the deal" in bad(lambda d: d[deal][0]["stock"].pop())
    assert "bad options" in bad(lambda d: d.update(options={"target": 900}))
    assert "bad options" in bad(lambda d: d.update(options={"trumps": True}))
    assert "the scores are 3 (one per player)" in bad(lambda d: d.update(scores=[0, 0]))
    assert "2 to 4 players, not 1" in bad(lambda d: d.update(players=["A"]))
    assert "players are all different" in bad(lambda d: d.update(players=["A", "A"]))
    assert "3 hands are dealt" in bad(lambda d: d[deal][0]["hands"].pop())
    assert "the dealer is a seat 0-2" in bad(lambda d: d[deal][0].update(dealer=3))
    assert "not a besigue record" in bad(lambda d: d.update(game="hombre"))
    assert "not a card" in bad(lambda d: d[deal][0].update(turned="1S"))
    assert "impossible game" in bad(lambda d: d.update(scores=[600, 0, 0]))

    three = load(RECORDS / "besigue_three_brisques.json")
    three["options"]["partnerships"] = True  # three players: no teams, nothing changes
    assert result_of(three) == result_of(load(RECORDS / "besigue_three_brisques.json"))
    data = load(RECORDS / "besigue_partnership.json")
    data["scores"] = [0, 0, 0, 0]
    assert "the scores are 2 (one per team)" in refused(data)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_live_game_is_written_and_replayed_the_same(seats: int) -> None:
    for seed in range(3):
        rules = Rules(partnerships=seed == 1)
        session = Session.start([f"P{s}" for s in range(seats)], seed, rules)
        rng = random.Random(seed)
        players = [PLAYERS["random" if s % 2 else "heuristic"]() for s in range(seats)]
        for _ in range(2):
            state = session.deal()
            while not state.is_over:
                state.apply(players[state.turn].act(state.view(state.turn), rng))
            session.settle(state)
            if session.finished:
                break
        written = json.loads(json.dumps(record_of(session, state).to_json()))
        results = result_of(written)
        assert len(results) == len(session.settled)
        assert results[-1]["scores"] == session.scores
        assert [r["points"] for r in results] == [list(s.points) for s in session.settled]


def test_the_registration_replays_what_it_writes() -> None:
    spec = registry.game("besigue")
    assert spec.names["fr"] == "Bésigue" and (spec.min_seats, spec.max_seats) == (2, 4)
    assert {spec.fair, spec.strong} <= set(spec.players())
    session = spec.new_session(["A", "B", "C"], 5, spec.options())
    state = session.deal(6)
    rng = random.Random(5)
    player = spec.player("heuristic")
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng, 0.1))
    written = json.loads(json.dumps(spec.write_record(session, state)))
    (result,) = spec.replay(written)
    assert result["points"] == list(state.outcome.points)
    for line in written["deals"][0]["actions"]:
        words = line.split(" ", 1)[1]
        assert str(spec.parse_action(words)) == words

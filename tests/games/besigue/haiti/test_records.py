"""Records of the Haitian game (RULES.md §5 "Bésigue records", **Haiti**), replayed
by ``python -m games replay``: the hand-written ones in tests/records with their
results, an illegal action naming the deal, the index and the rule, and the
records that contradict the variant refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.besigue.record import BesigueRecord, replay, result_json
from games.records import RecordError, load
from tests.games.cli import RECORDS, run_cli

HAITI = sorted(RECORDS.glob("haiti_*.json"))


def test_there_are_hand_written_records_of_the_haitian_game() -> None:
    assert len(HAITI) >= 5
    assert all(load(p)["options"]["variant"] == "haiti" for p in HAITI)


# what each record shows, by its last deal's result
EXPECTED: dict[str, dict[str, Any]] = {
    "haiti_first_marriage": {  # the first marriage fixes clubs and reaches 1000 at once
        "trump": "C", "melds": [0, 40], "scores": [0, 1010], "winner": 1,
        "en_bas_table": True, "last_trick": None, "parties": [0, 2], "head_start": [0, 0],
        "cent_points": None,
    },
    "haiti_cent_points": {  # a 4th partie: side 1 gives a hundred, the head start passes
        "trump": "H", "melds": [0, 200], "scores": [800, 1100], "winner": 1,
        "en_bas_table": False, "parties": [0, 0], "head_start": [100, 0], "cent_points": 1,
    },
    "haiti_joker_quartet": {  # three players: a joker for the fourth ace; no match
        "trump": "S", "melds": [0, 140, 0], "scores": [0, 1020, 0], "winner": 1,
        "en_bas_table": True, "parties": [0, 0], "head_start": [0, 0], "cent_points": None,
    },
    "haiti_quinte_and_seven": {  # the 7 of trump (10) and the quinte on the marriage
        "trump": "C", "melds": [0, 300], "scores": [0, 1010], "winner": 1,
        "en_bas_table": True, "parties": [0, 2],
    },
    "haiti_partnership": {  # a partner's first marriage wins for his side
        "trump": "H", "melds": [0, 0, 40, 0], "scores": [1000, 0], "winner": 0,
        "en_bas_table": True, "parties": [2, 0],
    },
    "haiti_whole_deal": {  # 57 tricks of phase 1 and 9 of phase 2, brisques each
        "over": False, "last_trick": 1, "brisques": [150, 170], "scores": [250, 430],
        "parties": [0, 0],
    },
    "haiti_whole_deal_partners": {  # brisques by majority: side 0 loses 200, halved
        "over": True, "winner": 1, "brisques": [-100, 70, -100, 150], "scores": [340, 760],
        "en_bas_table": True, "parties": [0, 2],
    },
}  # fmt: skip


@pytest.mark.parametrize("path", HAITI, ids=[p.stem for p in HAITI])
def test_the_cli_replays_each_record_to_its_result(path: Path) -> None:
    done = run_cli(path)
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout)[-1]
    assert last["finished"] is True
    for key, value in EXPECTED[path.stem].items():
        assert last[key] == value, key


def test_the_whole_deal_has_57_tricks_of_phase_1() -> None:
    replayed = replay(BesigueRecord.from_json(load(RECORDS / "haiti_whole_deal.json")))
    state = replayed.state
    assert len(state.stock) == 114 and len(state.history) == 114 // 2 + 9


def test_an_illegal_action_names_the_deal_the_index_and_the_rule(tmp_path: Path) -> None:
    data = load(RECORDS / "haiti_joker_quartet.json")
    data["deals"][0]["actions"][3] = "1 meld aces AH AD AC JK"  # before any marriage
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = run_cli(path)
    assert done.returncode != 0 and not done.stdout
    assert "deal 0, action 3 ('1 meld aces AH AD AC JK') is illegal" in done.stderr
    assert "trump is not fixed yet: the first combination is a marriage" in done.stderr


def test_a_refused_joker_in_a_record_says_why(tmp_path: Path) -> None:
    data = load(RECORDS / "haiti_joker_quartet.json")
    data["deals"][0]["actions"][-1] = "1 meld trump-aces AS AS AS JK"
    with pytest.raises(RecordError, match=r"deal 0, action 7 .* only"):
        replay(BesigueRecord.from_json(data))


def mutated(name: str, change: Any) -> dict[str, Any]:
    data = copy.deepcopy(load(RECORDS / f"{name}.json"))
    change(data)
    return data


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("haiti_first_marriage", lambda d: d["deals"][0].update(turned="9H"), "not written"),
        ("haiti_cent_points", lambda d: d["deals"][0].pop("turned"), "'turned' is missing"),
        ("haiti_first_marriage", lambda d: d["options"].update(reuse="class"), "not one of"),
        ("haiti_first_marriage", lambda d: d["options"].update(hand_size=8), "deals 9 cards"),
        ("haiti_first_marriage", lambda d: d.update(match={"parties": [5, 0]}), "bad match"),
        ("haiti_first_marriage", lambda d: d["deals"][0]["stock"].pop(), "missing"),
        (
            "haiti_first_marriage",
            lambda d: d["options"].update(variant="classic", trump="turned"),
            "one of variant=haiti only",
        ),
    ],
)
def test_a_record_contradicting_the_variant_is_refused(
    name: str, change: Any, message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay(BesigueRecord.from_json(mutated(name, change)))


def test_a_record_read_and_written_is_the_same_record() -> None:
    for path in HAITI:
        data = load(path)
        record = BesigueRecord.from_json(data)
        assert record.to_json() == data
        assert result_json(replay(BesigueRecord.from_json(record.to_json()))) == result_json(
            replay(record)
        )

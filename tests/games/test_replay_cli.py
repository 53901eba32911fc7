"""``python -m games replay RECORD.json`` (RULES.md §5) and the record format."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.__main__ import main
from games.bete_hombree import HandRecord, RecordError, replay
from games.records import load
from tests.games.cli import RECORDS, ROOT, run_cli

EXAMPLE1 = ROOT / "tests" / "records" / "example1.json"


# Worked example 1 by hand (RULES.md §1.9): S plays 5♥ with 4 matadors and makes
# it; stake (10 + 4) × 2 = 28; E also pays his bête of 24 (the oldest); S's own 40
# stays; the belle stays ♥ (the trump already was the belle).
EXPECTED_EXAMPLE1 = {
    "game": "bete-hombree",
    "players": ["Sud", "Est", "Nord", "Ouest"],
    "finished": True,
    "contract": {
        "declarer": 0,
        "player": "Sud",
        "call": "tout",
        "level": 5,
        "trump": "H",
        "belle": True,
        "matadors": 4,
    },
    "made": True,
    "tricks": [5, 0, 0, 0],
    "stake": 28,
    "payments": [108, -52, -28, -28],
    "net": {"Sud": 108, "Est": -52, "Nord": -28, "Ouest": -28},
    "pot": 0,
    "register": [{"owner": 0, "amount": 40}],
    "belle": "H",
}
EXPECTED_TRANSFERS = [
    {"from": 1, "to": 0, "amount": 28, "reason": "contract"},
    {"from": 2, "to": 0, "amount": 28, "reason": "contract"},
    {"from": 3, "to": 0, "amount": 28, "reason": "contract"},
    {"from": 1, "to": 0, "amount": 24, "reason": "bete"},
]


def _key(t: dict[str, Any]) -> tuple[str, ...]:
    return tuple(str(t[k]) for k in ("from", "to", "amount", "reason"))


def test_cli_prints_example_1() -> None:
    done = run_cli(EXAMPLE1)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    for key, value in EXPECTED_EXAMPLE1.items():
        assert result[key] == value, key
    assert sorted(result["transfers"], key=_key) == sorted(EXPECTED_TRANSFERS, key=_key)


def write(tmp_path: Path, data: dict[str, Any] | str, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def example1() -> dict[str, Any]:
    return copy.deepcopy(load(EXAMPLE1))


def test_a_record_naming_no_game_is_read_as_la_bete_hombree(tmp_path: Path) -> None:
    """The first records had no ``game`` field: the command line reads them as the
    game's own reader does, with the same result as when the field is there."""
    data = example1()
    del data["game"]
    done = run_cli(write(tmp_path, data))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(run_cli(EXAMPLE1).stdout)


def test_cli_illegal_action_exits_non_zero_naming_it(tmp_path: Path) -> None:
    data = example1()
    data["actions"][5] = "3 bid 3"  # W answers S's cagnote (a 4) with a 3
    done = run_cli(write(tmp_path, data))
    assert done.returncode != 0
    assert "action 5" in done.stderr
    assert "3 bid 3" in done.stderr
    assert done.stdout == ""


def test_cli_malformed_action_exits_non_zero_naming_it(tmp_path: Path) -> None:
    data = example1()
    data["actions"][2] = "3 jump 3"
    done = run_cli(write(tmp_path, data))
    assert done.returncode != 0 and "action 2" in done.stderr


# (id, how the record of example 1 is spoiled, the index the message must name)
BAD_ACTIONS = [
    ("out-of-turn", lambda a: a.__setitem__(0, "2 bid 2"), 0),
    ("unknown-word", lambda a: a.__setitem__(3, "0 cagnotte"), 3),
    ("bad-seat", lambda a: a.__setitem__(1, "7 bid 2"), 1),
    ("no-seat", lambda a: a.__setitem__(1, "bid 2"), 1),
    ("card-not-held", lambda a: a.__setitem__(10, "1 play KS"), 10),
    ("obligation-broken", lambda a: a.__setitem__(11, "2 play 9S"), 11),  # must beat A♠ with K♠
    ("discard-not-held", lambda a: a.__setitem__(8, "0 discard QS QD JD"), 8),
    ("false-matadors", lambda a: a.__setitem__(9, "0 declare 5 H matadors 5"), 9),
    ("after-the-end", lambda a: a.append("1 play AS"), 30),
    ("premier-from-a-later-seat", lambda a: a.__setitem__(2, "3 bid 2"), 2),
    # digits int() refuses: the rule's words, not "invalid literal for int()"
    ("superscript-level", lambda a: a.__setitem__(1, "2 bid ²"), 1),
    ("superscript-seat", lambda a: a.__setitem__(1, "² bid 2"), 1),
    ("superscript-matadors", lambda a: a.__setitem__(9, "0 declare 5 H matadors ²"), 9),
]


@pytest.mark.parametrize(("spoil", "index"), [c[1:] for c in BAD_ACTIONS],
                         ids=[c[0] for c in BAD_ACTIONS])  # fmt: skip
def test_bad_action_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spoil: Any, index: int
) -> None:
    data = example1()
    spoil(data["actions"])
    with pytest.raises(RecordError) as caught:
        replay(HandRecord.from_json(data))
    assert caught.value.index == index
    assert f"action {index}" in str(caught.value)
    # and the command line says the same, with a non-zero exit
    assert main(["replay", str(write(tmp_path, data))]) != 0
    err = capsys.readouterr().err
    assert f"action {index}" in err and "int()" not in err


def _drop(key: str) -> Any:
    return lambda d: d.pop(key)


BAD_RECORDS = [
    ("not-json", "{ this is not json"),
    ("not-an-object", "[1, 2, 3]"),
    ("no-hands", _drop("hands")),
    ("no-players", _drop("players")),
    ("three-players", lambda d: d["players"].pop()),
    ("card-twice", lambda d: d["hands"][0].__setitem__(0, "JS")),
    ("belle-nine-dealt", lambda d: d["hands"][0].__setitem__(0, "9H")),
    ("short-hand", lambda d: d["hands"][0].pop()),
    ("unknown-card", lambda d: d["hands"][0].__setitem__(0, "ZZ")),
    ("unknown-option", lambda d: d.__setitem__("options", {"vole": True})),
    ("bad-option-value", lambda d: d.__setitem__("options", {"stake_rule": "double"})),
    ("unknown-game", lambda d: d.__setitem__("game", "whist")),
    ("register-owner-not-a-seat", lambda d: d["register"][0].__setitem__("owner", 9)),
    ("register-owner-blank", lambda d: d["register"][0].__setitem__("owner", " ")),
    ("actions-not-strings", lambda d: d.__setitem__("actions", [1, 2])),
]


@pytest.mark.parametrize("spoil", [c[1] for c in BAD_RECORDS], ids=[c[0] for c in BAD_RECORDS])
def test_bad_record_exits_non_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spoil: Any
) -> None:
    if isinstance(spoil, str):
        path = write(tmp_path, spoil)
    else:
        data = example1()
        spoil(data)
        path = write(tmp_path, data)
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert err.strip()  # a message says why


@pytest.mark.parametrize("record", ["example1.json", "bete_curieuse_contre.json"])
def test_a_register_owed_to_a_blank_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: str
) -> None:
    """An owner is a seat, or the name of a player away (never blank, as no player's is)."""
    data = load(RECORDS / record)
    data["register"] = [{"owner": "  ", "amount": 5}]
    assert main(["replay", str(write(tmp_path, data))]) != 0
    assert "a register owner's name is never blank" in capsys.readouterr().err


def test_one_player_in_two_seats_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The message names the players, not "3 different players, not 3"."""
    data = load(RECORDS / "hombre_win.json")
    data["players"] = ["Ana", "Ana", "Chloé"]
    assert main(["replay", str(write(tmp_path, data))]) != 0
    assert "different players, not ['Ana', 'Ana', 'Chloé']" in capsys.readouterr().err


def test_missing_file_exits_non_zero(tmp_path: Path) -> None:
    done = run_cli(tmp_path / "nowhere.json")
    assert done.returncode != 0 and done.stderr.strip()


def test_unfinished_record_reports_whose_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = example1()
    data["actions"] = data["actions"][:4]  # E pass, N 2, W 3, S cagnote: N to speak
    assert main(["replay", str(write(tmp_path, data))]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["finished"] is False
    assert result["turn"] == 2 and result["phase"] == "auction"


def test_record_round_trip() -> None:
    data = example1()
    record = HandRecord.from_json(data)
    again = HandRecord.from_json(record.to_json())
    assert again == record
    assert record.to_json()["actions"] == data["actions"]


def test_register_owner_by_name_is_an_absent_player() -> None:
    # E's bête written under a name nobody at the table has: it waits, and S's own
    # 40 is in play instead (crossed out unpaid)
    data = example1()
    data["register"] = [{"owner": "Absent", "amount": 24}, {"owner": 0, "amount": 40}]
    result = replay(HandRecord.from_json(data))
    assert result.settled is not None
    assert result.settled.net == {"Sud": 84, "Est": -28, "Nord": -28, "Ouest": -28}
    assert [(e.owner, e.amount) for e in result.session.register.entries] == [("Absent", 24)]


def test_record_pinandele_without_pot_field() -> None:
    # no "pot" given: the pot holds the pinandèles written in the register, so the
    # ownerless 8 in play is paid from it; S: 84 from the contract, 8 from the pot
    data = example1()
    data["register"] = [{"owner": None, "amount": 8}, {"owner": 1, "amount": 24}]
    data.pop("pot", None)
    result = replay(HandRecord.from_json(data))
    assert result.settled is not None
    assert result.settled.net == {"Sud": 92, "Est": -28, "Nord": -28, "Ouest": -28}
    assert result.session.pot == 0
    assert [(e.owner, e.amount) for e in result.session.register.entries] == [("Est", 24)]


def test_record_options_are_applied() -> None:
    data = example1()
    data["options"] = {"stake_rule": "js1984"}
    result = replay(HandRecord.from_json(data))
    assert result.settled is not None
    # js1984: (5 + 4) × 2 en belle × 2 for five tricks = 36 from each, and E's 24
    assert result.settled.net == {"Sud": 3 * 36 + 24, "Est": -60, "Nord": -36, "Ouest": -36}

"""La Bête records (RULES.md §5 "La Bête records") and ``python -m games replay``.

Four records in tests/records, each with its result worked out by hand:

* bete_seed_second.json — the 1792 text's second deal, five players: B's bête
  of 16 enters, the declarer fails and makes the bête of 43;
* bete_curieuse_contre.json — everyone passes, two go en curieuse, one of them
  plays and the other contres and wins, a bête being in play;
* bete_vole.json — a vole that collects every waiting bête;
* bete_devole.json — a dévole that doubles the stake and copies the waiting
  bêtes, while an absent player's bête waits untouched.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.__main__ import main
from games.bete import DealRecord, Session, record_of, replay, result_json
from games.records import RecordError, load
from tests.games.bete_helpers import run, scripted
from tests.games.cli import RECORDS, run_cli
from tests.games.test_bete_seed import FAIL


def result(
    players: list[str],
    declarer: int,
    contreur: int | None,
    trump: str,
    tricks: list[int],
    won: bool,
    contreur_won: bool | None,
    payments: list[int],
    pot: tuple[int, int, int],
    bete_in_play: bool,
    register: list[tuple[int | str, int]],
    *,
    vole: bool = False,
    devole: bool = False,
    kings_to: int | None = None,
) -> dict[str, Any]:
    """The printed result of a finished deal, as RULES.md §5 lists it."""
    return {
        "game": "bete",
        "players": players,
        "finished": True,
        "declarer": declarer,
        "contreur": contreur,
        "trump": trump,
        "tricks": tricks,
        "declarer_won": won,
        "contreur_won": contreur_won,
        "vole": vole,
        "devole": devole,
        "king_jetons_to": kings_to,
        "payments": payments,
        "net": dict(zip(players, payments, strict=True)),
        "pot": {"reserve": pot[0], "stake": pot[1], "kings": pot[2]},
        "bete_in_play": bete_in_play,
        "register": [{"owner": o, "amount": a} for o, a in register],
    }


FIVE = ["Alcippe", "Bélise", "Clitandre", "Damis", "Éraste"]
THREE = ["Sud", "Est", "Nord"]

EXPECTED = {
    # Deal 2 of the text (dealer 1, mid-round).  Bélise's 16 enters: she pays it,
    # the game jetons stop; stake 16 + 16 + 10 + her dealer's jeton = 43; each
    # pays a king jeton (kings 10, the K♣ in the talon).  Clitandre plays, takes
    # one trick and makes a bête of 43 (4 fiches 3 jetons).
    "bete_seed_second": result(
        FIVE, 2, None, "C", [0, 0, 1, 4, 0], False, None,
        [-1, -18, -1, -1, -1], (30, 43, 10), True, [(2, 43)],
    ),
    # A bête is in play: no game jetons; stake 30 + 10 + 1 = 41, kings 1 + 3.
    # Est and Nord go en curieuse (43); the 8♥ is trump.  Est plays, Nord contres
    # and takes three tricks: the 43, and the 4 king jetons (he holds the K♥).
    # Est makes a bête of 43; Sud's 9 waits (a bête was in play).
    "bete_curieuse_contre": result(
        THREE, 1, 2, "H", [1, 1, 3], False, True,
        [-2, -2, -1 - 1 + 43 + 4], (10, 0, 0), False, [(0, 9), (1, 43)], kings_to=2,
    ),
    # Waiting 14 (Sud), 30 (Nord), 7 (Est), 5 (Sud): Nord's 30 enters; stake
    # 30 + 10 + 1 = 41.  Est's vole: 41, Sud's 14 and 5, his own 7 crossed out,
    # a jeton from each.  Sud: dealer and king jetons 2 + 19 + 1; Nord 30 + 1 + 1.
    "bete_vole": result(
        THREE, 1, None, "S", [0, 5, 0], True, None,
        [-22, -1 + 41 + 19 + 2, -32], (10, 0, 3), False, [], vole=True,
    ),
    # The same table with an absent player's 50 (it waits: he is not seated).
    # Est takes no trick: he pays 41 (stake 82), gives a jeton to each, and makes
    # a bête of 41 and one of each waiting bête of the seated players (14, 7, 5).
    "bete_devole": result(
        THREE, 1, None, "S", [2, 0, 3], False, None,
        [-2 + 1, -1 - 41 - 2, -31 + 1], (10, 82, 3), True,
        [(0, 14), (1, 7), (0, 5), ("Absent", 50), (1, 41), (1, 14), (1, 7), (1, 5)],
        devole=True,
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_cli_prints_the_expected_result(name: str) -> None:
    done = run_cli(RECORDS / f"{name}.json")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed == EXPECTED[name]
    # payments and the pot's change sum to zero (the pot before is in the record)
    before = load(RECORDS / f"{name}.json")["pot"]
    change = sum(printed["pot"].values()) - sum(before.values())
    assert sum(printed["payments"]) + change == 0


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_round_trip(name: str) -> None:
    data = load(RECORDS / f"{name}.json")
    record = DealRecord.from_json(data)
    assert DealRecord.from_json(record.to_json()) == record
    assert record.to_json()["actions"] == data["actions"]
    assert result_json(replay(record)) == EXPECTED[name]


def test_the_session_writes_the_seed_record() -> None:
    # two deals of a session; the record of the second is the file's
    session = Session(FIVE, dealer=0)
    for _ in range(2):
        script = scripted(5, session.dealer, "7C", FAIL, talon_extra="KC")
        state = session.deal_hands(script.hands, script.talon)
        first = state.first
        run(state, [f"{first} play-contract"] + [f"{(first + i) % 5} pass" for i in range(1, 5)])
        run(state, script.plays)
        record = record_of(session, state)
        session.settle(state)
    assert record.to_json() == load(RECORDS / "bete_seed_second.json")


# ---- refusals ------------------------------------------------------------------


def spoiled(name: str) -> dict[str, Any]:
    return copy.deepcopy(load(RECORDS / f"{name}.json"))


def write(tmp_path: Path, data: dict[str, Any] | str) -> Path:
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_cli_illegal_action_exits_non_zero_naming_it(tmp_path: Path) -> None:
    data = spoiled("bete_curieuse_contre")
    data["actions"][9] = "2 play 10D"  # the Q♦ is led: he must beat it with his K♦
    done = run_cli(write(tmp_path, data))
    assert done.returncode != 0
    assert "action 9" in done.stderr and "2 play 10D" in done.stderr
    assert done.stdout == ""


def test_cli_malformed_action_exits_non_zero_naming_it(tmp_path: Path) -> None:
    data = spoiled("bete_seed_second")
    data["actions"][3] = "0 je joue"
    done = run_cli(write(tmp_path, data))
    assert done.returncode != 0 and "action 3" in done.stderr


Spoil = Callable[[list[str]], object]

# (id, how the actions of bete_curieuse_contre are spoiled, the index named)
BAD_ACTIONS: list[tuple[str, Spoil, int]] = [
    ("out-of-turn", lambda a: a.__setitem__(0, "2 pass"), 0),
    ("unknown-word", lambda a: a.__setitem__(3, "1 curieux"), 3),
    ("bad-seat", lambda a: a.__setitem__(1, "5 pass"), 1),
    ("no-seat", lambda a: a.__setitem__(1, "pass"), 1),
    ("word-then-more", lambda a: a.__setitem__(0, "1 pass now"), 0),
    ("curieuse-before-all-passed", lambda a: a.__setitem__(0, "1 curieuse"), 0),
    ("contre-without-declarer", lambda a: a.__setitem__(6, "1 contre"), 6),
    ("non-curieux-speaks", lambda a: a.__setitem__(6, "0 play-contract"), 6),
    ("second-contre", lambda a: a.insert(8, "0 contre"), 8),
    ("card-not-held", lambda a: a.__setitem__(8, "1 play KS"), 8),
    ("card-during-speaking", lambda a: a.__setitem__(7, "2 play KD"), 7),
    ("obligation-broken", lambda a: a.__setitem__(9, "2 play 10D"), 9),
    ("two-cards", lambda a: a.__setitem__(8, "1 play QD AD"), 8),
    ("after-the-end", lambda a: a.append("1 play 7S"), 23),
]


@pytest.mark.parametrize(("spoil", "index"), [c[1:] for c in BAD_ACTIONS],
                         ids=[c[0] for c in BAD_ACTIONS])  # fmt: skip
def test_bad_action_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spoil: Spoil, index: int
) -> None:
    data = spoiled("bete_curieuse_contre")
    spoil(data["actions"])
    with pytest.raises(RecordError) as caught:
        replay(DealRecord.from_json(data))
    assert caught.value.index == index
    assert f"action {index}" in str(caught.value)
    assert main(["replay", str(write(tmp_path, data))]) != 0
    assert f"action {index}" in capsys.readouterr().err


def _drop(key: str) -> Callable[[dict[str, Any]], object]:
    return lambda d: d.pop(key)


BAD_RECORDS: list[tuple[str, str | Callable[[dict[str, Any]], object]]] = [
    ("not-json", "{ not json"),
    ("no-hands", _drop("hands")),
    ("no-talon", _drop("talon")),
    ("six-players", lambda d: d.__setitem__("players", [*FIVE, "Sixième"])),
    ("one-player", lambda d: d.__setitem__("players", ["Seul"])),
    ("more-players-than-hands", lambda d: d["players"].append("Ouest")),
    ("fewer-players-than-hands", lambda d: d["players"].pop()),
    ("card-twice", lambda d: d["hands"][0].__setitem__(0, "KH")),
    ("short-hand", lambda d: d["hands"][0].pop()),
    ("talon-short", lambda d: d["talon"].pop()),
    ("card-not-in-the-deck", lambda d: d["hands"][0].__setitem__(0, "6S")),
    ("unknown-card", lambda d: d["hands"][0].__setitem__(0, "ZZ")),
    ("unknown-option", lambda d: d.__setitem__("options", {"vole": True})),
    ("bad-option-value", lambda d: d.__setitem__("options", {"deal_pattern": "5"})),
    ("hombree-record", lambda d: d.__setitem__("game", "bete-hombree")),
    ("register-owner-not-a-seat", lambda d: d["register"][0].__setitem__("owner", 7)),
    ("register-amount-zero", lambda d: d["register"][0].__setitem__("amount", 0)),
    ("dealer-not-a-seat", lambda d: d.__setitem__("dealer", 3)),
    ("actions-not-strings", lambda d: d.__setitem__("actions", [1, 2])),
]


@pytest.mark.parametrize("spoil", [c[1] for c in BAD_RECORDS], ids=[c[0] for c in BAD_RECORDS])
def test_bad_record_exits_non_zero(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    spoil: str | Callable[[dict[str, Any]], object],
) -> None:
    if isinstance(spoil, str):
        path = write(tmp_path, spoil)
    else:
        data = spoiled("bete_curieuse_contre")
        spoil(data)
        path = write(tmp_path, data)
    assert main(["replay", str(path)]) != 0
    assert capsys.readouterr().err.strip()  # a message says why


def test_unfinished_record_reports_whose_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = spoiled("bete_curieuse_contre")
    data["actions"] = data["actions"][:4]  # all passed, Est went en curieuse: Nord's turn
    assert main(["replay", str(write(tmp_path, data))]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == {
        "game": "bete",
        "players": THREE,
        "finished": False,
        "turn": 2,
        "phase": "curieuse",
    }


def test_options_are_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # with bete_must_underruff a record that discards over a trump it cannot beat
    # is refused: trick 3 of the underruff deal in test_bete_outcomes
    data = {
        "game": "bete",
        "options": {"bete_must_underruff": True},
        "players": THREE,
        "dealer": 0,
        "round_start": True,
        "hands": [
            ["8H", "8C", "7S", "7C", "JC"],
            ["KH", "KC", "AH", "9D", "10D"],
            ["7H", "9C", "QS", "KD", "QD"],
        ],
        "talon": ["8S", "KS", "JS", "AS", "10S", "9S", "QH", "JH", "10H", "9H",
                  "QC", "AC", "10C", "JD", "AD", "8D", "7D"],
        "actions": ["1 play-contract", "2 pass", "0 pass",
                    "1 play KH", "2 play 7H", "0 play 8H",
                    "1 play KC", "2 play 9C", "0 play 8C",
                    "1 play AH", "2 play QS", "0 play 7C"],
    }  # fmt: skip
    with pytest.raises(RecordError, match="action 11") as caught:
        replay(DealRecord.from_json(data))
    assert caught.value.index == 11 and "pisser" in str(caught.value)
    data["options"] = {}
    assert replay(DealRecord.from_json(data)).state.turn == 2  # legal by default
    assert main(["replay", str(write(tmp_path, data))]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is False

"""Records that contradict themselves are refused with a message saying why
(issue step 8), instead of being replayed into an impossible pot.

* La Bête Hombrée: a pinandèle in play is paid from the pot to a declarer who
  makes his contract; a pot smaller than it cannot pay it.
* La Bête: inside a round the reserve always holds the fiche each deal moves
  into the stake; a deal that does not open a round with less is impossible.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from games.records import RecordError, load
from games.replay import replay_result
from tests.games import cli

RECORDS = cli.RECORDS


def record(name: str) -> dict[str, Any]:
    return copy.deepcopy(load(RECORDS / f"{name}.json"))


def run_record(tmp_path: Path, data: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return cli.run_cli(path)


def pinandele_in_play(pot: int | None) -> dict[str, Any]:
    """Example 1 with an ownerless 8 as the oldest entry, so in play; S makes his
    contract and takes it from the pot."""
    data = record("example1")
    data["register"] = [{"owner": None, "amount": 8}, {"owner": 1, "amount": 24}]
    if pot is None:
        data.pop("pot", None)
    else:
        data["pot"] = pot
    return data


@pytest.mark.parametrize("pot", [0, 7])
def test_a_pinandele_in_play_the_pot_cannot_pay_is_refused(pot: int) -> None:
    with pytest.raises(RecordError) as caught:
        replay_result(pinandele_in_play(pot))
    message = str(caught.value)
    assert "contradicts itself" in message
    assert "pinandèles of the register (8)" in message and f"holds only {pot}" in message
    assert caught.value.index is None  # the record, not one of its actions


@pytest.mark.parametrize("pot", [None, 8, 20])
def test_a_pot_that_pays_the_pinandele_replays(pot: int | None) -> None:
    result = replay_result(pinandele_in_play(pot))
    assert result["made"] is True
    # S: 3 × 28 from the contract and the 8 from the pot, which keeps the rest
    assert result["payments"] == [92, -28, -28, -28]
    assert result["pot"] == (0 if pot is None else pot - 8)


def test_a_pot_short_of_a_pinandele_waiting_is_refused_too() -> None:
    # an owned bête is in play, the pinandèle waits behind it: it was paid into the
    # pot all the same (RULES §1.8: the pot is the sous of unpaid pinandèles)
    data = pinandele_in_play(0)
    data["register"].reverse()  # E's 24 is the oldest now
    with pytest.raises(RecordError, match=r"pinandèles of the register \(8\).* only 0"):
        replay_result(data)
    data["pot"] = 8
    result = replay_result(data)  # the pot is not touched: the owned bête is paid
    assert result["payments"] == [108, -52, -28, -28] and result["pot"] == 8


def test_with_next_bete_the_pinandeles_are_the_pot_itself() -> None:
    # pinandele=with_next_bete: no pinandèle is in the register, the pot holds them
    # and goes with the next bête won; any pot is consistent
    data = record("example1")
    data["options"] = {"pinandele": "with_next_bete"}
    data["pot"] = 16
    result = replay_result(data)
    assert result["payments"] == [108 + 16, -52, -28, -28] and result["pot"] == 0


@pytest.mark.parametrize("pot", [0, 8, 100])
def test_with_next_bete_a_pinandele_in_the_register_is_refused(pot: int) -> None:
    # the pot goes whole with the next bête: it cannot also pay a pinandèle of the
    # register (it would end negative), whatever it holds
    data = pinandele_in_play(pot)
    data["options"] = {"pinandele": "with_next_bete"}
    with pytest.raises(RecordError, match="contradicts itself") as caught:
        replay_result(data)
    assert "with_next_bete" in str(caught.value)


@pytest.mark.parametrize("amount", [4, 12])
def test_a_pinandele_of_another_amount_than_8_is_refused(amount: int) -> None:
    """RULES.md §1.6: each of the four pays 2 into the pot and an entry of 8 with no
    owner is written; one of 12 would be paid 12 from a pot that took 8."""
    data = pinandele_in_play(20)
    data["register"][0]["amount"] = amount
    with pytest.raises(RecordError, match="contradicts itself") as caught:
        replay_result(data)
    assert f"with no owner) is 8 sous, each player's 2, not {amount}" in str(caught.value)


def test_a_negative_pot_is_refused() -> None:
    data = record("example1")
    data["pot"] = -8
    with pytest.raises(RecordError, match="pot is a whole number 0 to 1,000,000,000"):
        replay_result(data)


def mid_round(reserve: int) -> dict[str, Any]:
    """The 1792 text's second deal (not a round's start) with another reserve."""
    data = record("bete_seed_second")
    assert data["round_start"] is False
    data["pot"]["reserve"] = reserve
    return data


@pytest.mark.parametrize("reserve", [0, 9])
def test_a_reserve_without_the_fiche_mid_round_is_refused(reserve: int) -> None:
    with pytest.raises(RecordError) as caught:
        replay_result(mid_round(reserve))
    message = str(caught.value)
    assert "contradicts itself" in message and "does not open a round" in message
    assert f"reserve ({reserve} jetons)" in message


def test_a_reserve_with_the_fiche_mid_round_replays() -> None:
    result = replay_result(mid_round(10))
    assert result["pot"]["reserve"] == 0 and result["pot"]["stake"] == 43


def test_a_round_start_fills_the_reserve_first() -> None:
    # opening a round, each of the 5 pays a fiche into the reserve first: 50 - 10
    data = mid_round(0)
    data["round_start"] = True
    result = replay_result(data)
    assert result["pot"]["reserve"] == 40


def test_a_negative_part_of_the_pot_is_refused() -> None:
    data = mid_round(10)
    data["pot"]["kings"] = -1
    with pytest.raises(RecordError, match=r"pot\.kings is a whole number 0 to 1,000,000,000"):
        replay_result(data)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (pinandele_in_play(0), "pinandèles of the register (8)"),
        (mid_round(5), "does not open a round"),
    ],
    ids=["bete-hombree", "bete"],
)
def test_the_command_line_exits_non_zero_saying_why(
    tmp_path: Path, data: dict[str, Any], words: str
) -> None:
    done = run_record(tmp_path, data)
    assert done.returncode != 0
    assert done.stdout == ""
    assert "contradicts itself" in done.stderr and words in done.stderr

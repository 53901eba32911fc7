"""``python -m games.ai review``: its output and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.ai.teacher import decision_keys

from .helpers import GAME_IDS, played_record

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.ai", "review", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_review_prints_in_words_and_as_json(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record(GAME_IDS[-1], 2)), encoding="utf-8")
    words = run(str(path), "--seat", "0", "--budget", "2")
    assert words.returncode == 0, words.stderr
    assert "Review of P0 (seat 0)" in words.stdout and "accuracy" in words.stdout
    data = run(str(path), "--seat", "0", "--budget", "2", "--json")
    assert data.returncode == 0, data.stderr
    review = json.loads(data.stdout)
    assert review["seat"] == 0 and review["budget"] == 2 and review["decisions"]


def test_bad_input_is_refused_in_a_line(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "none.json"), "--seat", "0")
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record(GAME_IDS[0], 1)), encoding="utf-8")
    seat = run(str(path), "--seat", "9")
    assert seat.returncode == 2 and "not a seat" in seat.stderr
    for deals in ("0", "100000000000"):  # none, or more than a review ends on
        budget = run(str(path), "--seat", "0", "--budget", deals)
        assert budget.returncode == 2 and "--budget: a whole number from 1" in budget.stderr
    negative = run(str(path), "--seat", "-1")
    assert negative.returncode == 2 and "--seat" in negative.stderr
    (tmp_path / "bad.json").write_text("[1]", encoding="utf-8")
    bad = run(str(tmp_path / "bad.json"), "--seat", "0")
    assert bad.returncode == 2 and "JSON object" in bad.stderr


def test_the_decisions_the_time_limit_made_are_left_out(tmp_path: Path) -> None:
    """The record's ``timed_out`` (the bot writes it): those decisions are not the
    seat's, the review leaves them out and names them."""
    data = played_record(GAME_IDS[-1], 2)
    keys = decision_keys(data, 0)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**data, "timed_out": {"0": keys[:1]}}), encoding="utf-8")
    shown = run(str(path), "--seat", "0", "--budget", "1", "--json")
    assert shown.returncode == 0, shown.stderr
    review = json.loads(shown.stdout)
    assert review["timed_out"] == keys[:1]
    assert [d["key"] for d in review["decisions"]] == keys[1:]
    words = run(str(path), "--seat", "0", "--budget", "1")
    assert f"not reviewed, played when the time ran out: {keys[0]}" in words.stdout

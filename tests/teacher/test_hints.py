"""Hints (``games.ai.teacher.hint``) and their line of why (``games.ai.teacher.why``):
the rules of thumb on hand-built tricks, every game's lines on real views, a hint
read from the view only, and a record that keeps a table's count of hints read by
every reader of records."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import registry
from games.ai.teacher.evaluate import valuer_of
from games.ai.teacher.hint import SHOWN, hint
from games.ai.teacher.steps import deal_lines, deal_start, steps
from games.ai.teacher.why import TrickSense, Why, card_play_why, explain, sense_of
from games.cards import SUIT_MASKS, Card, Suit, cards_of
from games.obligations import FollowBeatTrump
from games.records import split_action_line
from games.tricks import played_mask

from .helpers import GAME_IDS, SMALL, played_record
from .test_evaluate import _with_action, hidden_swaps, truncated

ROOT = Path(__file__).resolve().parents[2]
SPADES = FollowBeatTrump(int(Suit.S), True)  # spades trumps, the bête family's obligations


def bits(*cards: str) -> int:
    return sum(Card.parse(c).bit for c in cards)


def index(card: str) -> int:
    return Card.parse(card).index


def sense(legal: list[str], out: list[str], trick: list[str], **more: object) -> TrickSense:
    base = {"trumps": SUIT_MASKS[int(Suit.S)], "rules": SPADES, "last": False}
    base.update(more)
    return TrickSense(
        legal=tuple(index(c) for c in legal),
        out=bits(*out),
        trick=tuple(index(c) for c in trick),
        **base,  # type: ignore[arg-type]
    )


# (the bête family's order in a suit: K Q J A 10 9 8 7)


def test_a_card_that_takes_the_trick_last_says_so() -> None:
    last = sense(["KH", "7H"], ["KS"], ["9H", "10H", "QH"], last=True)
    assert card_play_why(last, index("KH")) == Why("takes_last", (Card.parse("KH"),))
    # not when every card would take it, nor when it does not take it, nor before the last
    every = sense(["KH"], ["KS"], ["9H", "10H", "QH"], last=True)
    assert card_play_why(every, index("KH")) == Why("trumps_left", count=1)
    assert card_play_why(last, index("7H")) == Why("trumps_left", count=1)
    early = sense(["KH", "7H"], ["KS"], ["9H", "QH"])
    assert card_play_why(early, index("KH")) == Why("trumps_left", count=1)


def test_a_card_led_that_nothing_out_beats_is_master() -> None:
    lead = sense(["QH", "7H"], ["JH", "9C"], [])
    assert card_play_why(lead, index("QH")) == Why("master", (Card.parse("QH"),))
    # a higher card or a trump still out: no master, the trumps are said instead
    higher = sense(["QH", "7H"], ["KH", "9C"], [])
    assert card_play_why(higher, index("QH")) == Why("no_trump_left")
    trumped = sense(["QH", "7H"], ["JH", "9S"], [])
    assert card_play_why(trumped, index("QH")) == Why("trumps_left", count=1)


def test_the_trumps_still_out_are_those_the_others_may_hold() -> None:
    mid = sense(["AH", "7S"], ["KS", "9S", "10C"], ["9H"])
    assert card_play_why(mid, index("7S")) == Why("trumps_left", count=2)
    shown = sense(["AH", "7S"], ["KS", "10C"], ["9H"], shown=True)
    assert card_play_why(shown, index("7S")) == Why("trumps_left_shown", count=1)
    none = sense(["AH", "7S"], ["10C"], ["9H"])
    assert card_play_why(none, index("7S")) == Why("no_trump_left")
    no_trump = sense(["AH", "7H"], ["KH"], ["9H"], trumps=0)
    assert card_play_why(no_trump, index("7H")) is None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_line_of_why_is_so_in_the_seats_view(game_id: str) -> None:
    """On the decisions of played deals, a line names only cards the seat holds (master,
    takes the trick), and counts as still out only trumps neither in its hand nor played."""
    said = readable = 0
    for seed in range(1, 4):
        data = played_record(game_id, seed)
        for seat in range(len(data.get("players", [])) or 2):
            for step in steps(data, seat):
                moves = valuer_of(game_id).candidates(step.view)  # what a hint weighs
                if len(moves) < 2:
                    continue
                readable += sense_of(game_id, step.view, moves[0]) is not None
                why = explain(game_id, step.view, moves[0])
                if why is None:
                    continue
                said += 1
                view = step.view
                assert set(why.cards) <= set(cards_of(view.hand)), why
                if why.count:
                    gone = played_mask(view.trick, view.tricks_played) | view.hand
                    read = sense_of(game_id, view, moves[0])
                    assert read is not None
                    trumps = read[0].trumps
                    assert why.count <= (trumps & ~gone).bit_count(), why
    assert said or not readable, "no line of why in whole deals"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hint_is_the_best_first_and_reads_the_view_only(game_id: str) -> None:
    """At most three moves, the best first at no loss, the others by loss; the same
    hint when cards the seat has not seen change places."""
    checked = 0
    for seed in range(1, 6):
        data = played_record(game_id, seed)
        seat = 1
        found = steps(data, seat)
        for step in found[len(found) // 3 :: 4]:
            before = hint(game_id, step.view, SMALL, 7)
            if before is None:
                continue
            assert 2 <= len(before.moves) <= SHOWN and before.losses[0] == 0
            assert list(before.losses) == sorted(before.losses)
            swaps = hidden_swaps(data, seat, step.deal, step.index)
            for swapped in random.Random(seed).sample(swaps, min(2, len(swaps))):
                assert truncated(data, step.deal, step.index) != swapped
                try:
                    other = steps(_with_action(swapped, data, step), seat)[-1]
                except Exception:
                    continue  # the seat drew a swapped card (Bésigue's stock): it has seen it
                if other.view != step.view:
                    continue  # the swap showed (a card turned up): not a hidden card
                assert hint(game_id, other.view, SMALL, 7) == before
                checked += 1
        if checked >= 2:
            return
    assert checked, "no decision with hidden cards to change was found"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_with_a_tables_count_of_hints_is_read_as_any(game_id: str, tmp_path: Path) -> None:
    """The bot keeps the hints each seat took in a deal's record (``"hints"``): replay
    and the command-line review read such a record as they read any."""
    data = played_record(game_id, 2)
    kept = {**data, "hints": {"0": 2, "1": 1}}
    spec = registry.game(game_id)
    assert spec.replay(kept) == spec.replay(data)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(kept), encoding="utf-8")
    for command in (["games", "replay", str(path)], ["games.ai", "review", str(path)]):
        extra = ["--seat", "0", "--budget", "1", "--json"] if "review" in command else []
        done = subprocess.run(
            [sys.executable, "-m", *command, *extra],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_trumps_said_still_out_are_those_the_other_hands_hold(game_id: str) -> None:
    """ "N trumps still out" is said only when it is so: never counting a trump that may
    lie in a talon or a discard instead (La Bête's two players could be told of six
    trumps with five cards against them), so exactly the trumps the others hold."""
    spec = registry.game(game_id)
    counted = 0
    for seed in range(1, 6):
        data = played_record(game_id, seed)
        seats = len(data.get("players", [])) or spec.min_seats
        for n, lines in enumerate(deal_lines(data)):
            state = deal_start(spec, data, n)
            for line in lines:
                who, words = split_action_line(line, seats)
                view = state.view(who)
                moves = valuer_of(game_id).candidates(view)
                why = explain(game_id, view, moves[0]) if len(moves) > 1 else None
                if why is not None and why.reason.startswith("trumps_left"):
                    read = sense_of(game_id, view, moves[0])
                    assert read is not None
                    others = 0
                    for seat in range(seats):
                        others |= state.view(seat).hand if seat != who else 0
                    assert why.count == (others & read[0].trumps).bit_count(), (line, why)
                    counted += 1
                state.apply(spec.parse_action(words), who)
    # where a talon, a cagnot or discards hide cards for the whole deal, no count is
    # ever sure and none is said; Bésigue's phase 2, its stock drawn, says some
    assert counted or game_id != "besigue", f"{game_id}: none counted"

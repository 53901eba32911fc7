"""The evaluation of moves from a view (``games.ai.teacher.evaluate``), for every
registered game."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest

from games import registry
from games.ai.teacher.evaluate import evaluate, valuer_of
from games.ai.teacher.steps import deal_lines, steps
from games.records import RecordError

from .helpers import GAME_IDS, SMALL, played_record


def truncated(data: dict[str, Any], deal: int, index: int) -> dict[str, Any]:
    """The record up to (not including) action ``index`` of deal ``deal``."""
    cut = copy.deepcopy(data)
    if "deals" in cut:
        cut["deals"] = cut["deals"][: deal + 1]
        cut["deals"][deal]["actions"] = cut["deals"][deal]["actions"][:index]
    else:
        cut["actions"] = cut["actions"][:index]
    return cut


def piles_of(data: dict[str, Any], deal: int, seat: int) -> list[list[str]]:
    """The card lists of a deal the seat does not hold: the other hands, then the
    rest (cagnot, talon, stock: whatever the game calls it)."""
    written = data["deals"][deal] if "deals" in data else data
    piles = [h for s, h in enumerate(written["hands"]) if s != seat]
    for key, value in written.items():
        cards = isinstance(value, list) and value and all(isinstance(c, str) for c in value)
        if key not in ("hands", "actions", "players") and cards:
            piles.append(value)
    return piles


def hidden_swaps(data: dict[str, Any], seat: int, deal: int, index: int) -> list[dict[str, Any]]:
    """Records of the same actions up to ``index`` where two cards the seat does not
    hold, in two other hands or a hand and the rest, neither played yet, have
    changed places (those that replay)."""
    played = {word for line in deal_lines(data)[deal][:index] for word in line.split()}
    piles = piles_of(data, deal, seat)
    found = []
    for x, y in itertools.combinations(range(len(piles)), 2):
        for a, b in itertools.product(piles[x][:6], piles[y][:6]):
            if a in played or b in played or a == b:
                continue
            swapped = truncated(data, deal, index)
            new = piles_of(swapped, deal, seat)
            new[x][new[x].index(a)] = b
            new[y][new[y].index(b)] = a
            try:
                registry.game(data["game"]).replay(swapped)
            except RecordError:
                continue  # the swap contradicts a card played (a void shown)
            found.append(swapped)
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_evaluation_reads_the_view_only(game_id: str) -> None:
    """Two deals that differ only in cards the seat has not seen: the same view,
    and with the same seed the same evaluation."""
    checked = 0
    for seed in range(1, 6):
        data = played_record(game_id, seed)
        seat = 1
        found = steps(data, seat)
        for step in found[len(found) // 3 :: 4]:
            moves = valuer_of(game_id).candidates(step.view)
            before = evaluate(game_id, step.view, moves, SMALL, 7)
            if before is None:
                continue
            swaps = hidden_swaps(data, seat, step.deal, step.index)
            for swapped in random.Random(seed).sample(swaps, min(2, len(swaps))):
                assert truncated(data, step.deal, step.index) != swapped
                try:
                    other = steps(_with_action(swapped, data, step), seat)[-1]
                except RecordError:
                    continue  # the seat drew a swapped card (Bésigue's stock): it has seen it
                if other.view != step.view:
                    continue  # the swap showed (a card turned up): not a hidden card
                after = evaluate(game_id, other.view, moves, SMALL, 7)
                assert after == before
                checked += 1
        if checked >= 2:
            return
    assert checked, "no decision with hidden cards to change was found"


def _with_action(swapped: dict[str, Any], data: dict[str, Any], step: Any) -> dict[str, Any]:
    """The swapped record with the seat's decision itself appended (so that it is
    the record's last decision of the seat)."""
    out = copy.deepcopy(swapped)
    line = deal_lines(data)[step.deal][step.index]
    (out["deals"][step.deal] if "deals" in out else out)["actions"].append(line)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_gives_the_same_evaluation_and_the_best_move_loses_nothing(
    game_id: str,
) -> None:
    data = played_record(game_id, 3)
    found = [s for s in steps(data, 0)][:6]
    assert found
    for step in found:
        moves = valuer_of(game_id).candidates(step.view)
        first = evaluate(game_id, step.view, moves, SMALL, 11)
        if first is None:
            continue
        assert first == evaluate(game_id, step.view, moves, SMALL, 11)
        assert first.loss(first.best) == 0
        assert all(first.loss(i) >= 0 for i in range(len(moves)))
        assert first.unit in ("sous", "jetons", "points")
        assert len(first.values) == len(first.stderr) == len(first.gap_stderr) == len(moves)


def test_a_budget_below_one_deal_is_refused() -> None:
    game_id = GAME_IDS[0]
    step = steps(played_record(game_id, 1), 1)[0]
    with pytest.raises(ValueError, match="at least one deal"):
        evaluate(game_id, step.view, list(step.view.legal), 0, 1)

"""Positions of the worked examples (tests/records) where a move throws away a
sure trick, a sure contract or a combination: the review classifies that move
at least a *mistake*, in every offered game (a new game adds its position)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.ai.teacher.evaluate import evaluate, valuer_of
from games.ai.teacher.review import classify, thresholds_of
from games.ai.teacher.steps import game_of, steps
from games.records import load

from .helpers import GAME_IDS

RECORDS = Path(__file__).resolve().parents[1] / "records"

# game: (record, seat, decision, the move that throws something away, why)
POSITIONS = {
    "bete-hombree": (
        "example1.json",
        3,
        "0:12",
        "play KD",
        "void in spades and in trumps, a defender discards the king of diamonds, the "
        "defence's sure trick against a contract that needs every trick",
    ),
    "bete": (
        "bete_vole.json",
        1,
        "0:3",
        "play AH",
        "the declarer holding three kings leads the ace of hearts, which the queen "
        "takes: a sure trick and the vole given away",
    ),
    "hombre": (
        "hombre_sans_prendre_vole.json",
        0,
        "0:3",
        "trump H",
        "with eight spades and basto the hombre names hearts: a sure vole thrown away",
    ),
    "besigue": (
        "besigue_melds_exchange.json",
        1,
        "0:43",
        "draw",
        "the winner of the trick draws instead of declaring the bésigue he holds",
    ),
    "besigue-haiti": (
        "haiti_first_marriage.json",
        1,
        "0:2",
        "draw",
        "the winner of the trick draws instead of declaring a marriage he holds",
    ),
}
HAITI = "besigue-haiti"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_throwing_away_a_sure_trick_or_a_combination_is_at_least_a_mistake(
    game_id: str,
) -> None:
    assert game_id in POSITIONS, "every offered game brings a position of its own"
    record, seat, key, bad, why = POSITIONS[game_id]
    data = load(RECORDS / record)
    # a record of the Haitian game is written under ``besigue`` with its options
    assert game_of(data).id == ("besigue" if game_id == HAITI else game_id)
    step = next(s for s in steps(data, seat) if s.key == key)
    moves = valuer_of(game_id).candidates(step.view)
    found = evaluate(game_id, step.view, moves, 16, 1)
    assert found is not None
    loss = found.loss(found.moves.index(bad))
    assert classify(loss, thresholds_of(game_id)) in ("mistake", "blunder"), why
    # and the best move is not the bad one
    assert found.moves[found.best] != bad

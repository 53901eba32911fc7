"""Bésigue's computer players: legal from a view only, the heuristic declaring
what it may and ahead of random players on the same deals."""

from __future__ import annotations

import random

import pytest

from games.ai.base import FullInfoPlayer
from games.ai.duel import arena_of
from games.besigue import Kind, Phase, Session
from games.besigue.ai import PLAYERS

from .helpers import build, do


def points_of(candidate: str, baseline: str, seats: int, deals: int) -> float:
    """The candidate's points minus the table's mean, each deal played with it in
    every seat in turn."""
    total = 0.0
    for seed in range(deals):
        for seat in range(seats):
            session = Session([f"P{s}" for s in range(seats)], dealer=seed % seats)
            state = session.deal(seed)
            rng = random.Random(seed)
            players = [PLAYERS[candidate if s == seat else baseline]() for s in range(seats)]
            while not state.is_over:
                state.apply(players[state.turn].act(state.view(state.turn), rng, 0.1))
            assert state.outcome is not None
            points = state.outcome.points
            total += points[seat] - sum(points) / seats
    return total


def test_the_players_are_random_heuristic_pimc_and_the_cheater() -> None:
    assert set(PLAYERS) == {"random", "heuristic", "pimc", "cheater"}


@pytest.mark.parametrize("seats", [2, 3])
def test_the_heuristic_scores_more_than_random_players(seats: int) -> None:
    assert points_of("heuristic", "random", seats, 12) > 0
    assert points_of("random", "heuristic", seats, 12) < 0


def test_the_heuristic_lays_its_best_combination_then_exchanges_the_seven() -> None:
    state = build(["7S 8S 9S 8D 9D 8C 9C JH", "AS KH QH 7H 10D JC QC KC"], "9H", "8H 7D")
    do(state, "1 play AS", "0 play 7S")
    player = PLAYERS["heuristic"]()
    rng = random.Random(0)
    first = player.act(state.view(1), rng)
    assert str(first) == "meld trump-marriage KH QH"
    state.apply(first)
    second = player.act(state.view(1), rng)
    assert second.kind is Kind.SEVEN_EXCHANGE
    state.apply(second)
    assert state.phase is Phase.PLAY1 and state.meld_points == [0, 50]


def test_the_players_refuse_to_act_out_of_turn() -> None:
    state = Session(["A", "B"]).deal(1)
    for name in PLAYERS:
        if isinstance(PLAYERS[name](), FullInfoPlayer):
            continue  # the cheater refuses every view
        with pytest.raises(ValueError, match="not this seat's turn"):
            PLAYERS[name]().act(state.view(1 - state.turn), random.Random(0))


def test_the_duel_arena_scores_a_deal() -> None:
    arena = arena_of("besigue", 3)
    state = arena.deal(1, 0)
    rng = random.Random(1)
    player = arena.player("heuristic")
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng, 0.1))
    scores = [arena.score(state, seat) for seat in range(3)]
    assert abs(sum(scores)) < 1e-9

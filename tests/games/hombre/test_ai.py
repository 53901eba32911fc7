"""L'Hombre's computer players: legal from a view only, and the heuristic
ahead of random on the same deals (each deal played with it in every seat)."""

from __future__ import annotations

import random

from games.hombre import Session
from games.hombre.ai import PLAYERS


def net_of(candidate: str, baseline: str, deals: int) -> int:
    total = 0
    for seed in range(deals):
        for seat in range(3):
            session = Session(["A", "B", "C"], dealer=seed % 3, seed=seed)
            state = session.deal(seed)
            rng = random.Random(seed)
            players = [PLAYERS[candidate if s == seat else baseline]() for s in range(3)]
            while not state.is_over:
                state.apply(players[state.turn].act(state.view(state.turn), rng, 0.1))
            assert state.outcome is not None
            total += state.outcome.net[seat]
    return total


def test_the_players_are_random_heuristic_pimc_pimc1_and_cheater() -> None:
    assert set(PLAYERS) == {"random", "heuristic", "pimc", "pimc1", "cheater"}


def test_the_heuristic_wins_money_from_random_players() -> None:
    assert net_of("heuristic", "random", 40) > 0
    assert net_of("random", "heuristic", 40) < 0

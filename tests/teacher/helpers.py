"""Records of every registered game played by its computer players, for the
teacher's tests."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games import offered, registry

# every offered game (the worked example's toy game, registered by its tests, has no teacher)
GAME_IDS = [spec.id for spec in registry.games() if spec.id.replace("-", "_") in offered.PACKAGES]
SMALL = 4  # deals per evaluation: the tests' budget


@cache
def played_record(
    game_id: str, seed: int, player: str = "heuristic", deals: int = 1
) -> dict[str, Any]:
    """A deal of ``game_id`` from a new session, played to the end by ``player`` in
    every seat (``random`` mixed in at seat 0 every other decision), as its record;
    with ``deals``, the last of that many, each settled before the next is dealt."""
    spec = registry.game(game_id)
    names = [f"P{i}" for i in range(spec.min_seats)]
    session = spec.new_session(names, seed, spec.options())
    rng = random.Random(seed)
    chooser = spec.player(player)
    for n in range(deals):
        state = session.deal(seed + 1 + n)
        step = 0
        while not state.is_over:
            seat = state.turn
            if seat == 0 and step % 2:
                action = rng.choice(state.legal_actions())
            else:
                action = chooser.act(state.view(seat), rng, 0.05)
            state.apply(action)
            step += 1
        if n < deals - 1:
            session.settle(state)
    return spec.write_record(session, state)

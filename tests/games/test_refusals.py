"""Refusals (``games.refusals``): every game refuses an action with one error type
carrying a typed reason, a code its registration declares, for every registered game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import registry
from games.refusals import IllegalActionError, Refusal, Rule

GAME_IDS = [spec.id for spec in registry.games()]


def refusals_of_a_deal(game_id: str, seed: int) -> list[Refusal]:
    """A deal played by random legal moves; at each step the moves once legal and no
    longer, and every move for another seat, are tried: each is refused alike by
    ``check`` and by ``apply``, which changes nothing."""
    spec = registry.game(game_id)
    session = spec.new_session([f"P{i}" for i in range(spec.min_seats)], seed, spec.options())
    state = session.deal(seed + 1)
    rng = random.Random(seed)
    seen: dict[str, Any] = {}
    refused: list[Refusal] = []
    while True:
        legal = list(state.legal_actions())
        tried = [a for a in seen.values() if a not in legal]
        attempts = [(a, None) for a in tried] + [
            (a, (state.turn + 1) % spec.min_seats) for a in legal
        ]
        for action, seat in attempts:
            reason = state.check(action, seat)
            if reason is None:
                continue
            before = list(state.actions)
            with pytest.raises(IllegalActionError) as error:
                state.apply(action, seat)
            assert error.value.refusal == reason and str(error.value) == reason.text
            assert state.actions == before
            refused.append(reason)
        if state.is_over:
            break
        seen.update((str(a), a) for a in legal)
        state.apply(rng.choice(legal))
    over = state.check(legal[0] if legal else next(iter(seen.values())))
    assert over is not None and over.code is Rule.OVER
    return [*refused, over]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refusal_carries_a_code_its_game_declares(game_id: str) -> None:
    declared = registry.game(game_id).refusal_codes()
    assert len(set(declared)) == len(declared)  # no code said twice
    refused = [r for seed in (1, 2) for r in refusals_of_a_deal(game_id, seed)]
    assert {Rule.TURN, Rule.OVER} <= {r.code for r in refused}
    for reason in refused:
        assert reason.code in declared, reason
        assert reason.text and not reason.text.endswith(".")  # an English clause


def test_a_refusal_is_its_english_sentence_for_the_command_line() -> None:
    reason = Refusal(Rule.NOT_HELD, "KS is not in this hand")
    error = IllegalActionError(reason)
    assert isinstance(error, ValueError) and str(error) == str(reason) == "KS is not in this hand"

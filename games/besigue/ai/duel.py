"""Bésigue in the duplicate duel (``games.ai.duel``): its ``Arena``.

A seat's score of a deal is its side's points minus the mean of the other
sides' (combinations, sevens, last trick and brisques as counted), from
scores of zero: what the players maximise until a game's end.  ``seats``
2 to 4 (2 by default); the summary counts each side's combination points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.besigue.rules import MAX_SEATS, MIN_SEATS
from games.besigue.score import side_totals
from games.besigue.session import Session
from games.besigue.state import DealState


def hash_seed(seed: int, index: int) -> int:
    return random.Random(f"besigue-duel:{seed}:{index}").randrange(1 << 62)


class BesigueArena:
    unit = "points"

    def __init__(self, seats: int, settings: Mapping[str, str]) -> None:
        if seats and not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Bésigue is played by {MIN_SEATS} to {MAX_SEATS}")
        if settings:
            raise ValueError(f"Bésigue's duel has no settings, not {', '.join(settings)}")
        self.seats = seats or MIN_SEATS

    def describe(self) -> str:
        return ""

    def player(self, name: str) -> Any:
        from . import PLAYERS

        factory = PLAYERS.get(name)
        if factory is None:
            raise ValueError(f"Bésigue has no player {name!r} (known: {', '.join(PLAYERS)})")
        return factory()

    def deal(self, seed: int, index: int) -> DealState:
        players = [f"p{s}" for s in range(self.seats)]
        session = Session(players, dealer=index % self.seats)
        return session.deal(hash_seed(seed, index))

    def score(self, state: DealState, seat: int) -> float:
        outcome = state.outcome
        assert outcome is not None
        sides = side_totals(outcome.points, outcome.teams, len(outcome.scores))
        own = outcome.teams[seat]
        others = [p for side, p in enumerate(sides) if side != own]
        return sides[own] - sum(others) / len(others)

    def facts(self, run: Any, seat: int, check_play: bool) -> dict[str, Any]:
        outcome = run.state.outcome
        assert outcome is not None
        return {"melds": outcome.melds[seat], "tricks": outcome.tricks[seat]}

    def side(self, facts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        return {
            "melds": sum(f["melds"] for f in facts),
            "tricks": sum(f["tricks"] for f in facts),
            "seats": len(facts),
        }

    def lines(self, label: str, name: str, side: Mapping[str, Any]) -> list[str]:
        seats = side["seats"] or 1
        return [
            f"[{label}] {name}: {side['melds'] / seats:.1f} points of combinations and"
            f" {side['tricks'] / seats:.1f} tricks a seat and deal"
        ]

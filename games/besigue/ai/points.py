"""What the duels of both Bésigues share (``games.ai.duel``): a seat's score of a
deal is its side's points minus the mean of the other sides' (combinations, 7s,
last trick and brisques as counted), and its facts the combination points and
tricks of each side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.besigue.flow import DealFlow
from games.besigue.score import side_totals


class PointsArena:
    """What the duels of both Bésigues share: a seat's score and facts of a deal
    (the game's own arena deals and seats the players)."""

    unit = "points"
    seats: int

    def score(self, state: DealFlow, seat: int) -> float:
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

    def took(self, facts: Mapping[str, Any]) -> None:
        return None  # no contract: every seat plays the deal alike

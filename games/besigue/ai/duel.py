"""Bésigue in the duplicate duel (``games.ai.duel``): its ``Arena``.

A seat's score of a deal is its side's points minus the mean of the other
sides' (combinations, sevens, last trick and brisques as counted), from
scores of zero: what the players maximise until a game's end.  ``seats``
2 to 4 (2 by default); the summary counts each side's combination points.
``--set variant=haiti`` duels the Haitian game (``games.besigue.haiti.ai.duel``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.ai.duel import Arena, deal_seed, duel_seats, new_player
from games.besigue.record import GAME
from games.besigue.rules import MAX_SEATS, MIN_SEATS
from games.besigue.session import Session
from games.besigue.state import DealState

from .points import PointsArena


class BesigueArena(PointsArena):
    def __init__(self, seats: int, settings: Mapping[str, str]) -> None:
        self.seats = duel_seats(seats, range(MIN_SEATS, MAX_SEATS + 1), "Bésigue")
        if settings:
            raise ValueError(f"Bésigue's duel has no settings, not {', '.join(settings)}")

    def describe(self) -> str:
        return ""

    def player(self, name: str) -> Any:
        from . import PLAYERS

        return new_player(PLAYERS, name, "Bésigue")

    def deal(self, seed: int, index: int) -> DealState:
        players = [f"p{s}" for s in range(self.seats)]
        session = Session(players, dealer=index % self.seats)
        return session.deal(deal_seed(GAME, seed, index))


def besigue_arena(seats: int, settings: Mapping[str, str]) -> Arena:
    """Bésigue's arena; with ``variant=haiti`` the Haitian game's (its options as the
    other settings)."""
    if settings.get("variant") == "haiti":
        from games.besigue.haiti.ai.duel import HaitiArena

        return HaitiArena(seats, settings)
    return BesigueArena(seats, settings)

"""Haitian Bésigue in the duplicate duel (``games.ai.duel``): its ``Arena``.

A seat's score of a deal is its side's points minus the mean of the other
sides' (combinations, 7s, last trick and brisques as counted), from a marque
of zero: what the players maximise until a partie's end.  ``seats`` 2 to 4
(2 by default); the settings are the table's options (``--set seven=winner``,
``--set partnerships=true``...); the summary counts each side's combination
points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.ai.duel import deal_seed, duel_seats, new_player, setting_value
from games.besigue.ai.points import PointsArena
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import HAITI_GAME
from games.besigue.rules import MAX_SEATS, MIN_SEATS


def options_of(settings: Mapping[str, str]) -> HaitiOptions:
    """The table's options from ``name=value`` texts (``variant=haiti`` accepted)."""
    values: dict[str, Any] = {}
    for name, text in settings.items():
        key = name.replace("-", "_")
        if key == "variant":
            if text != "haiti":
                raise ValueError(f"the Haitian duel plays variant=haiti, not {text!r}")
            continue
        default = getattr(HaitiOptions(), key, None)
        if default is None:
            raise ValueError(f"unknown setting {name!r} (the table's options)")
        values[key] = setting_value(name, text, default)
    return HaitiOptions(**values)


class HaitiArena(PointsArena):
    """The Haitian game's deals and players, scored as the classic game's."""

    def __init__(self, seats: int, settings: Mapping[str, str]) -> None:
        self.seats = duel_seats(seats, range(MIN_SEATS, MAX_SEATS + 1), "Bésigue")
        self.options = options_of(settings)

    def describe(self) -> str:
        changed = self.options.to_dict()
        return ", ".join(f"{k}={v}" for k, v in changed.items())

    def player(self, name: str) -> Any:
        from . import PLAYERS

        return new_player(PLAYERS, name, "Haitian Bésigue")

    def deal(self, seed: int, index: int) -> HaitiDeal:
        players = [f"p{s}" for s in range(self.seats)]
        session = HaitiSession(players, rules=self.options.rules(), dealer=index % self.seats)
        return session.deal(deal_seed(HAITI_GAME, seed, index))

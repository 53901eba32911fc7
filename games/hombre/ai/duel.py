"""L'Hombre in the duplicate duel (``games.ai.duel``): its ``Arena``.

A seat's score is ``games.hombre.ai.value.deal_score`` in jetons: its net
payment, its share of the poule's change and the bêtes made or paid valued as
debts, the quantity the players maximise.  Every deal starts a fresh poule (3
jetons from each); with ``bete`` > 0 a waiting bête of that many jetons, owned
by the third hand, enters it (and the antes are 2).  The summary counts each
side's deals as hombre and their results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.duel import deal_seed, duel_seats, new_player, settings_from
from games.ai.stats import rate
from games.hombre.pool import BETE_ANTE, Bete, Pool
from games.hombre.record import GAME
from games.hombre.rules import SEATS
from games.hombre.session import Session
from games.hombre.settle import CODILLE, REMISE, VOLE, VOLE_FAILED, WIN
from games.hombre.state import DealState

from .value import deal_score

RESULTS = (WIN, REMISE, CODILLE, VOLE, VOLE_FAILED)


@dataclass(frozen=True, slots=True)
class Settings:
    bete: int = 0  # a waiting bête entering each deal's poule, jetons (0: none)


class HombreArena:
    unit = "jetons"

    def __init__(self, seats: int, settings: Mapping[str, str]) -> None:
        self.seats = duel_seats(seats, range(SEATS, SEATS + 1), "L'Hombre")
        self.settings = settings_from(Settings, settings)

    def describe(self) -> str:
        return f"a bête of {self.settings.bete} entering" if self.settings.bete else ""

    def player(self, name: str) -> Any:
        from . import PLAYERS

        return new_player(PLAYERS, name, "L'Hombre")

    def session(self, index: int) -> Session:
        """The session a deal is dealt in: a fresh poule, the dealer turning with the index."""
        dealer = index % SEATS
        pool = Pool()
        if self.settings.bete:
            owner = (dealer + 2) % SEATS
            pool = Pool(0, None, (Bete(owner, self.settings.bete),), BETE_ANTE)
        return Session([f"p{s}" for s in range(SEATS)], dealer=dealer, pool=pool)

    def deal(self, seed: int, index: int) -> DealState:
        return self.session(index).deal(deal_seed(GAME, seed, index))

    def score(self, state: DealState, seat: int) -> float:
        return deal_score(state, seat)

    def facts(self, run: Any, seat: int, check_play: bool) -> dict[str, Any]:
        outcome = run.state.outcome
        assert outcome is not None
        if outcome.hombre != seat:
            return {}
        return {"hombre": True, "result": outcome.result}

    def side(self, facts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        played = [f for f in facts if f.get("hombre")]
        out: dict[str, Any] = {"hombre": len(played)}
        for result in RESULTS:
            out[result] = sum(f["result"] == result for f in played)
        out["win_rate"] = rate(out[WIN] + out[VOLE], len(played))
        return out

    def took(self, facts: Mapping[str, Any]) -> bool:
        return bool(facts.get("hombre"))

    def lines(self, label: str, name: str, side: Mapping[str, Any]) -> list[str]:
        text = f"[{label}] {name}: hombre {side['hombre']} times"
        if side["win_rate"] is not None:
            counts = ", ".join(f"{side[r]} {r}" for r in RESULTS)
            text += f" ({side['win_rate']:.1%} won: {counts})"
        return [text]

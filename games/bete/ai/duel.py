"""La Bête in the duplicate duel (``games.ai.duel``): its ``Arena``.

A seat's score is ``games.bete.ai.value.deal_score`` in jetons: its net
payment, its share of the pot's change and the bêtes made valued as debts,
the quantity the players maximise.  Every deal opens a round (the reserve's
fiche from each player) with an empty pot; with ``bete`` > 0 a waiting bête
of that many jetons, owned by the seat after the dealer's right, enters the
stake.  The summary counts each side's je joue and contres and how many
succeeded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.duel import TableRun, deal_seed, duel_seats, new_player, settings_from
from games.ai.stats import rate
from games.bete.record import GAME
from games.bete.rules import MAX_SEATS, MIN_SEATS
from games.bete.session import Session
from games.bete.state import DealState
from games.register import Register

from .value import deal_score

DEFAULT_SEATS = 3


@dataclass(frozen=True, slots=True)
class Settings:
    bete: int = 0  # a waiting bête entering each deal, jetons


class BeteArena:
    unit = "jetons"

    def __init__(self, seats: int, settings: Mapping[str, str]) -> None:
        self.seats = duel_seats(seats, range(MIN_SEATS, MAX_SEATS + 1), "La Bête", DEFAULT_SEATS)
        self.settings = settings_from(Settings, settings)

    def describe(self) -> str:
        return f"a bête of {self.settings.bete} in play" if self.settings.bete else ""

    def player(self, name: str) -> Any:
        from . import PLAYERS

        return new_player(PLAYERS, name, "La Bête")

    def session(self, index: int) -> Session:
        """The session a deal is dealt in: a fresh round, the dealer turning with the index."""
        players = [f"p{s}" for s in range(self.seats)]
        dealer = index % self.seats
        register = Register()
        if self.settings.bete:
            register.append(players[(dealer + 2) % self.seats], self.settings.bete)
        return Session(players, dealer=dealer, register=register)

    def deal(self, seed: int, index: int) -> DealState:
        return self.session(index).deal(deal_seed(GAME, seed, index))

    def score(self, state: DealState, seat: int) -> float:
        return deal_score(state, seat)

    def facts(self, run: TableRun, seat: int, check_play: bool) -> dict[str, Any]:
        outcome = run.state.outcome
        assert outcome is not None
        if outcome.declarer == seat:
            return {"declared": True, "succeeded": outcome.declarer_won}
        if outcome.contreur == seat:
            return {"contred": True, "succeeded": outcome.contreur_won}
        return {}

    def side(self, facts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        declared = [f for f in facts if f.get("declared")]
        contred = [f for f in facts if f.get("contred")]
        return {
            "declared": len(declared),
            "success_rate": rate(sum(f["succeeded"] for f in declared), len(declared)),
            "contres": len(contred),
            "contre_success_rate": rate(sum(f["succeeded"] for f in contred), len(contred)),
        }

    def took(self, facts: Mapping[str, Any]) -> bool:
        return bool(facts.get("declared"))

    def lines(self, label: str, name: str, side: Mapping[str, Any]) -> list[str]:
        text = f"[{label}] {name}: {side['declared']} je joue"
        if side["success_rate"] is not None:
            text += f" ({side['success_rate']:.1%} succeeded)"
        text += f", {side['contres']} contres"
        if side["contre_success_rate"] is not None:
            text += f" ({side['contre_success_rate']:.1%} succeeded)"
        return [text]

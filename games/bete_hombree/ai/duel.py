"""La Bête Hombrée in the duplicate duel (``games.ai.duel``): its ``Arena``.

A seat's score is its net payment in sous from the engine's ``Outcome`` (the
entry in play collected included), plus, when ``bete_weight`` is not zero, the
bête the hand created valued as a debt (its owner -w*amount, the three others
+w*amount/3); every player is told to maximise that same quantity.  Every deal
starts from the same register: one entry in play, a pinandèle of ``entry``
sous (0: an empty register).  For each contract the summary says whether it
was made, whether it could be made double-dummy, and (candidate's tables)
whether the cheater playing the declarer's cards makes it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.duel import TableRun, act, new_player, settings_from
from games.ai.stats import rate
from games.bete_hombree import EntryInPlay, HandState, Phase
from games.bete_hombree.rules import Rules
from games.bete_hombree.session import shuffled_deal
from games.bete_hombree.state import SEATS
from games.dealing import DealPattern

from .cheater import CheaterPlayer
from .heuristic import HeuristicPlayer
from .pimc import PimcPlayer
from .solver import HombreePosition, Solver


@dataclass(frozen=True, slots=True)
class Settings:
    entry: int = 8  # the pinandèle in play each deal, sous (0: none)
    bete_weight: float = 0.0  # a bête made, as a share of its amount (0: payments only)


def deal_of(seed: int, index: int) -> tuple[int, int, list[int], list[int]]:
    """Dealer, belle, hands and cagnot of deal ``index`` of a seeded set."""
    rng = random.Random(f"bete-hombree-duel:{seed}:{index}")
    dealer = index % SEATS
    belle = rng.randrange(4)
    hands, cagnot = shuffled_deal(rng, dealer, belle, DealPattern.TWO_THREE)
    return dealer, belle, hands, cagnot


class HombreeArena:
    seats = SEATS
    unit = "sous"

    def __init__(self, seats: int, settings: Mapping[str, str]) -> None:
        if seats not in (0, SEATS):
            raise ValueError(f"La Bête Hombrée is played by {SEATS}")
        self.settings = settings_from(Settings, settings)

    def describe(self) -> str:
        entry = self.settings.entry
        register = f"pinandèle of {entry} in play" if entry else "empty"
        return f"register: {register}, bête weight {self.settings.bete_weight}"

    def player(self, name: str) -> Any:
        weight = self.settings.bete_weight
        if name == "pimc":
            return PimcPlayer(bete_weight=weight)
        if name == "cheater":
            return CheaterPlayer(weight)
        if name == "heuristic":
            return HeuristicPlayer()
        from . import PLAYERS

        return new_player(PLAYERS, name, "La Bête Hombrée")

    def deal(self, seed: int, index: int) -> HandState:
        dealer, belle, hands, cagnot = deal_of(seed, index)
        entry = EntryInPlay(None, self.settings.entry) if self.settings.entry else None
        return HandState(Rules(), dealer, belle, hands, cagnot, entry)

    def score(self, state: HandState, seat: int) -> float:
        outcome = state.outcome
        assert outcome is not None
        score = float(outcome.net[seat])
        new = outcome.new_entry
        weight = self.settings.bete_weight
        if weight and new is not None and new.owner is not None:
            score += -weight * new.amount if new.owner == seat else weight * new.amount / 3
        return score

    def facts(self, run: TableRun, seat: int, check_play: bool) -> dict[str, Any]:
        state: HandState = run.state
        outcome = state.outcome
        assert outcome is not None
        contract = outcome.contract
        at_play = _at_play(run)
        if contract is None or contract.declarer != seat or at_play is None:
            return {}
        position = HombreePosition.from_state(at_play)
        facts: dict[str, Any] = {
            "level": contract.level,
            "made": bool(outcome.made),
            "dd_makeable": Solver.for_position(position).solve(position),
        }
        if check_play:
            facts["cheater_play_made"] = self._cheater_replay(run, at_play)
        return facts

    def _cheater_replay(self, run: TableRun, at_play: HandState) -> bool:
        """The same contract and defenders, the declarer's cards played by the cheater."""
        state = at_play.copy()
        cheater = CheaterPlayer(self.settings.bete_weight)
        step = 0
        while not state.is_over:
            seat = state.turn
            rng = random.Random(f"{run.config.seed}:replay:{seat}:{step}")
            player = cheater if seat == state.declarer else run.players[seat]
            state.apply(act(player, state, rng, run.config.budget))
            step += 1
        assert state.outcome is not None
        return bool(state.outcome.made)

    def side(self, facts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        declared = [f for f in facts if f]
        by_level: dict[int, list[int]] = {}
        for f in declared:
            stats = by_level.setdefault(f["level"], [0, 0])
            stats[0] += f["made"]
            stats[1] += 1
        checked = [f["cheater_play_made"] for f in declared if "cheater_play_made" in f]
        out: dict[str, Any] = {
            "contracts": len(declared),
            "make_rate": rate(sum(f["made"] for f in declared), len(declared)),
            "make_rate_by_level": {
                str(level): {"made": m, "of": t, "rate": m / t}
                for level, (m, t) in sorted(by_level.items())
            },
            "contract_accuracy": rate(sum(f["dd_makeable"] for f in declared), len(declared)),
        }
        if checked:
            out["cheater_play_make_rate"] = sum(checked) / len(checked)
        return out

    def took(self, facts: Mapping[str, Any]) -> bool:
        return "level" in facts  # the declarer's facts, when the hand came to its play

    def lines(self, label: str, name: str, side: Mapping[str, Any]) -> list[str]:
        made = side["make_rate"]
        text = f"[{label}] {name}: {side['contracts']} contracts"
        if made is not None:
            text += f", make-rate {made:.1%}, contract accuracy (DD-makeable) "
            text += f"{side['contract_accuracy']:.1%}"
        if "cheater_play_make_rate" in side:
            cheater = side["cheater_play_make_rate"]
            text += f", cheater's play of the same contracts {cheater:.1%}"
            if made is not None:
                text += f" ({100 * (made - cheater):+.1f} points)"
        lines = [text]
        levels = ", ".join(
            f"{lv}: {v['made']}/{v['of']} ({v['rate']:.0%})"
            for lv, v in side["make_rate_by_level"].items()
        )
        if levels:
            lines.append(f"    make-rate by level: {levels}")
        return lines


def _at_play(run: TableRun) -> HandState | None:
    """The state when the card play began (None: the hand ended before)."""
    state: HandState = run.start.copy()
    for action in run.actions:
        if state.phase is Phase.PLAY:
            return state
        state.apply(action)
    return None

"""The cheater: sees every card, the talon's order included.

An upper bound for evaluation only, never offered at a table.  It plays the
cards double-dummy like the strong player on its one true deal (``card_worths``),
and chooses its call, trump and exchange by playing out the true deal (the
others' exchanges by the rules of thumb), exactly as the strong player judges
each of its sampled deals.
"""

from __future__ import annotations

from games.ai.base import Cheater
from games.ai.sampling import played_by_seat
from games.ai.thumb import card_of, play_of
from games.hombre.actions import HIDE, PASS, STOP, Action, Kind, discard, trump
from games.hombre.rules import SEATS, TRICKS, trick_rules
from games.hombre.state import DealState, DealView, Mode, Phase

from .contract import exchange_range
from .heuristic import play_rule_of_thumb
from .pimc1 import CALLS, Table, Worths, discard_candidates
from .play import card_worths, solver_values
from .solver import HombrePosition


class CheaterPlayer(Cheater[DealState, Action]):
    def decide(self, state: DealState, legal: list[Action], budget: float) -> Action:
        view = state.view(state.turn)
        worths = Worths(view)
        talon = list(state.talon[state.drawn :])
        phase = state.phase
        if phase is Phase.PLAY:
            return self._play(state, view, worths)
        if phase is Phase.TALON:
            return HIDE
        if phase is Phase.AUCTION:
            best: tuple[float, Action] = (0.0, PASS)
            for action in (a for a in legal if a.kind in CALLS):
                mode = Mode(int(action.kind))
                tables = [Table(worths.first, state.turn, mode, s) for s in range(4)]
                value = max(worths.of_deal(t, state.hands, talon, {}) for t in tables)
                if value > best[0]:
                    best = (value, action)
            return best[1]
        assert state.mode is not None
        if phase is Phase.TRUMP:
            tables = [Table(worths.first, state.turn, state.mode, s) for s in range(4)]
            scores = [worths.of_deal(t, state.hands, talon, {}) for t in tables]
            return trump(max(range(4), key=lambda s: scores[s]))
        table = Table(worths.first, state.hombre, state.mode, state.trump)
        least, most = exchange_range(table, state.turn, state.talon_left, False)
        candidates = discard_candidates(state.hands[state.turn], state.trump, least, most)
        done = len(state.exchanged)
        scores = [
            worths.of_deal(table, state.hands, talon, {state.turn: c}, done) for c in candidates
        ]
        return discard(candidates[max(range(len(candidates)), key=lambda i: scores[i])])

    def _play(self, state: DealState, view: DealView, worths: Worths) -> Action:
        assert state.mode is not None
        payoffs = worths.payoffs(state.hombre, state.mode)
        position = HombrePosition.from_state(state)
        values = solver_values(state.hombre, state.trump, TRICKS - len(state.history), float("inf"))
        stop = state.can_stop()
        played = played_by_seat(SEATS, view.tricks_played, view.trick)[state.hombre]
        matadors = trick_rules(state.trump).matador_run(state.hands[state.hombre] | played)
        worth = card_worths(position, payoffs, matadors, state.vole or stop, values)
        top = max(worth.values())
        if stop and payoffs.value("win", matadors) >= top:
            return STOP
        best = [c for c, v in worth.items() if v >= top - 1e-9]
        legal = [a for a in view.legal if a.kind is Kind.PLAY]
        card = best[0] if len(best) == 1 else play_rule_of_thumb(view, best)
        assert card in {card_of(a) for a in legal}
        return play_of(legal, card)


__all__ = ["CheaterPlayer"]

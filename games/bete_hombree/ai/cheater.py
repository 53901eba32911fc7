"""The cheater: sees every card and plays each deal double-dummy.

An upper bound for evaluation only, never offered to players.  In the auction
it values each call by what it would then make, knowing every hand and the
cagnot: for each call it lets the others pass, tries every exchange and
declaration open to it, and solves each contract exactly.
"""

from __future__ import annotations

from games.ai.base import Cheater
from games.ai.thumb import play_of
from games.bete_hombree import HandState, Phase
from games.bete_hombree.actions import PASS, Action, Kind

from .heuristic import play_rule_of_thumb
from .solver import HombreePosition, Solver
from .value import DEFAULT_BETE_WEIGHT, contract_value


class CheaterPlayer(Cheater[HandState, Action]):
    over = "the hand is over"

    def __init__(self, bete_weight: float = DEFAULT_BETE_WEIGHT) -> None:
        self.bete_weight = bete_weight

    def decide(self, state: HandState, legal: list[Action], budget: float) -> Action:
        if state.phase is Phase.PLAY:
            return self._play(state, legal)
        seat = state.turn
        if state.phase is Phase.AUCTION:
            values = [(self._after_auction_call(state, a, seat), a) for a in legal]
            values.append((0.0, PASS))
            best = max(v for v, _ in values)
            # of equal values, the first call (pass first): no needless bidding
            return next(a for v, a in values if v == best)
        return max(legal, key=lambda a: self._after(state, a, seat))

    def _play(self, state: HandState, legal: list[Action]) -> Action:
        position = HombreePosition.from_state(state)
        solver = Solver.for_position(position)
        values = solver.move_values(position)
        want = state.turn == state.declarer
        good = [c for c, made in values.items() if made is want]
        cards = good or list(values)
        card = cards[0] if len(cards) == 1 else play_rule_of_thumb(state.view(state.turn), cards)
        return play_of(legal, card)

    def _after_auction_call(self, state: HandState, action: Action, seat: int) -> float:
        if action.kind is Kind.PASS:
            return 0.0
        child = state.copy()
        child.apply(action)
        while child.phase is Phase.AUCTION:
            child.apply(PASS)
        if child.declarer != seat:
            return 0.0
        return self._best(child, seat)

    def _after(self, state: HandState, action: Action, seat: int) -> float:
        child = state.copy()
        child.apply(action)
        return self._best(child, seat)

    def _best(self, state: HandState, seat: int) -> float:
        """The declarer's value with the best exchange and declaration from here."""
        if state.phase is Phase.PLAY:
            position = HombreePosition.from_state(state)
            made = Solver.for_position(position).solve(position)
            contract = state.contract
            assert contract is not None
            return contract_value(
                state.rules,
                seat,
                contract.level,
                contract.belle,
                contract.matadors,
                made,
                state.entry,
                state.pending_pinandele,
                self.bete_weight,
            )
        return max(self._after(state, a, seat) for a in state.legal_actions())

"""The cheater: sees every card, the other hands and the stock's order.

An upper bound for the duels only, never offered at a table.  It plays as the
strong player does on its one true deal: phase 1 one trick ahead
(``lookahead``) knowing what each seat holds and will draw, phase 2 solved
exactly with the true hands (as far as the strong player searches it with
more than two players), and declares as the strong player does.
"""

from __future__ import annotations

import time
from contextlib import suppress

from games.ai.base import Cheater
from games.besigue.actions import Action, Kind
from games.besigue.state import DealState, Phase
from games.cards import Card

from .heuristic import play_one, play_two
from .lookahead import Lookahead, move_cards
from .pimc import declaring, searched, solve_deal
from .solver import SearchTimeout


class CheaterPlayer(Cheater[DealState, Action]):
    def decide(self, state: DealState, legal: list[Action], budget: float) -> Action:
        view = state.view(state.turn)
        if state.phase is Phase.DECLARE:
            return declaring(view)
        if state.phase is Phase.PLAY2:
            plays = [a for a in view.legal if a.kind is Kind.PLAY]
            best: list[int] = []
            if searched(view):
                with suppress(SearchTimeout):  # the rules of thumb, as pimc's would
                    best = solve_deal(view, list(state.hands), time.perf_counter() + 4 * budget)
            faces = {Card.from_index(c).face for c in best}
            return play_two(view, [a for a in plays if a.card in faces] or plays)
        plays, cards = move_cards(view)
        look = Lookahead(view, cards, known_draws=True)
        look.add(list(state.hands), [*state.stock[state.drawn :], state.turned])
        values = look.values()
        top = max(values)
        best_plays = [a for a, v in zip(plays, values, strict=True) if v >= top - 1e-6]
        return best_plays[0] if len(best_plays) == 1 else play_one(view, best_plays)


__all__ = ["CheaterPlayer"]

"""The strong Haitian player: Perfect Information Monte Carlo, solved exactly once
the stock is empty (the classic game's search, ``games.besigue.ai.solver``,
under the Haitian card play).

* Phase 2 (RULES.md §4.1): with two players every card is known (the other
  hand is what nobody has seen played), so each card is valued exactly by the
  double-dummy search: the most brisques and the last trick the seat can
  still take after it.  Ties go to the rules of thumb.  With three or four
  players, in the last tricks, the other hands are drawn consistently with
  the view (the voids shown, a joker played only from a hand of jokers) and
  each card scores the deals where it is best; earlier, or with partners,
  the rules of thumb play.
* Phase 1: each card is played one trick ahead on deals drawn consistently
  with the view and judged by the points and what every seat's cards are
  worth after it, jokers and the trump not yet fixed included
  (``lookahead``, ``value``).  Ties go to the rules of thumb.
* Declaring: the first marriage in the suit the seat would most like as
  trump; after it, the combination worth most with what it leaves (the trump
  marriage first when the quinte's A 10 J are held: the quinte is laid on it).

Every decision stops drawing deals when its time budget is spent.
"""

from __future__ import annotations

from typing import Final

from games.ai.knowledge import Knowledge
from games.besigue.actions import DRAW, Action, Kind
from games.besigue.ai.pimc import (
    SearchingPlayer,
    SearchParts,
    knowledge_with,
    solve_with,
    unseen_of,
)
from games.besigue.haiti.ai.heuristic import play_one, play_two
from games.besigue.haiti.ai.lookahead import HaitiLookahead, move_cards
from games.besigue.haiti.ai.value import WEIGHTS, Weights, worth
from games.besigue.haiti.deal import HaitiView
from games.besigue.haiti.tricks import HaitiTricks, haiti_tricks
from games.besigue.melds import MeldKind
from games.besigue.rules import HAITI_HAND
from games.cards import Card, Rank, Suit, bits_of

SEARCHED_CARDS: Final = {3: 5, 4: 4}  # with more than two, phase 2 searched from this hand


def phase2_rules(view: HaitiView) -> HaitiTricks:
    return haiti_tricks(view.trump, True)


def knowledge_of(view: HaitiView) -> Knowledge:
    """What the seat knows of the other hands and the stock: the laid cards where
    they lie; in phase 2, the voids shown since."""
    # (the seat is to play: its card is in none of phase 2's tricks yet)
    first = len(view.tricks_played) - (HAITI_HAND - view.hand_sizes[view.seat])
    return knowledge_with(view, max(first, 0), phase2_rules(view))


def solve_deal(view: HaitiView, hands: list[int], deadline: float) -> list[int]:
    """The seat's cards that take the most points in phase 2 with these hands."""
    return solve_with(view, hands, deadline, phase2_rules(view))


def trump_liking(view: HaitiView, suit: Suit) -> float:
    """How much the seat's cards would be worth with ``suit`` as trump."""
    return worth(view.cards, view.laid_of(view.seat), int(suit), view.rules, WEIGHTS)


def declaring(view: HaitiView, weights: Weights = WEIGHTS) -> Action:
    """The first marriage in the suit the seat would most like as trump; after it,
    the combination worth most with what it leaves."""
    melds = [a for a in view.legal if a.kind is Kind.MELD]
    if not melds:
        return DRAW
    if view.trump is None:
        return max(melds, key=lambda a: trump_liking(view, a.cards[0].suit))
    trump = int(view.trump)
    laid = view.laid_of(view.seat)
    faces = {Card.from_index(i).face for i in bits_of(view.cards)}
    quinte_held = all(Card(Suit(trump), r) in faces for r in (Rank.A, Rank.TEN, Rank.J))

    def value(action: Action) -> float:
        meld = view.meld_of(action)
        after = laid.lay(meld)
        bonus = 150.0 if quinte_held and meld.kind is MeldKind.TRUMP_MARRIAGE else 0.0
        return meld.points + bonus + worth(view.cards, after, trump, view.rules, weights)

    return max(melds, key=value)


class HaitiPimcPlayer(SearchingPlayer[HaitiView, Weights]):
    """Sampling and search: the strong Haitian player."""

    name = "pimc"
    parts = SearchParts(
        knowledge_of, solve_deal, play_one, play_two, declaring, WEIGHTS, move_cards, HaitiLookahead
    )


__all__ = ["HaitiPimcPlayer", "declaring", "knowledge_of", "solve_deal", "unseen_of"]

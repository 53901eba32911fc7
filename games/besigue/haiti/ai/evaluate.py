"""The Haitian Bésigue's values of a seat's moves, in points: the classic game's
evaluation (``games.besigue.ai.evaluate``) with the Haitian parts (its
knowledge, its trick ahead with jokers, its phase 2, its declarations)."""

from __future__ import annotations

import random

from games.besigue.actions import Action, Kind
from games.besigue.ai.evaluate import BesigueValuer, TeachingParts
from games.besigue.haiti.ai.lookahead import HaitiLookahead, move_cards
from games.besigue.haiti.ai.pimc import knowledge_of, phase2_rules, trump_liking
from games.besigue.haiti.ai.value import worth
from games.besigue.haiti.deal import HaitiView
from games.besigue.haiti.tricks import HaitiTricks


def _ahead(view: HaitiView, cards: list[int], deal: list[int], rng: random.Random) -> list[float]:
    look = HaitiLookahead(view, cards)
    look.add_drawn(deal, rng)
    return look.values()


def _declared(view: HaitiView, action: Action) -> float:
    laid = view.laid_of(view.seat)
    if action.kind is not Kind.MELD:
        if view.trump is None:
            return 0.0
        return worth(view.cards, laid, int(view.trump), view.rules)
    if view.trump is None:
        return trump_liking(view, action.cards[0].suit)
    meld = view.meld_of(action)
    return meld.points + worth(view.cards, laid.lay(meld), int(view.trump), view.rules)


def _rules(view: HaitiView) -> HaitiTricks:
    return phase2_rules(view)


HAITI_PARTS: TeachingParts[HaitiView] = TeachingParts(
    knowledge_of, move_cards, _ahead, _rules, _declared
)


def haiti_valuer() -> BesigueValuer[HaitiView]:
    return BesigueValuer(lambda view: HAITI_PARTS)


__all__ = ["HAITI_PARTS", "haiti_valuer"]

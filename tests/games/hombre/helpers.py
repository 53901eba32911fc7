"""Deals built by hand for L'Hombre's tests."""

from __future__ import annotations

from games.cards import Card, card_mask, parse_cards
from games.hombre import DealState, Pool, Rules
from games.hombre.rules import DECK


def mask(text: str) -> int:
    return card_mask(parse_cards(text))


def index(text: str) -> int:
    return Card.parse(text).index


def build(
    h0: str,
    h1: str,
    h2: str,
    talon_top: str = "",
    *,
    dealer: int = 2,
    pool: Pool | None = None,
    rules: Rules | None = None,
) -> DealState:
    """A deal with these hands; the talon is ``talon_top`` then the other cards
    in the deck's order.  Dealer 2 by default, so seat 0 is first hand."""
    hands = [mask(h0), mask(h1), mask(h2)]
    top = [c.index for c in parse_cards(talon_top)]
    used = hands[0] | hands[1] | hands[2] | card_mask(Card.from_index(i) for i in top)
    rest = [i for i in DECK.order() if not used >> i & 1]
    return DealState(rules or Rules(), dealer, hands, top + rest, pool or Pool())

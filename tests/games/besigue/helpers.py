"""Cards and combinations written by hand for Bésigue's tests."""

from __future__ import annotations

from games.besigue.actions import Action
from games.besigue.melds import Laid, Meld, MeldKind
from games.besigue.rules import Rules, deck_for
from games.besigue.state import DealState
from games.cards import Card, card_mask, number_copies, parse_cards


def card(text: str) -> Card:
    """``KH`` or ``KH#2`` (the second pack's), up to four packs."""
    return Card.parse(text, 4)


def cards(text: str) -> list[Card]:
    return parse_cards(text, 4)


def mask(text: str) -> int:
    return card_mask(cards(text))


def laid_with(*melds: tuple[MeldKind, str]) -> Laid:
    """Cards laid by these combinations, in order."""
    laid = Laid()
    for kind, text in melds:
        laid = laid.lay(Meld(kind, tuple(cards(text))))
    return laid


def labels(meld: Meld) -> list[str]:
    return sorted(c.label for c in meld.cards)


def build(
    hands: list[str],
    turned: str,
    stock_top: str = "",
    *,
    dealer: int = 0,
    rules: Rules | None = None,
    scores: list[int] | None = None,
) -> DealState:
    """A deal of these hands (shared codes; copies numbered in reading order), this
    turned card, and a stock of ``stock_top`` then the other cards in the deck's
    order.  Dealer 0 by default, so seat 1 leads."""
    seats = len(hands)
    groups: list[list[Card]] = [parse_cards(h, seats) for h in hands]
    groups.append([Card.parse(turned, seats)])
    groups.append(parse_cards(stock_top, seats))
    *dealt, (turned_card,), top = number_copies(groups, seats)
    used = card_mask(c for group in (*dealt, top) for c in group) | turned_card.bit
    rest = [i for i in deck_for(seats).order() if not used >> i & 1]
    return DealState(
        rules or Rules(),
        dealer,
        [card_mask(h) for h in dealt],
        turned_card.index,
        [c.index for c in top] + rest,
        scores,
    )


def do(state: DealState, *lines: str) -> None:
    """Apply record lines (``"1 play AS"``), each by its seat."""
    for line in lines:
        seat, words = line.split(" ", 1)
        state.apply(Action.parse(words), int(seat))


def words(state: DealState) -> list[str]:
    return [str(a) for a in state.legal_actions()]

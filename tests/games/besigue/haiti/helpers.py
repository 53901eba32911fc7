"""Haitian deals and combinations written by hand for the tests (RULES.md §4.1)."""

from __future__ import annotations

from games.besigue.actions import Action
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.melds import Context
from games.besigue.melds import Laid, Meld, MeldKind
from games.besigue.rules import Rules, Variant, deck_for
from games.cards import Card, Suit, card_mask, number_copies, parse_cards

PACKS = 4


def haiti(**options: object) -> Rules:
    return Rules(variant=Variant.HAITI, **options)  # type: ignore[arg-type]


def card(text: str) -> Card:
    """``KH``, ``KH#2`` (the second pack's), ``JK`` (a joker), up to four packs."""
    return Card.parse(text, PACKS)


def cards(text: str) -> list[Card]:
    return parse_cards(text, PACKS)


def mask(text: str) -> int:
    return card_mask(cards(text))


def laid_with(*melds: tuple[MeldKind, str]) -> tuple[Laid, list[Meld]]:
    """Cards laid by these combinations, in order, and the combinations."""
    laid = Laid()
    own = []
    for kind, text in melds:
        meld = Meld(kind, tuple(cards(text)))
        laid = laid.lay(meld)
        own.append(meld)
    return laid, own


def context(trump: str | None = "C", besigue_laid: bool = False, **options: object) -> Context:
    suit = None if trump is None else Suit.parse(trump)
    return Context(suit, haiti(**options), besigue_laid)


def deal(
    hands: list[str],
    stock_top: str = "",
    *,
    dealer: int = 0,
    rules: Rules | None = None,
    scores: list[int] | None = None,
    turned: str | None = None,
) -> HaitiDeal:
    """A Haitian deal of these hands (shared codes; copies numbered in reading
    order), a stock of ``stock_top`` then the other cards of the 132 in the deck's
    order, and a turned card with ``trump=turned``.  Dealer 0 by default, so seat 1
    leads."""
    rules = rules or haiti()
    seats = len(hands)
    groups: list[list[Card]] = [parse_cards(h, PACKS) for h in hands]
    groups.append([Card.parse(turned, PACKS)] if turned else [])
    groups.append(parse_cards(stock_top, PACKS))
    *dealt, turned_cards, top = number_copies(groups, PACKS)
    used = card_mask(c for group in (*dealt, top, turned_cards) for c in group)
    rest = [i for i in deck_for(seats, Variant.HAITI).order() if not used >> i & 1]
    return HaitiDeal(
        rules,
        dealer,
        [card_mask(h) for h in dealt],
        [c.index for c in top] + rest,
        scores,
        turned_cards[0].index if turned_cards else -1,
    )


def do(state: HaitiDeal, *lines: str) -> None:
    """Apply record lines (``"1 play AS"``), each by its seat."""
    for line in lines:
        seat, words = line.split(" ", 1)
        state.apply(Action.parse(words), int(seat))


def words(state: HaitiDeal) -> list[str]:
    return [str(a) for a in state.legal_actions()]

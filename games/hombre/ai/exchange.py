"""The exchange of L'Hombre's strong player (RULES.md §3 "Trump and exchange").

The discards worth considering (``discard_choices``): in each plain suit the
lowest cards (a card is never thrown while a lower one of its suit is kept),
trumps kept unless too few other cards are left, within what the seat may
discard.  Each is valued on the same deals, drawn consistently with the view
(the other hands by the calls and the exchanges before this one; the talon's
rest among the unseen cards out of the hands, the others' discards drawn weak
cards first, ``inference.split_out``), by the seat's worth of the whole deal
once the exchanges still to come are made (the others' by the rules of thumb)
and the hands played out (``contract.Judge``).  At the auction, where every
call and trump is judged, fewer discards are tried (``weakest_discards``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import product

from games.cards import bits_of
from games.hombre.rules import SEATS, trick_rules
from games.hombre.state import DealView

from .contract import Judge, after_exchanges
from .heuristic import KINGS
from .inference import split_out


def discard_choices(hand: int, trump: int, least: int, most: int) -> list[int]:
    """Every discard worth considering of ``least`` to ``most`` cards (see the
    module docstring): the lowest cards of each plain suit, none at all if
    allowed; the weakest trumps only to reach ``least``."""
    rules = trick_rules(trump)
    power = rules.power
    suits: dict[int, list[int]] = {}
    for card in bits_of(hand & ~rules.trump_mask):
        suits.setdefault(rules.suit[card], []).append(card)
    lows = []
    for cards in suits.values():
        cards.sort(key=lambda c: power[c])  # weakest first
        lows.append([_mask(cards[:k]) for k in range(len(cards) + 1)])
    trumps = sorted(bits_of(hand & rules.trump_mask), key=lambda c: power[c])
    out: list[int] = []
    for parts in product(*lows):
        mask = 0
        for part in parts:
            mask |= part
        n = mask.bit_count()
        if n < least:
            if n < len(bits_of(hand & ~rules.trump_mask)):
                continue  # a plain card kept: no trump is thrown for it
            mask |= _mask(trumps[: least - n])
            n = least
        if n <= most:
            out.append(mask)
    return sorted(set(out), key=lambda m: (m.bit_count(), m))


def weakest_first(hand: int, trump: int) -> list[int]:
    """The cards of ``hand``, the weakest first: plain cards, then kings, then trumps,
    each by its power."""
    rules = trick_rules(trump)
    power = rules.power

    def weakness(card: int) -> tuple[int, int]:
        klass = 2 if rules.is_trump(card) else 1 if KINGS >> card & 1 else 0
        return klass, power[card]

    return sorted(bits_of(hand), key=weakness)


def weakest_discards(hand: int, trump: int, least: int, most: int) -> list[int]:
    """The ``j`` weakest cards for each ``j`` from ``least`` to ``most`` (plain cards
    first, then kings, then trumps), no trump thrown beyond ``least``."""
    rules = trick_rules(trump)
    order = weakest_first(hand, trump)
    plain = (hand & ~rules.trump_mask).bit_count()
    top = min(most, max(plain, least))
    return [_mask(order[:j]) for j in range(least, top + 1)]


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def exchange_values(
    view: DealView,
    judge: Judge,
    candidates: list[int],
    deals: Iterable[tuple[float, list[int]]],
    rng: random.Random,
) -> list[float]:
    """Each candidate discard's mean worth to the seat over ``deals`` (hands, then
    the unseen cards out of them)."""
    assert view.mode is not None
    contract = judge.contract(view.hombre, view.mode, view.trump)
    done = len(view.exchanged)
    others = {seat: n for seat, n in view.exchanged if seat != view.seat}
    sums = [0.0] * len(candidates)
    total = 0.0
    for weight, deal in deals:
        _, talon = split_out(deal[SEATS], others, view.trump, rng)
        hands = deal[:SEATS]
        total += weight
        for i, cards in enumerate(candidates):
            after = after_exchanges(contract, hands, talon, {view.seat: cards}, done)
            sums[i] += weight * judge.worth(contract, after)
    return [s / total for s in sums] if total else sums


__all__ = ["discard_choices", "exchange_values", "weakest_discards", "weakest_first"]

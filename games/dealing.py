"""Dealing, shared by every game: packets round the table from the dealer's right.

A deal is a shuffled deck order and a pattern of packets (2 then 3, 3 then 2,
or 2, 1 and 2); whatever is left is the cagnot or the talon, in order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from functools import cache

from games.cards import Card, cards_of


class DealPattern(StrEnum):
    TWO_THREE = "2-3"
    THREE_TWO = "3-2"
    TWO_ONE_TWO = "2-1-2"

    @property
    def packets(self) -> tuple[int, ...]:
        return tuple(int(n) for n in self.value.split("-"))


@cache
def deal_targets(seats: int, dealer: int, pattern: DealPattern) -> tuple[int, ...]:
    """The seat receiving each card of the deck order, from the dealer's right."""
    targets: list[int] = []
    for size in pattern.packets:
        for step in range(1, seats + 1):
            targets.extend([(dealer + step) % seats] * size)
    return tuple(targets)


def deal_from_order(
    order: Sequence[int], seats: int, dealer: int, pattern: DealPattern
) -> tuple[list[int], list[int]]:
    """Hands (bit sets by seat) and the rest of the deck (bit numbers, in order)."""
    hands = [0] * seats
    targets = deal_targets(seats, dealer, pattern)
    for seat, index in zip(targets, order, strict=False):
        hands[seat] |= 1 << index
    return hands, list(order[len(targets) :])


def shuffled_deal(
    rng: random.Random, deck: Sequence[int], seats: int, dealer: int, pattern: DealPattern
) -> tuple[list[int], list[int]]:
    """Shuffle ``deck`` (bit numbers) and deal it."""
    order = list(deck)
    rng.shuffle(order)
    return deal_from_order(order, seats, dealer, pattern)


def validate_deal(
    deck: int, hands: Sequence[int], rest: Sequence[int], hand_size: int, rest_name: str
) -> None:
    """Check that ``hands`` (bit sets) and ``rest`` (bit numbers, e.g. the cagnot or
    the talon) are exactly ``deck``, each card once, ``hand_size`` cards a hand."""
    seen = 0
    for seat, hand in enumerate(hands):
        if hand.bit_count() != hand_size:
            raise ValueError(f"seat {seat} holds {hand.bit_count()} cards, not {hand_size}")
        if hand & seen:
            raise ValueError(f"seat {seat} holds a card dealt twice: {cards_of(hand & seen)[0]}")
        seen |= hand
    rest_mask = 0
    for index in rest:
        if rest_mask >> index & 1:
            raise ValueError(f"{Card.from_index(index)} is twice in the {rest_name}")
        rest_mask |= 1 << index
    if rest_mask & seen:
        raise ValueError(f"{cards_of(rest_mask & seen)[0]} is both dealt and in the {rest_name}")
    if seen | rest_mask != deck:
        wrong = (seen | rest_mask) & ~deck
        if wrong:
            raise ValueError(f"{cards_of(wrong)[0]} is not in the deck")
        raise ValueError(f"{cards_of(deck & ~(seen | rest_mask))[0]} is missing from the deal")


def deal_text(hands: Sequence[int], rest: Sequence[int]) -> tuple[list[list[str]], list[str]]:
    """A deal in record notation: each hand's cards, then the undealt ones in order."""
    return [[str(c) for c in cards_of(h)] for h in hands], [str(Card.from_index(i)) for i in rest]


def parse_deal(hands: Sequence[Sequence[str]], rest: Sequence[str]) -> tuple[list[int], list[int]]:
    """``deal_text``'s inverse: hands as bit sets, the undealt cards as bit numbers."""
    masks = [sum(Card.parse(c).bit for c in hand) for hand in hands]
    return masks, [Card.parse(c).index for c in rest]

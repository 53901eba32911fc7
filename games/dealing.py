"""Dealing, shared by every game: packets round the table from the dealer's right.

A deal is a shuffled deck order and a pattern of packets (2 then 3, 3 then 2,
or 2, 1 and 2); whatever is left is the cagnot or the talon, in order.

Each game says which cards it plays with, in how many packs (``Deck``): a
deal is valid when it holds exactly those cards, so a card dealt twice is
refused unless the game has that many packs, and then as two distinct copies.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from games.cards import (
    MAX_PACKS,
    Card,
    Rank,
    Suit,
    card_mask,
    cards_of,
    deck_mask,
    joker_mask,
    number_copies,
)
from games.records import cards_json, hands_json, recorded_cards, recorded_hands


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


def validate_shape(
    dealer: int,
    seats: int,
    hands: Sequence[int],
    rest: Sequence[int],
    rest_size: int,
    rest_name: str,
) -> None:
    """Check that ``dealer`` is one of the ``seats``, that each seat has a hand and
    that the ``rest`` (e.g. the talon) holds ``rest_size`` cards: a deal's shape,
    before ``validate_deal`` checks its cards."""
    if not 0 <= dealer < seats:
        raise ValueError(f"the dealer is a seat 0-{seats - 1}, not {dealer}")
    if len(hands) != seats:
        raise ValueError(f"a deal has {seats} hands, not {len(hands)}")
    if len(rest) != rest_size:
        raise ValueError(f"the {rest_name} holds {rest_size} cards, not {len(rest)}")


def validate_deal(
    deck: int, hands: Sequence[int], rest: Sequence[int], hand_size: int, rest_name: str
) -> None:
    """Check that ``hands`` (bit sets) and ``rest`` (bit numbers, e.g. the cagnot or
    the talon) are exactly ``deck``, each card once, ``hand_size`` cards a hand.

    Identical cards of several packs are distinct bits: a deck of two packs
    holds both, and a hand may hold both."""
    seen = 0
    for seat, hand in enumerate(hands):
        if hand.bit_count() != hand_size:
            raise ValueError(f"seat {seat} holds {hand.bit_count()} cards, not {hand_size}")
        if hand & seen:
            raise ValueError(f"seat {seat} holds a card dealt twice: {_first(hand & seen)}")
        seen |= hand
    rest_mask = 0
    for index in rest:
        if rest_mask >> index & 1:
            raise ValueError(f"{Card.from_index(index).label} is twice in the {rest_name}")
        rest_mask |= 1 << index
    if rest_mask & seen:
        raise ValueError(f"{_first(rest_mask & seen)} is both dealt and in the {rest_name}")
    if seen | rest_mask != deck:
        wrong = (seen | rest_mask) & ~deck
        if wrong:
            raise ValueError(f"{_first(wrong)} is not in the deck")
        raise ValueError(f"{_first(deck & ~(seen | rest_mask))} is missing from the deal")


def _first(mask: int) -> str:
    return cards_of(mask)[0].label


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a game deals: some ranks of some suits, in ``packs`` packs, and
    ``jokers`` jokers (one from each of the first packs)."""

    ranks: tuple[Rank, ...]
    suits: tuple[Suit, ...] = tuple(Suit)
    packs: int = 1
    jokers: int = 0
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.packs <= MAX_PACKS:
            raise ValueError(f"a deck has 1 to {MAX_PACKS} packs, not {self.packs}")
        if not 0 <= self.jokers <= self.packs:
            raise ValueError(f"a deck of {self.packs} packs has 0 to {self.packs} jokers")
        mask = deck_mask(self.ranks, self.suits, self.packs) | joker_mask(self.jokers)
        object.__setattr__(self, "mask", mask)

    @property
    def size(self) -> int:
        return self.mask.bit_count()

    def order(self) -> tuple[int, ...]:
        """Every card's bit number, lowest first (a deck before shuffling)."""
        return tuple(c.index for c in cards_of(self.mask))

    def validate(
        self, hands: Sequence[int], rest: Sequence[int], hand_size: int, rest_name: str
    ) -> None:
        """``validate_deal`` against this deck."""
        validate_deal(self.mask, hands, rest, hand_size, rest_name)

    def parse_deal(
        self, hands: Sequence[Sequence[str]], rest: Sequence[str]
    ) -> tuple[list[int], list[int]]:
        """A deal in record notation, identical cards sharing one code (RULES.md §5),
        as distinct cards: hands as bit sets, the rest as bit numbers in order."""
        return parse_deal(hands, rest, self.packs)


def deal_text(hands: Sequence[int], rest: Sequence[int]) -> tuple[list[list[str]], list[str]]:
    """A deal in record notation: each hand's cards, then the undealt ones in order
    (identical cards of several packs share one code)."""
    return hands_json(recorded_hands(hands)), cards_json(recorded_cards(rest))


def parse_deal(
    hands: Sequence[Sequence[str]], rest: Sequence[str], packs: int = 1
) -> tuple[list[int], list[int]]:
    """``deal_text``'s inverse: hands as bit sets, the undealt cards as bit numbers.

    A code written more often than there are ``packs`` is a ``ValueError``;
    with several packs, each occurrence is the next copy (``number_copies``)."""
    groups: list[Iterable[Card]] = [[Card.parse(c, packs) for c in hand] for hand in hands]
    groups.append([Card.parse(c, packs) for c in rest])
    *dealt, undealt = number_copies(groups, packs)
    return [card_mask(hand) for hand in dealt], [c.index for c in undealt]

"""L'Hombre's card orders (both colours), following suit, the black aces as
trumps and the matador privilege (RULES.md §3)."""

from __future__ import annotations

import pytest

from games.cards import Card, Suit, format_cards
from games.duties import Duty, Must
from games.hombre.rules import DECK, HombreTricks, plain_order, trump_order

from .helpers import index, mask


def names(indexes: tuple[int, ...]) -> list[str]:
    return [str(Card.from_index(i)) for i in indexes]


def test_the_deck_has_forty_cards_without_ten_nine_eight() -> None:
    assert DECK.size == 40
    assert not any(str(c).startswith(("10", "9", "8")) for c in map(Card.from_index, DECK.order()))


@pytest.mark.parametrize(
    ("trump", "order"),
    [
        ("S", "AS 2S AC KS QS JS 7S 6S 5S 4S 3S"),
        ("C", "AS 2C AC KC QC JC 7C 6C 5C 4C 3C"),
        ("H", "AS 7H AC AH KH QH JH 2H 3H 4H 5H 6H"),
        ("D", "AS 7D AC AD KD QD JD 2D 3D 4D 5D 6D"),
    ],
)
def test_trump_orders(trump: str, order: str) -> None:
    assert names(trump_order(Suit.parse(trump))) == order.split()


@pytest.mark.parametrize(
    ("suit", "trump", "order"),
    [
        ("S", "H", "KS QS JS 7S 6S 5S 4S 3S 2S"),
        ("C", "S", "KC QC JC 7C 6C 5C 4C 3C 2C"),
        ("H", "S", "KH QH JH AH 2H 3H 4H 5H 6H 7H"),
        ("D", "C", "KD QD JD AD 2D 3D 4D 5D 6D 7D"),
    ],
)
def test_plain_orders(suit: str, trump: str, order: str) -> None:
    assert names(plain_order(Suit.parse(suit), Suit.parse(trump))) == order.split()


@pytest.mark.parametrize("trump", list(Suit))
def test_every_card_has_one_suit_and_the_black_aces_are_trumps(trump: Suit) -> None:
    rules = HombreTricks(trump)
    total = 0
    for s in Suit:
        total += rules.suit_masks[s].bit_count()
    assert total == 40
    assert rules.suit[index("AS")] == rules.suit[index("AC")] == trump
    assert rules.trump_mask.bit_count() == (11 if trump in (Suit.S, Suit.C) else 12)


def beats(trump: str, card: str, winner: str) -> bool:
    return HombreTricks(Suit.parse(trump)).beats(index(card), index(winner))


@pytest.mark.parametrize(
    ("trump", "card", "winner", "expected"),
    [
        ("H", "2S", "KH", False),  # the 2 of spades is plain when hearts are trump
        ("H", "6H", "KS", True),  # the lowest trump takes a king
        ("H", "AC", "7H", False),  # baste under manille
        ("H", "AS", "7H", True),
        ("H", "AH", "KH", True),  # ponte over the king of trump
        ("H", "2H", "6H", True),  # red trumps: 2 above 6
        ("S", "7D", "2D", False),  # red plain: K Q J A 2 … 7, the 7 lowest
        ("S", "AD", "2D", True),
        ("S", "2C", "3C", False),  # black plain: 2 lowest
        ("S", "KC", "QD", False),  # another suit never takes
        ("D", "AC", "KC", True),  # the black ace is a trump, not a club
    ],
)
def test_who_takes_the_trick(trump: str, card: str, winner: str, expected: bool) -> None:
    assert beats(trump, card, winner) is expected


def legal(trump: str, hand: str, lead: str) -> str:
    rules = HombreTricks(Suit.parse(trump))
    return format_cards(rules.legal(mask(hand), index(lead), index(lead)))


@pytest.mark.parametrize(
    ("trump", "hand", "lead", "allowed"),
    [
        # follow suit only: no obligation to beat or to trump
        ("H", "KS 2S 5D 3H", "QS", "KS 2S"),
        ("H", "5D 3H", "QS", "3H 5D"),  # void: anything, a trump or not
        ("H", "AC KC 5D", "QC", "KC"),  # the baste is not a club
        ("H", "AC 5D", "QC", "5D AC"),  # void in clubs: the baste may be played
        ("S", "AS 2D", "KS", "AS 2D"),  # only the espadille: a king led does not force it
        # trump led: a plain trump forces a trump (any, matadors included)
        ("H", "AS 3H 5D", "KH", "AS 3H"),
        ("H", "AC 6H KD", "QH", "6H AC"),
        ("D", "AD KS", "6D", "AD"),  # the ponte is no matador
        # matador privilege: only matadors left, and a lower trump led
        ("H", "AS KD", "6H", "AS KD"),
        ("H", "7H 2S", "AH", "2S 7H"),  # manille not forced by the ponte
        ("S", "AC QD", "2S", "AC"),  # the manille led forces the baste
        ("H", "AS AC QD", "KH", "AS QD AC"),
        # a higher matador led forces a lower one
        ("H", "AC QD", "7H", "AC"),  # manille led forces the baste
        ("H", "7H AC QD", "AS", "7H AC"),  # espadille led forces both
        ("S", "2S KD", "AS", "2S"),  # black: the manille is the 2
        # a higher matador held alone is not forced by a lower one led
        ("H", "AS QD", "7H", "AS QD"),
        ("C", "AS QD", "AC", "AS QD"),
        # espadille + baste under a manille led: one of those lower than it
        ("H", "AS AC QD", "7H", "AC"),
    ],
)
def test_legal_cards(trump: str, hand: str, lead: str, allowed: str) -> None:
    assert legal(trump, hand, lead) == format_cards(mask(allowed))


def test_a_matador_played_later_forces_nothing() -> None:
    rules = HombreTricks(Suit.H)
    # KH led, then the espadille: the third hand's only trump, the baste, is free
    assert rules.legal(mask("AC QD"), index("KH"), index("AS")) == mask("AC QD")


def test_the_duty_is_named() -> None:
    rules = HombreTricks(Suit.H)
    # the espadille led forces the manille (7H, a lower matador) of a hand of matadors
    assert rules.legal(mask("7H QD"), index("AS"), index("AS")) == mask("7H")
    assert rules.obligation(mask("7H QD"), index("AS"), index("AS"), index("QD")) == Duty(
        Must.LOWER_MATADOR, Suit.H, Card.parse("AS"), Suit.H
    )
    assert rules.obligation(mask("KS QD"), index("2S"), index("2S"), index("QD")) == Duty(
        Must.FOLLOW_NOT_TRUMP, Suit.S, trump=Suit.H
    )
    assert rules.obligation(mask("3H QD"), index("KH"), index("KH"), index("QD")) == Duty(
        Must.TRUMP_LED, Suit.H, trump=Suit.H
    )
    assert "must play a trump" in str(Duty(Must.TRUMP_LED, Suit.H, trump=Suit.H))

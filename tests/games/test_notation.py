"""Record notation (RULES.md §5): cards and actions print and parse back."""

from __future__ import annotations

import pickle

import pytest

from games.bete_hombree.actions import BIDS, PLAYS, Action, Kind, declare, discard
from games.cards import Card, Rank, Suit, card_mask, cards_of, format_cards, parse_cards

RANKS = ["K", "Q", "J", "A", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


@pytest.mark.parametrize("suit", "SHDC")
@pytest.mark.parametrize("rank", RANKS)
def test_card_round_trip(rank: str, suit: str) -> None:
    text = rank + suit
    card = Card.parse(text)
    assert str(card) == text
    assert (card.rank.text, card.suit.name) == (rank, suit)
    assert Card.parse(text.lower()) is card
    assert Card.from_index(card.index) is card
    assert Card(card.suit, card.rank) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_card_bits_follow_the_bete_order() -> None:
    # a lower bit is a stronger card of the same suit: K Q J A 10 9
    order = [Card.parse(r + "H") for r in ["K", "Q", "J", "A", "10", "9"]]
    assert [c.index for c in order] == sorted(c.index for c in order)
    assert Card.parse("KS").index == 0 and Card.parse("KH").index == 16
    assert Card.parse("10D").index == 16 * 2 + 4


def test_card_display_forms() -> None:
    assert Card.parse("KH").symbol == "K♥"
    assert Card.parse("10C").symbol == "10♣"
    assert Rank.Q.french == "D" and Rank.J.french == "V" and Rank.K.french == "R"
    assert Suit.parse("♠") is Suit.S and Suit.parse("d") is Suit.D


@pytest.mark.parametrize("bad", ["", "K", "H", "1S", "11H", "KX", "KHS", "T S", "0H", "KH KS"])
def test_card_parse_rejects(bad: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)


@pytest.mark.parametrize("bad", ["X", "", "SH", "pique"])
def test_suit_parse_rejects(bad: str) -> None:
    with pytest.raises(ValueError):
        Suit.parse(bad)


def test_card_lists() -> None:
    cards = parse_cards("10C KH 9S")
    assert [str(c) for c in cards] == ["10C", "KH", "9S"]
    assert parse_cards(["10C", "KH"]) == cards[:2]
    # a bit set prints by suit (S H D C) then strength
    assert format_cards(card_mask(cards)) == "9S KH 10C"
    assert [str(c) for c in cards_of(card_mask(cards))] == ["9S", "KH", "10C"]


ACTION_TEXTS = [
    "pass",
    "sans-prejudice",
    "retiens",
    "cagnote",
    "tout",
    "bid 2",
    "bid 2 belle",
    "bid 5",
    "bid 5 belle",
    "discard QS QD 10C",
    "discard KH",
    "declare 5 H matadors 4",
    "declare 3 S",
    "declare 2 C matadors 3",
    "play 10S",
    "play KH",
]


@pytest.mark.parametrize("text", ACTION_TEXTS)
def test_action_round_trip(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action


def test_every_interned_action_round_trips() -> None:
    for action in [*BIDS.values(), *PLAYS.values()]:
        assert Action.parse(str(action)) is action


def test_action_fields() -> None:
    assert Action.parse("bid 3 belle") == Action(Kind.BID, level=3, belle=True)
    assert Action.parse("declare 4 S matadors 3") == declare(4, Suit.S, 3)
    assert Action.parse("discard 10C QS QD") == discard(parse_cards("QS QD 10C"))
    assert Action.parse("play 9D").card is Card.parse("9D")
    assert Action.parse("PASS").kind is Kind.PASS
    assert Action.parse("bid 2 BELLE").belle


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "jump",
        "bid",
        "bid 1",
        "bid 6",
        "bid two",
        "bid 3 bellee",
        "bid 3 belle now",
        "declare 3",
        "declare 3 X",
        "declare 3 S matadors",
        "declare 3 S matadors x",
        "declare 3 S mats 3",
        "play",
        "play KH KS",
        "play 1H",
        "discard",
        "discard KS KS",
        "pass now",
        "tout 5",
    ],
)
def test_action_parse_rejects(bad: str) -> None:
    with pytest.raises(ValueError):
        Action.parse(bad)


def test_a_discard_naming_a_card_twice_is_refused_in_both_games() -> None:
    """The one reading of a discard's cards (``ActionWords.card_set``) serves both
    games that discard: a card named twice is refused, the others read as a bit set."""
    from games.hombre.actions import Action as HombreAction

    for parse in (Action.parse, HombreAction.parse):
        with pytest.raises(ValueError, match="'discard' names each card once"):
            parse("discard KS 7D KS")
        assert parse("Discard 7D KS").cards == card_mask(parse_cards("KS 7D"))
    assert HombreAction.parse("discard").cards == 0  # no card: he keeps his hand

"""Several packs of cards (Bésigue plays with 2 to 4, RULES.md §4): identical
cards are distinct objects of equal rank, the first played of two equal cards
takes the trick, and a deal may hold a card as often as the game has packs.

A single-pack game sees nothing of it: copy 0 keeps its bits and notation.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest

from games.cards import (
    MAX_PACKS,
    SUIT_MASKS,
    SUITED_RANKS,
    Card,
    Rank,
    Suit,
    card_mask,
    cards_of,
    copies,
    deck_mask,
    face_of,
    faces,
    format_cards,
    number_copies,
    parse_cards,
    rank_of,
    suit_mask,
    suit_of,
)
from games.dealing import Deck, deal_text, parse_deal, validate_deal
from games.duties import Duty, Must
from games.tricks import TrickPlay, trick_winner

BESIGUE_RANKS = (Rank.A, Rank.TEN, Rank.K, Rank.Q, Rank.J, Rank.NINE, Rank.EIGHT, Rank.SEVEN)


# ---- one card, several copies -------------------------------------------------------


def test_the_first_pack_keeps_the_single_pack_bits_and_notation() -> None:
    every = [Card(s, r) for s in Suit for r in SUITED_RANKS]
    assert all(c.copy == 0 and c.index < 64 for c in every)
    assert Card.parse("KS").index == 0 and Card.parse("10D").index == 16 * 2 + 4
    assert all(c.label == str(c) for c in every)
    assert all(c.face is c for c in every)


def test_a_copy_is_64_bits_further_per_pack() -> None:
    second = Card(Suit.H, Rank.K, 1)
    assert second.index == 64 + 16 and second.bit == 1 << 80
    assert Card(Suit.C, Rank.TWO, 3).index == 3 * 64 + 3 * 16 + 12
    assert (rank_of(second.index), suit_of(second.index), face_of(second.index)) == (0, 1, 16)


def test_identical_cards_are_distinct_objects_of_equal_rank() -> None:
    first, second = Card(Suit.S, Rank.Q), Card(Suit.S, Rank.Q, 1)
    assert first is not second and first != second and first.bit != second.bit
    assert (first.suit, first.rank) == (second.suit, second.rank)
    assert second.face is first
    assert len({first, second}) == 2


def test_identical_cards_share_one_code_and_differ_by_label() -> None:
    second = Card(Suit.S, Rank.Q, 1)
    assert str(second) == "QS" and second.symbol == "Q♠"  # records: one code (RULES.md §5)
    assert second.label == "QS#2" and Card(Suit.S, Rank.Q, 3).label == "QS#4"
    assert Card.parse("QS#2", packs=2) is second and Card.parse("qs#2", packs=4) is second
    assert Card.parse("QS#1", packs=2) is Card.parse("QS")
    assert repr(second) == "Card.parse('QS#2')"
    assert pickle.loads(pickle.dumps(second)) is second
    assert Card.from_index(second.index) is second


@pytest.mark.parametrize(("text", "packs"), [("QS#2", 1), ("QS#3", 2), ("QS#5", 4), ("QS#0", 4)])
def test_a_copy_beyond_the_game_s_packs_is_not_a_card(text: str, packs: int) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text, packs)


def test_no_more_packs_than_the_layer_holds() -> None:
    with pytest.raises(ValueError, match="at most 4 packs"):
        Card(Suit.S, Rank.K, MAX_PACKS)


# ---- sets of cards -------------------------------------------------------------------


def test_masks_hold_identical_cards_as_two_bits() -> None:
    both = card_mask([Card(Suit.S, Rank.Q), Card(Suit.S, Rank.Q, 1)])
    assert both.bit_count() == 2
    assert copies(both, Card.parse("QS")) == 2 and copies(both, Card.parse("KS")) == 0
    assert faces(both) == Card.parse("QS").bit


def test_cards_of_puts_identical_cards_side_by_side() -> None:
    kings = [Card(Suit.H, Rank.K, 1), Card(Suit.H, Rank.K)]
    mask = card_mask([*kings, Card(Suit.S, Rank.J), Card(Suit.S, Rank.J, 2)])
    assert [c.label for c in cards_of(mask)] == ["JS", "JS#3", "KH", "KH#2"]
    assert format_cards(mask) == "JS JS KH KH"  # the record notation, shared codes


def test_suit_and_deck_masks_over_packs() -> None:
    assert suit_mask(Suit.D) == SUIT_MASKS[2]
    spades = suit_mask(Suit.S, 2)
    assert spades & Card(Suit.S, Rank.SEVEN, 1).bit and not spades & Card(Suit.H, Rank.K, 1).bit
    one = deck_mask(BESIGUE_RANKS)
    two = deck_mask(BESIGUE_RANKS, packs=2)
    assert one.bit_count() == 32 and two.bit_count() == 64 and two & one == one
    assert faces(two) == one


# ---- numbering the copies of a deal written with shared codes ------------------------


def test_each_repeated_code_takes_the_next_copy_in_reading_order() -> None:
    hand, stock = number_copies([parse_cards("QS KH QS"), parse_cards("QS KH")], packs=3)
    assert [c.label for c in hand] == ["QS", "KH", "QS#2"]
    assert [c.label for c in stock] == ["QS#3", "KH#2"]


def test_a_copy_written_out_is_kept() -> None:
    (hand,) = number_copies([parse_cards("QS QS#2 QS", packs=3)], packs=3)
    assert [c.label for c in hand] == ["QS", "QS#2", "QS#3"]


@pytest.mark.parametrize(
    ("codes", "packs", "words"),
    [("QS QS", 1, "QS is dealt twice"), ("QS QS QS", 2, "more than 2 times"),
     ("QS#2 QS#2", 2, "more than 2 times")],
)  # fmt: skip
def test_a_card_more_often_than_the_packs_is_refused(codes: str, packs: int, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        number_copies([parse_cards(codes, packs)], packs)


# ---- deals: validation per game ------------------------------------------------------


def test_a_single_pack_deal_holding_a_card_twice_is_refused() -> None:
    # each code once a deal; a second QS is refused by name, not folded into another card
    with pytest.raises(ValueError, match="QS is dealt twice"):
        parse_deal([["QS", "KH"], ["QS", "JD"]], ["AC"])
    hands, rest = parse_deal([["QS", "KH"], ["KS", "JD"]], ["AC"])
    assert hands == [card_mask(parse_cards("QS KH")), card_mask(parse_cards("KS JD"))]
    assert rest == [Card.parse("AC").index]


def test_a_two_pack_deal_holds_a_card_twice_and_writes_it_back() -> None:
    deck = Deck(BESIGUE_RANKS, packs=2)
    assert deck.size == 64
    order = deck.order()
    texts = [str(Card.from_index(i)) for i in order]
    hands_text = [texts[0:8], texts[8:16]]
    hands, stock = deck.parse_deal(hands_text, texts[16:])
    deck.validate(hands, stock, 8, "stock")
    # the deck's order puts identical cards side by side: the first hand has both K♠
    assert hands_text[0][:2] == ["KS", "KS"]
    assert [c.label for c in cards_of(hands[0])][:2] == ["KS", "KS#2"]
    assert copies(hands[0], Card.parse("KS")) == 2
    # the same written form comes back: identical cards share their code
    again_hands, again_stock = deal_text(hands, stock)
    assert [sorted(h) for h in again_hands] == [sorted(h) for h in hands_text]
    assert again_stock == texts[16:]


def test_a_two_pack_hand_may_hold_both_copies() -> None:
    deck = Deck((Rank.K, Rank.Q), suits=(Suit.S,), packs=2)  # KS KS QS QS
    hands, rest = deck.parse_deal([["KS", "KS"]], ["QS", "QS"])
    deck.validate(hands, rest, 2, "stock")
    assert copies(hands[0], Card.parse("KS")) == 2


@pytest.mark.parametrize(
    ("hands", "rest", "words"),
    [
        ([["KS", "KS"]], ["QS", "QS", "QS"], "more than 2 times"),  # three queens, two packs
        ([["KS", "QS"]], ["QS"], "missing from the deal"),  # a king is missing
        ([["KS", "QS"]], ["QS", "KS", "JS"], "not in the deck"),
    ],
)
def test_a_two_pack_deal_is_checked_against_the_game_s_deck(
    hands: list[list[str]], rest: list[str], words: str
) -> None:
    deck = Deck((Rank.K, Rank.Q), suits=(Suit.S,), packs=2)
    with pytest.raises(ValueError, match=words):
        masks, order = deck.parse_deal(hands, rest)
        deck.validate(masks, order, 2, "stock")


def test_the_same_copy_twice_is_refused_even_with_packs() -> None:
    deck = Deck((Rank.K,), suits=(Suit.S,), packs=2)
    king = Card.parse("KS").index
    with pytest.raises(ValueError, match="twice in the stock"):
        validate_deal(deck.mask, [], [king, king], 0, "stock")


def test_a_deck_has_one_to_four_packs() -> None:
    with pytest.raises(ValueError, match="1 to 4 packs"):
        Deck(BESIGUE_RANKS, packs=5)


# ---- the trick core: the first played of two equal cards wins ------------------------


@dataclass(frozen=True, slots=True)
class PhaseOne:
    """Bésigue's first phase as a rules object (RULES.md §4): any card; a higher
    card of the suit led or a trump wins; rank A 10 K Q J 9 8 7."""

    trump: int

    def legal(self, hand: int, lead: int, winner: int) -> int:
        return hand

    def beats(self, card: int, winner: int) -> bool:
        if suit_of(card) == suit_of(winner):
            return STRENGTH[rank_of(card)] > STRENGTH[rank_of(winner)]
        return suit_of(card) == self.trump

    def obligation(self, hand: int, lead: int, winner: int, card: int) -> Duty:
        return Duty(Must.ANY)


STRENGTH = {int(r): 8 - i for i, r in enumerate(BESIGUE_RANKS)}


class TwoHands(TrickPlay):
    __slots__ = ()

    def __init__(self, hands: list[int], trump: Suit) -> None:
        self.seats = 2
        self.hands = hands
        self.trick_rules = PhaseOne(int(trump))
        self._start_play(0)


def test_of_two_identical_cards_the_first_played_wins() -> None:
    first, second = Card(Suit.H, Rank.TEN), Card(Suit.H, Rank.TEN, 1)
    for leader_card, other in [(first, second), (second, first)]:
        play = TwoHands([leader_card.bit | Card(Suit.S, Rank.SEVEN).bit, other.bit], Suit.C)
        play._play_card(0, leader_card.index)
        assert play._play_card(1, other.index) == 0  # the leader keeps it
        assert play.history[0].cards == ((0, leader_card), (1, other))
    rules = PhaseOne(int(Suit.C))
    seven = Card(Suit.C, Rank.SEVEN, 1)
    assert trick_winner([first.index, second.index], rules) == first.index
    assert trick_winner([second.index, first.index, seven.index], rules) == seven.index


def test_identical_trumps_the_first_played_wins_too() -> None:
    rules = PhaseOne(int(Suit.D))
    ace, ace2, ace3 = (Card(Suit.D, Rank.A, c).index for c in range(3))
    assert trick_winner([Card.parse("10S").index, ace2, ace, ace3], rules) == ace2

"""A session (RULES.md §1.1, 1.2, 1.7, 1.8): tirer le roi, the dealer's turn, the
change of belle, the deck of the next deal, and the tour des gueux."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

import pytest

from games.bete_hombree import Rules, Session, tirer_le_roi
from games.cards import Card, Rank, Suit, cards_of
from games.dealing import DealPattern, deal_from_order
from games.register import Register
from tests.games.helpers import complete_deal, deck, mask, run, text_of

PLAYERS = ("P0", "P1", "P2", "P3")


class StackedDeck(random.Random):
    """A 'shuffle' that puts the given cards on top, the rest after in their order."""

    def __init__(self, top: str) -> None:
        super().__init__(0)
        self.top = [Card.parse(c) for c in top.split()]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        rest = [c for c in x if c not in self.top]
        x[:] = self.top + rest


def test_tirer_le_roi_burns_one_card_then_turns_until_a_king() -> None:
    # the burned king does not count; 9♥, Q♦ and then K♣ for seat 2
    draw = tirer_le_roi(StackedDeck("KS 9H QD KC"))
    assert str(draw.burned) == "KS"
    assert [(s, str(c)) for s, c in draw.turned] == [(0, "9H"), (1, "QD"), (2, "KC")]
    assert draw.dealer == 2 and draw.belle is Suit.C


def test_tirer_le_roi_goes_round_the_table() -> None:
    draw = tirer_le_roi(StackedDeck("9S QS JS AS 10S 9H QH KD"), start_seat=1)
    assert [s for s, _ in draw.turned] == [1, 2, 3, 0, 1, 2, 3]
    assert draw.dealer == 3 and draw.belle is Suit.D


def test_tirer_le_roi_uses_the_full_deck() -> None:
    # the first king may be any of 24 cards in: the 9 of every suit is there
    seen: set[str] = set()
    for seed in range(200):
        draw = tirer_le_roi(random.Random(seed))
        cards = [draw.burned] + [c for _, c in draw.turned]
        assert len({str(c) for c in cards}) == len(cards)
        assert draw.turned[-1][1].rank is Rank.K
        assert all(c.rank is not Rank.K for _, c in draw.turned[:-1])
        assert [s for s, _ in draw.turned] == [i % 4 for i in range(len(draw.turned))]
        seen.update(str(c) for c in cards)
    assert {"9S", "9H", "9D", "9C"} <= seen
    assert seen <= {r + s for r in ["K", "Q", "J", "A", "10", "9"] for s in "SHDC"}


def test_session_start_draws_dealer_and_belle() -> None:
    dealers, belles = set(), set()
    for seed in range(40):
        session, draw = Session.start(PLAYERS, seed)
        assert draw == tirer_le_roi(random.Random(seed))
        assert session.dealer == draw.dealer == session.first_dealer
        assert session.belle is draw.belle
        dealers.add(session.dealer)
        belles.add(session.belle)
    assert dealers == {0, 1, 2, 3} and belles == set(Suit)


def deal_of(state: Any) -> set[str]:
    cards: set[str] = set()
    for seat in range(4):
        cards |= text_of(state.view(seat).hand)
    return cards


@pytest.mark.parametrize("belle", list(Suit))
def test_deal_uses_the_23_cards_of_the_belle(belle: Suit) -> None:
    session = Session(PLAYERS, dealer=0, belle=belle)
    for seed in range(5):
        state = session.deal(seed)
        held = deal_of(state)
        assert len(held) == 20
        assert all(state.view(s).hand.bit_count() == 5 for s in range(4))
        full = {str(c) for c in deck(belle.name)}
        assert held < full and f"9{belle.name}" not in held


def test_deal_pattern_two_three_and_three_two() -> None:
    order = list(range(23))  # stands for any shuffled order of bit numbers
    hands, rest = deal_from_order(order, 4, 0, DealPattern.TWO_THREE)
    # first hand is seat 1: the first 2 cards, then the 3 after the first round of 8
    assert hands[1] == sum(1 << i for i in (0, 1, 8, 9, 10))
    assert hands[0] == sum(1 << i for i in (6, 7, 17, 18, 19))
    assert rest == [20, 21, 22]
    hands, rest = deal_from_order(order, 4, 0, DealPattern.THREE_TWO)
    assert hands[1] == sum(1 << i for i in (0, 1, 2, 12, 13))
    assert hands[0] == sum(1 << i for i in (9, 10, 11, 18, 19))
    assert rest == [20, 21, 22]
    # the option reaches the session's deals: same shuffle, other hands, same cagnot
    a = Session(PLAYERS, dealer=0, belle=Suit.H).deal(7)
    b = Session(
        PLAYERS, dealer=0, belle=Suit.H, rules=Rules.from_dict({"deal_pattern": "3-2"})
    ).deal(7)
    assert deal_of(a) == deal_of(b)
    assert [a.view(s).hand for s in range(4)] != [b.view(s).hand for s in range(4)]


def test_three_two_is_not_accepted_as_two_one_two() -> None:
    with pytest.raises(ValueError):
        Rules.from_dict({"deal_pattern": "2-1-2"})


# ---- hands of a session ------------------------------------------------------------


def quick_hand(session: Session, made: bool = True, trump: str = "S", matadors: int = 0) -> Any:
    """First hand bids 2 in ``trump`` (plain, or en belle when it is the belle) and
    holds K Q J A 10 of it (made: 5 tricks), or an opponent holds them (failed)."""
    first = (session.dealer + 1) % 4
    belle = session.belle.name
    holder = first if made else (first + 1) % 4
    hands, cagnot = complete_deal(
        belle, {holder: " ".join(r + trump for r in ["K", "Q", "J", "A", "10"])}
    )
    state = session.deal_hands([mask(h) for h in hands], [Card.parse(c).index for c in cagnot])
    bid = "bid 2 belle" if trump == belle else "bid 2"
    others = [f"{(first + i) % 4} pass" for i in (1, 2, 3)]
    declare = f"{first} declare 2 {trump}" + (f" matadors {matadors}" if matadors else "")
    run(state, [f"{first} {bid}", *others, declare])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return session.settle(state)


def test_dealer_passes_to_the_right() -> None:
    session = Session(PLAYERS, dealer=2, belle=Suit.H)
    dealers = []
    for _ in range(6):
        dealers.append(session.dealer)
        state = session.deal(len(dealers))
        assert state.turn == (session.dealer + 1) % 4  # first hand speaks first
        run(state, [f"{(session.dealer + 1 + i) % 4} pass" for i in range(4)])
        session.settle(state)
    assert dealers == [2, 3, 0, 1, 2, 3]


def test_change_of_belle_and_the_next_deck() -> None:
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    # with ♥ belle, the 9♥ is out and the 9♠ in
    before = deal_of(session.deal(1))
    assert "9H" not in before
    settled = quick_hand(session, made=True, trump="S", matadors=3)
    assert (settled.belle_before, settled.belle_after) == (Suit.H, Suit.S)
    assert session.belle is Suit.S
    # the next deals are dealt from the deck of ♠ belle: 9♠ set aside, 9♥ back
    dealt: set[str] = set()
    for seed in range(30):
        state = session.deal(seed)
        dealt |= deal_of(state)
        assert "9S" not in deal_of(state)
    assert "9H" in dealt


def test_belle_stays_when_matadors_fail() -> None:
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    # an opponent holds the top spades: first hand cannot announce matadors, so
    # announce nothing and fail; the belle stays
    settled = quick_hand(session, made=False, trump="S")
    assert settled.outcome.made is False and session.belle is Suit.H


def test_money_and_register_across_hands() -> None:
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    quick_hand(session, made=False)  # P1 fails 2♠: pays 2 to each, bête of 8
    assert session.balances == {"P0": 2, "P1": -6, "P2": 2, "P3": 2}
    assert [(e.owner, e.amount) for e in session.register.entries] == [("P1", 8)]
    quick_hand(session, made=True)  # P2 makes 2♠: 2 from each, and P1's 8
    assert session.balances == {"P0": 0, "P1": -16, "P2": 16, "P3": 0}
    assert session.register.entries == []
    assert session.hand_no == 2


# ---- the tour des gueux (RULES.md §1.8) -----------------------------------------


def test_tour_des_gueux_ends_after_the_seat_left_of_the_first_dealer() -> None:
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    quick_hand(session)
    quick_hand(session)
    assert session.dealer == 2 and not session.finished
    session.request_stop()
    dealers = []
    while not session.finished:
        dealers.append(session.dealer)
        quick_hand(session)
        assert len(dealers) < 20
    # the round in progress ends, the first dealer deals once more, and the deals
    # stop with the seat on his left (seat 3)
    assert dealers == [2, 3, 0, 1, 2, 3]
    session.request_stop()  # asking again changes nothing
    assert session.finished


def test_tour_des_gueux_from_the_first_dealers_turn() -> None:
    session = Session(PLAYERS, dealer=1, belle=Suit.H)
    for _ in range(4):
        quick_hand(session)
    assert session.dealer == 1
    session.request_stop()
    dealers = []
    while not session.finished:
        dealers.append(session.dealer)
        quick_hand(session)
    assert dealers == [1, 2, 3, 0]


def test_tour_des_gueux_asked_during_the_first_dealers_hand_adds_a_whole_round() -> None:
    """His hand in progress was dealt before anyone asked: the round it starts is
    played out, then he deals once more (RULES.md §1.8: "encore un tour de façon que le
    joueur qui a donné en premier donne encore une fois"), as when asked later."""
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    session.deal(7)  # hand 1, dealt by the first dealer
    session.request_stop()
    assert session.deals_left == 8  # hands 1-4, then 5 (his once more) to 8
    later = Session(PLAYERS, dealer=0, belle=Suit.H)
    quick_hand(later)
    quick_hand(later)
    later.deal(7)  # hand 3, dealt by seat 2
    later.request_stop()
    assert later.deals_left == 6  # hands 3-4, then 5 (his once more) to 8


def test_tour_des_gueux_goes_on_until_new_betes_are_paid() -> None:
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    session.request_stop()
    dealers = []
    for n in range(4):
        dealers.append(session.dealer)
        quick_hand(session, made=n != 3)  # the last deal of the tour leaves a bête
    assert dealers == [0, 1, 2, 3]
    assert not session.finished  # a bête is unpaid
    quick_hand(session, made=True)  # and is paid
    assert session.finished


def test_unpaid_betes_of_absent_players_do_not_hold_the_table() -> None:
    register = Register.of([("Absent", 40)])
    session = Session(PLAYERS, dealer=0, belle=Suit.H, register=register)
    session.request_stop()
    for _ in range(4):
        quick_hand(session)
    assert session.finished  # the absent player's bête waits for another table
    assert [(e.owner, e.amount) for e in session.register.entries] == [("Absent", 40)]


def test_session_needs_four_different_players() -> None:
    with pytest.raises(ValueError):
        Session(("A", "B", "C"), dealer=0, belle=Suit.H)
    with pytest.raises(ValueError):
        Session(("A", "B", "C", "A"), dealer=0, belle=Suit.H)


def test_cards_of_deck_helper_agrees_with_the_rules() -> None:
    # the helper deck used by these tests: 23 cards, K Q J A 10 9, minus the belle's 9
    for suit in "SHDC":
        cards = deck(suit)
        assert len(cards) == 23 and f"9{suit}" not in {str(c) for c in cards}
        assert cards_of(mask([str(c) for c in cards])) == sorted(cards, key=lambda c: c.index)

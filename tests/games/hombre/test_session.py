"""An L'Hombre session: the deal by threes from the dealer's right, the deal
passing after every deal, the table's money carried to the next table."""

from __future__ import annotations

import random

from games.hombre import Pool, Session
from games.hombre.actions import PASS
from games.hombre.rules import DECK
from games.hombre.session import deal_order


def test_nine_each_by_threes_from_the_dealer_s_right_and_thirteen_to_the_talon() -> None:
    order = list(DECK.order())
    hands, talon = deal_order(order, dealer=1)
    first_three = sum(1 << i for i in order[:3])
    assert hands[2] & first_three == first_three  # the dealer's right: seat 2
    assert hands[0] >> order[3] & 1 and hands[1] >> order[6] & 1
    assert hands[2] >> order[9] & 1  # the second round of threes
    assert [h.bit_count() for h in hands] == [9, 9, 9]
    assert talon == order[27:] and len(talon) == 13


def test_the_deal_passes_and_the_money_carries_over_to_the_next_table() -> None:
    session = Session(["A", "B", "C"], dealer=0, seed=3)
    state = session.deal()
    assert state.first == 1
    for _ in range(3):
        state.apply(PASS)
    session.settle(state)
    assert session.dealer == 1 and session.pool == Pool(15, None, (), 0)
    carried = Session(["A", "B", "C"], dealer=2, pool=session.pool)
    state = carried.deal()
    assert state.transfers == []  # after an all-pass no ante
    assert carried.before == Pool(15, None, (), 0)


def test_a_started_session_deals_from_its_seed_alone() -> None:
    one = Session.start(["A", "B", "C"], 11)
    two = Session.start(["A", "B", "C"], 11)
    assert one.dealer == two.dealer
    assert one.deal().initial_hands == two.deal().initial_hands
    rng = random.Random(1)
    assert Session.start(["A", "B", "C"], rng.randrange(100)).deal().talon

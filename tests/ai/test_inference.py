"""Reading the auction: deals that explain the calls weigh more; sans préjudice is blind."""

from __future__ import annotations

import random

from games.bete_hombree.actions import PASS, Kind, bid
from games.bete_hombree.ai import PimcPlayer
from games.bete_hombree.ai.inference import MISFIT, AuctionReading, bidding_strength, knowledge_of

from .positions import new_hand


def test_a_pass_makes_strong_hands_unlikely_and_a_bid_weak_ones() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        state = new_hand(rng)
        passer = state.turn
        state.apply(PASS)
        bidder = state.turn
        state.apply(bid(3, False))
        view = state.view(state.turn)
        reading = AuctionReading.from_view(view)
        knowledge = knowledge_of(view)
        belle = int(view.belle)
        for _ in range(30):
            deal = knowledge.sample(rng)
            strong_passer = bidding_strength(deal[passer], belle) > 0
            weak_bidder = bidding_strength(deal[bidder], belle) < 6  # below a plain 3
            expected = MISFIT ** (strong_passer + weak_bidder)
            assert reading.weight(deal) == expected
            checked += strong_passer or weak_bidder
    assert checked >= 50  # the misfits were exercised


def test_a_seat_does_not_read_its_own_calls() -> None:
    rng = random.Random(8)
    state = new_hand(rng)
    seat = state.turn
    state.apply(bid(2, False))
    reading = AuctionReading.from_view(state.view(seat))
    assert reading.at_least[seat] == 0
    assert not reading.informative


def test_pimc_says_sans_prejudice_whatever_its_hand() -> None:
    rng = random.Random(4)
    pimc = PimcPlayer(max_deals=4)
    said = set()
    for _ in range(10):
        state = new_hand(rng)
        view = state.view(state.turn)
        assert any(a.kind is Kind.SANS_PREJUDICE for a in view.legal)
        said.add(pimc.act(view, random.Random(0), 0.05).kind)
    assert said == {Kind.SANS_PREJUDICE}

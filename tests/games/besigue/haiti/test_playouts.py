"""Haitian deals dealt by the session and played out by random legal moves, with
the invariants checked after every step (RULES.md §4.1): 132 cards, 9 each by
threes, no card turned (or one that is no joker with ``trump=turned``), every
card somewhere exactly once, a view that hides the others' hands and the stock,
hands and laid cards making 9 again after the draws, a joker in phase 2 only
from a hand of jokers, and the record of the deal replaying to the same count."""

from __future__ import annotations

import json
import random

import pytest

from games.besigue.actions import Kind
from games.besigue.flow import Phase
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import BesigueRecord, record_of, replay, result_json
from games.besigue.rules import Rules, Variant, deck_for
from games.cards import joker_mask

from .helpers import haiti

JOKERS = joker_mask()


def everything(state: HaitiDeal) -> int:
    union = 0
    for hand in state.hands:
        assert not union & hand
        union |= hand
    for played in state.history:
        for _, c in played.cards:
            assert not union & c.bit
            union |= c.bit
    for _, c in state._trick_cards():
        assert not union & c.bit
        union |= c.bit
    for index in state.stock[state.drawn :]:
        assert not union >> index & 1
        union |= 1 << index
    if state.turned >= 0:
        union |= 1 << state.turned
    return union


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (2, {}),
        (3, {"seven": "winner"}),
        (4, {"partnerships": True, "brisques": "majority"}),
        (4, {"trump": "turned", "jokers_per_quartet": 3}),
        (2, {"trump": "turned", "first_besigue": 100, "trump_marriage": 100}),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_deals_keep_every_invariant(
    seats: int, options: dict[str, object], seed: int
) -> None:
    rules = haiti(**options)
    session = HaitiSession.start([f"P{i}" for i in range(seats)], seed, rules)
    rng = random.Random(seed)
    state = session.deal(seed)
    deck = deck_for(seats, Variant.HAITI).mask
    assert deck.bit_count() == 132
    assert all(h.bit_count() == 9 for h in state.hands)
    assert state.stock_left == 132 - 9 * seats - (1 if rules.trump.value == "turned" else 0)
    if state.turned >= 0:
        assert not JOKERS >> state.turned & 1
    while not state.is_over:
        assert everything(state) == deck
        turn = state.turn
        view = state.view(turn)
        other = state.view((turn + 1) % seats)
        assert other.hand == state.unlaid((turn + 1) % seats) and not other.legal
        if state.phase is Phase.PLAY1 and not state.trick and state.turned < 0:
            sizes = [h.bit_count() for h in state.hands]
            assert sizes == [9] * seats or state.stock_left == 0
        if state.phase is Phase.PLAY2:
            plays = [a.card for a in view.legal if a.kind is Kind.PLAY]
            if any(c is not None and c.is_joker for c in plays):
                assert not state.hands[turn] & ~JOKERS  # a joker only from a hand of jokers
        action = rng.choice(view.legal)
        assert state.check(action) is None
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    written = record_of(session, state).to_json()
    again = replay(BesigueRecord.from_json(json.loads(json.dumps(written)), written["game"]))
    assert result_json(again)[-1]["scores"] == list(outcome.scores)


def test_a_joker_turned_goes_back_into_the_stock() -> None:
    rules = Rules(variant=Variant.HAITI, trump="turned")  # type: ignore[arg-type]
    seen = 0
    for seed in range(400):
        session = HaitiSession(["A", "B"], rules=rules, seed=seed)
        hands, turned, stock = session.shuffle(seed)
        assert turned >= 0 and not JOKERS >> turned & 1
        assert len(stock) == 113
        union = 1 << turned
        for hand in hands:
            union |= hand
        for index in stock:
            union |= 1 << index
        assert union == deck_for(2, Variant.HAITI).mask
        order_seed_rng = random.Random(seed)
        order = list(deck_for(2, Variant.HAITI).order())
        order_seed_rng.shuffle(order)
        if JOKERS >> order[18] & 1:  # the top of the stock was a joker: it went back
            seen += 1
            assert turned != order[18] and order[18] in stock
    assert seen  # some deal of these turned a joker first

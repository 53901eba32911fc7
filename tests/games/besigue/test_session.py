"""A game of Bésigue (RULES.md §4 "Deal", "Game"): the deal by 3-2-3 from the
dealer's right, the turned card and the stock, the deal passing, the scores
by side until the target, a game stopped and resumed."""

from __future__ import annotations

import random

import pytest

from games.besigue import Rules, Session
from games.besigue.ai import PLAYERS
from games.besigue.rules import deck_for
from games.besigue.session import MANY_DEALS, deal_order
from games.cards import Card, cards_of

from .helpers import build, do


def codes(hand: int) -> list[str]:
    return [str(c) for c in cards_of(hand)]


def bits(order: list[int]) -> int:
    return sum(1 << i for i in order)


def test_eight_each_by_three_two_three_from_the_dealer_s_right() -> None:
    order = list(deck_for(2).order())
    hands, turned, stock = deal_order(order, 2, 0, 8)
    assert hands[1] == bits(order[0:3] + order[6:8] + order[10:13])
    assert hands[0] == bits(order[3:6] + order[8:10] + order[13:16])
    assert turned == order[16] and stock == order[17:] and len(stock) == 47
    hands, turned, stock = deal_order(list(deck_for(4).order()), 4, 2, 10)
    assert [h.bit_count() for h in hands] == [10] * 4 and len(stock) == 128 - 41
    assert hands[3] & bits(order[0:3])  # the dealer's right is seat 3


def test_a_started_game_deals_from_its_seed_alone() -> None:
    one, two = Session.start(["A", "B", "C"], 11), Session.start(["A", "B", "C"], 11)
    assert one.dealer == two.dealer
    first, second = one.deal(), two.deal()
    assert first.initial_hands == second.initial_hands and first.stock == second.stock
    assert one.deal(5).initial_hands == two.deal(5).initial_hands
    assert Session.start(["A", "B"], 1, dealer=1).dealer == 1
    dealers = {Session.start(["A", "B", "C", "D"], seed).dealer for seed in range(20)}
    assert dealers == {0, 1, 2, 3}


def test_shuffling_deals_nothing() -> None:
    """The table shuffles a deal's cards into its log before dealing them: the shuffle
    leaves the game as it was, so its deals are the log's (and its records too)."""
    session = Session.start(["A", "B"], 11)
    hands, turned, stock = session.shuffle(5)
    assert session.states == [] and not session.in_deal
    state = session.deal(5)
    assert [codes(h) for h in state.initial_hands] == [codes(h) for h in hands]
    named = [state.initial_turned, *state.stock]
    assert [str(Card.from_index(i)) for i in named] == [
        str(Card.from_index(i)) for i in [turned, *stock]
    ]
    assert session.states == [state]


def test_cards_that_do_not_fit_are_refused() -> None:
    session = Session(["A", "B"])
    order = list(deck_for(2).order())
    hands, turned, stock = deal_order(order, 2, 0, 8)
    with pytest.raises(ValueError, match="holds 9 cards, not 8"):
        session.deal_hands([hands[0] | 1 << turned, hands[1]], stock, stock[0])
    with pytest.raises(ValueError, match="missing from the deal"):
        session.deal_hands(hands, stock[1:], turned)
    with pytest.raises(ValueError, match="the game has 2 players, not 3 hands"):
        session.deal_hands([*hands, 0], stock, turned)
    state = session.deal_hands(hands, stock, turned)
    # the same cards, their copies numbered in reading order (hands first)
    assert [codes(h) for h in state.initial_hands] == [codes(h) for h in hands]
    assert state.initial_hands[0] < hands[0] and state.initial_hands[1] != hands[1]


def play_deal(session: Session, seed: int) -> None:
    state = session.deal(seed)
    rng = random.Random(seed)
    player = PLAYERS["heuristic"]()
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng))
    session.settle(state)


def test_the_scores_add_up_and_the_deal_passes() -> None:
    session = Session(["A", "B", "C"], dealer=2)
    play_deal(session, 1)
    settled = session.settled[-1]
    assert session.dealer == 0 and session.scores == list(settled.points)
    assert settled.outcome.net == (0, 0, 0) and settled.outcome.transfers == ()
    assert settled.crossings == () and settled.new_entries == ()
    assert sum(settled.outcome.tricks) == 32  # 24 in phase 1, 8 in phase 2
    assert session.balances == {"A": 0, "B": 0, "C": 0}
    before = list(session.scores)
    play_deal(session, 2)
    assert session.dealer == 1
    assert session.scores == [
        b + p for b, p in zip(before, session.settled[-1].points, strict=True)
    ]


def test_partnerships_keep_two_scores() -> None:
    session = Session(["A", "B", "C", "D"], rules=Rules(partnerships=True))
    play_deal(session, 3)
    points = session.settled[-1].points
    assert session.scores == [points[0] + points[2], points[1] + points[3]]
    with pytest.raises(ValueError, match="the scores are 2 \\(one per side\\), not 4"):
        Session(["A", "B", "C", "D"], rules=Rules(partnerships=True), scores=[0, 0, 0, 0])


def test_a_game_plays_to_its_end() -> None:
    session = Session.start(["A", "B"], 7)
    deals = 0
    while not session.finished:
        assert session.deals_left == MANY_DEALS
        play_deal(session, deals)
        deals += 1
    assert session.over and session.winner is not None and session.deals_left == 0
    assert max(session.scores) >= 1000 and session.scores[session.winner] == max(session.scores)
    assert session.en_bas_table == (min(session.scores) < 750)
    with pytest.raises(ValueError, match="the game is over"):
        session.deal(1)


def test_a_stop_between_deals_and_a_resumed_game() -> None:
    session = Session(["A", "B"], dealer=1)
    state = session.deal(3)
    session.request_stop()
    assert not session.finished and session.deals_left == 1  # the deal in progress
    rng = random.Random(3)
    player = PLAYERS["random"]()
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng))
    session.settle(state)
    assert session.finished and not session.over and session.deals_left == 0
    resumed = Session.start(["A", "B"], 9, scores=session.scores, dealer=session.dealer)
    assert resumed.scores == session.scores and resumed.dealer == 0
    assert resumed.deal().scores_before == tuple(session.scores)
    with pytest.raises(ValueError, match="already reached the target"):
        Session(["A", "B"], scores=[1000, 0])
    with pytest.raises(ValueError, match="2 to 4 different players"):
        Session(["A", "A"])


def test_a_game_won_by_a_combination_in_the_middle_of_a_deal() -> None:
    session = Session(["A", "B"], scores=[0, 970])
    state = build(
        ["7S 8S 9S 8D 9D 8C 9C JH", "AS KH QH 7H 10D JC QC KC"], "9H", scores=session.scores
    )
    session.states.append(state)
    do(state, "1 play AS", "0 play 7S", "1 meld trump-marriage KH QH")
    settled = session.settle(state)
    assert settled.over and settled.winner == 1 and settled.en_bas_table
    assert settled.last_trick is None and settled.brisques == (0, 0)
    assert settled.scores == (0, 1010) and session.over and session.finished

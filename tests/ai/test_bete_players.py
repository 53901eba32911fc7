"""La Bête's computer players: legal decisions only, no peeking, clear positions,
and the double-dummy solver against a plain minimax."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from games import registry
from games.ai import DecisionPool, RandomPlayer, decide
from games.bete import Action, DealState, Phase, Rules, Session
from games.bete.actions import PASS, PLAY_CONTRACT, play
from games.bete.ai import BeteHeuristicPlayer, BetePimcPlayer
from games.bete.ai.pimc import knowledge_of
from games.bete.ai.solver import BetePosition, BeteSolver, Goal
from games.bete.ai.value import deal_score
from games.bete.state import DECK, succeeded
from games.cards import Card, card_mask, parse_cards
from games.obligations import FollowBeatTrump
from games.tricks import PlayedTrick

from .asking import ask_legal

SEATS = (2, 3, 4, 5)


def new_deal(rng: random.Random, seats: int, rules: Rules | None = None) -> DealState:
    session = Session([f"p{s}" for s in range(seats)], dealer=rng.randrange(seats), rules=rules)
    return session.deal(rng.randrange(1 << 30))


def driven_deal(rng: random.Random, seats: int, rules: Rules | None = None) -> list[DealState]:
    """The states of one deal played at random, speaking steered so that every
    phase comes up: all passing (curieuse), je joue, contrer."""
    state = new_deal(rng, seats, rules)
    states = []
    while not state.is_over:
        states.append(state.copy())
        legal = state.legal_actions()
        action = rng.choice(legal)
        if state.phase is not Phase.PLAY:
            action = PASS if rng.random() < 0.6 else action
        state.apply(action)
    return states


def situation(state: DealState) -> str:
    if state.phase is Phase.PLAY:
        return f"play, trick {len(state.history) + 1}"
    if state.phase is Phase.CURIEUSE:
        return "curieuse"
    if state.turned:
        return "speaking after curieuse"
    return "contre open" if state.declarer >= 0 else "je joue open"


def test_every_decision_is_legal_for_2_to_5_players() -> None:
    rng = random.Random(5)
    cheap = [RandomPlayer(), BeteHeuristicPlayer()]
    pimc = BetePimcPlayer(max_deals=6)
    asked: Counter[str] = Counter()
    seen: Counter[tuple[int, str]] = Counter()
    for deal_no in range(240):
        seats = SEATS[deal_no % 4]
        rules = Rules(bete_must_underruff=deal_no % 3 == 0)
        for state in driven_deal(rng, seats, rules):
            seen[(seats, situation(state))] += 1
            for player in cheap:
                ask_legal(player, state, deal_no, asked)
            if deal_no % 3 == 0:
                ask_legal(pimc, state, deal_no, asked)
    assert asked["heuristic"] >= 2000 and asked["pimc"] >= 600
    for seats in SEATS:
        for name in ("je joue open", "contre open", "curieuse", "speaking after curieuse"):
            assert seen[(seats, name)] > 0, (seats, name)
        for trick in range(1, 6):
            assert seen[(seats, f"play, trick {trick}")] > 0


def test_decide_dispatches_on_the_view_and_the_view_pickles() -> None:
    rng = random.Random(8)
    for seats in SEATS:
        for state in driven_deal(rng, seats)[::3]:
            view = pickle.loads(pickle.dumps(state.view(state.turn)))
            for name in ("random", "heuristic", "pimc"):
                action = decide("bete", name, view, 0.02, seed=3)
                assert isinstance(action, Action) and state.is_legal(action)
    assert registry.game("bete").player("pimc").name == "pimc"
    state = new_deal(rng, 4)
    with DecisionPool(1) as pool:  # the worker process gets the La Bête view pickled
        action = pool.submit("bete", "pimc", state.view(state.turn), 0.05, 1).result(timeout=60)
    assert state.is_legal(action)
    with pytest.raises(ValueError):
        registry.game("bete").player("cheater")


# ---- no peeking ----------------------------------------------------------------


def same_view_elsewhere(state: DealState, seat: int, rng: random.Random) -> DealState:
    """Another deal, the hidden cards placed anew from what ``seat`` has seen (its
    knowledge), replayed with the same actions."""
    view = state.view(seat)
    deal = knowledge_of(view).sample(rng)
    seats = state.seats
    played = [0] * seats
    for trick in state.history:
        for s, card in trick.cards:
            played[s] |= card.bit
    for s, index in state.trick:
        played[s] |= 1 << index
    hands = [deal[s] | played[s] for s in range(seats)]
    rest = [c for c in range(64) if deal[seats] >> c & 1]
    rng.shuffle(rest)
    turned = list(state.talon[: state.turned + 1])  # the cards turned up are seen by all
    other = DealState(state.rules, state.dealer, hands, turned + rest, round_start=True)
    for s, action in state.actions:
        other.apply(action, s)
    return other


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    rng = random.Random(21)
    heuristic = BeteHeuristicPlayer()
    pimc = BetePimcPlayer(max_deals=5)  # stops by its count of deals, not the clock
    checked = Counter[str]()
    moved = 0
    for deal_no in range(60):
        seats = SEATS[deal_no % 4]
        states = driven_deal(rng, seats)
        for state in states[:: 1 + deal_no % 3]:
            seat = state.turn
            other = same_view_elsewhere(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            moved += other.hands != state.hands
            view, other_view = state.view(seat), other.view(seat)
            assert heuristic.act(view, random.Random(1)) == heuristic.act(
                other_view, random.Random(1)
            )
            checked["heuristic"] += 1
            if deal_no % 2 == 0:
                assert pimc.act(view, random.Random(2), 30.0) == pimc.act(
                    other_view, random.Random(2), 30.0
                )
                checked["pimc"] += 1
    assert moved > 100 and checked["pimc"] > 100


def test_sampled_deals_respect_the_voids_shown() -> None:
    # seat 2 does not follow hearts (trump): it holds no heart in any sampled deal
    state = scripted_deal()
    state.apply(play(Card.parse("KH")))
    state.apply(play(Card.parse("9C")))
    view = state.view(0)
    hearts = card_mask(c for c in parse_cards("AH JH 10H 9H 8H"))
    knowledge = knowledge_of(view)
    rng = random.Random(4)
    for _ in range(50):
        deal = knowledge.sample(rng)
        assert not deal[2] & hearts
        assert deal[0] == view.hand
        assert sum(h.bit_count() for h in deal[1:]) + view.visible_cards().bit_count() == 32
        assert deal[1] | deal[2] | deal[3] | view.visible_cards() == DECK


# ---- clear positions -------------------------------------------------------------


def scripted_deal() -> DealState:
    """Three players, the dealer 0; trump hearts (7H turned), nobody else holds a heart.

    Seat 1 speaks and leads first; the speaking is left to the test.
    """
    hands = [
        card_mask(parse_cards("8D 7S 10C 9D 8C")),
        card_mask(parse_cards("KH QH 8S KD 7C")),
        card_mask(parse_cards("9C KS QS JC 9S")),
    ]
    used = hands[0] | hands[1] | hands[2]
    talon = [Card.parse("7H").index] + [
        i for i in range(64) if DECK >> i & 1 and not used >> i & 1 and i != Card.parse("7H").index
    ]
    state = DealState(Rules(), 0, hands, talon, round_start=True)
    for _ in range(3):
        state.apply(PLAY_CONTRACT if state.turn == 1 else PASS)
    return state


def test_a_hand_with_the_three_top_trumps_says_je_joue() -> None:
    rng = random.Random(3)
    checked = 0
    for seats in SEATS:
        for _ in range(20):
            state = new_deal(rng, seats)
            trump = state.trump
            seat = state.turn
            top = card_mask(Card.from_index(16 * trump + r) for r in range(3))
            if any(top >> c & 1 for c in state.talon):
                continue  # a top trump lies in the talon
            checked += 1
            # give the first speaker the K, Q and J of trump
            for s in range(seats):
                if s != seat:
                    state.hands[s], state.hands[seat] = swap_cards(
                        state.hands[s], state.hands[seat], top
                    )
            view = state.view(seat)
            assert view.hand & top == top
            assert BeteHeuristicPlayer().act(view, random.Random(0)) == PLAY_CONTRACT
            assert BetePimcPlayer().act(view, random.Random(0), 0.1) == PLAY_CONTRACT
    assert checked >= 10


def swap_cards(other: int, mine: int, wanted: int) -> tuple[int, int]:
    """Move the ``wanted`` cards of ``other`` into ``mine``, the weakest of mine back."""
    take = other & wanted
    if not take:
        return other, mine
    give = 0
    for index in sorted(range(64), key=lambda i: -(i & 15)):
        if mine >> index & 1 and not wanted >> index & 1 and give.bit_count() < take.bit_count():
            give |= 1 << index
    return (other & ~take) | give, (mine & ~give) | take


def test_a_hand_without_trumps_or_kings_passes() -> None:
    rng = random.Random(9)
    checked = 0
    for seats in (3, 4, 5):
        for _ in range(40):
            state = new_deal(rng, seats)
            view = state.view(state.turn)
            hand = view.hand
            trumps = hand >> (16 * state.trump) & 0xFF
            high = any(hand >> (16 * s) & 1 for s in range(4))  # a king
            if trumps or high:
                continue
            assert BeteHeuristicPlayer().act(view, random.Random(0)) == PASS
            assert BetePimcPlayer().act(view, random.Random(0), 0.1) == PASS
            checked += 1
    assert checked >= 5


def test_a_lost_trick_gets_the_lowest_card() -> None:
    state = scripted_deal()
    state.apply(play(Card.parse("KH")))
    state.apply(play(Card.parse("9C")))
    state.apply(play(Card.parse("8D")))
    # trick 2: the declarer leads 8S, seat 2 takes it with KS; seat 0 cannot beat it
    state.apply(play(Card.parse("8S")))
    state.apply(play(Card.parse("KS")))
    # seat 0 must follow spades with 7S (forced); a freer case: trick 3 led QS, seat 0 void
    state.apply(play(Card.parse("7S")))
    state.apply(play(Card.parse("QS")))
    view = state.view(0)
    assert len(view.legal) == 3  # 10C 9D 8C: void in spades, no trump
    assert BeteHeuristicPlayer().act(view, random.Random(0)) == play(Card.parse("8C"))


def test_the_declarer_cashes_the_master_he_must_take_now() -> None:
    state = scripted_deal()
    for card in ("KH", "9C", "8D", "8S", "KS", "7S", "QS", "10C", "QH"):
        state.apply(play(Card.parse(card)))
    # seat 1 has tricks 1 and 3, leads with KD and 7C: 7C lets seat 2 win and
    # lead a spade on which the king is thrown; KD now makes the third trick
    view = state.view(1)
    assert view.turn == 1 and view.tricks_won[1] == 2
    assert BetePimcPlayer().act(view, random.Random(0), 0.2) == play(Card.parse("KD"))
    assert BeteHeuristicPlayer().act(view, random.Random(0)) == play(Card.parse("KD"))
    # played out, KD succeeds and 7C fails
    for first, won in (("KD", True), ("7C", False)):
        child = state.copy()
        child.apply(play(Card.parse(first)))
        while not child.is_over:
            child.apply(child.legal_actions()[0])
        assert child.outcome is not None and child.outcome.declarer_won is won


# ---- the solver and the worth ------------------------------------------------------


def minimax(position: BetePosition, target: int, goal: Goal) -> bool:
    """Plain search to the last card; the success rule is the engine's ``succeeded``."""
    if not any(position.hands):
        tricks = position.tricks
        if goal is Goal.ANY_TRICK:
            return tricks[target] > 0
        if goal is Goal.ALL:
            return tricks[target] == 5
        history = [PlayedTrick(0, (), w) for w in position.opening]
        return succeeded(tricks, history, target)
    results = []
    for card in range(64):
        if position.legal() >> card & 1:
            child = position.copy()
            child.play(card)
            results.append(minimax(child, target, goal))
    return any(results) if position.turn == target else all(results)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_solver_agrees_with_minimax(seats: int) -> None:
    rng = random.Random(seats)
    compared = Counter[bool]()
    for _ in range(40):
        state = new_deal(rng, seats, Rules(bete_must_underruff=rng.random() < 0.5))
        while state.phase is not Phase.PLAY:
            state.apply(PLAY_CONTRACT if state.is_legal(PLAY_CONTRACT) else PASS)
        # play the first tricks at random, leaving 2 or 3 tricks
        while len(state.history) < 5 - rng.choice((2, 3)) or state.trick:
            state.apply(rng.choice(state.legal_actions()))
        position = BetePosition(
            list(state.hands),
            state.leader,
            [],
            list(state.tricks),
            FollowBeatTrump(state.trump, state.rules.bete_must_underruff),
            tuple(t.winner for t in state.history[:2]),
        )
        for goal in Goal:
            target = rng.randrange(seats)
            underruff = state.rules.bete_must_underruff
            solver = BeteSolver.of(target, goal, state.trump, seats, underruff)
            expected = minimax(position, target, goal)
            assert solver.solve(position.copy()) is expected
            compared[expected] += 1
    assert compared[True] > 10 and compared[False] > 10


def test_the_worth_of_a_deal_sums_to_zero() -> None:
    rng = random.Random(13)
    for deal_no in range(80):
        seats = SEATS[deal_no % 4]
        state = driven_deal(rng, seats)[-1]
        state.apply(state.legal_actions()[0])
        assert state.is_over
        scores = [deal_score(state, s) for s in range(seats)]
        assert abs(sum(scores)) < 1e-9
        outcome = state.outcome
        assert outcome is not None
        if outcome.declarer >= 0 and outcome.declarer_won and not outcome.vole:
            # he takes the stake: the others' share of it is lost to them
            assert scores[outcome.declarer] > 0

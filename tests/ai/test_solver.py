"""The double-dummy solver against a brute-force minimax over the engine itself."""

from __future__ import annotations

import random
from collections import Counter

from games.bete_hombree import HandState
from games.bete_hombree.ai.solver import HombreePosition as Position
from games.bete_hombree.ai.solver import Solver, solve
from games.cards import SUIT_MASKS
from games.obligations import legal_plays

from .positions import in_play, random_play


def brute_force(state: HandState) -> bool:
    """Minimax over every legal line of ``HandState.apply``: does the declarer make it?

    No table, no ordering, no card equivalence: a side stops looking only once it
    has found a move that wins for it.
    """
    if state.is_over:
        assert state.outcome is not None
        return bool(state.outcome.made)
    declarer_to_play = state.turn == state.declarer
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        if brute_force(child) is declarer_to_play:
            return declarer_to_play  # a winning move for the side to play
    return not declarer_to_play


def obligation(state: HandState) -> str:
    """Which play obligation binds the seat to play."""
    hand = state.hands[state.turn]
    led = state.lead >> 4
    if led < 0:
        return "lead"
    trump = state.trump
    winner_suit = state.winner >> 4
    if hand & SUIT_MASKS[led]:
        if winner_suit != led:
            return "follow (trick trumped)"
        if hand & SUIT_MASKS[led] & ((1 << state.winner) - 1):
            return "follow and beat"
        return "follow, cannot beat"
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return "void, no trump"
    if winner_suit == trump:
        if trumps & ((1 << state.winner) - 1):
            return "overtrump"
        return "pisser"
    return "trump"


def test_solver_agrees_with_brute_force() -> None:
    rng = random.Random(20240601)
    seen: Counter[str] = Counter()
    by_remaining: Counter[int] = Counter()
    race_decided = 0
    checked = 0
    # full deals are the slowest for the brute force: fewer of them
    plan = [(0, 40), *[(k, 2000 // 18) for k in range(1, 19)], (19, 40)]
    for steps, count in plan:
        for _ in range(count):
            state = random_play(in_play(rng), rng, steps)
            if state.is_over:
                continue
            expected = brute_force(state)
            position = Position.from_state(state)
            assert solve(position) == expected, (state.actions, state.hands)
            # the move values agree with the brute force of each child
            if steps >= 6 and steps % 3 == 0:
                values = Solver.for_position(position).move_values(position)
                for action in state.legal_actions():
                    child = state.copy()
                    child.apply(action)
                    assert values[action.cards.bit_length() - 1] == brute_force(child)
            checked += 1
            seen[obligation(state)] += 1
            by_remaining[5 - len(state.history)] += 1
            race_decided += state.level == 2
    assert checked >= 2000
    for name in (
        "lead",
        "follow (trick trumped)",
        "follow and beat",
        "follow, cannot beat",
        "void, no trump",
        "overtrump",
        "pisser",
        "trump",
    ):
        assert seen[name] >= 20, seen
    assert set(by_remaining) == {1, 2, 3, 4, 5}
    assert race_decided >= 300  # simple demandes, where the race rule applies


def test_race_rule_positions() -> None:
    """Hand-made simple demandes: two tricks win only if taken before an opponent's second."""
    rng = random.Random(7)
    made_with_two = failed_with_two = 0
    for _ in range(400):
        state = random_play(in_play(rng, level=2), rng, rng.randrange(8, 20))
        if state.is_over:
            continue
        expected = brute_force(state)
        assert solve(Position.from_state(state)) == expected
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.outcome is not None
        if state.outcome.tricks[state.declarer] == 2:
            if state.outcome.made:
                made_with_two += 1
            else:
                failed_with_two += 1
    assert made_with_two and failed_with_two


def test_legal_plays_decompose_into_pairs() -> None:
    """The knowledge model's premise: a card is legal in a hand iff legal in each pair."""
    rng = random.Random(3)
    deck = [16 * s + r for s in range(4) for r in range(6)]
    for _ in range(3000):
        cards = rng.sample(deck, 7)
        hand_cards, trick = cards[:5], cards[5:]
        hand = sum(1 << c for c in hand_cards)
        led = trick[0] >> 4
        winner = trick[0]
        if rng.random() < 0.5 and trick[1] >> 4 in (led, 0):
            winner = trick[1] if trick[1] >> 4 != led or trick[1] < winner else winner
        trump = rng.randrange(4)
        legal = legal_plays(hand, led, winner, trump, True)
        for c in hand_cards:
            pairwise = all(
                legal_plays((1 << c) | (1 << x), led, winner, trump, True) >> c & 1
                for x in hand_cards
                if x != c
            )
            assert bool(legal >> c & 1) == pairwise


def test_the_move_values_of_some_cards_are_theirs_among_all() -> None:
    """``move_values`` of a mask of the legal cards (a hint valuing its close calls
    again) searches those only, and finds for each what the search of every card does."""
    rng = random.Random(11)
    checked = 0
    for _ in range(80):
        state = random_play(in_play(rng), rng, rng.randrange(4, 16))
        if state.is_over:
            continue
        position = Position.from_state(state)
        every = Solver.for_position(position).move_values(position)
        if len(every) < 3:
            continue
        some = rng.sample(sorted(every), 2)
        mask = (1 << some[0]) | (1 << some[1])
        part = Solver.for_position(position).move_values(position, mask)
        assert part == {card: every[card] for card in some}
        checked += 1
    assert checked >= 20, checked

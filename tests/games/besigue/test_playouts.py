"""Seeded random games of Bésigue checked after every action: the cards of every
pack conserved, the scores the sum of the points, a legal action until the end
(every listed one accepted), each view showing only what its seat may see."""

from __future__ import annotations

import random

import pytest

from games.besigue import DealState, Phase, Rules, Session
from games.besigue.actions import DRAW, SEVEN_SHOW
from games.besigue.ai import PLAYERS
from games.besigue.rules import deck_for
from games.besigue.score import side_totals


def check_cards(state: DealState) -> None:
    parts = list(state.hands)
    parts += [1 << i for i in state.stock[state.drawn :]]
    if state.turned >= 0:
        parts.append(1 << state.turned)
    parts += [1 << i for _, i in state.trick]
    parts += [c.bit for t in state.history for _, c in t.cards]
    union = 0
    for part in parts:
        assert not union & part, "a card is in two places"
        union |= part
    assert union == deck_for(state.seats).mask
    for seat in range(state.seats):
        assert not state.laid[seat].cards & ~state.hands[seat], "a laid card not held"
    assert sum(state.tricks) == len(state.history)


def check_views(state: DealState) -> None:
    for seat in range(state.seats):
        view = state.view(seat)
        assert view.hand == state.unlaid(seat)
        assert view.cards == state.hands[seat]
        assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)
        assert view.stock == state.stock_left  # a count, never the order
        assert bool(view.legal) == (seat == state.turn and not state.is_over)
        # what the view shows of the others' cards: laid ones, played ones, the turned card
        hidden = 0
        for other in range(state.seats):
            if other != seat:
                hidden |= state.unlaid(other)
        shown = sum(c.card.bit for laid in view.laid for c in laid)
        shown |= sum(c.bit for _, c in view.trick)
        shown |= sum(c.bit for t in view.tricks_played for _, c in t.cards)
        if view.turned is not None:
            shown |= view.turned.bit
        assert not shown & hidden, "a view shows another seat's hidden card"
        assert view.scores == state.side_scores()


def play_game(seed: int, seats: int, rules: Rules, deals: int = 3) -> Session:
    rng = random.Random(seed)
    session = Session.start([f"P{s}" for s in range(seats)], seed, rules)
    for _ in range(deals):
        if session.finished:
            break
        players = [PLAYERS[rng.choice(["random", "heuristic"])]() for _ in range(seats)]
        state = session.deal()
        before = list(session.scores)
        check_cards(state)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal
            for action in legal:
                assert state.check(action) is None, action
            for odd in (DRAW, SEVEN_SHOW):
                if odd not in legal:
                    assert state.check(odd) is not None
            wrong_seat = (state.turn + 1) % seats
            assert state.check(legal[0], wrong_seat) is not None
            check_views(state)
            state.apply(players[state.turn].act(state.view(state.turn), rng))
            check_cards(state)
        check_views(state)
        outcome = state.outcome
        assert outcome is not None and state.legal_actions() == []
        if not outcome.ended_at_once:
            assert sum(outcome.tricks) == 32 and state.phase is Phase.DONE
        gained = side_totals(outcome.points, outcome.teams, len(before))
        assert list(outcome.scores) == [b + g for b, g in zip(before, gained, strict=True)]
        settled = session.settle(state)
        assert session.scores == list(settled.scores)
    return session


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    ("seats", "rules"),
    [
        (2, Rules()),
        (2, Rules(reuse="class", phase2_must_win=True, hand_size=10)),  # type: ignore[arg-type]
        (3, Rules()),
        (4, Rules(hand_size=9)),
        (4, Rules(partnerships=True, reuse="class")),  # type: ignore[arg-type]
    ],
)
def test_random_games_keep_every_invariant(seed: int, seats: int, rules: Rules) -> None:
    play_game(seed, seats, rules)


@pytest.mark.parametrize(("seats", "partnerships"), [(2, False), (3, False), (4, True)])
def test_random_against_heuristic_games_to_the_target(seats: int, partnerships: bool) -> None:
    for seed in range(2):
        rules = Rules(partnerships=partnerships)
        session = Session.start([f"P{s}" for s in range(seats)], seed, rules)
        rng = random.Random(seed)
        players = [PLAYERS["heuristic" if s % 2 == 0 else "random"]() for s in range(seats)]
        while not session.finished:
            state = session.deal()
            while not state.is_over:
                state.apply(players[state.turn].act(state.view(state.turn), rng))
            session.settle(state)
        assert session.over and session.winner is not None
        assert max(session.scores) >= rules.target_for(seats)
        totals = [0] * session.sides
        for settled in session.settled:
            gained = side_totals(settled.points, session.teams, session.sides)
            totals = [t + g for t, g in zip(totals, gained, strict=True)]
        assert totals == session.scores

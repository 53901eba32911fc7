"""Bésigue's strong players: the phase-2 solver against a brute force over the
engine, what a seat knows, the valuation of a hand, legal decisions in every
phase with two to four players, the budget, and a short duel."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.ai.duel import DuelConfig, run, summarize
from games.ai.search import SearchTimeout
from games.besigue import DealState, Kind, Phase, Rules, Session
from games.besigue.ai import PLAYERS, BesiguePimcPlayer, CheaterPlayer
from games.besigue.ai.heuristic import play_two
from games.besigue.ai.lookahead import physical
from games.besigue.ai.pimc import declaring, knowledge_of, play_position, unseen_of
from games.besigue.ai.solver import BesigueSolver, best_points, card_points, optimal_cards
from games.besigue.ai.value import Valuer, pool_of
from games.besigue.melds import Laid, MeldKind
from games.besigue.rules import Reuse
from games.cards import Card, Suit

from .helpers import build, do, laid_with, mask

HEURISTIC = PLAYERS["heuristic"]()


def to_phase2(seed: int, seats: int = 2, left: int = 8, rules: Rules | None = None) -> DealState:
    """A deal played by the rules of thumb into phase 2, then at random until the
    seat to play holds at most ``left`` cards."""
    rng = random.Random(seed)
    session = Session([f"P{s}" for s in range(seats)], rules=rules, dealer=seed % seats)
    state = session.deal(seed)
    while not state.is_over and state.phase is not Phase.PLAY2:
        state.apply(HEURISTIC.act(state.view(state.turn), rng))
    while not state.is_over and state.hands[state.turn].bit_count() > left:
        state.apply(rng.choice(state.legal_actions()))
    return state


def taken(state: DealState, seat: int, since: int) -> int:
    """The points ``seat`` took in the tricks from number ``since`` on: brisques,
    and the last trick once the deal is over."""
    points = 0
    for played in state.history[since:]:
        if played.winner == seat:
            points += card_points(sum(c.bit for _, c in played.cards))
    if state.is_over and state.history[-1].winner == seat:
        points += 10
    return points


def brute_force(state: DealState, seat: int, since: int) -> int:
    """The most points ``seat`` takes from here against all the others together:
    every legal line of the engine, no table, no pruning."""
    if state.is_over:
        return taken(state, seat, since)
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(brute_force(child, seat, since))
    return max(values) if state.turn == seat else min(values)


def solver_for(state: DealState, seat: int) -> tuple[BesigueSolver, object]:
    view = state.view(seat)
    position = play_position(view, list(state.hands))
    solver = BesigueSolver.of(seat, state.seats, position.rules)  # type: ignore[arg-type]
    return solver, position


# ---- the solver --------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "left", "rules"),
    [
        (2, 4, Rules()),
        (2, 4, Rules(phase2_must_win=True)),
        (3, 3, Rules()),
    ],
    ids=["two", "two-must-win", "three"],
)
def test_the_solver_takes_the_brute_forces_points(seats: int, left: int, rules: Rules) -> None:
    checked = 0
    for seed in range(40):
        state = to_phase2(seed, seats, left, rules)
        if state.is_over:
            continue
        for seat in {state.turn, (state.turn + 1) % seats}:
            since = len(state.history)
            expected = brute_force(state, seat, since)
            solver, position = solver_for(state, seat)
            assert best_points(solver, position) == expected, (seed, seat)  # type: ignore[arg-type]
            checked += 1
    assert checked >= 60


def test_the_best_cards_are_those_of_the_brute_force() -> None:
    checked = 0
    for seed in range(30):
        state = to_phase2(seed, 2, 4)
        if state.is_over:
            continue
        seat, since = state.turn, len(state.history)
        by_card: dict[int, int] = {}
        for action in state.legal_actions():
            child = state.copy()
            child.apply(action)
            assert action.card is not None
            by_card[action.card.index] = brute_force(child, seat, since)
        solver, position = solver_for(state, seat)
        value, cards = optimal_cards(solver, position)  # type: ignore[arg-type]
        assert value == max(by_card.values())
        faces = {Card.from_index(c).face.index for c in cards}
        assert faces == {c for c, v in by_card.items() if v == value}, seed
        checked += 1
    assert checked >= 20


def test_the_solver_stops_at_its_deadline() -> None:
    state = to_phase2(3, 3, 8)
    solver, position = solver_for(state, state.turn)
    solver.deadline = 0.0  # long past: the search gives up after its first nodes
    with pytest.raises(SearchTimeout):
        best_points(solver, position)  # type: ignore[arg-type]
    assert solver.nodes <= 256


# ---- what a seat knows -------------------------------------------------------


def test_the_deals_drawn_keep_every_seen_card_in_its_place() -> None:
    rng = random.Random(4)
    for seed in range(12):
        session = Session(["A", "B", "C"], dealer=seed % 3)
        state = session.deal(seed)
        for _ in range(rng.randrange(10, 60)):
            if state.is_over or state.phase is Phase.PLAY2:
                break
            state.apply(HEURISTIC.act(state.view(state.turn), rng))
        if state.is_over:
            continue
        seat = state.turn
        view = state.view(seat)
        knowledge = knowledge_of(view)
        for _ in range(5):
            deal = knowledge.sample(rng)
            assert deal[seat] == state.hands[seat]
            for other in range(3):
                assert deal[other].bit_count() == state.hands[other].bit_count()
                assert state.laid[other].cards & ~deal[other] == 0  # laid cards stay put
            stock = deal[3]
            assert stock.bit_count() == state.stock_left
            assert not stock & ~unseen_of(view)


def test_with_two_players_phase_two_is_known_exactly() -> None:
    for seed in range(10):
        state = to_phase2(seed, 2, 8)
        view = state.view(state.turn)
        knowledge = knowledge_of(view)
        assert knowledge.count() == 1
        assert next(knowledge.enumerate())[: state.seats] == list(state.hands)


def test_a_play_takes_the_card_the_engine_takes() -> None:
    rng = random.Random(9)
    checked = Counter[bool]()
    for seed in range(30):
        state = Session(["A", "B"], dealer=seed % 2).deal(seed)
        while not state.is_over and state.phase is not Phase.PLAY2:
            if state.phase is Phase.PLAY1:
                seat = state.turn
                for action in state.legal_actions():
                    assert action.card is not None
                    expected = state._play_index(seat, action)
                    got = physical(action.card.index, action.laid, state.unlaid(seat),
                                   state.laid[seat], 2)  # fmt: skip
                    assert got == expected
                    checked[bool(state.laid[seat].cards)] += 1
            state.apply(HEURISTIC.act(state.view(state.turn), rng))
    assert checked[True] > 50 and checked[False] > 50


# ---- the valuation -----------------------------------------------------------


def valuer(trump: Suit = Suit.H, stock: str = "", future: float = 6.0) -> Valuer:
    return Valuer(int(trump), Reuse.KIND, 2, pool_of(mask(stock)), 0.5, future)


def test_a_combination_held_is_worth_more_than_its_half() -> None:
    judge = valuer(stock="QS QS")
    both = judge.worth(mask("KS QS 7C"), Laid())
    half = judge.worth(mask("KS 8D 7C"), Laid())
    assert both > half + 10  # a marriage of 20, laid with a trick won
    # a queen of spades still in the stock makes the king worth something more
    assert half > valuer(stock="").worth(mask("KS 8D 7C"), Laid())


def test_laying_a_combination_keeps_the_worth_of_the_other_kinds() -> None:
    judge = valuer()
    cards = mask("QS JD KS 7C")
    laid = laid_with((MeldKind.BESIGUE, "QS JD"))
    # the bésigue is laid: the marriage of spades is still to lay, the bésigue not
    assert judge.worth(cards, Laid()) - judge.worth(cards, laid) == pytest.approx(
        40 * judge.weights.lay
    )
    best = judge.best_meld(cards, laid)
    assert best is not None and best[0] == 20


def test_the_largest_combination_is_laid_first() -> None:
    judge = valuer(Suit.H)
    best = judge.best_meld(mask("AH 10H KH QH JH 7C"), Laid())
    assert best is not None and best[0] == 250
    # under reuse=class a declared sequence gives no trump marriage
    strict = Valuer(int(Suit.H), Reuse.CLASS, 2, pool_of(0), 0.5, 4)
    laid = laid_with((MeldKind.SEQUENCE, "AH 10H KH QH JH"))
    assert strict.best_meld(mask("AH 10H KH QH JH 7C"), laid) is None
    assert judge.best_meld(mask("AH 10H KH QH JH 7C"), laid) is not None


def test_the_winner_exchanges_the_seven_before_laying() -> None:
    # trump hearts (the turned KH): the 7 exchanged brings the king of the marriage
    state = build(["7S 8S 9S 8D 9D 8C 9C JC", "AS QH 7H 10D JC QC KC 9H"], "KH", "8H 7D")
    do(state, "1 play AS", "0 play 7S")
    first = declaring(state.view(1))
    assert first.kind is Kind.SEVEN_EXCHANGE
    state.apply(first)
    second = declaring(state.view(1))
    assert str(second) == "meld trump-marriage KH QH"


# ---- the players -------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "rules"),
    [
        (2, Rules()),
        (3, Rules(target=2000)),  # (a deal to 600 may end at once, before phase 2)
        (4, Rules(target=2000)),
        (4, Rules(target=2000, partnerships=True)),
    ],
    ids=["two", "three", "four", "partners"],
)
def test_pimc_decides_legally_in_every_phase(seats: int, rules: Rules) -> None:
    pimc = BesiguePimcPlayer(max_deals=6)
    phases: Counter[Phase] = Counter()
    for seed in range(2 if seats == 2 else 1):
        state = Session([f"P{s}" for s in range(seats)], rules=rules, dealer=seed).deal(seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.turn
            view = state.view(seat)
            if seat in (0, 1):
                action = pimc.act(view, rng, 0.03)
                if len(view.legal) > 1:
                    phases[state.phase] += 1
            else:
                action = HEURISTIC.act(view, rng)
            assert state.is_legal(action), (action, state.actions[-5:])
            state.apply(action)
        assert state.outcome is not None
    assert phases[Phase.PLAY1] > 20 and phases[Phase.PLAY2] > 2 and phases[Phase.DECLARE], phases


def test_the_cheater_plays_whole_deals_and_refuses_a_view() -> None:
    cheater = CheaterPlayer()
    for seed in range(2):
        state = Session(["A", "B"], dealer=seed).deal(seed)
        rng = random.Random(seed)
        with pytest.raises(ValueError, match="cannot play from a view"):
            cheater.act(state.view(state.turn), rng)
        while not state.is_over:
            if state.turn == 0:
                action = cheater.act_full(state, rng, 0.05)
            else:
                action = HEURISTIC.act(state.view(1), rng)
            state.apply(action)
        assert state.outcome is not None


def test_pimc_keeps_to_its_budget_when_the_search_cannot_end() -> None:
    """At the start of phase 2 with three players no deal is solved within a
    budget of nothing: the rules of thumb answer, among the legal cards."""
    state = to_phase2(5, 3, 8)
    view = state.view(state.turn)
    assert len(view.legal) > 1
    action = BesiguePimcPlayer().act(view, random.Random(1), 0.0)
    plays = [a for a in view.legal if a.kind is Kind.PLAY]
    assert action in view.legal
    assert action == play_two(view, plays)


def test_pimc_takes_a_trick_to_lay_its_sequence_with_the_trump_outside_it() -> None:
    """Holding the sequence and one more trump, a lead it cannot beat otherwise is
    taken with that trump, which keeps the sequence whole to lay at once."""
    hands = ["AH 10H KH QH JH 9H 7S 8S", "9S 8D 9D 8C 7C JS 7D JC"]
    state = build(hands, "8H")
    do(state, "1 play 9S")
    view = state.view(0)
    action = BesiguePimcPlayer(max_deals=8).act(view, random.Random(2), 0.25)
    assert str(action) == "play 9H"


def test_a_short_duel_with_the_cheater_as_reference() -> None:
    config = DuelConfig(game="besigue", a="pimc", b="heuristic", deals=1, seed=3, budget=0.02,
                        ref="cheater")  # fmt: skip
    summary = summarize(config, run(config))
    assert summary["deals"] == 1 and len(summary["ci95"]) == 2
    assert summary["a_side"]["latency_ms"]["decisions"] > 20
    assert "gap_closed" in summary["ref"]

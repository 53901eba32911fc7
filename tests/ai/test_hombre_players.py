"""L'Hombre's strong computer players: legal decisions through whole deals, the
double-dummy solver in clear positions and against a plain minimax, deals
sampled consistently with a seat's view, and the duel."""

from __future__ import annotations

import random
from collections import Counter

from games.ai.duel import DuelConfig, arena_of, run, summarize
from games.cards import Card, Suit, card_mask, parse_cards
from games.hombre import DealState, Phase, Session
from games.hombre.actions import PASS, Kind
from games.hombre.ai import CheaterPlayer, HombrePimcPlayer
from games.hombre.ai.inference import knowledge_of
from games.hombre.ai.solver import Goal, HombrePosition, HombreSolver, reached
from games.hombre.ai.value import deal_score
from games.hombre.rules import SEATS, trick_rules

from .asking import ask_legal


def new_deal(rng: random.Random) -> DealState:
    session = Session([f"p{s}" for s in range(SEATS)], dealer=rng.randrange(SEATS))
    return session.deal(rng.randrange(1 << 30))


def driven_deal(rng: random.Random) -> list[DealState]:
    """The states of one deal played at random, the auction steered so that a
    hombre is found most of the time, and the talon sometimes shown."""
    state = new_deal(rng)
    states = []
    while not state.is_over:
        states.append(state.copy())
        legal = state.legal_actions()
        action = rng.choice(legal)
        if state.phase is Phase.AUCTION:
            calls = [a for a in legal if a.kind is not Kind.SANS_PRENDRE_VOLE]
            action = PASS if rng.random() < 0.4 else rng.choice(calls)
        state.apply(action)
    return states


def cards(text: str) -> int:
    return card_mask(parse_cards(text))


# ---- legality ---------------------------------------------------------------


def test_pimc_and_cheater_decide_legally_at_every_step() -> None:
    rng = random.Random(11)
    pimc = HombrePimcPlayer(max_deals=6)
    cheater = CheaterPlayer()
    asked: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    for deal_no in range(40):
        for state in driven_deal(rng):
            phases[state.phase.name] += 1
            ask_legal(pimc, state, deal_no, asked)
            action = cheater.act_full(state, random.Random(deal_no), 0.05)
            assert state.is_legal(action), (action, state.actions)
            asked["cheater"] += 1
    assert asked["pimc"] >= 600 and asked["cheater"] >= 600
    for phase in ("AUCTION", "TRUMP", "EXCHANGE", "TALON", "PLAY"):
        assert phases[phase] > 0, phases


def test_whole_deals_between_pimc_and_cheater_settle() -> None:
    """Played by themselves, every action they choose is accepted by the engine."""
    rng = random.Random(3)
    pimc = HombrePimcPlayer(max_deals=6)
    cheater = CheaterPlayer()
    results: Counter[str] = Counter()
    for deal_no in range(12):
        state = new_deal(rng)
        step = 0
        while not state.is_over:
            seeded = random.Random(deal_no * 1000 + step)
            if state.turn == deal_no % SEATS:
                action = cheater.act_full(state, seeded, 0.05)
            else:
                action = pimc.act(state.view(state.turn), seeded, 0.05)
            state.apply(action)  # raises on an illegal action
            step += 1
        assert state.outcome is not None
        assert abs(sum(deal_score(state, s) for s in range(SEATS))) < 1e-9
        results[state.outcome.result] += 1
    assert sum(results.values()) == 12 and results["all-pass"] < 12


def test_the_cheater_refuses_a_view() -> None:
    state = new_deal(random.Random(1))
    try:
        CheaterPlayer().act(state.view(state.turn), random.Random(1))
    except ValueError:
        return
    raise AssertionError("the cheater played from a view")


# ---- the solver -------------------------------------------------------------


def test_a_defender_keeps_his_lone_matador_under_a_small_trump() -> None:
    """Spades trump, the hombre leads 7♠: the defender whose only trump is the
    baste may throw a plain card (the matador privilege), and must, to keep the
    baste for later and give the hombre the codille."""
    hands = [cards("6H 4S"), cards("AC JD 7C"), cards("KH JS KD")]
    seven = Card.parse("7S").index
    position = HombrePosition.of(hands, 0, [seven], [3, 1, 2], 0, Suit.S)
    legal = position.legal()
    assert legal == hands[1]  # the privilege: no trump forced
    safe = HombreSolver.of(0, Goal.SAFE, Suit.S).move_values(position.copy())
    defenders_best = {c for c, made in safe.items() if not made}
    assert defenders_best == {Card.parse("JD").index, Card.parse("7C").index}
    assert safe[Card.parse("AC").index]


def test_the_espadille_draws_a_lone_manille() -> None:
    """The espadille led forces a defender holding only the lower manille to play
    it; a king of trump led lets him win with it, and he takes the codille."""
    hands = [cards("AS KS 3H"), cards("2S KH QH"), cards("2D 3D 4D")]
    position = HombrePosition.of(hands, 0, [], [3, 3, 0], 0, Suit.S)
    win = HombreSolver.of(0, Goal.WIN, Suit.S).move_values(position.copy())
    assert win[Card.parse("AS").index]
    assert not win[Card.parse("KS").index]
    after = position.copy()
    after.play(Card.parse("AS").index)
    assert after.legal() == cards("2S")


def test_the_hombre_stops_a_vole_he_cannot_make() -> None:
    hands = [cards("AS 3H"), cards("KH 2D"), cards("3D 4D")]
    position = HombrePosition.of(hands, 0, [], [7, 0, 0], 0, Suit.S)
    made = HombreSolver.of(0, Goal.ALL, Suit.S).move_values(position.copy())
    assert not any(made.values())  # K♥ takes the heart trick whatever he leads
    assert reached(Goal.WIN, 0, (7, 0, 0), 2)


def _minimax(position: HombrePosition, goal: Goal) -> bool:
    """Every legal card tried, no table, no pruning of equivalent cards."""
    left = position.hands[position.leader].bit_count() if not position.trick else 9
    if not position.trick:
        result = reached(goal, position.hombre, tuple(position.tricks), left)
        if result is not None:
            return result
    maximizing = position.turn == position.hombre
    outcomes = []
    legal = position.legal()
    for card in range(64):
        if legal >> card & 1:
            child = position.copy()
            child.play(card)
            outcomes.append(_minimax(child, goal))
    return any(outcomes) if maximizing else all(outcomes)


def test_the_solver_agrees_with_a_plain_minimax() -> None:
    rng = random.Random(8)
    checked = Counter[bool]()
    for _ in range(60):
        state = driven_deal(rng)[-1]
        if state.hombre < 0:
            continue
        # replay the deal to a point three or two tricks before its end
        replay = _at_trick(state, 6 + rng.randrange(2))
        if replay is None:
            continue
        goal = rng.choice(list(Goal))
        position = HombrePosition.from_state(replay)
        values = HombreSolver.of(replay.hombre, goal, replay.trump).move_values(position.copy())
        for card, value in values.items():
            child = position.copy()
            child.play(card)
            assert value == _minimax(child, goal), (replay.actions, goal, card)
            checked[value] += 1
    assert checked[True] >= 20 and checked[False] >= 20


def test_the_solver_cashes_the_hombres_masters_as_a_plain_minimax_does() -> None:
    # the hombre's hand rich in top trumps: the search's shortcut (his cards that
    # nothing the defenders hold beats are tricks he takes on lead, a vole proved
    # when they all are) must answer as trying every card does, for every goal
    rng = random.Random(30)
    checked = Counter[tuple[Goal, bool]]()
    for _ in range(90):
        trump = rng.choice(list(Suit))
        power = trick_rules(trump).power
        deck = sorted((c for c in range(64) if power[c] >= 0), key=lambda c: -power[c])
        left = rng.choice((3, 4))
        top = deck[: 2 * left]
        own = rng.sample(top, left - 1) + rng.sample([c for c in deck if c not in top], 1)
        rest = rng.sample([c for c in deck if c not in own], 2 * left)
        hands = [sum(1 << c for c in part) for part in (own, rest[:left], rest[left:])]
        leader = rng.randrange(SEATS)
        goal = rng.choice(list(Goal))
        if goal is Goal.ALL:
            tricks = [9 - left, 0, 0]
        else:
            first = rng.randint(0, 9 - left)
            tricks = [first, rng.randint(0, 9 - left - first), 0]
            tricks[2] = 9 - left - sum(tricks)
        position = HombrePosition.of(hands, leader, [], tricks, 0, trump)
        solved = HombreSolver.of(0, goal, trump).solve(position.copy())
        assert solved == _minimax(position, goal), (hands, leader, tricks, goal, trump)
        checked[goal, solved] += 1
    assert checked[Goal.ALL, True] >= 5 and checked[Goal.ALL, False] >= 5, checked
    assert checked[Goal.WIN, True] + checked[Goal.SAFE, True] >= 10, checked


def _at_trick(done: DealState, trick: int) -> DealState | None:
    state = DealState(done.rules, done.dealer, done.initial_hands, done.talon, done.pool)
    for _, action in done.actions:
        if state.phase is Phase.PLAY and len(state.history) == trick and not state.trick:
            return state if not state.can_stop() else None
        state.apply(action)
    return None


# ---- sampling -----------------------------------------------------------------


def test_sampled_deals_agree_with_the_view() -> None:
    rng = random.Random(21)
    checked: Counter[str] = Counter()
    for _ in range(50):
        for state in driven_deal(rng)[::3]:
            seat = state.turn
            view = state.view(seat)
            knowledge = knowledge_of(view)
            seen = view.hand | view.discarded | (view.talon_shown or 0)
            for t in view.tricks_played:
                seen |= card_mask(c for _, c in t.cards)
            seen |= card_mask(c for _, c in view.trick)
            for _ in range(3):
                deal = knowledge.sample(rng)
                assert deal[seat] == view.hand
                for s in range(SEATS):
                    assert deal[s].bit_count() == view.hand_counts[s]
                    if s != seat:
                        assert not deal[s] & seen
                if view.partner_hand is not None:
                    partner = next(s for s in range(SEATS) if s not in (seat, view.hombre))
                    assert deal[partner] == view.partner_hand
                    checked["partner"] += 1
                if view.talon_shown:
                    checked["talon shown"] += 1
                checked["voids"] += _check_voids(view, deal)
    assert checked["voids"] >= 100 and checked["talon shown"] > 0, checked


def _check_voids(view: object, deal: list[int]) -> int:
    """A card a seat refused to play by the rules (a suit not followed, a trump
    not played) is never in its sampled hand; the count of refusals checked."""
    from games.hombre.state import DealView

    assert isinstance(view, DealView)
    if view.trump < 0:
        return 0
    rules = trick_rules(view.trump)
    checked = 0
    tricks = [t.cards for t in view.tricks_played] + [view.trick]
    for trick in tricks:
        lead = winner = -1
        for seat, card in trick:
            if lead >= 0 and seat != view.seat:
                for x in range(64):
                    if deal[seat] >> x & 1:
                        assert rules.legal(card.bit | 1 << x, lead, winner) >> card.index & 1
                checked += 1
            if lead < 0:
                lead = winner = card.index
            elif rules.beats(card.index, winner):
                winner = card.index
    return checked


# ---- the duel -------------------------------------------------------------------


def test_the_duel_runs_and_sums_up() -> None:
    config = DuelConfig("hombre", "pimc", "heuristic", deals=2, seed=5, budget=0.03, ref="cheater")
    summary = summarize(config, run(config))
    assert summary["deals"] == 2 and summary["unit"] == "jetons"
    assert {"a_side", "b_side", "ref"} <= set(summary)
    assert summary["a_side"]["latency_ms"]["decisions"] > 0
    assert arena_of("hombre").seats == SEATS


def test_pimc_beats_random() -> None:
    config = DuelConfig("hombre", "pimc", "random", deals=6, seed=2, budget=0.03)
    summary = summarize(config, run(config))
    assert summary["mean_diff_per_deal"] > 0, summary

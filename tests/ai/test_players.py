"""Computer players: legal actions only, no peeking, double-dummy play when all is known."""

from __future__ import annotations

import pickle
import random
from collections import Counter

from games.ai import DecisionPool, RandomPlayer, decide
from games.bete_hombree import HandState, Kind, Phase, Rules
from games.bete_hombree.ai import CheaterPlayer, HeuristicPlayer, PimcPlayer
from games.bete_hombree.ai.inference import knowledge_of
from games.bete_hombree.ai.solver import HombreePosition, Solver
from games.bete_hombree.rules import CagnoteDiscard

from .asking import ask_legal
from .positions import in_play, known_deal_hand, new_hand, random_play, same_view_elsewhere

VARIANTS = (
    Rules(),
    Rules(cagnote_discard=CagnoteDiscard.UP_TO_3),
    Rules(pass_reentry=True, premier_in_belle=True),
    Rules(stop_when_decided=True),
)


def driven_hand(rng: random.Random, rules: Rules) -> list[HandState]:
    """The states of one hand whose actions are random, blind calls and exchanges often."""
    state = new_hand(rng, rules)
    states = []
    while not state.is_over:
        states.append(state.copy())
        legal = state.legal_actions()
        kinds = {a.kind: a for a in legal}
        action = rng.choice(legal)
        for kind in (Kind.SANS_PREJUDICE, Kind.RETIENS, Kind.CAGNOTE, Kind.TOUT):
            if kind in kinds and rng.random() < 0.35:
                action = kinds[kind]
        if state.phase is Phase.AUCTION and action.kind is Kind.BID and rng.random() < 0.75:
            action = kinds[Kind.PASS]
        state.apply(action)
    return states


def test_every_player_returns_legal_actions() -> None:
    rng = random.Random(11)
    cheap = [RandomPlayer(), HeuristicPlayer()]
    pimc = PimcPlayer(max_deals=6)
    cheater = CheaterPlayer()
    asked: Counter[str] = Counter()
    situations: Counter[str] = Counter()
    for hand_no in range(300):
        rules = VARIANTS[hand_no % len(VARIANTS)]
        for state in driven_hand(rng, rules):
            situations[_situation(state)] += 1
            for player in cheap:
                ask_legal(player, state, hand_no, asked)
            if hand_no % 5 == 0:
                ask_legal(pimc, state, hand_no, asked)
            if hand_no % 15 == 0:
                action = cheater.act_full(state, random.Random(hand_no), 0.05)
                assert state.is_legal(action), ("cheater", action, state.actions)
                asked["cheater"] += 1
    assert asked["random"] >= 3000 and asked["pimc"] >= 1000 and asked["cheater"] >= 300
    for name in (
        "auction, first call of first hand",
        "auction, je retiens open",
        "discard after je cagnote",
        "discard after je prends le tout",
        "declare after sans préjudice",
        "declare after je retiens",
        "play",
    ):
        assert situations[name] >= 10, situations


def _situation(state: HandState) -> str:
    legal = {a.kind for a in state.legal_actions()}
    if state.phase is Phase.AUCTION:
        if Kind.SANS_PREJUDICE in legal:
            return "auction, first call of first hand"
        if Kind.RETIENS in legal:
            return "auction, je retiens open"
        return "auction"
    if state.phase is Phase.DISCARD:
        return (
            "discard after je cagnote"
            if state.call is Kind.CAGNOTE
            else ("discard after je prends le tout")
        )
    if state.phase is Phase.DECLARE:
        names = {Kind.SANS_PREJUDICE: "sans préjudice", Kind.RETIENS: "je retiens"}
        return f"declare after {names.get(state.call, state.call.name.lower())}"
    return "play"


def test_players_never_peek() -> None:
    """Two states giving a seat the same view lead each player to the same action."""
    rng = random.Random(5)
    players = [RandomPlayer(), HeuristicPlayer(), PimcPlayer(max_deals=8)]
    compared = Counter[str]()
    differing_deals = 0
    for hand_no in range(160):
        states = driven_hand(rng, Rules())
        for state in rng.sample(states, min(4, len(states))):
            seat = state.turn
            other = same_view_elsewhere(state, seat, rng)
            if other is None:
                continue
            assert other.view(seat) == state.view(seat)
            differing_deals += other.hands != state.hands
            for player in players:
                seed = hand_no * 31 + seat
                # a generous budget: the number of deals drawn, not the clock, stops pimc
                first = player.act(state.view(seat), random.Random(seed), 30.0)
                second = player.act(other.view(seat), random.Random(seed), 30.0)
                assert first == second, (player.name, state.actions)
                compared[player.name] += 1
            compared[state.phase.name] += 1
    assert differing_deals >= 300
    for phase in ("AUCTION", "DISCARD", "DECLARE", "PLAY"):
        assert compared[phase] >= 5, compared


def test_pimc_plays_double_dummy_when_everything_is_known() -> None:
    """Where the declarer's view admits one deal only, pimc's card is double-dummy optimal.

    Every seat plays double-dummy (a random card among the best), so contracts
    stay on the edge and a wrong card would lose; defenders who hold mostly one
    suit show their voids, which soon leaves a single consistent deal.
    """
    rng = random.Random(9)
    pimc = PimcPlayer(max_deals=8)
    checked = informative = hands = 0
    while informative < 25 and hands < 4000:
        state = known_deal_hand(rng, long_suit=4 + hands % 2)
        hands += 1
        while not state.is_over:
            view = state.view(state.turn)
            position = HombreePosition.from_state(state)
            values = Solver.for_position(position).move_values(position)
            if (
                state.turn == state.declarer
                and len(view.legal) > 1
                and knowledge_of(view).count() == 1
            ):
                action = pimc.act(view, random.Random(checked), 30.0)
                card = action.cards.bit_length() - 1
                assert values[card] == max(values.values()), (state.actions, values)
                checked += 1
                informative += len(set(values.values())) > 1
            want = state.turn == state.declarer
            best = [c for c, made in values.items() if made is want] or list(values)
            card = rng.choice(best)
            state.apply(next(a for a in view.legal if a.cards == 1 << card))
    assert informative >= 25 and checked >= 200


def test_decide_is_the_worker_entry_point() -> None:
    """Views pickle, and ``decide`` answers from a view, a budget and a seed."""
    rng = random.Random(2)
    state = new_hand(rng)
    view = pickle.loads(pickle.dumps(state.view(state.turn)))
    for name in ("random", "heuristic", "pimc"):
        action = decide("bete-hombree", name, view, 0.1, 7)
        assert state.is_legal(action)
        assert decide("bete-hombree", name, view, 30.0, 7) == decide(
            "bete-hombree", name, view, 30.0, 7
        )


def test_decisions_run_in_a_worker_process() -> None:
    rng = random.Random(4)
    state = random_play(in_play(rng), rng, 3)
    with DecisionPool(1) as pool:
        future = pool.submit("bete-hombree", "pimc", state.view(state.turn), 0.2, 1)
        assert state.is_legal(future.result(timeout=120))

"""L'Hombre's strong player deciding by search: the exchange (its discards, valued
on the same deals), the call and the trump, the vole, the reading of the calls
and the exchanges, and the defenders' signals."""

from __future__ import annotations

import random
import time
from collections import Counter

from games.ai.duel import DuelConfig, arena_of, run, summarize
from games.cards import Suit, bits_of, card_mask, parse_cards
from games.hombre import DealState, Phase, Session
from games.hombre.actions import PASS, STOP, Action, Kind, Signal, discard, play, trump
from games.hombre.ai import HombreHeuristicPlayer, HombrePimcPlayer
from games.hombre.ai.contract import Judge
from games.hombre.ai.exchange import discard_choices, exchange_values
from games.hombre.ai.heuristic import (
    DEFENDER_MOST,
    PRENDRE_SCORE,
    SANS_PRENDRE_SCORE,
    best_trump,
    trump_score,
    weak_discard,
)
from games.hombre.ai.inference import MISFIT, Reading, knowledge_of, strong_count
from games.hombre.ai.signals import asked, honours, signal_for
from games.hombre.rules import DECK_MASK, HAND_SIZE, SEATS, TALON_SIZE, trick_rules

PLENTY = 10.0  # seconds: deals are drawn until the sampler's count, not the clock


def cards(text: str) -> int:
    return card_mask(parse_cards(text))


def dealt(first_hand: str, rng: random.Random, others: tuple[str, str] = ("", "")) -> DealState:
    """A deal whose first hand (seat 0) holds ``first_hand``; the other hands hold
    ``others`` and random cards besides, the talon the rest."""
    given = [cards(first_hand), cards(others[0]), cards(others[1])]
    rest = bits_of(DECK_MASK & ~(given[0] | given[1] | given[2]))
    rng.shuffle(rest)
    hands = []
    for hand in given:
        while hand.bit_count() < HAND_SIZE:
            hand |= 1 << rest.pop()
        hands.append(hand)
    assert len(rest) == TALON_SIZE
    return Session(["a", "b", "c"], dealer=2).deal_hands(hands, rest)


def to_exchange(state: DealState, call: Kind, suit: Suit) -> DealState:
    """First hand makes ``call``, the others pass, and he names ``suit``."""
    state.apply(next(a for a in state.legal_actions() if a.kind is call))
    while state.phase is Phase.AUCTION:
        state.apply(PASS)
    state.apply(trump(suit))
    return state


def deals_of(
    player: HombrePimcPlayer, state: DealState, seed: int
) -> list[tuple[float, list[int]]]:
    view = state.view(state.turn)
    return list(player.deals(view, random.Random(seed), time.perf_counter() + PLENTY))


# ---- the exchange -----------------------------------------------------------------


def test_the_discards_tried_throw_each_suits_lowest_cards_first() -> None:
    rng = random.Random(2)
    for _ in range(200):
        hand = sum(1 << c for c in rng.sample(bits_of(DECK_MASK), HAND_SIZE))
        suit = rng.randrange(4)
        least, most = rng.choice([(1, 9), (1, 5), (0, 5), (0, 3), (1, 2)])
        rules = trick_rules(suit)
        choices = discard_choices(hand, suit, least, most)
        assert len(set(choices)) == len(choices)
        plain = hand & ~rules.trump_mask
        for mask in choices:
            assert mask & ~hand == 0 and least <= mask.bit_count() <= most
            for card in bits_of(mask & plain):
                lower = [
                    c
                    for c in bits_of(plain)
                    if rules.suit[c] == rules.suit[card] and rules.power[c] < rules.power[card]
                ]
                assert all(mask >> c & 1 for c in lower), "a lower card of the suit kept"
            if mask & rules.trump_mask:
                assert mask & plain == plain, "a trump thrown while a plain card is kept"
        # the rules of thumb's discard is among those tried
        assert weak_discard(hand, suit, least, most) in choices or least > (
            plain.bit_count() if plain else 0
        )


def test_every_discard_is_valued_on_the_same_deals() -> None:
    """The same discard listed twice gets the same value to the last bit: both are
    judged on the very deals, talon orders and the others' discards."""
    rng = random.Random(5)
    pimc = HombrePimcPlayer(max_deals=30)
    for seed in range(4):
        state = to_exchange(dealt("AS AC 7S 6S KH 3C 4C 5D 6H", rng), Kind.PRENDRE, Suit.S)
        state.apply(discard(cards("3C 4C 5D")))  # the hombre's; the defender's turn now
        view = state.view(state.turn)
        assert view.seat != view.hombre
        least, most = view.exchange or (0, 0)
        choices = discard_choices(view.hand, view.trump, least, most)
        candidates = [choices[0], choices[-1], choices[0], choices[-1]]
        deals = deals_of(pimc, state, seed)
        values = exchange_values(view, Judge(view), candidates, iter(deals), random.Random(seed))
        assert values[0] == values[2] and values[1] == values[3]
        assert values[0] != values[1] or choices[0] == choices[-1]


def test_the_exchange_throws_the_useless_cards_not_fewer() -> None:
    """Five matadors and four low plain cards: drawing for all four low cards is
    worth more than drawing for fewer, and the player throws all four."""
    pimc = HombrePimcPlayer()
    weak = cards("3C 4C 5C 6H")
    for seed in range(3):
        state = to_exchange(
            dealt("AS 2S AC KS QS 3C 4C 5C 6H", random.Random(seed)), Kind.PRENDRE, Suit.S
        )
        view = state.view(state.turn)
        one, two = cards("3C"), cards("3C 4C")
        deals = deals_of(pimc, state, seed)
        values = exchange_values(view, Judge(view), [weak, one, two], iter(deals), random.Random(0))
        assert values[0] > values[2] > values[1], values
        action = pimc.act(view, random.Random(seed), 0.25)
        assert action == discard(weak)


# ---- the call and the trump ---------------------------------------------------


def test_it_passes_with_nothing_and_calls_with_a_strong_hand() -> None:
    pimc = HombrePimcPlayer()
    kinds = Counter[tuple[str, Kind]]()
    hands = {
        "nothing": "3C 4C 5C 6H 7H 5D 6D 3S 4S",
        "matadors": "AS AC KS QS 3C 4C 5C 6H 7H",
        "vole": "AS 2S AC KS QS JS 7S KH KD",  # seven trumps and the red kings: every trick
    }
    for seed in range(4):
        for name, hand in hands.items():
            state = dealt(hand, random.Random(seed))
            kinds[name, pimc.act(state.view(0), random.Random(seed), 0.25).kind] += 1
    assert kinds["nothing", Kind.PASS] == 4
    assert kinds["matadors", Kind.PRENDRE] + kinds["matadors", Kind.SANS_PRENDRE] == 4
    assert kinds["vole", Kind.SANS_PRENDRE_VOLE] == 4


def test_the_vole_is_not_announced_by_a_hand_that_may_lose_a_trick() -> None:
    """Seven trumps but two low plain cards the defenders can take: a sure win,
    no sure vole; it calls without announcing it."""
    pimc = HombrePimcPlayer()
    for seed in range(4):
        state = dealt("AS 2S AC KS QS JS 7S 3C 7H", random.Random(seed), ("KC QC", "KH QH"))
        kind = pimc.act(state.view(0), random.Random(seed), 0.25).kind
        assert kind in (Kind.PRENDRE, Kind.SANS_PRENDRE), kind


def test_a_doubtful_hand_does_not_announce_the_vole_because_failing_is_cheap() -> None:
    """A failed vole costs the hombre only his share of the poule: worth more on
    average than passing with a middling hand, but it is not announced."""
    pimc = HombrePimcPlayer()
    for seed in range(4):
        state = dealt("KS 4S 3S KH 3H 2H KD QD AC", random.Random(seed))
        assert pimc.act(state.view(0), random.Random(seed), 0.25).kind is not Kind.SANS_PRENDRE_VOLE


def test_the_trump_named_is_the_hands_long_suit() -> None:
    pimc = HombrePimcPlayer()
    for seed in range(3):
        state = dealt("AS AC KH QH JH 7H 6H 3C 4D", random.Random(seed))
        state.apply(next(a for a in state.legal_actions() if a.kind is Kind.PRENDRE))
        while state.phase is Phase.AUCTION:
            state.apply(PASS)
        assert pimc.act(state.view(0), random.Random(seed), 0.25) == trump(Suit.H)


# ---- the vole at the stop -------------------------------------------------------


def at_the_stop(first_hand: str, others: tuple[str, str], seed: int) -> DealState:
    """First hand plays sans prendre in spades, the defenders keep their hands, and
    he leads his five best trumps: the stop is his to say."""
    state = to_exchange(dealt(first_hand, random.Random(seed), others), Kind.SANS_PRENDRE, Suit.S)
    while state.phase is Phase.EXCHANGE:
        state.apply(discard(0))
    rng = random.Random(seed)
    rules = trick_rules(Suit.S)
    thumb = HombreHeuristicPlayer()
    while sum(state.tricks) < 5:
        if state.turn == 0:
            own = state.hands[0] & rules.trump_mask
            state.apply(play(max(bits_of(own), key=lambda c: rules.power[c])))
        else:
            state.apply(thumb.act(state.view(state.turn), rng))
    assert STOP in state.legal_actions()
    return state


def test_the_hombre_plays_on_for_a_sure_vole_and_stops_otherwise() -> None:
    pimc = HombrePimcPlayer()
    for seed in range(3):
        sure = at_the_stop("AS 2S AC KS QS JS 7S KH KD", ("", ""), seed)
        assert pimc.act(sure.view(0), random.Random(seed), 0.25) != STOP
        lost = at_the_stop("AS 2S AC KS QS JS 3C 7H 7D", ("KC", "KH KD"), seed)
        assert pimc.act(lost.view(0), random.Random(seed), 0.25) == STOP


# ---- inference from the calls and the exchange --------------------------------


def test_deals_contradicting_a_call_weigh_less() -> None:
    """First hand passes, second hand says prendre: from the third seat's view a
    deal weighs MISFIT for each of those calls its hands do not explain."""
    rng = random.Random(3)
    exercised = Counter[str]()
    for _ in range(30):
        state = Session(["a", "b", "c"], dealer=2).deal(rng.randrange(1 << 30))
        state.apply(PASS)
        state.apply(next(a for a in state.legal_actions() if a.kind is Kind.PRENDRE))
        view = state.view(2)
        reading = Reading.from_view(view)
        assert reading.informative
        knowledge = knowledge_of(view)
        for _ in range(30):
            deal = knowledge.sample(rng)
            strong_passer = best_trump(deal[0])[1] >= PRENDRE_SCORE
            weak_caller = best_trump(deal[1])[1] < PRENDRE_SCORE
            assert reading.weight(deal) == MISFIT ** (strong_passer + weak_caller)
            exercised["passer"] += strong_passer
            exercised["caller"] += weak_caller
    assert exercised["passer"] >= 20 and exercised["caller"] >= 20


def test_a_pass_over_a_prendre_denies_a_sans_prendre_hand() -> None:
    rng = random.Random(4)
    for _ in range(20):
        state = Session(["a", "b", "c"], dealer=2).deal(rng.randrange(1 << 30))
        state.apply(next(a for a in state.legal_actions() if a.kind is Kind.PRENDRE))
        state.apply(PASS)
        reading = Reading.from_view(state.view(2))
        knowledge = knowledge_of(state.view(2))
        for _ in range(20):
            deal = knowledge.sample(rng)
            misfits = (best_trump(deal[1])[1] >= SANS_PRENDRE_SCORE) + (
                best_trump(deal[0])[1] < PRENDRE_SCORE
            )
            assert reading.weight(deal) == MISFIT**misfits


def test_a_short_exchange_says_the_hand_kept_its_trumps_and_kings() -> None:
    """The hombre drew few cards: from a defender's view, a deal whose hombre holds
    fewer trumps and kings than he kept weighs less; the pass of the view's own
    seat says nothing."""
    rng = random.Random(6)
    checked = Counter[bool]()
    for _ in range(30):
        state = Session(["a", "b", "c"], dealer=2).deal(rng.randrange(1 << 30))
        state.apply(next(a for a in state.legal_actions() if a.kind is Kind.PRENDRE))
        while state.phase is Phase.AUCTION:
            state.apply(PASS)
        state.apply(trump(best_trump(state.hands[0])[0]))
        drawn = rng.randint(3, 6)
        hand = state.hands[0]
        state.apply(discard(sum(1 << c for c in sorted(bits_of(hand))[:drawn])))
        view = state.view(1)
        reading = Reading.from_view(view)
        assert reading.kept[0] == HAND_SIZE - drawn and reading.kept[1] == 0
        knowledge = knowledge_of(view)
        for _ in range(20):
            deal = knowledge.sample(rng)
            weak_now = trump_score(deal[0], Suit(view.trump)) < PRENDRE_SCORE
            lost = strong_count(deal[0], view.trump) < HAND_SIZE - drawn
            # seat 2, yet to exchange, passed over the prendre
            over = best_trump(deal[2])[1] >= SANS_PRENDRE_SCORE
            assert reading.weight(deal) == MISFIT ** (weak_now + lost + over)
            checked[lost] += 1
    assert checked[True] >= 20 and checked[False] >= 20


def test_a_defender_who_took_the_most_says_nothing_by_it() -> None:
    rng = random.Random(7)
    state = to_exchange(dealt("AS AC KS QS 7S 3C 4C 5C 6H", rng), Kind.PRENDRE, Suit.S)
    state.apply(discard(cards("3C 4C 5C 6H")))
    defender = state.turn
    state.apply(discard(sum(1 << c for c in bits_of(state.hands[defender])[:DEFENDER_MOST])))
    reading = Reading.from_view(state.view(state.turn))
    assert reading.kept[defender] == 0


# ---- the defenders' signals -------------------------------------------------------


def played_deals(seed: int, deals: int) -> list[DealState]:
    """The card-play states of deals the rules of thumb play."""
    rng = random.Random(seed)
    thumb = HombreHeuristicPlayer()
    states = []
    for _ in range(deals):
        state = Session(["a", "b", "c"], dealer=rng.randrange(SEATS)).deal(rng.randrange(1 << 30))
        while not state.is_over:
            if state.phase is Phase.PLAY:
                states.append(state.copy())
            state.apply(thumb.act(state.view(state.turn), rng))
    return states


def test_gano_is_said_with_a_card_only_the_partner_could_beat() -> None:
    said = Counter[Signal]()
    for state in played_deals(1, 60):
        view = state.view(state.turn)
        if view.seat == view.hombre:
            continue
        rules = trick_rules(view.trump)
        for card in bits_of(view.hand):
            if not state.is_legal(play(card)):
                continue
            signal = signal_for(view, card)
            said[signal] += 1
            assert state.is_legal(play(card, signal))
            if signal is Signal.GANO:
                assert view.trick and all(rules.beats(card, c.index) for _, c in view.trick)
                hombre_to_play = not any(s == view.hombre for s, _ in view.trick)
                hombre_hand = state.hands[view.hombre]
                assert not (
                    hombre_to_play and any(rules.beats(c, card) for c in bits_of(hombre_hand))
                )
    assert said[Signal.GANO] >= 20 and said[Signal.KNOCK] >= 1


def test_a_defender_lets_the_trick_his_partner_asked_for_pass() -> None:
    """After the partner's gaño, with a card that does not take the trick from
    him, the strong player does not overtake (``honours``)."""
    pimc = HombrePimcPlayer(max_deals=12)
    checked = 0
    for state in played_deals(2, 80):
        view = state.view(state.turn)
        if view.seat == view.hombre or not view.trick:
            continue
        partner = next(s for s in range(SEATS) if s not in (view.seat, view.hombre))
        # the hombre plays after this seat: only the gaño says he cannot take it
        if view.winning != partner or any(s == view.hombre for s, _ in view.trick):
            continue
        card = next(c.index for s, c in view.trick if s == partner)
        signalled = state.copy()
        signalled.signals.append((partner, card, Signal.GANO))
        asked_view = signalled.view(signalled.turn)
        assert asked(asked_view) is Signal.GANO
        legal = [a for a in asked_view.legal if a.kind is Kind.PLAY and not a.signal]
        passing = [a for a in legal if honours(asked_view, a.cards.bit_length() - 1, Signal.GANO)]
        if not passing or len(passing) == len(legal):
            continue
        chosen: Action = pimc.act(asked_view, random.Random(checked), 0.1)
        assert honours(asked_view, chosen.cards.bit_length() - 1, Signal.GANO), chosen
        checked += 1
    assert checked >= 5


# ---- the duel -------------------------------------------------------------------


def test_pimc_meets_the_first_strong_player_in_the_duel() -> None:
    config = DuelConfig("hombre", "pimc", "pimc1", deals=2, seed=3, budget=0.03)
    summary = summarize(config, run(config))
    assert summary["deals"] == 2
    assert summary["a_side"]["latency_ms"]["decisions"] > 0
    assert summary["b_side"]["latency_ms"]["decisions"] > 0


def test_the_duel_counts_every_result_of_the_hombre() -> None:
    arena = arena_of("hombre")
    facts = [{"hombre": True, "result": r} for r in ("win", "vole-failed", "codille")]
    side = arena.side(facts)
    assert side["hombre"] == 3 and side["vole-failed"] == 1
    assert "1 vole-failed" in arena.lines("a", "pimc", side)[0]

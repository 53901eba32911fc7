"""Random positions of La Bête Hombrée for the computer players' tests."""

from __future__ import annotations

import random

from games.bete_hombree import HandState, Rules
from games.bete_hombree.actions import PASS, bid, declare
from games.bete_hombree.session import shuffled_deal
from games.dealing import DealPattern


def new_hand(rng: random.Random, rules: Rules | None = None) -> HandState:
    dealer = rng.randrange(4)
    belle = rng.randrange(4)
    hands, cagnot = shuffled_deal(rng, dealer, belle, DealPattern.TWO_THREE)
    return HandState(rules or Rules(), dealer, belle, hands, cagnot)


def in_play(rng: random.Random, level: int | None = None) -> HandState:
    """A hand whose auction is over: a random declarer, level and trump."""
    state = new_hand(rng)
    declarer = rng.randrange(4)
    level = rng.randint(2, 5) if level is None else level
    trump = rng.randrange(4)
    while state.phase == 0:
        state.apply(bid(level, trump == int(state.belle)) if state.turn == declarer else PASS)
    state.apply(declare(level, trump))
    return state


def random_play(state: HandState, rng: random.Random, steps: int) -> HandState:
    """Play ``steps`` random legal actions (fewer if the hand ends)."""
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state

"""Random positions of La Bête Hombrée for the computer players' tests."""

from __future__ import annotations

import random

from games.bete_hombree import HandState, Rules
from games.bete_hombree.actions import CAGNOTE, PASS, Action, Kind, bid, declare
from games.bete_hombree.ai.inference import OUT, knowledge_of
from games.bete_hombree.ai.solver import HombreePosition, solve
from games.bete_hombree.session import shuffled_deal
from games.bete_hombree.state import Phase, deck_for
from games.cards import SUIT_MASKS
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


def known_deal_hand(rng: random.Random, long_suit: int = 5) -> HandState:
    """A hand the dealer plays after je cagnote, each defender holding one suit.

    The declarer knows his discards, and defenders show their voids early, so
    his view soon determines every hidden card.
    """
    dealer = rng.randrange(4)
    belle = rng.randrange(4)
    deck = deck_for(belle)
    suits = [s for s in range(4) if s != belle]
    rng.shuffle(suits)
    hands = [0] * 4
    used = 0
    for k in range(3):
        seat = (dealer + 1 + k) % 4
        for card in rng.sample(cards_in(deck & SUIT_MASKS[suits[k]]), long_suit):
            hands[seat] |= 1 << card
        used |= hands[seat]
    rest = cards_in(deck & ~used)
    rng.shuffle(rest)
    for k in range(3):
        seat = (dealer + 1 + k) % 4
        for _ in range(5 - long_suit):
            hands[seat] |= 1 << rest.pop()
    rng.shuffle(rest)
    for card in rest[:5]:
        hands[dealer] |= 1 << card
    state = HandState(Rules(), dealer, belle, hands, rest[5:])
    while state.phase is Phase.AUCTION:
        state.apply(CAGNOTE if state.turn == dealer else PASS)
    state.apply(rng.choice(state.legal_actions()))  # discard
    # the highest contract just made double-dummy: the declarer's play then matters
    made = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        if solve(HombreePosition.from_state(child)):
            made.append(action)
    if made:
        top = max(a.level for a in made)
        state.apply(rng.choice([a for a in made if a.level == top]))
    else:
        state.apply(rng.choice(state.legal_actions()))
    return state


def cards_in(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def same_view_elsewhere(state: HandState, seat: int, rng: random.Random) -> HandState | None:
    """Another deal, drawn from what ``seat`` has seen, replayed with the same actions.

    The hidden cards are placed by ``Knowledge.sample`` (``knowledge_of``); every action is replayed
    (the declarer's discards, unseen by the others, become the sampled ones).
    Returns None for the one case not rebuilt (a partial cagnote exchange).
    """
    view = state.view(seat)
    deal = knowledge_of(view).sample(rng)
    played = [0] * 4
    for trick in state.history:
        for s, card in trick.cards:
            played[s] |= card.bit
    for s, index in state.trick:
        played[s] |= 1 << index
    now = [deal[s] | played[s] for s in range(4)]
    initial = list(now)
    out = cards_in(deal[OUT])
    rng.shuffle(out)
    cagnot = out
    discard_cards = None
    exchanged = state.cagnot_taken != 0
    declarer = state.declarer
    if exchanged and declarer == seat:
        initial[seat] = state.initial_hands[seat]
        cagnot = list(state.cagnot)
    elif exchanged and state.phase is Phase.DISCARD:
        # je prends le tout, not yet discarded: the 8 cards are the deal and the cagnot
        pool = cards_in(now[declarer])
        rng.shuffle(pool)
        cagnot = pool[:3]
        initial[declarer] = sum(1 << c for c in pool[3:])
    elif exchanged:
        if state.discarded.bit_count() != 3:
            return None
        held = cards_in(now[declarer])
        rng.shuffle(held)
        cagnot = held[:3]
        discard_cards = deal[OUT]
        kept = sum(1 << c for c in held[3:])
        initial[declarer] = kept | deal[OUT] if state.call is Kind.CAGNOTE else kept
        if state.call is Kind.TOUT:
            # the 8 cards were the 5 dealt and the cagnot; the discards were among them
            eight = now[declarer] | deal[OUT]
            pool = cards_in(eight)
            rng.shuffle(pool)
            cagnot = pool[:3]
            initial[declarer] = sum(1 << c for c in pool[3:])
    elif state.phase is Phase.DISCARD and state.call is Kind.TOUT and declarer == seat:
        initial[seat] = state.initial_hands[seat]
        cagnot = list(state.cagnot)
    other = HandState(
        state.rules,
        state.dealer,
        state.belle,
        initial,
        cagnot,
        state.entry,
        state.pot,
    )
    for s, action in state.actions:
        if action.kind is Kind.DISCARD and discard_cards is not None:
            action = Action(Kind.DISCARD, cards=discard_cards)
        other.apply(action, s)
    return other

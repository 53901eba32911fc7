"""Random playouts: 10,000 seeded hands of La Bête Hombrée, invariants after every action.

Twenty "guilds" each play five sessions of 100 hands with their own table
options, carrying the register and the pot from session to session while the
players at the table change (so entries of absent owners wait).  After every
action:

* an independent model of where every card is (built from the deal and the
  actions only) matches each seat's view, and accounts for the 23 cards;
* balances plus pot sum to zero;
* the seat to act has at least one legal action until the hand ends; when it
  plays, the legal cards are those of the reference reading of §1.5, and
  ``is_legal`` agrees with ``legal_actions``;
* no view shows a card hidden from that seat (another hand, the cagnot, the
  declarer's discards).

After every trick the winner is checked against the reference rule, and the
hand must end exactly when RULES.md §1.6 says (5 tricks, or as soon as the
result is decided with ``stop_when_decided``).  After every hand the
settlement is recomputed from RULES.md by a reference written here, and the
hand's record, through JSON, replays to the identical views and settlement.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from games.bete_hombree import (
    HandRecord,
    HandState,
    HandView,
    Phase,
    Rules,
    Session,
    record_of,
    replay,
)
from games.bete_hombree.actions import Action, Kind, play
from games.bete_hombree.rules import PinandeleRule, StakeRule
from games.cards import Suit, cards_of
from games.register import BeteOrder, Register
from tests.games.helpers import (
    deck,
    mask,
    reference_decided,
    reference_legal,
    reference_made,
    trick_winner,
)

GUILDS = 20
SESSIONS = 5
HANDS = 100  # per session: 20 × 5 × 100 = 10,000 hands
NAMES = ("Ana", "Bob", "Cid", "Dan", "Eve", "Fay")
DECKS = {s: mask([str(c) for c in deck(s.name)]) for s in Suit}

OPTION_CHOICES: dict[str, list[Any]] = {
    "pass_reentry": [False, True],
    "premier_in_belle": [False, True],
    "cagnote_discard": ["exactly_3", "up_to_3"],
    "stop_when_decided": [False, True],
    "stake_rule": ["ameye", "js1984"],
    "pinandele": ["queue", "with_next_bete"],
    "bete_order": ["oldest", "largest"],
    "belle_on_announce": [False, True],
    "deal_pattern": ["2-3", "3-2"],
}


def guild_rules(rng: random.Random, guild: int) -> Rules:
    if guild == 0:
        return Rules()  # the rules as written get a guild of their own
    return Rules.from_dict({name: rng.choice(values) for name, values in OPTION_CHOICES.items()})


@dataclass
class CardModel:
    """Where every card is, followed from the deal and the actions alone."""

    hands: list[int]
    cagnot: list[int]  # bit numbers, in order
    dealer: int
    taken: int = 0  # cagnot cards now in the dealer's hand
    discarded: int = 0
    played: int = 0
    last_call: Kind = Kind.PASS
    calls: list[tuple[int, Action]] = field(default_factory=list)

    def apply(self, seat: int, action: Action, auction_closed: bool) -> None:
        kind = action.kind
        if kind is Kind.PLAY:
            assert self.hands[seat] & action.cards
            self.hands[seat] &= ~action.cards
            self.played |= action.cards
        elif kind is Kind.DISCARD:
            self.hands[seat] &= ~action.cards
            self.discarded = action.cards
            if self.last_call is Kind.CAGNOTE:  # blind discard, then as many cagnot cards
                for index in self.cagnot[: action.cards.bit_count()]:
                    self.taken |= 1 << index
                self.hands[seat] |= self.taken
        elif kind is not Kind.DECLARE:
            self.calls.append((seat, action))
            if kind is not Kind.PASS:
                self.last_call = kind
            if auction_closed and self.last_call is Kind.TOUT:  # takes the cagnot, then discards
                for index in self.cagnot:
                    self.taken |= 1 << index
                self.hands[self.dealer] |= self.taken

    @property
    def cagnot_left(self) -> int:
        return sum(1 << i for i in self.cagnot) & ~self.taken


def check_cards(state: HandState, model: CardModel, belle: Suit) -> list[HandView]:
    views = [state.view(s) for s in range(4)]
    hands = model.hands
    assert [v.hand for v in views] == hands
    left = model.cagnot_left
    held = hands[0] | hands[1] | hands[2] | hands[3]
    parts = [*hands, model.played, model.discarded, left]
    assert sum(p.bit_count() for p in parts) == 23  # each of the 23 cards once...
    assert held | model.played | model.discarded | left == DECKS[belle]  # ...and all of them
    declarer = views[0].declarer
    turn = state.turn
    for seat, view in enumerate(views):
        hidden = (held & ~hands[seat]) | left
        if seat != declarer:
            hidden |= model.discarded
        assert not view.visible_cards() & hidden, (seat, cards_of(view.visible_cards() & hidden))
        if seat != turn:
            assert view.legal == ()
        elif view.phase in (Phase.PLAY, Phase.DISCARD):
            for action in view.legal:
                assert not action.cards & ~view.hand
    return views


@cache
def decided(winners: tuple[int, ...], level: int) -> bool | None:
    """The reference verdict, with the declarer as seat 0 (memoised)."""
    return reference_decided(list(winners), 0, level)


def stake_by_rules(rules: Rules, level: int, belle: bool, matadors: int) -> int:
    if rules.stake_rule is StakeRule.JS1984:
        return (level + matadors) * (2 if belle else 1) * (2 if level == 5 else 1)
    return ((10 if level == 5 else level) + matadors) * (2 if belle else 1)


def reference_settlement(
    session: Session,
    register_before: list[tuple[str | None, int]],
    pot_before: int,
    state: HandState,
    made: bool | None,
) -> tuple[dict[str, int], list[tuple[str | None, int]], int, Suit]:
    """RULES.md §1.6-1.8 applied by hand: net by player, register, pot, belle after."""
    rules, players, belle = session.rules, session.players, state.belle
    register = list(register_before)
    eligible = [i for i, (o, _) in enumerate(register) if o is None or o in players]
    index: int | None = None
    if eligible:
        if rules.bete_order is BeteOrder.LARGEST:
            index = max(eligible, key=lambda i: (register[i][1], -i))
        else:
            index = eligible[0]
    net = dict.fromkeys(players, 0)
    pot = pot_before
    contract = state.contract
    if contract is None:  # all passed: pinandèle
        for player in players:
            net[player] -= 2
        pot += 8
        if rules.pinandele is PinandeleRule.QUEUE:
            register.append((None, 8))
        return net, register, pot, belle
    p = stake_by_rules(rules, contract.level, contract.trump == belle, contract.matadors)
    declarer = players[contract.declarer]
    opponents = [x for x in players if x != declarer]
    if made:
        for o in opponents:
            net[o] -= p
            net[declarer] += p
        if index is not None:
            owner, amount = register.pop(index)
            if owner is None:
                pot -= amount
                net[declarer] += amount
            elif owner != declarer:
                net[owner] -= amount
                net[declarer] += amount
            if rules.pinandele is PinandeleRule.WITH_NEXT_BETE:
                net[declarer] += pot
                pot = 0
    else:
        for o in opponents:
            net[o] += p
            net[declarer] -= p
        register.append((declarer, 4 * p + (register[index][1] if index is not None else 0)))
    belle_after = belle
    if contract.matadors and (made or rules.belle_on_announce):
        belle_after = contract.trump
    return net, register, pot, belle_after


def suit_strength(hand: int, suit: int) -> int:
    """A crude count: cards of the suit, plus one for each of its K and Q."""
    cards = (hand >> (16 * suit)) & 0xFFFF
    return cards.bit_count() + (cards & 1) + (cards >> 1 & 1)


def choose(state: HandState, view: Any, rng: random.Random) -> Action:
    """A loose player: mostly sensible calls and cards (so that contracts are made
    about as often as failed and the register stays small), sometimes any legal
    action (so that every call and option is exercised)."""
    legal: list[Action] = list(view.legal)
    if rng.random() < 0.12:
        return rng.choice(legal)
    hand = view.hand
    kind = legal[0].kind
    if kind in (Kind.PASS, Kind.DECLARE):
        best = max(Suit, key=lambda s: suit_strength(hand, s))
    if kind is Kind.PASS:  # the auction: PASS is always legal and listed first
        strength = suit_strength(hand, best)
        reach = 2 if strength >= 4 else 0
        reach += (strength >= 5) + (strength >= 6) + (strength >= 7)
        belle = best == view.belle
        bids = [a for a in legal if a.kind is Kind.BID and a.level <= reach and a.belle == belle]
        return bids[0] if bids else legal[0]
    if kind is Kind.DECLARE:
        mine = [a for a in legal if a.suit == best]
        pool = mine or legal
        low = [a for a in pool if a.level == pool[0].level]
        return low[-1]  # the lowest level open, with every matador held
    if kind is Kind.PLAY:
        contract = view.contract
        assert contract is not None
        if view.seat == view.declarer or rng.random() < 0.5:
            trumps = [a for a in legal if a.card.suit == contract.trump]
            return (trumps or legal)[0]  # the lowest bit is the strongest card of a suit
    return rng.choice(legal)


def play_hand(session: Session, rng: random.Random, seed: int) -> None:
    state = session.deal(seed)
    belle = state.belle
    first = (session.dealer + 1) % 4
    model = CardModel([state.view(s).hand for s in range(4)], list(state.cagnot), session.dealer)
    register_before = [(e.owner, e.amount) for e in session.register.entries]
    pot_before = session.pot
    money = sum(session.balances.values()) + session.pot
    views = check_cards(state, model, belle)
    fork_at = rng.randrange(8)
    step = 0
    winners: list[int] = []
    leader = first
    while not state.is_over:
        seat = state.turn
        view = views[seat]
        legal = state.legal_actions()
        assert legal, "no legal action before the end of the hand"
        assert list(view.legal) == legal
        action = choose(state, view, rng)
        if action.kind is Kind.PLAY:
            contract = view.contract
            assert contract is not None
            allowed = reference_legal(
                cards_of(view.hand), [c for _, c in view.trick], contract.trump
            )
            assert {a.card for a in legal} == allowed
            refused = [c for c in cards_of(view.hand) if c not in allowed]
            if refused:  # is_legal says the same as legal_actions
                assert not state.is_legal(play(rng.choice(refused)), seat)
            assert state.is_legal(action, seat)
        if step == fork_at:  # a copy evolves on its own
            twin = state.copy()
            twin.apply(rng.choice(legal))
            assert state.view(seat) == view
        in_auction = view.phase is Phase.AUCTION
        state.apply(action, seat)
        step += 1
        model.apply(seat, action, in_auction and state.phase is not Phase.AUCTION)
        views = check_cards(state, model, belle)
        assert sum(session.balances.values()) + session.pot == money
        history = views[0].tricks_played
        if len(history) > len(winners):
            trick = history[-1]
            contract = state.contract
            assert contract is not None
            assert [s for s, _ in trick.cards] == [(leader + i) % 4 for i in range(4)]
            cards = [c for _, c in trick.cards]
            leader = trick.cards[trick_winner(cards, contract.trump)][0]
            assert trick.winner == leader
            winners.append(leader)
            relative = tuple((w - contract.declarer) % 4 for w in winners)
            verdict = decided(relative, contract.level)
            should_end = len(winners) == 5 or (
                session.rules.stop_when_decided and verdict is not None
            )
            assert state.is_over is should_end, (winners, contract)
            if state.is_over:
                assert state.outcome is not None
                assert state.outcome.made is verdict
                if len(winners) == 5:
                    assert verdict is reference_made(list(relative), 0, contract.level)
            else:
                assert state.turn == leader
    assert state.legal_actions() == []
    outcome = state.outcome
    assert outcome is not None
    settled = session.settle(state)
    net, register, pot, belle_after = reference_settlement(
        session, register_before, pot_before, state, outcome.made
    )
    assert settled.net == net
    assert [(e.owner, e.amount) for e in session.register.entries] == register
    assert session.pot == pot
    assert session.belle is belle_after
    assert sum(session.balances.values()) + session.pot == money
    assert session.dealer == (state.dealer + 1) % 4
    # the record, through JSON, replays to the same hand and the same settlement
    data = json.loads(json.dumps(record_of(session, state).to_json()))
    again = replay(HandRecord.from_json(data))
    assert [again.state.view(s) for s in range(4)] == [state.view(s) for s in range(4)]
    assert again.settled is not None
    assert again.settled.outcome == outcome and again.settled.net == settled.net
    assert [(e.owner, e.amount) for e in again.session.register.entries] == register
    assert again.session.pot == pot and again.session.belle is belle_after


@pytest.mark.parametrize("guild", range(GUILDS))
def test_random_playouts(guild: int) -> None:
    rng = random.Random(1000 + guild)
    rules = guild_rules(rng, guild)
    register = Register()
    pot = 0
    balances = dict.fromkeys(NAMES, 0)
    for session_no in range(SESSIONS):
        players = rng.sample(NAMES, 4)
        session, _ = Session.start(players, rng.randrange(1 << 30), rules, register, pot)
        for _ in range(HANDS):
            play_hand(session, rng, rng.randrange(1 << 30))
        for player, amount in session.balances.items():
            balances[player] += amount
        register, pot = session.register, session.pot
        assert sum(balances.values()) + pot == 0, session_no
    if rules.pinandele is PinandeleRule.QUEUE:
        # the pot holds exactly the pinandèles still written in the register
        assert pot == sum(a.amount for a in register.entries if a.owner is None)

"""Random playouts of La Bête with 2, 3, 4 and 5 players, invariants after every action.

For each number of players, seeded "guilds" play two sessions (12 deals, then
8) with random words and random legal cards; the second session carries the
register, the pot and the bête in play over from the first, with one player
replaced by a newcomer (so that the absent player's bêtes wait).  Each guild
starts from an empty register and stops after 20 deals: a dévole doubles the
stake and makes a new bête for every waiting one, so under random play the
amounts and the register grow exponentially.

After every action:

* an independent model of where the 32 cards are (from the deal and the
  actions only) matches the state: hands, played cards and talon, each card
  exactly once;
* money is conserved: the players' balances over every deal so far, the
  current deal's net payments and the pot's three parts sum to zero, and no
  part of the pot is negative;
* the seat to act has a legal action until the deal ends, ``is_legal`` agrees
  with ``legal_actions``, and the legal cards are those of the reference
  reading of §2 (with or without ``bete_must_underruff``);
* no seat's view shows a card it may not see: another seat's hand, or a talon
  card other than the turned one (and the curieuse's).

After every trick its winner is checked against the reference rule.  After
every deal: the net payments plus the pot's change are zero; the settlement
equals the one computed from RULES.md §2 by ``bete_helpers.reference_deal``;
and the deal's record, through JSON, replays to the identical outcome and
result.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest

from games.bete import (
    Action,
    DealRecord,
    DealState,
    DealView,
    Kind,
    Phase,
    Pot,
    Rules,
    Session,
    record_of,
    replay,
    result_json,
)
from games.bete.actions import play
from games.bete.record import Replay
from games.bete.state import Bete
from games.cards import Card, Suit
from games.dealing import DealPattern
from games.money import Transfer, net_of
from games.register import Register
from tests.games.bete_helpers import (
    deck,
    reference_deal,
    reference_legal,
    trick_winner,
)

GUILDS = 6
SESSION_DEALS = (12, 8)  # a guild's two sessions: 4 player counts × 6 guilds × 20 = 480 deals
NAMES = ("Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Guy")
DECK = sum(c.bit for c in deck())
WORD_WEIGHTS = {  # how often a random player says each word when he may
    Kind.PLAY_CONTRACT: 0.35,
    Kind.CONTRE: 0.25,
    Kind.CURIEUSE: 0.35,
}


def choose(state: DealState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if state.phase is Phase.PLAY:
        return rng.choice(legal)
    word = next(a for a in legal if a.kind is not Kind.PASS)
    return word if rng.random() < WORD_WEIGHTS[word.kind] else legal[0]


MONEY = (Bete, Transfer, Pot, Rules)  # records that hold no card (amounts, seats, options)


def cards_seen(value: Any) -> int:
    """Every card anywhere inside a view (cards, card actions, nested records)."""
    if isinstance(value, MONEY):
        return 0
    if isinstance(value, Card):
        return value.bit
    if isinstance(value, Action):
        return value.cards if value.kind is Kind.PLAY else 0
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        items: Any = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, (tuple, list)):
        if value and isinstance(value[0], MONEY):  # the waiting bêtes, the transfers
            assert all(isinstance(item, type(value[0])) for item in value)
            return 0
        items = value
    else:
        return 0
    seen = 0
    for item in items:
        seen |= cards_seen(item)
    return seen


class Table:
    """One deal followed from outside: the card model and the checks."""

    def __init__(self, state: DealState, ledger: int) -> None:
        self.state = state
        self.hands = list(state.initial_hands)
        self.talon = list(state.talon)
        self.played = 0
        self.trick: list[Card] = []
        self.winners: list[int] = []
        self.leader = state.first
        self.ledger = ledger  # the players' balances over the earlier deals

    def allowed(self, seat: int) -> int:
        """What ``seat`` may see: his hand, the cards played, the turned card(s)."""
        turned = 1 << self.talon[0]
        if self.state.turned:
            turned |= 1 << self.talon[1]
        return self.hands[seat] | self.played | turned

    def check(self) -> None:
        state = self.state
        # cards: the model and the state agree, 32 cards each once
        assert state.hands == self.hands
        talon = 0
        for index in self.talon:
            talon |= 1 << index
        total = self.played | talon
        for hand in self.hands:
            assert not hand & total
            total |= hand
        assert total == DECK
        assert self.played.bit_count() + sum(h.bit_count() for h in self.hands) == 5 * state.seats
        # money: balances, this deal's payments and the pot
        net, _ = net_of(state.transfers, state.seats)
        pot = state.pot
        assert min(pot.reserve, pot.stake, pot.kings) >= 0
        assert self.ledger + sum(net) + pot.total == 0
        # views
        for seat in range(state.seats):
            view: DealView = state.view(seat)
            assert view.hand == self.hands[seat]
            assert view.hand_counts == tuple(h.bit_count() for h in self.hands)
            assert view.visible_cards() & ~self.allowed(seat) == 0
            assert cards_seen(view) & ~self.allowed(seat) == 0
            assert view.pot == pot
            assert bool(view.legal) == (seat == state.turn)
        # legality
        if state.is_over:
            assert state.legal_actions() == []
            return
        legal = state.legal_actions()
        assert legal
        if state.phase is Phase.PLAY:
            held = [c for c in deck() if c.bit & self.hands[state.turn]]
            expected = reference_legal(
                held, self.trick, Suit(state.trump), state.rules.bete_must_underruff
            )
            assert {a.card for a in legal} == expected
            for card in held:
                assert state.is_legal(play(card)) == (card in expected)
        else:
            for word in ("pass", "play-contract", "contre", "curieuse"):
                action = Action.parse(word)
                assert state.is_legal(action) == (action in legal)

    def apply(self, action: Action) -> None:
        seat = self.state.turn
        for other in range(self.state.seats):
            if other != seat:
                assert not self.state.is_legal(action, other)
        self.state.apply(action)
        if action.kind is Kind.PLAY:
            assert self.hands[seat] & action.cards
            self.hands[seat] &= ~action.cards
            self.played |= action.cards
            self.trick.append(action.card)
            if len(self.trick) == self.state.seats:
                winner = (self.leader + trick_winner(self.trick, Suit(self.trump))) % len(
                    self.hands
                )
                assert self.state.history[-1].winner == winner
                self.winners.append(winner)
                self.leader = winner
                self.trick = []

    @property
    def trump(self) -> int:
        return self.talon[self.state.turned] >> 4


def guild_rules(rng: random.Random, guild: int) -> Rules:
    if guild == 0:
        return Rules()  # the rules as written
    return Rules(
        deal_pattern=rng.choice(list(DealPattern)),
        bete_must_underruff=rng.random() < 0.5,
    )


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_playouts(seats: int) -> None:
    events: Counter[str] = Counter()
    for guild in range(GUILDS):
        play_guild(seats, guild, events)
    # the random words reach every kind of deal (a vole is rare with 4 or 5 players)
    required = ["void", "curieuse", "contre", "contreur-won", "won", "failed", "devole"]
    required += ["bete-entered", "underruff"] + (["vole", "vole-collects"] if seats <= 3 else [])
    for event in required:
        assert events[event], f"no {event} deal in {dict(events)}"


def play_guild(seats: int, guild: int, events: Counter[str]) -> None:
    rng = random.Random(1792 * 100 + 10 * seats + guild)
    rules = guild_rules(rng, guild)
    names = list(rng.sample(NAMES, seats))
    ledger: Counter[str] = Counter()  # balances over every deal, by player
    register, pot, bete_in_play, deals_in_round = Register(), None, False, 0
    for session_no, deals in enumerate(SESSION_DEALS):
        if session_no:  # a newcomer takes a seat; the leaver's bêtes wait
            leaver = rng.randrange(seats)
            names[leaver] = next(n for n in NAMES if n not in names and n not in ledger)
        session = Session(
            names,
            dealer=rng.randrange(seats),
            rules=rules,
            register=register,
            pot=pot,
            bete_in_play=bete_in_play,
            deals_in_round=deals_in_round,
        )
        for _ in range(deals):
            play_one_deal(session, rng, ledger, events)
        register, pot = session.register, session.pot
        bete_in_play, deals_in_round = session.bete_in_play, session.deals_in_round


def play_one_deal(
    session: Session, rng: random.Random, ledger: Counter[str], events: Counter[str]
) -> None:
    players = session.players
    seats = len(players)
    waiting = [
        (players.index(e.owner), e.amount)
        for e in session.register.entries
        if e.owner is not None and e.owner in players
    ]
    pot_before, in_play_before = session.pot, session.bete_in_play
    round_start = session.deals_in_round == 0
    dealer = session.dealer
    state = session.deal(rng.randrange(1 << 30))
    table = Table(state, sum(ledger.values()))
    table.check()
    while not state.is_over:
        table.apply(choose(state, rng))
        table.check()
    outcome = state.outcome
    assert outcome is not None
    # five tricks were played, or nobody played and no card was
    assert len(table.winners) == (0 if outcome.void else 5)
    # conservation over the deal
    assert sum(outcome.net) + outcome.pot_delta == 0
    assert outcome.pot_delta == outcome.pot.total - pot_before.total
    # the settlement from RULES.md §2
    calls = [(s, str(a)) for s, a in state.actions if a.kind is not Kind.PLAY]
    expected = reference_deal(
        seats,
        dealer,
        state.initial_hands,
        state.talon,
        calls,
        table.winners,
        pot=pot_before,
        bete_in_play=in_play_before,
        waiting=waiting,
        round_start=round_start,
    )
    assert outcome.net == expected.net
    assert outcome.pot == expected.pot
    assert outcome.bete_in_play is expected.bete_in_play
    assert [(b.owner, b.amount) for b in outcome.new_betes] == list(expected.new_betes)
    assert outcome.collected == expected.paid_betes
    assert outcome.king_holder == expected.king_holder
    # the record replays to the same outcome and result
    record = record_of(session, state)
    settled = session.settle(state)
    live = result_json(Replay(record, session, state, settled))
    data = json.loads(json.dumps(record.to_json()))
    again = replay(DealRecord.from_json(data))
    assert again.state.outcome == outcome
    assert again.settled is not None and again.settled.net == settled.net
    assert result_json(again) == live
    for name, amount in settled.net.items():
        ledger[name] += amount
    assert sum(ledger.values()) + session.pot.total == 0
    # what happened, for the coverage check
    events["void" if outcome.void else "won" if outcome.declarer_won else "failed"] += 1
    events["curieuse"] += state.turned
    events["contre"] += outcome.contreur >= 0
    events["devole"] += outcome.devole and not outcome.void
    events["vole"] += outcome.vole
    events["vole-collects"] += bool(outcome.collected)
    events["contreur-won"] += outcome.contreur_won
    events["bete-entered"] += outcome.entered >= 0
    events["underruff"] += state.rules.bete_must_underruff


def test_the_view_check_sees_the_cards_it_must() -> None:
    # the walker used above is not blind: it finds the turned card, the seat's legal
    # cards and the cards played (the hand itself is a bit set, compared apart)
    session = Session(["Ana", "Bob", "Cid"], dealer=0)
    state = session.deal(7)
    turned = 1 << state.talon[0]
    for seat in range(3):
        assert cards_seen(state.view(seat)) == turned
    for word in ("play-contract", "pass", "pass"):
        state.apply(Action.parse(word))
    legal = state.legal_actions()
    assert cards_seen(state.view(1)) == turned | sum(a.cards for a in legal)
    assert cards_seen(state.view(2)) == turned
    state.apply(legal[0])
    assert cards_seen(state.view(0)) == turned | legal[0].cards

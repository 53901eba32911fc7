"""Seeded random L'Hombre sessions checked after every action: the 40 cards
conserved, the jetons conserved with the poule, a legal action until the end
(every listed one accepted), and each view showing only what its seat may see."""

from __future__ import annotations

import random

import pytest

from games.hombre import Action, DealState, Kind, Mode, Phase, Rules, Session
from games.hombre.ai import PLAYERS
from games.hombre.rules import DECK_MASK, SEATS

ODD = (Action(Kind.SHOW), Action(Kind.STOP), Action(Kind.PASS), Action(Kind.DISCARD, 1))


def cards_everywhere(state: DealState) -> list[int]:
    parts = list(state.hands) + list(state.discards)
    parts += [1 << i for i in state.talon[state.drawn :]]
    parts += [1 << i for _, i in state.trick]
    parts += [c.bit for t in state.history for _, c in t.cards]
    return parts


def check_cards(state: DealState) -> None:
    parts = cards_everywhere(state)
    union = 0
    for part in parts:
        assert not union & part, "a card is in two places"
        union |= part
    assert union == DECK_MASK
    assert sum(state.tricks) == len(state.history)


def check_views(state: DealState) -> None:
    for seat in range(SEATS):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert view.discarded == state.discards[seat]
        assert view.hand_counts == tuple(h.bit_count() for h in state.hands)
        assert bool(view.legal) == (seat == state.turn and not state.is_over)
        sees = (
            not state.is_over
            and state.hombre >= 0
            and seat != state.hombre
            and state.phase is not Phase.AUCTION
            and (state.vole or view.mode is Mode.SANS_PRENDRE_VOLE)
        )
        if sees:
            other = 3 - seat - state.hombre
            assert view.partner_hand == state.hands[other]
        else:
            assert view.partner_hand is None
        if state.talon_shown:
            assert view.talon_shown is not None
            assert view.talon_shown.bit_count() == state.talon_left
        else:
            assert view.talon_shown is None
        if state.phase is Phase.PLAY:
            assert view.tricks_won == tuple(state.tricks)


def play_session(seed: int, deals: int, rules: Rules | None = None) -> None:
    rng = random.Random(seed)
    session = Session(["A", "B", "C"], dealer=seed % 3, seed=seed, poules=2, rules=rules)
    names = ["random", "heuristic"]
    for _ in range(deals):
        before = session.pool
        state = session.deal()
        players = [PLAYERS[rng.choice(names)]() for _ in range(SEATS)]
        check_cards(state)
        while not state.is_over:
            legal = state.legal_actions()
            assert legal
            for action in legal:
                assert state.check(action) is None, action
            for action in ODD:
                if action not in legal and action.kind is not Kind.DISCARD:
                    assert state.check(action) is not None
            wrong_seat = (state.turn + 1) % SEATS
            assert state.check(legal[0], wrong_seat) is not None
            check_views(state)
            state.apply(players[state.turn].act(state.view(state.turn), rng))
            check_cards(state)
        check_views(state)
        outcome = state.outcome
        assert outcome is not None
        assert sum(outcome.net) + outcome.pot_delta == 0
        assert outcome.pool.poule == before.poule + outcome.pot_delta
        assert state.legal_actions() == []
        session.settle(state)


@pytest.mark.parametrize("seed", range(12))
def test_random_sessions_keep_every_invariant(seed: int) -> None:
    play_session(seed, 8)


@pytest.mark.parametrize("seed", range(4))
def test_random_sessions_with_espadille_forcee(seed: int) -> None:
    play_session(100 + seed, 8, Rules(espadille_forcee=True))

"""L'Hombre's strong player reading the cards the others played: a deal in which
the rules of thumb, holding that deal's hand, would have played another card
weighs less (``inference.PlayReading``).  The oracle here is the engine itself:
the deal's hands put back at the start of the play, the same cards replayed,
and the rules of thumb's player asked at each turn what it would have played."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.hombre import DealState, Phase, Session
from games.hombre.actions import Kind
from games.hombre.ai import HombreHeuristicPlayer
from games.hombre.ai.inference import MISFIT, PlayReading, Reading, knowledge_of
from games.hombre.rules import SEATS
from games.refusals import IllegalActionError


def thumb_tables(seed: int, deals: int) -> list[tuple[DealState, list[DealState]]]:
    """Deals the rules of thumb play to the end: the state as the play starts, and
    a copy at each card played after it."""
    rng = random.Random(seed)
    thumb = HombreHeuristicPlayer()
    tables = []
    for _ in range(deals):
        state = Session(["a", "b", "c"], dealer=rng.randrange(SEATS)).deal(rng.randrange(1 << 30))
        start: DealState | None = None
        turns = []
        while not state.is_over:
            if state.phase is Phase.PLAY:
                start = start or state.copy()
                turns.append(state.copy())
            state.apply(thumb.act(state.view(state.turn), rng))
        if start is not None:
            tables.append((start, turns))
    return tables


def misfits_replayed(start: DealState, now: DealState, seat: int, deal: list[int]) -> int | None:
    """The cards the other seats played up to ``now`` that the rules of thumb
    would not have played holding ``deal``'s hands (the viewing ``seat``'s own
    cards aside), counted by replaying the play from ``start`` with them; None
    when such hands could not have played those cards (the drawn deal is
    consistent with what the seat saw, not with every obligation)."""
    played = [0] * SEATS
    for trick in now.view(seat).tricks_played:
        for s, card in trick.cards:
            played[s] |= card.bit
    for s, card in now.view(seat).trick:
        played[s] |= card.bit
    replay = start.copy()
    replay.hands = [deal[s] | played[s] for s in range(SEATS)]
    thumb, rng = HombreHeuristicPlayer(), random.Random(0)
    misfits = 0
    for _, action in now.actions[len(start.actions) :]:
        theirs = action.kind is Kind.PLAY and replay.turn != seat
        if theirs and thumb.act(replay.view(replay.turn), rng).cards != action.cards:
            misfits += 1
        try:
            replay.apply(action)
        except IllegalActionError:
            return None
    return misfits


def test_a_table_of_rules_of_thumb_is_read_as_such() -> None:
    """The deal really played explains every card; a deal drawn from a seat's view
    weighs ``MISFIT`` for each card the replay says the rules of thumb would
    not have played, and many drawn deals break some reading."""
    rng = random.Random(8)
    broken = Counter[int]()
    for start, turns in thumb_tables(seed=5, deals=25):
        for now in turns[3::4]:
            seat = now.turn
            view = now.view(seat)
            reading = PlayReading.from_view(view)
            assert reading.weight(list(now.hands)) == 1.0
            knowledge = knowledge_of(view)
            for _ in range(4):
                deal = knowledge.sample(rng)
                misfits = misfits_replayed(start, now, seat, deal)
                if misfits is None:  # an illegal card is not the rules of thumb's
                    assert reading.weight(deal) <= MISFIT
                    broken[-1] += 1
                    continue
                assert reading.weight(deal) == pytest.approx(MISFIT**misfits)
                broken[misfits] += 1
    assert broken[0] >= 20 and sum(n for k, n in broken.items() if k >= 2) >= 20, broken


def test_the_calls_and_the_plays_are_read_together() -> None:
    """A seat's whole reading multiplies the two: the calls' and the plays'."""
    rng = random.Random(9)
    for _, turns in thumb_tables(seed=6, deals=8):
        now = turns[-1]
        view = now.view(now.turn)
        reading, plays = Reading.from_view(view), PlayReading.from_view(view)
        assert reading.informative
        calls = Reading.from_view(view)
        object.__setattr__(calls, "plays", None)
        knowledge = knowledge_of(view)
        for _ in range(10):
            deal = knowledge.sample(rng)
            assert reading.weight(deal) == pytest.approx(calls.weight(deal) * plays.weight(deal))

"""Parties and the match toward *donner cent points* (RULES.md §4.1): a partie won
counts 1 (2 *anbatab*), the loser's counter goes back to 0, a counter of 4
gives a hundred and both go back to 0, the side that received it starts every
partie with 100 until it gives a hundred in turn; with 3 or 4 independent
players nothing counts.  Through the session: parties one after another at
the head starts."""

from __future__ import annotations

import random

import pytest

from games.besigue.haiti.match import Match
from games.besigue.haiti.session import HaitiSession

from .helpers import haiti


def test_a_partie_won_counts_one_and_the_losers_counter_goes_back_to_0() -> None:
    match, cent = Match((0, 2), (0, 0)).after(0, anbatab=False)
    assert match.parties == (1, 0) and cent is None


def test_a_partie_won_anbatab_counts_two() -> None:
    match, cent = Match((1, 0), (0, 0)).after(0, anbatab=True)
    assert match.parties == (3, 0) and cent is None


@pytest.mark.parametrize(("before", "anbatab"), [((3, 0), False), ((2, 0), True), ((3, 0), True)])
def test_a_counter_of_four_gives_a_hundred(before: tuple[int, int], anbatab: bool) -> None:
    match, cent = Match(before, (0, 0)).after(0, anbatab)
    assert cent == 0  # side 0 gives a hundred to side 1...
    assert match.parties == (0, 0)  # ...both counters back to 0...
    assert match.head_start == (0, 100)  # ...and side 1 starts each partie with 100


def test_two_anbatab_in_a_row_give_a_hundred() -> None:
    match, cent = Match().after(1, anbatab=True)
    assert cent is None
    match, cent = match.after(1, anbatab=True)
    assert cent == 1 and match.head_start == (100, 0)


def test_the_head_start_stays_until_its_side_gives_a_hundred_in_turn() -> None:
    match = Match((0, 0), (0, 100))
    match, _ = match.after(0, anbatab=False)
    assert match.head_start == (0, 100)  # winning a partie does not remove it
    match, cent = Match((0, 3), (0, 100)).after(1, anbatab=False)
    assert cent == 1 and match.head_start == (100, 0)  # it passes to the other side
    match, cent = Match((3, 0), (0, 100)).after(0, anbatab=False)
    assert cent == 0 and match.head_start == (0, 100)  # given again: it stays


def test_no_match_with_independent_players() -> None:
    match = Match(counted=False)
    assert match.after(2, anbatab=True) == (match, None)
    assert match.start_scores(3) == [0, 0, 0]


@pytest.mark.parametrize(
    "bad",
    [{"parties": [4, 0]}, {"head_start": [100, 100]}, {"head_start": [50, 0]}, {"parties": [1]}],
)
def test_an_impossible_match_is_refused(bad: dict[str, list[int]]) -> None:
    with pytest.raises(ValueError):
        Match.from_json(bad, 2)


def play_out(session: HaitiSession, rng: random.Random) -> None:
    state = session.deal(rng.randrange(1 << 30))
    while not state.is_over:
        legal = state.legal_actions()
        melds = [a for a in legal if a.meld is not None]
        state.apply(melds[0] if melds else rng.choice(legal))
    session.settle(state)


def test_parties_follow_one_another_at_the_head_starts() -> None:
    rules = haiti(target=600)
    session = HaitiSession(["A", "B"], rules=rules, match=Match((3, 0), (0, 100)), seed=4)
    assert session.scores == [0, 100]  # side 1 starts with its hundred
    rng = random.Random(5)
    while not session.parties_won:
        play_out(session, rng)
        assert not session.over  # a table's match goes on
    won = session.parties_won[0]
    assert won.match is not None and session.partie_over
    if won.outcome.winner == 0:  # side 0 reached 4: it gave a hundred, the head start passes
        assert won.cent_points == 0 and won.match.head_start == (0, 100)
        assert session.scores == [0, 100]
    else:
        assert won.cent_points is None and won.match.parties[0] == 0
        assert session.scores == [0, 100]
    assert session.scores == session.match.start_scores(2)
    before = len(session.settled)
    play_out(session, rng)  # the next partie's first deal starts from the head starts
    first = session.states[before]
    assert first.scores_before == (0, 100)


def test_three_independent_players_play_parties_without_a_match() -> None:
    session = HaitiSession(["A", "B", "C"], rules=haiti(target=600), seed=2)
    rng = random.Random(1)
    while not session.parties_won:
        play_out(session, rng)
    assert session.match == Match(counted=False) and session.scores == [0, 0, 0]
    assert session.parties_won[-1].cent_points is None

"""Outcome and settlement (RULES.md §1.6, 1.7, 1.8): stakes, register, pot, belle.

The stakes are written out by hand from the formula
``p = (base(L) + matadors) × (2 if belle)``, base(L) = L for L ≤ 4, base(5) = 10.
The deals are built so that the number of tricks is forced whatever is played:

* the declarer holding K Q J A 10 of trump takes every trick (a trump can
  only be beaten by a higher trump, and all of them are his);
* an opponent holding them takes every trick, so the declarer takes none;
* the declarer holding K Q J (A) of trump takes exactly 3 (4) tricks when his
  other cards are 9s of side suits whose five other cards sit in one
  opponent's hand: that opponent always plays a higher card of the suit on
  the 9 (he holds nothing else), so the 9 never wins.

Every forced hand is played out several ways (first legal card, random cards)
and must settle the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.bete_hombree import EntryInPlay, HandState, Outcome, Rules, Session
from games.cards import Card, Suit
from games.register import Register
from tests.games.helpers import (
    complete_deal,
    mask,
    new_hand,
    play_first_legal,
    play_randomly,
    run,
)

TOP5 = ["K", "Q", "J", "A", "10"]


def top5_deal(trump: str, belle: str, holder: int) -> tuple[list[list[str]], list[str]]:
    """``holder`` gets K Q J A 10 of trump; the rest in deck order."""
    return complete_deal(belle, {holder: " ".join(r + trump for r in TOP5)})


def exact_deal(trump: str, belle: str, matadors: int) -> tuple[list[list[str]], list[str]]:
    """Seat 1 holds K Q J (A) of trump and 9s of side suits whose other cards sit
    with seats 2 and 3: exactly ``matadors`` tricks for seat 1."""
    sides = [s for s in "SHDC" if s not in (trump, belle)][: 5 - matadors]
    fixed = {1: " ".join([r + trump for r in TOP5[:matadors]] + ["9" + s for s in sides])}
    for seat, side in zip((2, 3), sides, strict=False):
        fixed[seat] = " ".join(r + side for r in TOP5)
    return complete_deal(belle, fixed)


def auction(level: int, belle: bool) -> list[str]:
    return [f"1 bid {level}{' belle' if belle else ''}", "2 pass", "3 pass", "0 pass"]


def declaration(level: int, trump: str, matadors: int) -> str:
    return f"1 declare {level} {trump}" + (f" matadors {matadors}" if matadors else "")


def settle_forced(
    deal: tuple[list[list[str]], list[str]],
    level: int,
    trump: str,
    belle: str,
    matadors: int,
    rules: Rules | None = None,
) -> Outcome:
    """Play the hand out four ways; they must all settle identically."""
    outcomes = []
    for way in range(4):
        state = new_hand(deal[0], deal[1], dealer=0, belle=belle, rules=rules)
        run(state, [*auction(level, trump == belle), declaration(level, trump, matadors)])
        if way == 0:
            play_first_legal(state)
        else:
            play_randomly(state, random.Random(way))
        assert state.outcome is not None
        outcomes.append(state.outcome)
    # the opponents may share their tricks differently; nothing else may differ
    first = outcomes[0]
    for other in outcomes[1:]:
        assert other.tricks[1] == first.tricks[1]
        assert other.made == first.made and other.transfers == first.transfers
        assert (other.net, other.pot_delta) == (first.net, first.pot_delta)
        assert (other.new_entry, other.crossed) == (first.new_entry, first.crossed)
        assert other.belle_after == first.belle_after
    return first


# (level, en belle, matadors announced, p) — the declarer holds K Q J A 10 of trump.
MADE = [
    (2, False, 0, 2), (2, False, 3, 5), (2, False, 4, 6), (2, False, 5, 7),
    (2, True, 0, 4), (2, True, 3, 10), (2, True, 4, 12), (2, True, 5, 14),
    (3, False, 0, 3), (3, False, 3, 6), (3, False, 4, 7), (3, False, 5, 8),
    (3, True, 0, 6), (3, True, 3, 12), (3, True, 4, 14), (3, True, 5, 16),
    (4, False, 0, 4), (4, False, 3, 7), (4, False, 4, 8), (4, False, 5, 9),
    (4, True, 0, 8), (4, True, 3, 14), (4, True, 4, 16), (4, True, 5, 18),
    (5, False, 0, 10), (5, False, 3, 13), (5, False, 4, 14), (5, False, 5, 15),
    (5, True, 0, 20), (5, True, 3, 26), (5, True, 4, 28), (5, True, 5, 30),
]  # fmt: skip


@pytest.mark.parametrize(("level", "belle", "matadors", "p"), MADE)
def test_made(level: int, belle: bool, matadors: int, p: int) -> None:
    trump = "H" if belle else "S"
    outcome = settle_forced(top5_deal(trump, "H", 1), level, trump, "H", matadors)
    assert outcome.made is True
    assert outcome.tricks == (0, 5, 0, 0)
    assert outcome.stake == p
    assert outcome.net == (-p, 3 * p, -p, -p)
    assert outcome.pot_delta == 0
    assert outcome.new_entry is None and outcome.crossed is None
    # matadors announced and made: the trump becomes the belle (§1.7)
    assert outcome.belle_after.name == ("S" if matadors and not belle else "H")


# (level, en belle, p) — an opponent holds K Q J A 10 of trump: no trick.
FAILED = [
    (2, False, 2), (2, True, 4), (3, False, 3), (3, True, 6),
    (4, False, 4), (4, True, 8), (5, False, 10), (5, True, 20),
]  # fmt: skip


@pytest.mark.parametrize(("level", "belle", "p"), FAILED)
def test_failed(level: int, belle: bool, p: int) -> None:
    trump = "H" if belle else "S"
    outcome = settle_forced(top5_deal(trump, "H", 2), level, trump, "H", 0)
    assert outcome.made is False
    assert outcome.tricks[1] == 0
    assert outcome.stake == p
    assert outcome.net == (p, -3 * p, p, p)
    assert outcome.new_entry is not None
    assert (outcome.new_entry.owner, outcome.new_entry.amount) == (1, 4 * p)
    assert outcome.belle_after.name == "H"


# (level, en belle, matadors held and announced, tricks, made, p)
EXACT = [
    (3, False, 3, 3, True, 6),
    (4, False, 3, 3, False, 7),
    (4, True, 3, 3, False, 14),
    (5, False, 3, 3, False, 13),
    (4, False, 4, 4, True, 8),
    (4, True, 4, 4, True, 16),
    (5, False, 4, 4, False, 14),
    (5, True, 4, 4, False, 28),
]


@pytest.mark.parametrize(("level", "belle", "matadors", "tricks", "made", "p"), EXACT)
def test_exact_trick_counts(
    level: int, belle: bool, matadors: int, tricks: int, made: bool, p: int
) -> None:
    trump = "H" if belle else "S"
    outcome = settle_forced(exact_deal(trump, "H", matadors), level, trump, "H", matadors)
    assert outcome.tricks[1] == tricks
    assert outcome.made is made
    assert outcome.stake == p
    if made:
        assert outcome.net == (-p, 3 * p, -p, -p)
        assert outcome.belle_after.name == trump
    else:
        assert outcome.net == (p, -3 * p, p, p)
        assert outcome.new_entry is not None and outcome.new_entry.amount == 4 * p
        assert outcome.belle_after.name == "H"  # failed: the belle stays


def test_belle_on_announce_changes_the_belle_even_when_failed() -> None:
    deal = exact_deal("S", "H", 3)
    default = settle_forced(deal, 4, "S", "H", 3)
    option = settle_forced(deal, 4, "S", "H", 3, Rules(belle_on_announce=True))
    assert default.made is False and option.made is False
    assert default.belle_after.name == "H"
    assert option.belle_after.name == "S"


def test_belle_unchanged_without_matadors_announced() -> None:
    # the declarer holds 5 matadors but announces none: no change of belle
    outcome = settle_forced(top5_deal("S", "H", 1), 3, "S", "H", 0)
    assert outcome.made is True and outcome.belle_after.name == "H"


# stake_rule=js1984: (L + matadors) × 2 en belle, × 2 for 5 tricks.
JS1984 = [
    (5, False, 0, 10),
    (5, False, 3, 16),
    (5, False, 5, 20),
    (5, True, 4, 36),
    (5, True, 0, 20),
    (4, True, 3, 14),
    (3, False, 4, 7),
    (2, True, 0, 4),
]


@pytest.mark.parametrize(("level", "belle", "matadors", "p"), JS1984)
def test_stake_rule_js1984(level: int, belle: bool, matadors: int, p: int) -> None:
    trump = "H" if belle else "S"
    outcome = settle_forced(
        top5_deal(trump, "H", 1),
        level,
        trump,
        "H",
        matadors,
        Rules.from_dict({"stake_rule": "js1984"}),
    )
    assert outcome.stake == p
    assert outcome.net[1] == 3 * p


def test_stake_rule_changes_the_five_with_matadors() -> None:
    deal = top5_deal("S", "H", 1)
    assert settle_forced(deal, 5, "S", "H", 3).stake == 13
    assert (
        settle_forced(deal, 5, "S", "H", 3, Rules.from_dict({"stake_rule": "js1984"})).stake == 16
    )


# ---- the register at the table (§1.6, §1.8) ------------------------------------

PLAYERS = ("P0", "P1", "P2", "P3")


def session_hand(
    register: Sequence[tuple[str | None, int]],
    pot: int,
    made: bool,
    rules: Rules | None = None,
) -> tuple[Session, Any]:
    """A 3♠ contract by P1 (p = 3), made with 5 tricks or failed with none."""
    session = Session(
        PLAYERS, dealer=0, belle=Suit.H, rules=rules, register=Register.of(register), pot=pot
    )
    hands, cagnot = top5_deal("S", "H", 1 if made else 2)
    state = session.deal_hands([mask(h) for h in hands], [Card.parse(c).index for c in cagnot])
    run(state, [*auction(3, False), declaration(3, "S", 0)])
    play_first_legal(state)
    settled = session.settle(state)
    return session, settled


def entries(session: Session) -> list[tuple[str | None, int]]:
    return [(e.owner, e.amount) for e in session.register.entries]


# (id, register before, pot, made, net by player, register after, pot after)
REGISTER_CASES: list[
    tuple[str, list[tuple[str | None, int]], int, bool, dict[str, int], list[Any], int]
] = [
    ("empty-made", [], 0, True, {"P0": -3, "P1": 9, "P2": -3, "P3": -3}, [], 0),
    ("empty-failed", [], 0, False, {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [("P1", 12)], 0),
    ("own-made-crossed-unpaid", [("P1", 40)], 0, True,
     {"P0": -3, "P1": 9, "P2": -3, "P3": -3}, [], 0),
    ("own-failed-built-upon", [("P1", 40)], 0, False,
     {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [("P1", 40), ("P1", 52)], 0),
    ("other-made-owner-pays", [("P2", 40)], 0, True,
     {"P0": -3, "P1": 49, "P2": -43, "P3": -3}, [], 0),
    ("other-failed-built-upon", [("P2", 40)], 0, False,
     {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [("P2", 40), ("P1", 52)], 0),
    ("oldest-first", [("P2", 40), ("P3", 30)], 0, True,
     {"P0": -3, "P1": 49, "P2": -43, "P3": -3}, [("P3", 30)], 0),
    ("oldest-first-failed", [("P2", 40), ("P3", 30)], 0, False,
     {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [("P2", 40), ("P3", 30), ("P1", 52)], 0),
    ("pinandele-made-from-pot", [(None, 8)], 8, True,
     {"P0": -3, "P1": 17, "P2": -3, "P3": -3}, [], 0),
    ("pinandele-failed-built-upon", [(None, 8)], 8, False,
     {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [(None, 8), ("P1", 20)], 8),
    ("pinandele-waits-behind-older", [("P2", 40), (None, 8)], 8, True,
     {"P0": -3, "P1": 49, "P2": -43, "P3": -3}, [(None, 8)], 8),
    ("absent-owner-waits", [("Absent", 40), ("P3", 30)], 0, True,
     {"P0": -3, "P1": 39, "P2": -3, "P3": -33}, [("Absent", 40)], 0),
    ("absent-owner-waits-failed", [("Absent", 40), ("P3", 30)], 0, False,
     {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [("Absent", 40), ("P3", 30), ("P1", 42)], 0),
    ("only-absent-made", [("Absent", 40)], 0, True,
     {"P0": -3, "P1": 9, "P2": -3, "P3": -3}, [("Absent", 40)], 0),
    ("only-absent-failed", [("Absent", 40)], 0, False,
     {"P0": 3, "P1": -9, "P2": 3, "P3": 3}, [("Absent", 40), ("P1", 12)], 0),
    ("pinandele-not-behind-absent", [("Absent", 40), (None, 8)], 8, True,
     {"P0": -3, "P1": 17, "P2": -3, "P3": -3}, [("Absent", 40)], 0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("before", "pot", "made", "net", "after", "pot_after"),
    [c[1:] for c in REGISTER_CASES],
    ids=[c[0] for c in REGISTER_CASES],
)
def test_register_settlement(
    before: list[tuple[str | None, int]],
    pot: int,
    made: bool,
    net: dict[str, int],
    after: list[Any],
    pot_after: int,
) -> None:
    session, settled = session_hand(before, pot, made)
    assert settled.outcome.made is made
    assert settled.net == net
    assert session.balances == net
    assert entries(session) == after
    assert session.pot == pot_after
    assert sum(session.balances.values()) + session.pot == pot  # money only moves


def test_crossing_records_who_won_the_bete() -> None:
    _, settled = session_hand([("P2", 40)], 0, True)
    assert settled.crossed is not None
    assert (settled.crossed.entry.owner, settled.crossed.by, settled.crossed.paid) == (
        "P2",
        "P1",
        40,
    )
    _, settled = session_hand([("P1", 40)], 0, True)
    assert settled.crossed is not None and settled.crossed.paid == 0


def test_bete_order_largest() -> None:
    before = [("P2", 40), ("P3", 60)]
    session, settled = session_hand(before, 0, True)
    assert settled.net["P2"] == -43 and entries(session) == [("P3", 60)]
    session, settled = session_hand(before, 0, True, Rules.from_dict({"bete_order": "largest"}))
    assert settled.net["P3"] == -63 and entries(session) == [("P2", 40)]
    # failing builds on the largest, too
    session, settled = session_hand(before, 0, False, Rules.from_dict({"bete_order": "largest"}))
    assert entries(session) == [("P2", 40), ("P3", 60), ("P1", 72)]


def test_bete_order_largest_skips_absent_owners() -> None:
    before = [("Absent", 100), ("P2", 40), ("P3", 60)]
    session, settled = session_hand(before, 0, True, Rules.from_dict({"bete_order": "largest"}))
    assert settled.net["P3"] == -63
    assert entries(session) == [("Absent", 100), ("P2", 40)]


def test_pinandele_with_next_bete() -> None:
    rules = Rules.from_dict({"pinandele": "with_next_bete"})
    # all pass: the 8 sous wait in the pot, and no entry is written
    session = Session(PLAYERS, dealer=0, belle=Suit.H, rules=rules)
    hands, cagnot = top5_deal("S", "H", 1)
    state = session.deal_hands([mask(h) for h in hands], [Card.parse(c).index for c in cagnot])
    run(state, ["1 pass", "2 pass", "3 pass", "0 pass"])
    session.settle(state)
    assert entries(session) == [] and session.pot == 8
    assert session.balances == {"P0": -2, "P1": -2, "P2": -2, "P3": -2}
    # the default writes an ownerless entry instead
    session = Session(PLAYERS, dealer=0, belle=Suit.H)
    state = session.deal_hands([mask(h) for h in hands], [Card.parse(c).index for c in cagnot])
    run(state, ["1 pass", "2 pass", "3 pass", "0 pass"])
    session.settle(state)
    assert entries(session) == [(None, 8)] and session.pot == 8
    # a contract made with no bête in play does not collect it
    session, settled = session_hand([], 8, True, rules)
    assert settled.net["P1"] == 9 and session.pot == 8
    # the next bête won takes it on top: P2's 40 and the pot's 8
    session, settled = session_hand([("P2", 40)], 8, True, rules)
    assert settled.net == {"P0": -3, "P1": 57, "P2": -43, "P3": -3}
    assert session.pot == 0 and entries(session) == []
    # failing does not build on it
    session, settled = session_hand([("P2", 40)], 8, False, rules)
    assert entries(session) == [("P2", 40), ("P1", 52)] and session.pot == 8


def test_outcome_without_register_entry_in_state() -> None:
    # HandState alone: the entry in play is given as a seat
    hands, cagnot = top5_deal("S", "H", 1)
    state: HandState = new_hand(hands, cagnot, entry=EntryInPlay(3, 24))
    run(state, [*auction(3, False), declaration(3, "S", 0)])
    play_first_legal(state)
    assert state.outcome is not None
    assert state.outcome.net == (-3, 9 + 24, -3, -3 - 24)
    assert state.outcome.crossed == EntryInPlay(3, 24)

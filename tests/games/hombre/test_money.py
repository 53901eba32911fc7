"""Every outcome and payment case of RULES.md §3 "Money", amounts by hand.

The deal's tricks are set directly on a dealt state, then settled: what is
tested is the money of each outcome, apart from the card play."""

from __future__ import annotations

import pytest

from games.hombre import DealState, Mode, Outcome, Pool, Session
from games.hombre.actions import PASS
from games.hombre.pool import Bete
from games.hombre.settle import SHARED, settle
from games.money import POT

from .helpers import build

HANDS = ("AS 2S AC KS QS JS 7S 6S 5S", "KH QH JH AH 2H 3H 4H 5H 6H", "KD QD JD AD 2D 3D 4D 5D 6D")


def poule_taken(o: Outcome) -> dict[int, str]:
    """Who took from the poule, and why (the reason a summary words)."""
    return {t.payee: t.reason for t in o.transfers if t.payer == POT and t.payee is not None}


def dealt(pool: Pool, dealer: int = 2) -> DealState:
    return build(*HANDS, pool=pool, dealer=dealer)


def outcome(
    tricks: tuple[int, int, int],
    pool: Pool | None = None,
    *,
    hombre: int = 0,
    mode: Mode = Mode.PRENDRE,
    vole: bool = False,
    matadors: int = 0,
    dealer: int = 2,
) -> Outcome:
    state = dealt(pool or Pool(), dealer)
    state.hombre, state.mode, state.vole, state.matadors = hombre, mode, vole, matadors
    state.tricks = list(tricks)
    result = settle(state.finished())
    assert sum(result.net) + result.pot_delta == 0
    assert result.pool.poule == (pool or Pool()).poule + result.pot_delta
    return result


def test_win_takes_the_poule_of_the_first_antes() -> None:
    o = outcome((5, 2, 2))
    assert o.result == "win" and o.net == (6, -3, -3)
    assert o.pool == Pool(0, None, (), 3)


def test_sans_prendre_and_matadors_are_paid_by_each_defender_on_a_win() -> None:
    o = outcome((5, 2, 2), mode=Mode.SANS_PRENDRE, matadors=3)
    assert o.bonus == 6 + 2 * 3
    assert o.net == (6 + 24, -15, -15)


def test_fewer_than_three_matadors_pay_nothing() -> None:
    assert outcome((5, 2, 2), matadors=2).net == (6, -3, -3)


def test_remise_leaves_the_poule_and_makes_a_bete_of_it() -> None:
    o = outcome((4, 4, 1), matadors=4)
    assert o.result == "remise" and o.codille_to is None
    assert o.net == (-3 - 16, -3 + 8, -3 + 8)  # the hombre pays his matadors to each
    assert o.pool == Pool(9, None, (Bete(0, 9),), 0)


def test_remise_three_three_three_with_a_bete_in_play() -> None:
    o = outcome((3, 3, 3), Pool(15, 9, (), 0))
    assert o.result == "remise" and o.net == (0, 0, 0)
    assert o.pool == Pool(15, 9, (Bete(0, 15),), 0)


def test_codille_to_the_defender_with_most_tricks() -> None:
    o = outcome((3, 4, 2), mode=Mode.SANS_PRENDRE)
    assert o.result == "codille" and o.codille_to == 1
    assert poule_taken(o) == {1: "poule"}  # won, not shared
    assert o.net == (-3 - 12, -3 + 9 + 6, -3 + 6)
    assert o.pool == Pool(0, None, (Bete(0, 9),), 3)  # 3 after a codille


def test_codille_four_four_one_is_shared_the_odd_jeton_on_the_hombre_s_right() -> None:
    o = outcome((1, 4, 4))
    assert o.result == "codille" and o.codille_to is None
    assert poule_taken(o) == {1: SHARED, 2: SHARED}  # a summary says "shared", not "won"
    assert o.net == (-3, -3 + 5, -3 + 4)


def test_the_largest_waiting_bete_enters_the_next_poule_the_oldest_among_equals() -> None:
    pool = Pool(0, None, (Bete(1, 5), Bete(0, 9), Bete(2, 9)), 2)
    assert pool.entering == 1
    o = outcome((2, 2, 5), pool, hombre=2)
    assert o.net == (-9 - 2, -2, -2 + 15)
    assert o.pool == Pool(0, None, (Bete(1, 5), Bete(2, 9)), 2)


def test_the_betes_that_wait_through_a_deal_are_all_but_the_one_entering() -> None:
    betes = (Bete(1, 5), Bete(0, 9))
    assert Pool(0, None, betes, 2).waiting == 1  # the 9 enters the empty poule
    assert Pool(9, 9, betes, 0).waiting == 2  # a poule stands: none enters
    assert Pool(0, None, (), 3).waiting == 0


def test_after_a_codille_the_antes_are_three_even_when_a_bete_enters() -> None:
    o = outcome((5, 2, 2), Pool(0, None, (Bete(0, 9),), 3))
    assert o.net == (-9 - 3 + 18, -3, -3)
    assert o.pool == Pool(0, None, (), 3)


def test_all_pass_adds_two_each_and_no_ante_next() -> None:
    state = dealt(Pool())
    for _ in range(3):
        state.apply(PASS)
    o = state.outcome
    assert o is not None and o.result == "all-pass"
    assert o.net == (-5, -5, -5) and o.pool == Pool(15, None, (), 0)


def test_the_seed_s_vole_poule_24_with_a_bete_of_9() -> None:
    o = outcome((9, 0, 0), Pool(24, 9, (), 0), vole=True)
    assert o.result == "vole" and o.net == (48, -12, -12)
    assert o.pool == Pool(0, None, (), 3)


def test_vole_doubling_the_odd_jeton_is_paid_by_the_defender_on_the_hombre_s_right() -> None:
    assert outcome((9, 0, 0), Pool(25, 9, (), 0), vole=True).net == (50, -13, -12)


def test_vole_with_one_waiting_bete_doubles_and_the_bete_still_waits() -> None:
    o = outcome((9, 0, 0), Pool(12, None, (Bete(1, 7),), 0), vole=True)
    assert o.net == (24, -6, -6)
    assert o.pool == Pool(0, None, (Bete(1, 7),), 2)


def test_vole_with_several_betes_takes_every_bete_and_the_bonuses() -> None:
    pool = Pool(24, 9, (Bete(1, 10), Bete(0, 4)), 0)
    o = outcome((9, 0, 0), pool, vole=True, mode=Mode.SANS_PRENDRE)
    assert o.net == (24 + 10 + 12, -10 - 6, -6)  # his own bête of 4 is his already
    assert o.pool == Pool(0, None, (), 3)


def test_vole_failed_the_defenders_share_poule_and_betes_odd_to_more_tricks() -> None:
    pool = Pool(25, 9, (Bete(1, 10),), 0)
    o = outcome((6, 2, 1), pool, vole=True, matadors=3)
    assert o.result == "vole-failed" and o.new_bete is None
    assert poule_taken(o) == {1: SHARED, 2: SHARED}
    assert o.net == (12, -10 + 18 - 6, 17 - 6)  # he still led: his matadors are paid
    assert o.pool == Pool(0, None, (), 3)


def test_vole_failed_equal_defenders_odd_jeton_to_the_first_in_play_order() -> None:
    pool = Pool(25, 9, (), 0)
    assert outcome((7, 1, 1), pool, vole=True, dealer=2).net == (0, 13, 12)  # first hand 0
    assert outcome((7, 1, 1), pool, vole=True, dealer=1).net == (0, 12, 13)  # first hand 2


def test_vole_failed_without_the_most_tricks_no_bonus_either_way() -> None:
    o = outcome((4, 5, 0), Pool(24, 9, (), 0), vole=True, mode=Mode.SANS_PRENDRE_VOLE)
    assert o.bonus == 0 and o.net == (0, 12, 12)


@pytest.mark.parametrize("result", ["win", "vole"])
def test_a_session_counts_poules_won_by_a_hombre_not_codilles(result: str) -> None:
    session = Session(["A", "B", "C"], poules=1, jouer_les_coups=True, seed=1)
    state = session.deal()
    state.hombre, state.mode = 0, Mode.PRENDRE
    state.tricks = [2, 5, 2]
    state.outcome = settle(state.finished())
    session.settle(state)
    assert session.poules_won == 0 and not session.finished
    state = session.deal()
    state.hombre, state.mode = 0, Mode.PRENDRE
    state.tricks, state.vole = ([9, 0, 0], True) if result == "vole" else ([5, 2, 2], False)
    state.outcome = settle(state.finished())
    session.settle(state)
    assert session.poules_won == 1 and not session.finished  # now the coups
    for _ in range(9):
        assert not session.finished
        state = session.deal()
        state.hombre, state.mode, state.tricks = 1, Mode.PRENDRE, [2, 5, 2]
        state.outcome = settle(state.finished())
        session.settle(state)
    assert session.finished


def test_jouer_les_coups_ends_at_the_first_bete() -> None:
    session = Session(["A", "B", "C"], poules=1, jouer_les_coups=True, seed=1)
    for tricks in ([5, 2, 2], [3, 3, 3]):
        state = session.deal()
        state.hombre, state.mode, state.tricks = 0, Mode.PRENDRE, tricks
        state.outcome = settle(state.finished())
        session.settle(state)
    assert session.finished


def _play_deal(session: Session, tricks: list[int]) -> None:
    state = session.deal()
    state.hombre, state.mode, state.tricks = 1, Mode.PRENDRE, tricks
    state.outcome = settle(state.finished())
    session.settle(state)


def test_a_stop_ends_after_the_deal_in_progress() -> None:
    session = Session(["A", "B", "C"], seed=1)
    session.deal()
    session.request_stop()
    assert session.deals_left == 1 and not session.finished
    session.in_deal = False
    assert session.finished and session.deals_left == 0


def test_a_stop_at_a_table_playing_the_coups_plays_them_first() -> None:
    """RULES.md §3, End: with *jouer les coups*, stopping plays three more deals each
    after the one in progress (or until the first bête), then the game ends."""
    session = Session(["A", "B", "C"], jouer_les_coups=True, seed=1)
    state = session.deal()
    session.request_stop()
    assert session.deals_left == 1 + 9
    state.hombre, state.mode, state.tricks = 0, Mode.PRENDRE, [5, 2, 2]
    state.outcome = settle(state.finished())
    session.settle(state)  # the deal in progress is not a coup
    for played in range(9):
        assert not session.finished and session.deals_left == 9 - played
        _play_deal(session, [2, 5, 2])  # the hombre wins: no bête
    assert session.finished and session.deals_left == 0


def test_a_bete_made_during_the_coups_asked_by_a_stop_ends_them() -> None:
    session = Session(["A", "B", "C"], jouer_les_coups=True, seed=1)
    session.request_stop()
    _play_deal(session, [2, 5, 2])
    assert not session.finished
    _play_deal(session, [3, 3, 3])  # a remise: the hombre makes a bête
    assert session.finished

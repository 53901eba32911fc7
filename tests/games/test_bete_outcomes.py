"""Outcomes and settlement of La Bête (RULES.md §2 "Winning", "Bêtes", "King of trump").

Most deals here are built from the sequence of trick winners:
``bete_helpers.by_winners`` writes five one-suit tricks (♥ ♦ ♣ ♥ ♦, trump ♠)
where every seat follows suit and the named winner holds the top card, so the
whole play is written out and checked card by card by the engine.

Unless a case says otherwise: three players, dealer 0, first hand 1 declares,
a round opens on an empty pot.  The antes are then, by hand from §2:

* each pays a fiche into the reserve (30), one fiche moves to the stake;
* each pays a game jeton and the dealer one more: stake 10 + 3 + 1 = 14;
* each pays a king jeton: kings 3;

so before settlement the net payments are (-13, -12, -12) and the pot is
reserve 20, stake 14, kings 3.  The 7♠ is turned and the K♠ is in the talon
(king jetons stay), unless the case places the king.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.bete import DealState, IllegalActionError, Outcome, Phase, Pot, Rules
from games.bete.state import Bete, succeeded
from games.cards import Card
from games.tricks import PlayedTrick
from tests.games.bete_helpers import (
    Script,
    by_winners,
    complete_deal,
    new_deal,
    reference_succeeded,
    run,
    scripted,
)

ANTES = (-13, -12, -12)
POT = Pot(20, 14, 3)


def settle(
    script: Script,
    calls: str,
    *,
    round_start: bool,
    pot: Pot | None = None,
    bete_in_play: bool = False,
    waiting: Sequence[Bete] = (),
    entering: int = -1,
) -> DealState:
    """The deal dealt by seat 0, spoken with ``calls`` and played as scripted."""
    state = new_deal(
        script,
        0,
        pot=pot,
        bete_in_play=bete_in_play,
        waiting=waiting,
        entering=entering,
        round_start=round_start,
    )
    run(state, [c.strip() for c in calls.split(",")])
    assert state.phase is Phase.PLAY
    run(state, script.plays)
    assert state.outcome is not None
    return state


def betes(outcome: Outcome) -> list[tuple[int, int]]:
    return [(b.owner, b.amount) for b in outcome.new_betes]


def assert_conserved(state: DealState, before: Pot) -> None:
    outcome = state.outcome
    assert outcome is not None
    assert sum(outcome.net) + outcome.pot_delta == 0
    assert outcome.pot_delta == outcome.pot.total - before.total


# ---- who succeeds: "3 tricks, or exactly 2 that are the first two" -------------

# (winners of the five tricks, seat judged, succeeds)
SUCCESS = [
    ([1, 1, 1, 2, 0], 1, True),  # three tricks
    ([2, 1, 0, 1, 1], 1, True),  # three tricks, the last three
    ([1, 1, 1, 1, 2], 1, True),
    ([1, 1, 1, 1, 1], 1, True),  # vole
    ([1, 1, 2, 0, 2], 1, True),  # the first two, nobody else three
    ([1, 1, 0, 0, 2], 1, True),
    ([1, 1, 2, 2, 2], 1, False),  # the first two, but seat 2 took three
    ([1, 2, 1, 0, 0], 1, False),  # two tricks, not the first two
    ([2, 1, 1, 0, 0], 1, False),
    ([0, 2, 0, 1, 1], 1, False),  # the last two
    ([1, 2, 0, 0, 2], 1, False),  # one trick
    ([2, 2, 0, 0, 2], 1, False),  # none (dévole)
    ([2, 2, 0, 1, 0], 2, True),  # a contreur is judged the same way
    ([1, 1, 2, 2, 2], 2, True),
]


@pytest.mark.parametrize(("winners", "seat", "expected"), SUCCESS)
def test_success_rule(winners: list[int], seat: int, expected: bool) -> None:
    assert reference_succeeded(winners, seat, 3) is expected
    card = Card.parse("7H")  # the cards do not matter to the rule
    history = [PlayedTrick(0, ((0, card),), w) for w in winners]
    tricks = [winners.count(s) for s in range(3)]
    assert succeeded(tricks, history, seat) is expected


# ---- the declarer alone --------------------------------------------------------

ALONE = "1 play-contract, 2 pass, 0 pass"
DEALER_PLAYS = "1 pass, 2 pass, 0 play-contract"

# (id, winners, declarer won, net, pot after, new bêtes)
DECLARER = [
    # he takes the stake: 14
    ("three-tricks", [1, 1, 1, 2, 0], True, (-13, 2, -12), Pot(20, 0, 3), []),
    ("four-tricks", [1, 1, 1, 1, 2], True, (-13, 2, -12), Pot(20, 0, 3), []),
    ("first-two", [1, 1, 2, 0, 2], True, (-13, 2, -12), Pot(20, 0, 3), []),
    # he fails: a bête of the stake (14, king jetons excluded); the stake stays
    ("first-two-other-takes-three", [1, 1, 2, 2, 2], False, ANTES, POT, [(1, 14)]),
    ("two-not-first-two", [1, 2, 1, 0, 0], False, ANTES, POT, [(1, 14)]),
    ("two-later", [2, 1, 1, 0, 0], False, ANTES, POT, [(1, 14)]),
    ("one-trick", [1, 2, 0, 0, 2], False, ANTES, POT, [(1, 14)]),
    # vole: the stake and a jeton from each other player (no bête waits)
    ("vole", [1, 1, 1, 1, 1], True, (-14, 4, -13), Pot(20, 0, 3), []),
    # dévole: he pays 14 into the stake (28), makes a bête of 14, gives a jeton each
    ("devole", [2, 2, 0, 0, 2], False, (-12, -28, -11), Pot(20, 28, 3), [(1, 14)]),
]


@pytest.mark.parametrize(("winners", "won", "net", "pot", "new"), [c[1:] for c in DECLARER],
                         ids=[c[0] for c in DECLARER])  # fmt: skip
def test_declarer_outcomes(
    winners: list[int], won: bool, net: tuple[int, ...], pot: Pot, new: list[tuple[int, int]]
) -> None:
    state = settle(by_winners(winners), ALONE, round_start=True)
    outcome = state.outcome
    assert outcome is not None
    assert outcome.declarer == 1 and outcome.contreur == -1
    assert outcome.tricks == tuple(winners.count(s) for s in range(3))
    assert outcome.declarer_won is won and outcome.contreur_won is False
    assert outcome.vole is (winners.count(1) == 5)
    assert outcome.devole is (winners.count(1) == 0)
    assert outcome.net == net
    assert outcome.pot == pot
    assert betes(outcome) == new
    # a won deal clears the bête in play; a lost one leaves it as it was
    assert outcome.bete_in_play is False
    assert outcome.king_holder == -1  # the K♠ is in the talon
    assert_conserved(state, Pot())


# ---- contrer -----------------------------------------------------------------

CONTRE = "1 play-contract, 2 contre"

# (id, calls, winners, declarer won, contreur won, net, pot after, new bêtes)
CONTRES = [
    # declarer wins (14), the contreur fails: a double bête, 2 × 14
    ("declarer-wins-contreur-fails", CONTRE, [1, 1, 1, 2, 0], True, False,
     (-13, 2, -12), Pot(20, 0, 3), [(2, 28)]),
    ("declarer-first-two-contreur-fails", CONTRE, [1, 1, 0, 2, 0], True, False,
     (-13, 2, -12), Pot(20, 0, 3), [(2, 28)]),
    # the contreur takes the stake with three; the declarer makes the bête of 14
    ("contreur-three", CONTRE, [2, 2, 2, 1, 0], False, True,
     (-13, -12, 2), Pot(20, 0, 3), [(1, 14)]),
    ("contreur-first-two", CONTRE, [2, 2, 0, 1, 0], False, True,
     (-13, -12, 2), Pot(20, 0, 3), [(1, 14)]),
    # the declarer's first two do not count: the contreur took three
    ("declarer-first-two-contreur-three", CONTRE, [1, 1, 2, 2, 2], False, True,
     (-13, -12, 2), Pot(20, 0, 3), [(1, 14)]),
    # both fail: the simple bête and the double one; the stake stays
    ("both-fail", CONTRE, [1, 2, 0, 0, 1], False, False,
     ANTES, POT, [(1, 14), (2, 28)]),
    # the last speaker contres after a pass
    ("last-speaker-contres", "1 play-contract, 2 pass, 0 contre", [0, 0, 0, 1, 2], False, True,
     (1, -12, -12), Pot(20, 0, 3), [(1, 14)]),
    # vole with a contreur: 14 + a jeton from each; the contreur's double bête
    ("vole-contreur-fails", CONTRE, [1, 1, 1, 1, 1], True, False,
     (-14, 4, -13), Pot(20, 0, 3), [(2, 28)]),
    # no trick for the declarer, but the contreur succeeds: no dévole (RULES.md §2),
    # the declarer makes the simple bête of 14 and the contreur takes the stake
    ("no-trick-contreur-succeeds", CONTRE, [2, 2, 2, 0, 0], False, True,
     (-13, -12, 2), Pot(20, 0, 3), [(1, 14)]),
    # dévole, the contreur fails too: his double bête is of the stake at the end
    # of play (14), before the declarer's payment
    ("devole-contreur-fails", CONTRE, [2, 0, 0, 0, 2], False, False,
     (-12, -28, -11), Pot(20, 28, 3), [(1, 14), (2, 28)]),
]  # fmt: skip


@pytest.mark.parametrize(("calls", "winners", "won", "c_won", "net", "pot", "new"),
                         [c[1:] for c in CONTRES], ids=[c[0] for c in CONTRES])  # fmt: skip
def test_contre_outcomes(
    calls: str,
    winners: list[int],
    won: bool,
    c_won: bool,
    net: tuple[int, ...],
    pot: Pot,
    new: list[tuple[int, int]],
) -> None:
    state = settle(by_winners(winners), calls, round_start=True)
    outcome = state.outcome
    assert outcome is not None
    contreur = next(int(c.split()[0]) for c in calls.split(",") if c.endswith("contre"))
    assert outcome.declarer == 1 and outcome.contreur == contreur
    assert outcome.declarer_won is won and outcome.contreur_won is c_won
    assert outcome.net == net
    assert outcome.pot == pot
    assert betes(outcome) == new
    assert_conserved(state, Pot())


def test_a_won_deal_clears_the_bete_in_play_and_a_lost_one_keeps_it() -> None:
    # a bête is in play: no game jetons; stake 30 + 10 + 1 = 41, reserve 20 - 10
    pot = Pot(20, 30, 0)
    for winners, c_won, in_play in [
        ([1, 1, 1, 2, 0], False, False),  # the declarer wins
        ([2, 2, 2, 1, 0], True, False),  # the contreur wins
        ([1, 2, 0, 0, 1], False, True),  # nobody wins: the stake stays, bête still in play
    ]:
        state = settle(by_winners(winners), CONTRE, pot=pot, bete_in_play=True, round_start=False)
        outcome = state.outcome
        assert outcome is not None and outcome.contreur_won is c_won
        assert outcome.bete_in_play is in_play
        assert outcome.pot.stake == (41 if in_play else 0)
        # antes: the dealer's jeton and the king jetons only
        assert outcome.net[0] == -2
        assert_conserved(state, pot)


# ---- waiting bêtes: entering, vole, dévole -------------------------------------

# Not a round start; reserve 20 and an empty stake; no bête in play.  Waiting,
# oldest first: seat 0's 14, seat 2's 30, seat 1's 7, seat 0's 5.  The largest
# (30) enters: seat 2 pays it into the stake and the game jetons stop:
# stake 30 + 10 + the dealer's 1 = 41, reserve 10, kings 3;
# antes net: seat 0 -2 (dealer, king), seat 1 -1, seat 2 -31.
WAITING = [Bete(0, 14), Bete(2, 30), Bete(1, 7), Bete(0, 5)]


def settle_waiting(winners: list[int], calls: str = ALONE) -> DealState:
    return settle(
        by_winners(winners),
        calls,
        pot=Pot(20, 0, 0),
        waiting=WAITING,
        entering=1,
        round_start=False,
    )


def test_the_entering_bete_is_paid_into_the_stake() -> None:
    state = new_deal(
        by_winners([1, 1, 1, 2, 0]), 0, pot=Pot(20, 0, 0), waiting=WAITING, entering=1,
        round_start=False,
    )  # fmt: skip
    assert state.pot == Pot(10, 41, 3)
    assert state.bete_in_play
    assert state.view(0).waiting == (Bete(0, 14), Bete(1, 7), Bete(0, 5))


def test_vole_collects_every_waiting_bete() -> None:
    state = settle_waiting([1, 1, 1, 1, 1])
    outcome = state.outcome
    assert outcome is not None and outcome.vole and outcome.declarer_won
    # seat 1 takes 41, seat 0's 14 and 5, a jeton from each; his own 7 is crossed unpaid
    assert outcome.net == (-2 - 19 - 1, -1 + 41 + 19 + 2, -31 - 1)
    assert outcome.collected == (0, 2, 3)
    assert outcome.new_betes == ()
    assert outcome.pot == Pot(10, 0, 3)
    assert outcome.bete_in_play is False
    assert_conserved(state, Pot(20, 0, 0))


def test_devole_doubles_the_stake_and_makes_a_bete_per_waiting_one() -> None:
    state = settle_waiting([2, 2, 0, 0, 2])
    outcome = state.outcome
    assert outcome is not None and outcome.devole and not outcome.declarer_won
    # he pays 41 (stake 82), gives a jeton to each other player, and makes a bête
    # of 41 and one of each waiting bête (14, 7, 5)
    assert outcome.net == (-2 + 1, -1 - 41 - 2, -31 + 1)
    assert betes(outcome) == [(1, 41), (1, 14), (1, 7), (1, 5)]
    assert outcome.pot == Pot(10, 82, 3)
    assert outcome.bete_in_play is True
    assert outcome.collected == ()
    assert_conserved(state, Pot(20, 0, 0))


def test_no_devole_when_the_contreur_succeeds() -> None:
    # the seed's contre passage: "il fait la bête simple", even without a trick
    state = settle_waiting([2, 2, 2, 0, 0], CONTRE)
    outcome = state.outcome
    assert outcome is not None and not outcome.devole and outcome.contreur_won
    assert outcome.tricks[1] == 0
    # seat 2 paid its bête of 30 in and takes the stake of 41; no jeton of a dévole
    assert outcome.net == (-2, -1, -31 + 41)
    assert betes(outcome) == [(1, 41)]
    assert outcome.pot == Pot(10, 0, 3) and outcome.bete_in_play is False
    assert_conserved(state, Pot(20, 0, 0))


def test_a_plain_win_leaves_the_waiting_betes() -> None:
    state = settle_waiting([1, 1, 1, 2, 0])
    outcome = state.outcome
    assert outcome is not None
    assert outcome.net == (-2, -1 + 41, -31)
    assert outcome.collected == () and outcome.new_betes == ()


# ---- the king jetons -----------------------------------------------------------

# (id, winners, calls, turned card, K♠ holder, who takes the king jetons)
KINGS = [
    ("in-the-talon", [1, 1, 1, 2, 0], ALONE, "7S", None, -1),
    ("another-player-holds-it", [1, 1, 2, 2, 0], ALONE, "7S", 2, 2),
    ("another-player-holds-it-declarer-fails", [1, 2, 2, 0, 0], ALONE, "7S", 2, 2),
    ("declarer-holds-it-and-wins", [1, 1, 1, 2, 0], ALONE, "7S", 1, 1),
    ("declarer-holds-it-and-fails", [2, 0, 1, 0, 2], ALONE, "7S", 1, -1),
    # only the declarer loses them by failing (§2): a failed contreur keeps them
    ("contreur-holds-it-and-fails", [1, 1, 2, 1, 0], CONTRE, "7S", 2, 2),
    # the dealer turned the king: his, whoever else wins or fails...
    ("dealer-turned-it", [1, 1, 1, 2, 0], ALONE, "KS", None, 0),
    ("dealer-turned-it-declarer-fails", [1, 2, 0, 0, 2], ALONE, "KS", None, 0),
    # ...unless he is the declarer and fails, as any holder of the king
    ("dealer-turned-it-declares-and-wins", [0, 0, 1, 2, 0], DEALER_PLAYS, "KS", None, 0),
    ("dealer-turned-it-declares-and-fails", [1, 2, 0, 0, 1], DEALER_PLAYS, "KS", None, -1),
]


@pytest.mark.parametrize(("winners", "calls", "turned", "holder", "taker"),
                         [c[1:] for c in KINGS], ids=[c[0] for c in KINGS])  # fmt: skip
def test_king_jetons(
    winners: list[int], calls: str, turned: str, holder: int | None, taker: int
) -> None:
    state = settle(by_winners(winners, king=holder, turned=turned), calls, round_start=True)
    outcome = state.outcome
    assert outcome is not None
    assert outcome.king_holder == taker
    without = settle(by_winners(winners), calls, round_start=True).outcome
    assert without is not None and without.king_holder == -1
    # the same deal with the king in the talon, plus the 3 king jetons to the taker
    expected = list(without.net)
    if taker >= 0:
        expected[taker] += 3
    assert list(outcome.net) == expected
    assert outcome.pot.kings == (0 if taker >= 0 else 3)
    assert_conserved(state, Pot())


def test_king_jetons_pile_up_until_taken() -> None:
    # they stay over a deal where the king is in the talon, then go to the holder
    pot = Pot(20, 0, 3)
    state = settle(by_winners([1, 1, 1, 2, 0], king=1), ALONE, pot=pot, round_start=False)
    outcome = state.outcome
    assert outcome is not None
    assert outcome.king_holder == 1 and outcome.pot.kings == 0
    # seat 1: a king jeton and a game jeton in, the stake 10 + 3 + 1 and the 6 kings out
    assert outcome.net[1] == -2 + 14 + 6


# ---- a trick already trumped, and bete_must_underruff -------------------------


def test_keeping_a_king_under_a_trumped_trick() -> None:
    # Trump ♠; seat 0 declares (speaking last) and takes the first two tricks.
    # Trick 3: seat 0 leads A♥, seat 1 trumps with the Q♠, seat 2 holds K♥ and
    # 7♥: the trick is trumped, so either heart will do; he keeps the K♥, trumps
    # trick 4 and leads the K♥ to take trick 5.  Nobody took three: the declarer's
    # first two tricks win the deal.
    script = scripted(3, 0, "7S", [
        "8C 9C KC",  # 1 leads; 2 must beat the 8♣, 0 the 9♣
        "KD 7D 8D",  # 0 leads
        "AH QS 7H",  # 1 is void in ♥ and trumps; 2 may keep the K♥
        "9D JS 10D",  # 1 leads; 2 is void in ♦ and trumps; 0 any ♦
        "KH 10H 7C",  # 2 leads the K♥
    ])  # fmt: skip
    assert script.winners == [0, 0, 1, 2, 2]
    state = new_deal(script, 0, round_start=True)
    run(state, ["1 pass", "2 pass", "0 play-contract", *script.plays[:8]])
    assert state.turn == 2
    assert {str(a.card) for a in state.legal_actions()} == {"KH", "7H"}
    run(state, script.plays[8:])
    outcome = state.outcome
    assert outcome is not None
    assert outcome.declarer == 0 and outcome.tricks == (2, 1, 2) and outcome.declarer_won
    assert outcome.net == (-13 + 14, -12, -12)


# Trump ♠.  Seat 1 takes the first two tricks; trick 3: seat 1 leads A♥, seat 2
# trumps with the Q♠, seat 0 (void in ♥) holds the 7♠ and cannot overtrump.
# By default he may discard a club and keep his 7♠: then he must trump seat 2's
# ♦ lead and takes a trick, and seat 2 stops at two: the declarer's first two
# tricks win.  With bete_must_underruff he must play the 7♠ (pisser) at trick 3,
# and seat 2 takes the last three tricks whatever is played: the declarer fails.
UNDERRUFF_HANDS = {0: "8H 8C 7S 7C JC", 1: "KH KC AH 9D 10D", 2: "7H 9C QS KD QD"}
UNDERRUFF_OPENING = [
    *ALONE.split(", "),
    "1 play KH", "2 play 7H", "0 play 8H",  # 2 and 0 cannot beat the K♥
    "1 play KC", "2 play 9C", "0 play 8C",
    "1 play AH", "2 play QS",  # 2 is void in ♥: he trumps
]  # fmt: skip


def underruff_deal(underruff: bool) -> DealState:
    hands, talon = complete_deal(3, UNDERRUFF_HANDS, "S")
    assert Card.from_index(talon[0]) == Card.parse("8S")
    state = DealState(Rules(bete_must_underruff=underruff), 0, hands, talon, round_start=True)
    return run(state, UNDERRUFF_OPENING)


def all_results(state: DealState) -> set[tuple[bool, tuple[int, ...]]]:
    """(declarer won, tricks) of every legal way of finishing the deal."""
    if state.outcome is not None:
        return {(state.outcome.declarer_won, state.outcome.tricks)}
    results: set[tuple[bool, tuple[int, ...]]] = set()
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        results |= all_results(child)
    return results


def test_underruff_option_changes_the_outcome() -> None:
    default = underruff_deal(False)
    option = underruff_deal(True)
    assert default.turn == option.turn == 0
    assert {str(a.card) for a in default.legal_actions()} == {"7S", "7C", "JC"}
    assert {str(a.card) for a in option.legal_actions()} == {"7S"}
    with pytest.raises(IllegalActionError, match="pisser"):
        run(option.copy(), ["0 play 7C"])
    # by default, keeping the 7♠ wins the deal for the declarer
    keep = run(default.copy(), [
        "0 play 7C",
        "2 play KD", "0 play 7S", "1 play 9D",  # 0 is void in ♦: he must trump
        "0 play JC", "1 play 10D", "2 play QD",
    ])  # fmt: skip
    assert keep.outcome is not None
    assert keep.outcome.tricks == (2, 2, 1) and keep.outcome.declarer_won
    assert keep.outcome.net == (-13, 2, -12)
    # every way of finishing: the option leaves only the declarer's failure
    assert all_results(option) == {(False, (0, 2, 3))}
    assert {won for won, _ in all_results(default)} == {True, False}

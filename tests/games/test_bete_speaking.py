"""Speaking, contrer, the curieuse and void deals (RULES.md §2 "Speaking"), and the
session's choice of the bête that enters (§2 "Bêtes").

Three players, dealer 0, a round opening on an empty pot unless said otherwise:
antes net (-13, -12, -12), pot reserve 20, stake 14, kings 3 (see
test_bete_outcomes).  A curieuse adds a jeton to the stake.
"""

from __future__ import annotations

import pytest

from games.bete import Action, DealState, IllegalActionError, Phase, Pot, Rules, Session
from games.bete.state import Bete
from games.cards import Card
from games.register import Register
from tests.games.bete_helpers import by_winners, complete_deal, new_deal, run, scripted

ANTES = (-13, -12, -12)
ALL_PASS = ["1 pass", "2 pass", "0 pass"]


def fresh(
    winners: list[int] | None = None,
    *,
    turned: str = "7S",
    curieuse: str | None = None,
    king: int | None = None,
) -> DealState:
    """A deal dealt by seat 0 whose tricks, once spoken for, go to ``winners``."""
    script = by_winners(winners or [1, 1, 1, 2, 0], turned=turned, curieuse=curieuse, king=king)
    return new_deal(script, 0)


def phase(state: DealState) -> Phase:
    """The phase now (a call, so that type narrowing does not outlive an action)."""
    return state.phase


def words(state: DealState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# ---- speaking ------------------------------------------------------------------


def test_speaking_goes_round_from_the_dealers_right() -> None:
    state = fresh()
    assert phase(state) is Phase.SPEAKING and state.turn == 1
    assert words(state) == {"pass", "play-contract"}
    run(state, ["1 pass"])
    assert state.turn == 2
    run(state, ["2 play-contract"])
    # a declarer: the later player may contrer; seat 1 passed and does not speak again
    assert state.turn == 0 and words(state) == {"pass", "contre"}
    run(state, ["0 pass"])
    assert phase(state) is Phase.PLAY
    assert state.turn == 1  # the dealer's right leads, whoever declared
    assert state.declarer == 2 and state.contreur == -1


def test_the_first_contre_ends_the_speaking() -> None:
    hands, talon = complete_deal(5, {}, "S")
    state = DealState(Rules(), 0, hands, talon, round_start=True)
    run(state, ["1 pass", "2 play-contract", "3 contre"])
    # seats 4 and 0 have not spoken, but there is at most one contreur
    assert phase(state) is Phase.PLAY and state.turn == 1
    assert (state.declarer, state.contreur) == (2, 3)
    with pytest.raises(IllegalActionError):
        run(state, ["4 contre"])


def test_words_are_final_and_checked() -> None:
    state = fresh()
    with pytest.raises(IllegalActionError, match="'play-contract'"):
        run(state.copy(), ["1 contre"])  # nobody plays yet
    with pytest.raises(IllegalActionError, match="'play-contract'"):
        run(state.copy(), ["1 curieuse"])  # only once all have passed
    with pytest.raises(IllegalActionError, match="turn"):
        run(state.copy(), ["2 pass"])  # seat 1 speaks first
    with pytest.raises(IllegalActionError, match="no card before the speaking"):
        run(state.copy(), ["1 play KH"])  # no card before the speaking ends
    run(state, ["1 play-contract"])
    with pytest.raises(IllegalActionError, match="contrer"):
        run(state.copy(), ["2 play-contract"])  # one declarer
    with pytest.raises(IllegalActionError, match="contrer"):
        run(state.copy(), ["2 curieuse"])


def test_every_seat_may_contre_until_one_does() -> None:
    # 1 declares, 2 passes, 0 (the dealer) contres
    state = run(fresh([0, 0, 0, 1, 2]), ["1 play-contract", "2 pass", "0 contre"])
    assert phase(state) is Phase.PLAY and (state.declarer, state.contreur) == (1, 0)


# ---- the curieuse ----------------------------------------------------------------


def test_curieuse_pays_turns_the_next_card_and_only_the_curieux_speak() -> None:
    # trump ♠ turned with the 7; the next talon card, the 8♥, is the curieuse's
    state = fresh([0, 0, 0, 1, 2], turned="7S", curieuse="8H")
    assert state.trump_card == Card.parse("7S")
    run(state, ALL_PASS)
    assert phase(state) is Phase.CURIEUSE and state.turn == 1
    assert words(state) == {"pass", "curieuse"}
    with pytest.raises(IllegalActionError, match="curieuse"):
        run(state.copy(), ["1 play-contract"])
    run(state, ["1 curieuse"])
    assert state.pot.stake == 15  # 14 + his jeton
    run(state, ["2 pass", "0 curieuse"])
    assert state.pot.stake == 16
    # the 7♠ is set aside, the 8♥ is trump, and seats 1 and 0 speak again
    assert state.trump_card == Card.parse("8H")
    view = state.view(2)
    assert view.set_aside == Card.parse("7S") and view.trump_card == Card.parse("8H")
    assert view.curieux == (1, 0)
    assert phase(state) is Phase.SPEAKING and state.turn == 1
    with pytest.raises(IllegalActionError, match="turn"):
        run(state.copy(), ["2 play-contract"])  # seat 2 did not go en curieuse
    run(state, ["1 pass"])
    assert state.turn == 0  # seat 2 is skipped
    run(state, ["0 play-contract"])
    assert phase(state) is Phase.PLAY and state.turn == 1
    run(state, by_winners([0, 0, 0, 1, 2], turned="7S", curieuse="8H").plays)
    outcome = state.outcome
    assert outcome is not None and outcome.declarer == 0 and outcome.declarer_won
    # seat 0 takes the 16 (his own curieuse jeton included); the K♥ is in the talon
    assert outcome.net == (-13 - 1 + 16, -12 - 1, -12)
    assert outcome.pot == Pot(20, 0, 3)
    assert sum(outcome.net) + outcome.pot_delta == 0


def test_after_a_curieuse_the_old_trump_is_a_plain_suit() -> None:
    # trump ♥ by the curieuse.  Trick 1: seat 1 leads K♦; seat 2, void in ♦, holds
    # the 8♠ (the old trump) and the 8♥: he must trump with the 8♥.
    script = scripted(3, 0, "7S", [
        "KD 8H QD",  # 2 trumps; 0 follows with any ♦ (the trick is trumped)
        "8S KS QS",  # 2 leads; 0 must beat the 8♠
        "KC QC JC",
        "AC 10C 9C",
        "JS 10S 9S",
    ], curieuse="7H")  # fmt: skip
    assert script.winners == [2, 0, 0, 0, 0]
    state = new_deal(script, 0)
    run(state, [*ALL_PASS, "1 pass", "2 curieuse", "0 curieuse", "2 pass", "0 play-contract"])
    run(state, script.plays[:1])
    assert {str(a.card) for a in state.legal_actions()} == {"8H"}
    run(state, script.plays[1:])
    outcome = state.outcome
    assert outcome is not None and outcome.tricks == (4, 0, 1) and outcome.declarer_won
    assert outcome.net == (-13 - 1 + 16, -12, -12 - 1)


def test_curieux_may_contre_each_other() -> None:
    state = fresh([2, 2, 2, 1, 0], turned="7S", curieuse="8H")
    run(state, [*ALL_PASS, "1 curieuse", "2 curieuse", "0 pass"])
    assert state.turn == 1
    run(state, ["1 play-contract"])
    assert state.turn == 2 and words(state) == {"pass", "contre"}
    run(state, ["2 contre"])
    run(state, by_winners([2, 2, 2, 1, 0], turned="7S", curieuse="8H").plays)
    outcome = state.outcome
    assert outcome is not None and outcome.contreur_won and not outcome.declarer_won
    # the contreur takes 14 + 2 curieuse jetons; the declarer's bête is those 16
    assert outcome.net == (-13, -12 - 1, -12 - 1 + 16)
    assert [(b.owner, b.amount) for b in outcome.new_betes] == [(1, 16)]


def test_a_curieuse_turning_a_king_gives_the_dealer_the_king_jetons() -> None:
    state = fresh([0, 0, 0, 1, 2], turned="7S", curieuse="KH")
    run(state, [*ALL_PASS, "1 pass", "2 pass", "0 curieuse", "0 play-contract"])
    run(state, by_winners([0, 0, 0, 1, 2], turned="7S", curieuse="KH").plays)
    outcome = state.outcome
    assert outcome is not None and outcome.king_holder == 0
    assert outcome.net == (-13 - 1 + 15 + 3, -12, -12)
    assert outcome.pot == Pot(20, 0, 0)


# ---- void deals ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("curieuse_words", "again", "stake"),
    [
        (["1 pass", "2 pass", "0 pass"], [], 14),  # nobody goes en curieuse
        (["1 curieuse", "2 pass", "0 pass"], ["1 pass"], 15),  # the curieux passes
        (["1 curieuse", "2 curieuse", "0 curieuse"], ["1 pass", "2 pass", "0 pass"], 17),
    ],
    ids=["no-curieuse", "one-curieux-passes", "all-curieux-pass"],
)
def test_void_deal_leaves_stake_and_kings(
    curieuse_words: list[str], again: list[str], stake: int
) -> None:
    state = fresh([1, 1, 1, 2, 0], king=1)  # even the K♠ in a hand takes nothing
    run(state, [*ALL_PASS, *curieuse_words, *again])
    assert state.is_over
    outcome = state.outcome
    assert outcome is not None and outcome.void and outcome.declarer == -1
    paid = [-1 if f"{s} curieuse" in curieuse_words else 0 for s in range(3)]
    assert outcome.net == tuple(a + p for a, p in zip(ANTES, paid, strict=True))
    assert outcome.pot == Pot(20, stake, 3)
    assert outcome.new_betes == () and outcome.king_holder == -1
    assert sum(outcome.net) + outcome.pot_delta == 0
    with pytest.raises(IllegalActionError, match="over"):
        run(state, ["1 pass"])


def test_a_void_deal_carries_the_stake_to_the_next_deal() -> None:
    session = Session(["A", "B", "C"], dealer=0)
    script = by_winners([1, 1, 1, 2, 0])
    state = session.deal_hands(script.hands, script.talon)
    run(state, [*ALL_PASS, *ALL_PASS])
    session.settle(state)
    assert session.pot == Pot(20, 14, 3) and session.dealer == 1
    # dealer 1, first hand 2: stake 14 + 10 + 3 + 1 = 28, kings 6
    script = by_winners([2, 2, 2, 0, 1], dealer=1)
    state = session.deal_hands(script.hands, script.talon)
    assert state.pot == Pot(10, 28, 6)
    run(state, ["2 play-contract", "0 pass", "1 pass", *script.plays])
    settled = session.settle(state)
    assert settled.net == {"A": -2, "B": -3, "C": -2 + 28}
    assert session.pot == Pot(10, 0, 6)


def _rounds(state: DealState) -> list[list[str]]:
    return [[f"{seat} {action}" for seat, action in r] for r in state.view(2).speaking_rounds()]


def test_the_view_gives_the_calls_by_round_of_speaking() -> None:
    state = fresh([0, 0, 0, 1, 2], turned="7S", curieuse="8H")
    assert _rounds(state) == [[]]
    run(state, ALL_PASS)
    # everyone passed: the offers of the curieuse begin, none made yet
    assert _rounds(state) == [ALL_PASS, []]
    run(state, ["1 curieuse", "2 pass", "0 curieuse"])
    # the curieux speak again under the new trump
    assert _rounds(state) == [ALL_PASS, ["1 curieuse", "2 pass", "0 curieuse"], []]
    run(state, ["1 pass", "0 play-contract"])
    assert _rounds(state)[2] == ["1 pass", "0 play-contract"]
    # a declarer in the first round: one round only, whoever speaks after him
    state = fresh()
    run(state, ["1 pass", "2 play-contract", "0 pass"])
    assert _rounds(state) == [["1 pass", "2 play-contract", "0 pass"]]
    # nobody goes en curieuse: two rounds, and the deal is void
    state = fresh()
    run(state, [*ALL_PASS, *ALL_PASS])
    assert _rounds(state) == [ALL_PASS, ALL_PASS] and state.is_over


def test_deals_left_count_the_deal_in_progress_to_the_end_of_the_round() -> None:
    """RULES.md §2: a round is one deal per player, and a stop waits for its end."""
    session = Session(["A", "B", "C"], dealer=0)
    left = []
    for deal in range(3):
        script = by_winners([1, 1, 1, 2, 0], dealer=session.dealer)
        state = session.deal_hands(script.hands, script.talon)
        if deal == 0:
            session.request_stop()
        left.append(session.deals_left)  # during the deal
        assert not session.finished
        while not state.is_over:  # nobody plays, nobody goes en curieuse
            run(state, [f"{state.turn} pass"])
        session.settle(state)
        left.append(session.deals_left)  # after it
    assert left == [3, 2, 2, 1, 1, 0]
    assert session.finished


# ---- which bête enters (the session) --------------------------------------------


def _session(
    register: list[tuple[str, int]], bete_in_play: bool = False
) -> tuple[Session, DealState]:
    """A session of A, B, C in mid-round, reserve 20, with ``register`` waiting."""
    session = Session(
        ["A", "B", "C"],
        dealer=0,
        register=Register.of(register),
        pot=Pot(20, 0, 0),
        deals_in_round=1,
        bete_in_play=bete_in_play,
    )
    script = by_winners([1, 1, 1, 2, 0])
    return session, session.deal_hands(script.hands, script.talon)


def test_the_largest_waiting_bete_enters() -> None:
    session, state = _session([("A", 14), ("C", 30), ("B", 7)])
    assert state.waiting[state.entered] == Bete(2, 30)
    # C pays 30; stake 30 + 10 + the dealer's 1, no game jetons
    assert state.pot == Pot(10, 41, 3) and state.bete_in_play
    run(state, ["1 play-contract", "2 pass", "0 pass", *by_winners([1, 1, 1, 2, 0]).plays])
    settled = session.settle(state)
    assert settled.net == {"A": -2, "B": -1 + 41, "C": -1 - 30}
    assert [(c.entry.owner, c.entry.amount) for c in settled.crossed] == [("C", 30)]
    assert [(e.owner, e.amount) for e in session.register.entries] == [("A", 14), ("B", 7)]


def test_the_oldest_of_equal_betes_enters() -> None:
    _, state = _session([("A", 16), ("B", 43), ("C", 43)])
    assert state.waiting[state.entered] == Bete(1, 43)


def test_bete_of_an_absent_player_waits() -> None:
    session, state = _session([("Zoé", 100), ("A", 16)])
    assert state.waiting == (Bete(0, 16),)
    assert state.waiting[state.entered] == Bete(0, 16)
    run(state, ["1 play-contract", "2 pass", "0 pass", *by_winners([1, 1, 1, 2, 0]).plays])
    session.settle(state)
    assert [(e.owner, e.amount) for e in session.register.entries] == [("Zoé", 100)]


def test_no_bete_enters_while_one_is_in_play() -> None:
    _, state = _session([("A", 16)], bete_in_play=True)
    assert state.entered == -1
    assert state.pot == Pot(10, 11, 3)  # the fiche and the dealer's jeton only


def test_a_king_of_trump_set_aside_by_a_curieuse_was_turned_up_by_the_dealer() -> None:
    """The K♥ turned up, set aside by a curieuse whose next card, the 7♥, is trump
    again: the dealer turned up the king of trump and takes the king jetons (RULES §2),
    as when no curieuse is made; it is not "in the talon"."""
    state = fresh([0, 0, 0, 1, 2], turned="KH", curieuse="7H")
    run(state, [*ALL_PASS, "1 pass", "2 pass", "0 curieuse", "0 play-contract"])
    assert state.trump_card == Card.parse("7H") and state.king_of_trump_seat() == 0
    run(state, by_winners([0, 0, 0, 1, 2], turned="KH", curieuse="7H").plays)
    outcome = state.outcome
    assert outcome is not None and outcome.declarer_won and outcome.king_holder == 0
    assert outcome.pot.kings == 0


def test_a_word_said_after_the_first_contre_is_told_the_speaking_ended() -> None:
    """RULES.md §5: "the first contre ends the speaking"; a record that has a later
    player pass after it (or a player typing it) is told so, whoever says it."""
    state = fresh()
    run(state, ["1 play-contract", "2 contre"])
    assert phase(state) is Phase.PLAY and state.turn == 1
    for seat in (0, 1):
        refused = state.check(Action.parse("pass"), seat)
        assert refused is not None and "the first contre ends the speaking" in refused.text

"""One Bésigue deal played by hand (RULES.md §4): the winner's declaring (one
combination and one seven action, in either order), the sevens, the draws and
the turned card with two, three and four players, phase 2, and a combination
that reaches the target ending the game at once."""

from __future__ import annotations

import pytest

from games.besigue import DealState, IllegalActionError, MeldKind, Phase, Rules, Session
from games.besigue.actions import DRAW, Kind, play
from games.besigue.state import LaidCard
from games.cards import Card, Suit, cards_of
from games.refusals import Refusal, Rule

from .helpers import build, card, do, words

SOUTH = "7S 8S 9S 8D 9D 8C 9C JH"  # seat 0, the dealer: nothing to lay
NORTH = "AS KH QH 7H 10D JC QC KC"  # seat 1 leads: trump marriage, marriage, the 7


def base(**kwargs: object) -> DealState:
    return build([SOUTH, NORTH], "9H", "8H 7D", **kwargs)  # type: ignore[arg-type]


def refused(state: DealState, line: str) -> str:
    with pytest.raises(IllegalActionError) as error:
        do(state, line)
    return str(error.value)


def test_the_deal_the_trump_and_the_lead() -> None:
    state = base()
    assert state.trump is Suit.H and state.turn == 1 and state.phase is Phase.PLAY1
    assert state.stock_left == 64 - 16 - 1
    view = state.view(0)
    assert view.turned == card("9H") and view.stock == 47 and view.hand_sizes == (8, 8)
    assert view.legal == () and state.view(1).legal  # only the seat to play has actions
    assert " ".join(words(state)[:3]) == "play AS play KH play QH"  # by suit, strongest first


def test_the_winner_declares_a_combination_and_a_seven_in_either_order() -> None:
    state = base()
    do(state, "1 play AS", "0 play 7S")
    assert state.phase is Phase.DECLARE and state.turn == 1 and state.declarer == 1
    assert words(state) == [
        *("meld trump-marriage KH QH", "meld marriage KC QC"),
        *("seven show", "seven exchange", "draw"),
    ]
    do(state, "1 seven exchange")
    assert state.meld_points == [0, 10]
    assert state.view(0).turned == card("7H")  # the 7 lies under the stock now
    assert state.view(1).hand & card("9H").bit and not state.view(1).hand & card("7H").bit
    assert words(state) == ["meld trump-marriage KH QH", "meld marriage KC QC", "draw"]
    do(state, "1 meld trump-marriage KH QH")
    # nothing more to do: the draws follow at once, the winner first
    assert state.phase is Phase.PLAY1 and state.turn == 1 and state.stock_left == 45
    assert state.hands[1] & card("8H").bit and state.hands[0] & card("7D").bit
    assert state.meld_points == [0, 50]
    view = state.view(0)
    assert view.laid[1] == (
        LaidCard(card("KH"), (MeldKind.TRUMP_MARRIAGE,)),
        LaidCard(card("QH"), (MeldKind.TRUMP_MARRIAGE,)),
    )
    assert view.melds[1][0].kind is MeldKind.TRUMP_MARRIAGE and view.sevens == (
        (1, Kind.SEVEN_EXCHANGE),
    )
    assert view.hand_sizes == (8, 8) and view.scores == (0, 50) and view.deal_points == (0, 50)
    assert not view.hand & ~state.hands[0]  # only its own cards


def test_one_combination_and_one_seven_per_trick_won() -> None:
    state = base()
    do(state, "1 play AS", "0 play 7S", "1 meld marriage KC QC")
    assert "one combination per trick won" in refused(state, "1 meld trump-marriage KH QH")
    do(state, "1 seven show")
    assert state.phase is Phase.PLAY1  # both done: the draws followed
    state = base()
    do(state, "1 play AS", "0 play 7S", "1 seven show")
    assert "one seven (show or exchange) per trick won" in refused(state, "1 seven exchange")
    do(state, "1 draw")
    assert "only the winner of a trick" in refused(state, "1 meld marriage KC QC")


def test_a_play_while_declaring_draws_first_and_may_play_the_card_drawn() -> None:
    state = base()
    do(state, "1 play AS", "0 play 7S", "1 play 8H")  # 8H: the top of the stock
    assert state.phase is Phase.PLAY1 and state.stock_left == 45
    assert state.view(0).trick == ((1, card("8H")),)
    assert [str(a) for _, a in state.actions] == ["play AS", "play 7S", "play 8H"]


def test_a_winner_with_nothing_to_declare_draws_at_once() -> None:
    state = base()
    do(state, "1 play 10D", "0 play JH")  # trumped: seat 0 wins, and has nothing to lay
    assert state.phase is Phase.PLAY1 and state.turn == 0 and state.stock_left == 45
    assert "the draws follow a trick of phase 1 by themselves" in refused(state, "0 draw")
    assert "only the winner of a trick" in refused(state, "0 seven show")


def test_a_laid_card_is_played_from_the_table_or_the_hand_as_said() -> None:
    state = build([SOUTH, "AS KC QC KC 7H 10D JC QH"], "9H", "8H 7D")
    do(state, "1 play AS", "0 play 7S", "1 meld marriage KC QC", "1 draw")
    assert "play KC" in words(state) and "play KC laid" in words(state)
    assert "play QC laid" not in words(state)  # the only Q♣ is laid: 'play QC' plays it
    do(state, "1 play KC laid")
    assert state.laid[1].cards == card("QC").bit
    assert state.hands[1] & card("KC#2").bit  # the hand's copy is still there
    do(state, "0 play 8C", "1 play QC", "0 play 8S")
    assert state.laid[1].cards == 0 and state.turn == 1
    assert "no KC is laid" in refused(state, "1 play KC laid")


def test_a_shown_seven_cannot_be_exchanged_later() -> None:
    state = base()
    do(state, "1 play AS", "0 play 7S", "1 seven show", "1 draw")
    do(state, "1 play 10D", "0 play 7D")  # seat 1 wins again
    assert state.phase is Phase.DECLARE
    assert "seven show" not in words(state) and "seven exchange" not in words(state)
    assert "no 7 of trump (7H) to exchange" in refused(state, "1 seven exchange")
    assert "no 7 of trump (7H) to show" in refused(state, "1 seven show")


def test_another_copy_of_the_seven_may_be_exchanged_after_one_is_shown() -> None:
    state = build([SOUTH, "AS KH QH 7H 7H 10D JC QC"], "9H", "8H 7D")
    do(state, "1 play AS", "0 play 7S", "1 seven show", "1 draw")
    do(state, "1 play 10D", "0 play 7D", "1 seven exchange")
    assert state.turned == card("7H#2").index  # the copy not shown
    assert state.hands[1] & card("7H").bit and state.hands[1] & card("9H").bit
    assert state.meld_points == [0, 20]


def test_one_exchange_per_deal() -> None:
    state = build(["7S 8S 9S 8D 9D 8C 7H JH", NORTH], "9H", "8H 7D")
    do(state, "1 play AS", "0 play 7S", "1 seven exchange", "1 draw")
    do(state, "1 play 10D", "0 play JH")  # seat 0 trumps and holds the other 7
    assert words(state) == ["seven show", "draw"]
    assert "one exchange of the 7 per deal" in refused(state, "0 seven exchange")


def test_a_turned_seven_gives_the_dealer_ten_and_is_not_exchanged() -> None:
    state = build([SOUTH, NORTH], "7H", "8H 7D")
    assert state.meld_points == [10, 0] and state.turned_seven
    assert state.view(1).scores == (10, 0)
    do(state, "1 play AS", "0 play 7S")
    assert "seven exchange" not in words(state) and "seven show" in words(state)
    assert "the turned card is a 7" in refused(state, "1 seven exchange")


def test_a_combination_reaching_the_target_ends_the_game_at_once() -> None:
    state = base(scores=[0, 970])
    do(state, "1 play AS", "0 play 7S", "1 meld trump-marriage KH QH")
    assert state.is_over and state.legal_actions() == []
    outcome = state.outcome
    assert outcome is not None and outcome.ended_at_once and outcome.over
    assert outcome.winner == 1 and outcome.scores == (0, 1010) and outcome.points == (0, 40)
    assert outcome.last_trick is None and outcome.brisques == (0, 0)
    assert outcome.en_bas_table  # the loser has 0
    assert outcome.best == (None, (MeldKind.TRUMP_MARRIAGE, 40))
    assert state.check(DRAW) == Refusal(Rule.OVER, "the deal is over")
    assert state.view(0).turn == -1


def test_a_seven_reaching_the_target_does_not_end_the_game_at_once() -> None:
    """RULES.md §4: only "a combination that takes a player past the target ends the
    game at once"; a 7 is none (§4.1 says so of the Haitian 7): its 10 points are on
    the score, and the deal's count decides."""
    state = base(scores=[0, 995])
    do(state, "1 play AS", "0 play 7S", "1 seven show")
    assert not state.is_over and state.side_scores() == (0, 1005)
    while not state.is_over:
        auto(state)
    outcome = state.outcome
    assert outcome is not None and outcome.winner == 1 and not outcome.ended_at_once
    turned = build([SOUTH, NORTH], "7H", scores=[995, 0])
    assert not turned.is_over and turned.side_scores() == (1005, 0)


def test_the_wrong_seat_and_cards_not_held_are_refused() -> None:
    state = base()
    assert "it is seat 1's turn, not seat 0's" in refused(state, "0 play 7S")
    assert "7S is not in this hand" in refused(state, "1 play 7S")
    assert "no AS is laid" in refused(state, "1 play AS laid")


def auto(state: DealState) -> tuple[list[int], int, int] | None:
    """One step of a simple policy (draw at once, the first card listed); before the
    last card of a trick, what the draws will read."""
    if state.phase is Phase.DECLARE:
        state.apply(DRAW)
        return None
    last = len(state.trick) == state.seats - 1 and state.phase is Phase.PLAY1
    before = (list(state.hands), state.drawn, state.turned) if last else None
    state.apply(state.legal_actions()[0])
    if state.phase is Phase.DECLARE:
        state.apply(DRAW)
    return before


@pytest.mark.parametrize(("seats", "hand_size"), [(2, 8), (3, 8), (4, 8), (2, 10), (3, 9)])
def test_the_draws_winner_first_and_the_turned_card_last(seats: int, hand_size: int) -> None:
    session = Session([f"P{s}" for s in range(seats)], rules=Rules(hand_size=hand_size), seed=1)
    state = session.deal(seats)
    rounds = 0
    turned = state.turned
    while state.phase is not Phase.PLAY2:
        assert state.view(0).turned == Card.from_index(turned)
        before = auto(state)
        if before is None:
            continue
        rounds += 1
        hands, drawn, _ = before
        winner = state.history[-1].winner
        played = {s: c.bit for s, c in state.history[-1].cards}
        for step in range(seats):
            seat = (winner + step) % seats
            gained = state.hands[seat] & ~hands[seat]
            expected = drawn + step
            if expected < len(state.stock):
                assert gained == 1 << state.stock[expected]
            else:  # the last card drawn: the turned card, by the last in play order
                assert step == seats - 1 and gained == 1 << turned
            assert (hands[seat] & ~played[seat] | gained) == state.hands[seat]
        if state.phase is Phase.PLAY1:
            assert [h.bit_count() for h in state.hands] == [hand_size] * seats
    assert rounds == 32 - hand_size  # the stock divides evenly among the players
    assert state.stock_left == 0 and state.turned == -1 and state.view(0).turned is None
    assert [h.bit_count() for h in state.hands] == [hand_size] * seats


def test_two_players_the_last_trick_of_phase_one_then_hidden_card_and_turned_card() -> None:
    session = Session(["A", "B"], seed=3)
    state = session.deal(7)
    turned = state.turned
    while state.stock_left > 1 or state.phase is Phase.DECLARE:
        auto(state)
    assert state.stock_left == 1 and state.phase is Phase.PLAY1  # one hidden card left
    hidden = state.stock[-1]
    while len(state.trick) < 1:
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # the last trick of phase 1
    winner = state.history[-1].winner
    if state.phase is Phase.DECLARE:  # its winner may still declare
        assert state.turned == turned
        state.apply(DRAW)
    assert state.phase is Phase.PLAY2 and state.turn == winner
    assert state.hands[winner] >> hidden & 1 and state.hands[1 - winner] >> turned & 1


def test_phase_two_laid_cards_back_in_hand_and_suit_followed() -> None:
    for seed in range(40):
        state = Session(["A", "B", "C"], seed=seed).deal(seed)
        while state.phase is not Phase.PLAY2:
            state.apply(state.legal_actions()[0])  # lay whatever may be laid
        if not any(state.melds):
            continue
        assert all(laid.cards == 0 for laid in state.laid)
        for seat in range(3):
            assert state.view(seat).hand == state.hands[seat] and not state.view(seat).laid[seat]
        while not state.is_over:
            if state.trick:
                led = Card.from_index(state.trick[0][1]).suit
                hand = state.hands[state.turn]
                same = [c for c in cards_of(hand) if c.suit == led]
                other = [c for c in cards_of(hand) if c.suit != led]
                if same and other:
                    reason = state.check(play(other[0]))
                    assert reason is not None and reason.code is Rule.OBLIGATION
                    assert "follow suit" in reason.text
                    return
            state.apply(state.legal_actions()[0])
    raise AssertionError("no deal to test")

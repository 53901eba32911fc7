"""One L'Hombre deal step by step (RULES.md §3): the auction, trump and the
exchanges (the talon running short), the talon shown or hidden, signals, the
stop or the vole, and what each seat sees."""

from __future__ import annotations

import pytest

from games.cards import format_cards
from games.hombre import DealState, IllegalActionError, Mode, Phase, Rules
from games.hombre.actions import Action, Kind, Signal
from games.hombre.state import Refused
from games.refusals import Refusal, Rule

from .helpers import build, mask

H0 = "AS 2S AC KS QS JS 7S 6S 2H"
H1 = "KH QH JH AH 3H 4H 5H 6H 7H"
H2 = "KD QD JD AD 2D 3D 4D 5D 6D"


def deal(rules: Rules | None = None) -> DealState:
    return build(H0, H1, H2, "5S", rules=rules)


def do(state: DealState, *lines: str) -> None:
    for line in lines:
        seat, _, words = line.partition(" ")
        state.apply(Action.parse(words), int(seat))


def refusal(state: DealState, line: str) -> Refusal:
    """The engine's refusal of ``line``, the same whether checked or applied."""
    seat, _, words = line.partition(" ")
    reason = state.check(Action.parse(words), int(seat))
    assert reason is not None
    with pytest.raises(IllegalActionError) as error:
        state.apply(Action.parse(words), int(seat))
    assert error.value.refusal == reason and str(error.value) == reason.text
    return reason


def test_first_hand_is_the_dealer_s_right_and_calls_must_rise() -> None:
    state = deal()
    assert state.first == 0 and state.turn == 0
    assert [str(a) for a in state.legal_actions()] == [
        "pass",
        "prendre",
        "sans-prendre",
        "sans-prendre-vole",
    ]
    do(state, "0 sans-prendre")
    refused = refusal(state, "1 prendre")
    assert (
        refused.code is Refused.BELOW_STANDING
        and "higher than the standing sans_prendre" in refused.text
    )
    assert [str(a) for a in state.legal_actions()] == ["pass", "sans-prendre-vole"]
    do(state, "1 pass", "2 pass")
    assert state.phase is Phase.TRUMP and state.hombre == 0 and state.mode is Mode.SANS_PRENDRE
    refused = refusal(state, "1 trump H")
    assert refused.code is Rule.TURN and "it is seat 0's turn" in refused.text


def test_the_last_caller_is_hombre_and_a_passer_never_speaks_again() -> None:
    state = deal()
    do(state, "0 pass", "1 prendre", "2 sans-prendre")
    assert state.hombre == 2 and state.phase is Phase.TRUMP  # one round only
    refused = refusal(state, "2 pass")
    assert refused.code is Refused.TRUMP_EXPECTED and "'trump S|H|D|C'" in refused.text


def test_all_pass_ends_the_deal_and_espadille_forcee_makes_its_holder_play() -> None:
    state = deal()
    do(state, "0 pass", "1 pass", "2 pass")
    assert state.is_over and state.outcome is not None and state.outcome.result == "all-pass"
    forced = deal(Rules(espadille_forcee=True))
    do(forced, "0 pass", "1 pass", "2 pass")
    assert forced.hombre == 0 and forced.mode is Mode.FORCED and forced.phase is Phase.TRUMP


def test_espadille_forcee_with_the_espadille_in_the_talon_is_an_all_pass() -> None:
    state = build("KC 2S QC KS QS JS 7S 6S 2H", H1, H2, "AS", rules=Rules(espadille_forcee=True))
    do(state, "0 pass", "1 pass", "2 pass")
    assert state.is_over


def test_exchanges_in_order_drawing_from_the_top_then_show() -> None:
    state = deal()
    do(state, "0 pass", "1 prendre", "2 pass", "1 trump H")
    assert state.turn == 1 and state.exchange_range() == (1, 9)
    refused = refusal(state, "1 discard")
    assert refused.code is Refused.DISCARD_TOO_FEW and "at least one card" in refused.text
    refused = refusal(state, "1 discard KD")
    assert refused.code is Rule.NOT_HELD and "not in this hand" in refused.text
    do(state, "1 discard 7H")
    assert state.hands[1] & mask("5S") and state.talon_left == 12
    assert state.turn == 2 and state.exchange_range() == (0, 9)  # the defender on his right
    do(state, "2 discard 2D 3D 4D 5D 6D")
    assert state.turn == 0 and state.exchange_range() == (0, 7)  # the talon runs short
    refused = refusal(state, "0 discard AS 2S AC KS QS JS 7S 6S")
    assert refused.code is Refused.DISCARD_TOO_MANY and "only 7 cards" in refused.text
    do(state, "0 discard 2H")
    assert state.phase is Phase.TALON and state.turn == 0  # the last who drew
    assert [str(a) for a in state.legal_actions()] == ["show", "hide"]
    do(state, "0 show")
    assert state.phase is Phase.PLAY and state.turn == 0  # first hand leads
    shown = state.view(1).talon_shown
    assert shown is not None and shown.bit_count() == 6


def test_sans_prendre_only_the_defenders_exchange_and_nobody_drawing_skips_show() -> None:
    state = deal()
    do(state, "0 sans-prendre", "1 pass", "2 pass", "0 trump S")
    assert state.turn == 1
    do(state, "1 discard", "2 discard")
    assert state.phase is Phase.PLAY and state.view(2).talon_shown is None


def test_only_a_defender_signals_and_everyone_sees_it() -> None:
    state = deal()
    do(state, "0 prendre", "1 pass", "2 pass", "0 trump S", "0 discard 2H", "1 discard",
       "2 discard", "0 hide", "0 play KS")  # fmt: skip
    assert state.hombre == 0
    do(state, "1 play 3H gano")
    assert state.view(0).signals == ((1, mask("3H").bit_length() - 1, Signal.GANO),)
    do(state, "2 play 2D knock")
    refused = refusal(state, "0 play AS knock")
    assert refused.code is Refused.SIGNAL and "only a defender" in refused.text
    do(state, "0 play AS")


def hombre_wins_five() -> DealState:
    state = deal()
    do(state, "0 prendre", "1 pass", "2 pass", "0 trump S", "0 discard 2H", "1 discard",
       "2 discard", "0 hide")  # fmt: skip
    for card in ("AS", "2S", "AC", "KS", "QS"):
        do(state, f"0 play {card}")
        for seat in (1, 2):
            state.apply(state.legal_actions()[0], seat)
    return state


def test_after_five_tricks_the_hombre_stops_and_wins() -> None:
    state = hombre_wins_five()
    assert state.can_stop() and Action(Kind.STOP) in state.legal_actions()
    assert state.view(1).partner_hand is None
    do(state, "0 stop")
    assert state.outcome is not None and state.outcome.result == "win"
    assert state.outcome.tricks == (5, 0, 0)


def test_playing_on_undertakes_the_vole_and_the_defenders_see_each_other() -> None:
    state = hombre_wins_five()
    do(state, "0 play JS")
    assert state.vole and not state.can_stop()
    assert state.view(1).partner_hand == state.hands[2]
    assert state.view(2).partner_hand == state.hands[1]
    assert state.view(0).partner_hand is None
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.outcome is not None and state.outcome.result == "vole"
    assert format_cards(state.hands[0]) == ""


def test_a_sans_prendre_vole_shows_the_defenders_hands_before_their_exchange() -> None:
    state = deal()
    do(state, "0 sans-prendre-vole", "1 pass")
    assert state.view(1).partner_hand is None  # the auction is not over
    do(state, "2 pass")
    assert state.view(1).partner_hand == state.hands[2]
    do(state, "0 trump S", "1 discard", "2 discard")
    for _ in range(15):
        state.apply(state.legal_actions()[0])
    assert Action(Kind.STOP) not in state.legal_actions()  # announced: no stop

"""Tricks of the Haitian game (RULES.md §4.1): no trump before the first marriage,
jokers (a joker led wins unless trumped, a joker following never wins), the
first played of identical cards, and phase 2's obligations with jokers (follow
and beat, trump and overtrump, a joker only with nothing else, a joker led
calling for trumps)."""

from __future__ import annotations

import pytest

from games.besigue.flow import IllegalActionError, Phase
from games.besigue.haiti.tricks import haiti_tricks
from games.cards import Card, Suit, cards_of
from games.duties import Duty, Must
from games.tricks import trick_winner

from .helpers import card, deal, do, mask, words


def winner(trump: str | None, played: str, phase2: bool = False) -> str:
    rules = haiti_tricks(None if trump is None else Suit.parse(trump), phase2)
    return Card.from_index(trick_winner([card(c).index for c in played.split()], rules)).label


def legal(trump: str | None, hand: str, played: str = "") -> str:
    rules = haiti_tricks(None if trump is None else Suit.parse(trump), True)
    indexes = [card(c).index for c in played.split()]
    lead = indexes[0] if indexes else -1
    win = trick_winner(indexes, rules) if indexes else -1
    return " ".join(c.label for c in cards_of(rules.legal(mask(hand), lead, win)))


@pytest.mark.parametrize(
    ("trump", "played", "expected"),
    [
        (None, "9H AH", "AH"),  # no trump yet: the highest of the suit led
        (None, "9H AS", "9H"),  # ...a spade is no trump
        (None, "JK AS", "JK"),  # a joker led, no trump to beat it
        ("S", "JK 7S", "7S"),  # a joker led loses to a trump
        ("S", "JK AH", "JK"),  # ...not to a plain card, however high
        ("S", "9H JK", "9H"),  # a joker following never wins
        ("S", "9H JK AH", "AH"),
        ("S", "7H 7S JK", "7S"),  # nor over a trump
        ("S", "JK JK#2", "JK"),  # of two jokers, the first played
        ("H", "AH AH#2", "AH"),  # of identical cards, the first played
        ("H", "10S AS AS#2", "AS"),
    ],
)
def test_who_takes_a_trick(trump: str | None, played: str, expected: str) -> None:
    assert winner(trump, played) == expected
    assert winner(trump, played, phase2=True) == expected  # the same in phase 2


def test_phase_1_any_card_jokers_included() -> None:
    rules = haiti_tricks(Suit.S, False)
    hand = mask("JK AH 7D")
    assert rules.legal(hand, card("9C").index, card("9C").index) == hand


@pytest.mark.parametrize(
    ("trump", "hand", "played", "expected"),
    [
        ("S", "9H AH 7S JK", "10H", "AH"),  # follow and beat
        ("S", "9H KH 7S JK", "10H", "9H KH"),  # cannot beat: follow
        ("S", "9H 7S JK", "10H 8S", "9H"),  # trumped: follow, no beating the trump
        ("S", "7S KS 9D JK", "10H", "7S KS"),  # void: trump
        ("S", "7S KS 9D JK", "10H QS", "KS"),  # ...over the trump played if able
        ("S", "7S 9D JK", "10H QS", "7S"),  # ...else under it
        ("S", "9D 8C JK", "10H", "9D 8C"),  # void, no trump: any card but a joker
        ("S", "JK JK#2", "10H", "JK JK#2"),  # nothing but jokers
        ("S", "9H 7S JK", "", "7S 9H"),  # leading: any card but a joker
        ("S", "JK", "", "JK"),
        ("S", "9H 7S KS JK", "JK", "7S KS"),  # a joker led: trump if able
        ("S", "9H 7S KS JK", "JK#2 QS", "KS"),  # ...beating a trump played after it
        ("S", "9H 8C JK", "JK#2", "9H 8C"),  # ...else any card but a joker
        (None, "9H AH 7S JK", "10H", "AH"),  # no trump all the deal: follow and beat
        (None, "7S 9D JK", "10H", "7S 9D"),  # void: any card but a joker
    ],
)
def test_phase_2_obligations_with_jokers(
    trump: str | None, hand: str, played: str, expected: str
) -> None:
    assert legal(trump, hand, played) == " ".join(c.label for c in cards_of(mask(expected)))


def test_a_refused_card_names_the_duty() -> None:
    rules = haiti_tricks(Suit.S, True)
    lead, joker = card("10H").index, card("JK").index
    hand = mask("9H AH JK")
    assert rules.obligation(hand, lead, lead, card("9H").index) == Duty(
        Must.FOLLOW_BEAT, Suit.H, card("10H")
    )
    assert rules.obligation(hand, lead, lead, joker) == Duty(Must.NO_JOKER)  # whatever is led
    assert rules.obligation(mask("7S 9H"), joker, joker, card("9H").index) == Duty(
        Must.TRUMP, None, trump=Suit.S
    )
    assert str(Duty(Must.TRUMP, None, trump=Suit.S)) == "a joker led: play a trump (♠)"


# ---- in a deal -----------------------------------------------------------------

SOUTH = "7S 8S 9S 8D 9D 8C 9C JH 7C"  # seat 0, the dealer
NORTH = "AS KH QH 7H 10D JC QC KC JK"  # seat 1 leads


def test_a_trick_before_trump_is_fixed_and_the_first_marriage_fixing_it() -> None:
    state = deal([SOUTH, NORTH])
    assert state.trump is None and state.view(0).trump_by == -1
    do(state, "1 play 10D", "0 play 7S")  # a spade is no trump yet: the ten takes it
    assert state.history[-1].winner == 1 and state.phase is Phase.DECLARE
    assert words(state) == ["meld trump-marriage KH QH", "meld trump-marriage KC QC", "draw"]
    do(state, "1 meld marriage KC QC")  # the first marriage, written as a plain one
    assert state.trump is Suit.C and state.view(0).trump_by == 1
    assert state.melds[1][0].kind.value == "trump-marriage" and state.meld_points == [0, 40]
    do(state, "1 play AS", "0 play 7C")  # clubs are trump now
    assert state.history[-1].winner == 0


def test_a_joker_led_in_phase_1_takes_the_trick_unless_trumped() -> None:
    state = deal([SOUTH, NORTH])
    do(state, "1 play JK", "0 play 9S")
    assert state.history[-1].winner == 1
    assert [c.label for _, c in state.history[-1].cards] == ["JK", "9S"]


def test_only_the_winner_lays_and_nothing_but_a_marriage_before_trump() -> None:
    state = deal([SOUTH, "AS AH AD AC QS JD 10D 9H JK"])
    do(state, "1 play 10D", "0 play 7S")
    assert state.phase is Phase.PLAY1  # no marriage: he lays nothing, the draws followed
    state = deal([SOUTH, "AS AH AD AC KH QH JD QS JK"])
    do(state, "1 play JK", "0 play 7S")
    with pytest.raises(IllegalActionError, match="trump is not fixed yet"):
        do(state, "1 meld aces AS AH AD AC")
    do(state, "1 draw")
    with pytest.raises(IllegalActionError, match="only the winner of a trick, after it"):
        do(state, "1 meld marriage KH QH")


def test_with_a_turned_card_trump_is_fixed_from_the_first_trick() -> None:
    from .helpers import haiti

    state = deal([SOUTH, "AS AH AD AC KH QH JD QS JK"], turned="9D", rules=haiti(trump="turned"))
    turned = state.view(0).turned
    assert state.trump is Suit.D and turned is not None and turned.face == card("9D")
    assert state.stock_left == 132 - 18 - 1
    do(state, "1 play JK", "0 play 7S")
    assert words(state) == [
        *("meld aces AS AH AD AC", "meld besigue QS JD", "meld marriage KH QH", "draw"),
    ]

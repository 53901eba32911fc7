"""Bésigue's options, card order and card play (RULES.md §4): A 10 K Q J 9 8 7
in every suit, the first played of identical cards wins, any card while the
stock lasts, then follow, trump and overtrump (and beat, with phase2_must_win)."""

from __future__ import annotations

import pytest

from games.besigue.rules import (
    RANKS,
    Reuse,
    Rules,
    deck_for,
    packs_for,
    trick_rules,
)
from games.cards import Card, Suit, cards_of
from games.duties import Duty, Must
from games.tricks import trick_winner

from .helpers import card, mask


def winner(trump: str, played: str, phase2: bool = False) -> str:
    rules = trick_rules(Suit.parse(trump), phase2)
    return card_label(trick_winner([card(c).index for c in played.split()], rules))


def card_label(index: int) -> str:
    return Card.from_index(index).label


def legal(trump: str, hand: str, played: str, must_win: bool = False) -> str:
    rules = trick_rules(Suit.parse(trump), True, must_win)
    indexes = [card(c).index for c in played.split()]
    win = trick_winner(indexes, rules)
    return " ".join(sorted(c.label for c in cards_of(rules.legal(mask(hand), indexes[0], win))))


def test_the_options_and_their_defaults() -> None:
    rules = Rules()
    assert (rules.target, rules.hand_size, rules.reuse) == (0, 8, Reuse.KIND)
    assert not rules.phase2_must_win and not rules.partnerships
    assert [rules.target_for(n) for n in (2, 3, 4)] == [1000, 600, 600]
    assert Rules(target=1500).target_for(2) == 1500 and Rules(target=600).target_for(2) == 600
    assert Rules.from_dict({"reuse": "class", "hand_size": 10}) == Rules(
        reuse=Reuse.CLASS, hand_size=10
    )
    assert Rules(reuse=Reuse.CLASS, target=2000).to_dict() == {"reuse": "class", "target": 2000}
    assert Rules(partnerships=True).teams_for(4) == (0, 1, 0, 1)
    assert Rules(partnerships=True).teams_for(3) == (0, 1, 2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 700}, "target takes one of 0, 600, 1000, 1500, 2000"),
        ({"hand_size": 7}, "hand_size takes one of 8, 9, 10"),
        ({"hand_size": "8"}, "whole number"),
        ({"reuse": "never"}, "reuse takes one of kind, class"),
        ({"partnerships": 1}, "true or false"),
        ({"trumps": 1}, "unknown option 'trumps'"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules.from_dict(options)


def test_one_pack_of_thirty_two_per_player() -> None:
    assert [packs_for(n) for n in (2, 3, 4)] == [2, 3, 4]
    assert [deck_for(n).size for n in (2, 3, 4)] == [64, 96, 128]
    assert [r.text for r in RANKS] == ["A", "10", "K", "Q", "J", "9", "8", "7"]


@pytest.mark.parametrize(
    ("trump", "played", "wins"),
    [
        ("C", "KH AH", "AH"),  # the ace above the king
        ("C", "10H KH", "10H"),  # the ten above the king
        ("C", "AH 10H", "AH"),
        ("C", "JH QH", "QH"),
        ("C", "9H JH", "JH"),
        ("C", "7H 8H", "8H"),
        ("C", "AH 7C", "7C"),  # any trump takes a plain card
        ("C", "8C AH", "8C"),
        ("C", "AH AS", "AH"),  # another plain suit never takes
        ("C", "10H 10H#2", "10H"),  # identical cards: the first played wins
        ("C", "10H#2 10H", "10H#2"),
        ("D", "10S AD#2 AD AD#3", "AD#2"),
        ("S", "AS AS#2 AS#3 AS#4", "AS"),
    ],
)
def test_phase_one_winners(trump: str, played: str, wins: str) -> None:
    assert winner(trump, played) == wins
    assert winner(trump, played, phase2=True) == wins  # the same strength in phase 2


def test_while_the_stock_lasts_any_card_may_be_played() -> None:
    rules = trick_rules(Suit.C, False)
    hand = mask("AH KS 7C 9D")
    assert rules.legal(hand, card("10H").index, card("10H").index) == hand
    assert rules.obligation(hand, card("10H").index, card("10H").index, card("AH").index) == Duty(
        Must.ANY
    )


def test_one_shared_rules_object_per_trump_and_phase() -> None:
    assert trick_rules(Suit.H, True, True) is trick_rules(Suit.H, True, True)
    assert trick_rules(Suit.H, False, True) is trick_rules(Suit.H, False, False)
    assert trick_rules(Suit.H, True) is not trick_rules(Suit.H, False)


@pytest.mark.parametrize(
    ("hand", "played", "plain", "must_win"),
    [
        # follow suit; with phase2_must_win beat the best card of the suit led
        ("7H AH KS 7C", "KH", "7H AH", "AH"),
        ("7H 8H KS", "KH", "7H 8H", "7H 8H"),  # unable to beat: any card of the suit
        ("7H AH#2 KS", "AH", "7H AH#2", "7H AH#2"),  # an equal ace does not beat it
        # the trick already trumped: any card of the suit, even with must-win
        ("7H AH KS", "KH 9C", "7H AH", "7H AH"),
        # void: a trump; a trump in the trick: overtrump if able
        ("KS 9C JC", "KH", "9C JC", "9C JC"),
        ("KS 9C JC", "KH 10C", "9C JC", "9C JC"),  # cannot overtrump: still a trump
        ("KS 9C AC", "KH 10C", "AC", "AC"),
        ("KS 10C#2 AC", "KH 10C", "AC", "AC"),  # the equal ten does not overtrump
        ("KS 9D", "KH 10C", "KS 9D", "KS 9D"),  # void in both: any card
        # trump led: follow with a trump (must-win: a higher one if able)
        ("7C AC KS", "10C", "7C AC", "AC"),
    ],
)
def test_phase_two_obligations(hand: str, played: str, plain: str, must_win: str) -> None:
    assert legal("C", hand, played) == " ".join(sorted(plain.split()))
    assert legal("C", hand, played, must_win=True) == " ".join(sorted(must_win.split()))


def test_phase_two_refusals_name_the_duty() -> None:
    rules = trick_rules(Suit.C, True, True)
    led, trumped = card("KH").index, card("10C").index
    refused = card("7S").index
    hearts, clubs = Suit.H, Suit.C
    assert rules.obligation(mask("AH 7S"), led, led, refused) == Duty(
        Must.FOLLOW_BEAT, hearts, card("KH")
    )
    assert rules.obligation(mask("9H 7S"), led, led, refused) == Duty(Must.FOLLOW, hearts)
    assert rules.obligation(mask("AC 7S"), led, trumped, refused) == Duty(
        Must.OVERTRUMP, hearts, card("10C"), clubs
    )
    assert rules.obligation(mask("9C 7S"), led, trumped, refused) == Duty(
        Must.TRUMP, hearts, trump=clubs
    )
    assert str(rules.obligation(mask("AC 7S"), led, trumped, refused)) == "void in ♥: overtrump 10C"

"""Bésigue's combinations (RULES.md §4): their shapes and points, any four
cards of a rank, the double bésigue completed from a bésigue, reuse of laid
cards in another kind only (and, with reuse=class, never in a lower one of the
family), and the record form resolved from laid cards before the hand."""

from __future__ import annotations

import pytest

from games.besigue.actions import Action, Kind, meld, meld_of, play
from games.besigue.melds import (
    CLASSIC_KINDS,
    POINTS,
    Laid,
    Meld,
    MeldKind,
    best_meld,
    legal_melds,
    resolve,
)
from games.besigue.rules import Reuse
from games.cards import Suit

from .helpers import card, cards, labels, laid_with, mask

M = MeldKind


def forms(hand: str, laid: Laid | None = None, trump: str = "C", reuse: str = "kind") -> list[str]:
    """The legal combinations in record form, as listed."""
    laid = laid or Laid()
    full = mask(hand) | laid.cards
    return [str(m) for m in legal_melds(full, laid, Suit.parse(trump), Reuse(reuse))]


def resolved(
    kind: MeldKind, text: str, hand: str, laid: Laid | None = None, reuse: str = "kind"
) -> list[str]:
    laid = laid or Laid()
    full = mask(hand) | laid.cards
    return labels(resolve(kind, cards(text), full, laid, Suit.C, Reuse(reuse)))


def test_the_points_of_each_kind() -> None:
    assert [POINTS[k] for k in CLASSIC_KINDS] == [20, 40, 40, 60, 80, 100, 40, 500, 250]
    assert [k.value for k in CLASSIC_KINDS] == [
        *("marriage", "trump-marriage", "jacks", "queens", "kings", "aces"),
        *("besigue", "double-besigue", "sequence"),
    ]


@pytest.mark.parametrize(
    ("hand", "trump", "expected"),
    [
        ("KH QH 7S", "C", ["marriage KH QH"]),  # 1: a plain marriage
        ("KC QC 7S", "C", ["trump-marriage KC QC"]),  # 2: K Q of trump
        ("KH QS JD", "C", ["besigue QS JD"]),  # 3: no marriage of two suits
        ("JS JH JD JC", "H", ["jacks JS JH JD JC"]),  # 4
        ("AS AH AD AC", "H", ["aces AS AH AD AC"]),  # 5
        ("QS QH QD QC JD", "H", ["queens QS QH QD QC", "besigue QS JD"]),  # 6
        ("KS KH KD KC QD", "H", ["kings KS KH KD KC", "marriage KD QD"]),  # 7
        ("QS JD", "S", ["besigue QS JD"]),  # 8: with spades trump the Q♠ serves too
        ("QS QS#2 JD JD#2", "H", ["double-besigue QS QS JD JD", "besigue QS JD"]),  # 9
        ("AC 10C KC QC JC", "C", ["sequence AC 10C KC QC JC", "trump-marriage KC QC"]),  # 10
        ("AC 10C KC QC", "C", ["trump-marriage KC QC"]),  # 11: no sequence without the J
        ("KH KH#2 KS KS#2", "C", ["kings KS KS KH KH"]),  # 12: four kings with copies
        ("7S 8H 9D", "C", []),  # 13: nothing
    ],
)
def test_what_a_hand_may_lay(hand: str, trump: str, expected: list[str]) -> None:
    assert forms(hand, trump=trump) == expected


def test_every_four_of_a_rank_that_the_copies_allow_is_listed() -> None:
    listed = forms("KH KH#2 KS KD KC")
    assert listed == [
        "kings KS KH KH KD",
        "kings KS KH KH KC",
        "kings KS KH KD KC",
        "kings KH KH KD KC",
    ]
    assert forms("QH QH#2 QH#3 QS", trump="C") == ["queens QS QH QH QH"]  # three packs


def test_best_first_and_the_best_meld() -> None:
    hand = "AC 10C KC QC JC QS JD KH QH AS AH AD"
    listed = forms(hand)
    assert listed[0] == "sequence AC 10C KC QC JC"
    assert listed[1] == "aces AS AH AD AC"
    assert listed[-1] == "marriage KH QH"
    laid = Laid()
    best = best_meld(legal_melds(mask(hand), laid, Suit.C, Reuse.KIND))
    assert best is not None and best.kind is M.SEQUENCE and best.points == 250


def test_a_card_serves_once_in_each_kind() -> None:
    laid = laid_with((M.MARRIAGE, "KH QH"))
    assert forms("", laid) == []  # the same marriage twice: never
    assert forms("KH#2", laid) == []  # a new king, but the queen has served
    assert forms("KH#2 QH#2", laid) == ["marriage KH QH"]
    assert resolved(M.MARRIAGE, "KH QH", "KH#2 QH#2", laid) == ["KH#2", "QH#2"]


def test_a_laid_card_serves_again_in_another_kind() -> None:
    laid = laid_with((M.MARRIAGE, "KH QH"))
    assert forms("KS KD KC", laid) == ["kings KS KH KD KC"]
    # the king named is taken from the laid cards, although one is in the hand
    assert resolved(M.KINGS, "KS KH KD KC", "KS KD KC KH#2", laid) == ["KC", "KD", "KH", "KS"]


def test_a_laid_copy_that_may_not_serve_leaves_the_hand_s_copy() -> None:
    laid = laid_with((M.KINGS, "KS KH KD KC"))
    assert resolved(M.MARRIAGE, "KS QS", "QS KS#2", laid) == ["KS", "QS"]  # laid K♠ serves
    with pytest.raises(ValueError, match="already served in a kings"):
        resolved(M.KINGS, "KS KH KD KC", "KS#2", laid)
    # two K♠ in one four kings: the laid one has served in kings, so both from the hand
    assert resolved(M.KINGS, "KS KS KH KD", "KS#2 KS#3 KH#2 KD#2", laid) == [
        *("KD#2", "KH#2", "KS#2", "KS#3")
    ]


def test_of_several_laid_copies_the_one_that_served_in_most_kinds_goes_first() -> None:
    laid = laid_with(
        (M.TRUMP_MARRIAGE, "KC#2 QC#2"),
        (M.SEQUENCE, "AC 10C KC#2 QC#2 JC"),
        (M.TRUMP_MARRIAGE, "KC QC"),
    )
    assert laid.kinds_of(card("KC#2")) == (M.TRUMP_MARRIAGE, M.SEQUENCE)
    assert laid.kinds_of(card("KC")) == (M.TRUMP_MARRIAGE,)
    # both laid kings of trump may serve in four kings: the one used most goes
    assert resolved(M.KINGS, "KS KH KD KC", "KS KH KD", laid) == ["KC#2", "KD", "KH", "KS"]
    # in a sequence only KC (not yet in one) may serve
    assert resolved(M.SEQUENCE, "AC 10C KC QC JC", "AC#2 10C#2 JC#2", laid) == [
        *("10C#2", "AC#2", "JC#2", "KC", "QC")
    ]


def test_the_double_besigue_completed_from_a_declared_besigue() -> None:
    for reuse in ("kind", "class"):
        laid = laid_with((M.BESIGUE, "QS JD"))
        assert forms("QS#2 JD#2", laid, trump="H", reuse=reuse) == [
            "double-besigue QS QS JD JD",
            "besigue QS JD",  # the new copies make a second bésigue
        ]
        assert resolved(M.DOUBLE_BESIGUE, "QS QS JD JD", "QS#2 JD#2", laid, reuse) == [
            *("JD", "JD#2", "QS", "QS#2")
        ]


def test_the_double_needs_two_of_each() -> None:
    laid = laid_with((M.BESIGUE, "QS JD"))
    assert "double-besigue QS QS JD JD" not in forms("QS#2", laid, trump="H")
    with pytest.raises(ValueError, match="needs 2 JD, the player holds only 1"):
        resolved(M.DOUBLE_BESIGUE, "QS QS JD JD", "QS#2", laid)
    with pytest.raises(ValueError, match="two Q♠ and two J♦"):
        resolved(M.DOUBLE_BESIGUE, "QS QS JD", "QS#2", laid)


def test_no_besigue_out_of_a_declared_double_under_reuse_class() -> None:
    laid = laid_with((M.DOUBLE_BESIGUE, "QS QS#2 JD JD#2"))
    assert forms("", laid, trump="H", reuse="kind") == ["besigue QS JD"]
    assert forms("", laid, trump="H", reuse="class") == []
    with pytest.raises(ValueError, match="higher combination of the family"):
        resolved(M.BESIGUE, "QS JD", "", laid, reuse="class")


def test_a_trump_marriage_out_of_a_declared_sequence_under_reuse_kind_only() -> None:
    laid = laid_with((M.SEQUENCE, "AC 10C KC QC JC"))
    assert forms("", laid, reuse="kind") == ["trump-marriage KC QC"]  # entirely laid cards
    assert resolved(M.TRUMP_MARRIAGE, "KC QC", "", laid) == ["KC", "QC"]
    assert forms("", laid, reuse="class") == []
    # with a new copy of the K and Q the trump marriage is made of them instead
    assert forms("KC#2 QC#2", laid, reuse="class") == ["trump-marriage KC QC"]
    assert resolved(M.TRUMP_MARRIAGE, "KC QC", "KC#2 QC#2", laid, "class") == ["KC#2", "QC#2"]


def test_a_sequence_after_the_trump_marriage_in_both_modes() -> None:
    for reuse in ("kind", "class"):
        laid = laid_with((M.TRUMP_MARRIAGE, "KC QC"))
        assert forms("AC 10C JC", laid, reuse=reuse) == ["sequence AC 10C KC QC JC"]


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (M.MARRIAGE, "KH QS", "the K and the Q of one suit"),
        (M.MARRIAGE, "KC QC", "are the trump marriage"),
        (M.TRUMP_MARRIAGE, "KH QH", "K and Q of trump"),
        (M.KINGS, "KH KS KD", "any four cards of rank K"),
        (M.ACES, "AH AS AD KC", "any four cards of rank A"),
        (M.BESIGUE, "QH JD", "Q♠ and the J♦"),
        (M.SEQUENCE, "AH 10H KH QH JH", "A 10 K Q J of trump"),
        (M.MARRIAGE, "KD QD", "needs 1 QD, the player holds no"),
    ],
)
def test_record_forms_that_are_not_combinations(kind: MeldKind, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        resolved(kind, text, "KH QH KS KD AH AS AD")


def test_a_played_card_leaves_the_laid_cards_and_what_it_served_in() -> None:
    laid = laid_with((M.MARRIAGE, "KH QH"), (M.KINGS, "KH KS KD KC"))
    after = laid.without(card("KH").bit)
    assert after.cards == mask("QH KS KD KC")
    assert after.kinds_of(card("KH")) == ()
    assert laid.without(card("7S").bit) is laid


def test_meld_actions_read_and_write_their_record_words() -> None:
    action = Action.parse("meld kings KH#2 KS KD KC")
    assert str(action) == "meld kings KS KH KD KC" and action.kind is Kind.MELD
    combination = Meld(M.KINGS, tuple(cards("KH#2 KS KD KC")))
    assert meld_of(combination) == action == meld("kings", cards("KC KD KS KH"))
    assert str(combination) == "kings KS KH KD KC"
    assert str(Action.parse("play 10S laid")) == "play 10S laid"
    assert Action.parse("play 10S#3") == play(card("10S"))
    for words in ("seven show", "seven exchange", "draw"):
        assert str(Action.parse(words)) == words


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("meld", "meld KIND"),
        ("meld quint AC", "unknown combination"),
        ("meld kings", "names its cards"),
        ("play", "play C"),
        ("play KH face", "play C laid"),
        ("seven swap", "seven show"),
        ("draw now", "nothing after"),
        ("pass", "unknown action"),
    ],
)
def test_malformed_actions(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Action.parse(text)

"""The Haitian combinations (RULES.md §4.1): every kind and its points, the jokers
standing in for plain quartets only (``jokers_per_quartet`` 1 to 3), the quinte
laid on one's own trump marriage still on the table, the reuse limits (another
kind yes, the same kind no, a king or queen in one marriage, a joker in one
combination), at least one card from the hand, and the first marriage fixing
trump before any other combination."""

from __future__ import annotations

import pytest

from games.besigue.haiti.melds import Context, legal_melds, resolve
from games.besigue.melds import Laid, Meld, MeldKind
from games.besigue.refusals import Refused
from games.refusals import IllegalActionError

from .helpers import cards, context, laid_with, mask

M = MeldKind


def lay(
    kind: MeldKind,
    text: str,
    hand: str,
    laid: tuple[Laid, list[Meld]] | None = None,
    ctx: Context | None = None,
) -> Meld:
    """``meld KIND text`` by a player holding ``hand`` besides his laid cards."""
    laid_cards, own = laid or (Laid(), [])
    full = mask(hand) | laid_cards.cards
    return resolve(kind, cards(text), full, laid_cards, own, ctx or context())


def refusal(
    kind: MeldKind,
    text: str,
    hand: str,
    laid: tuple[Laid, list[Meld]] | None = None,
    ctx: Context | None = None,
) -> str:
    with pytest.raises(ValueError) as error:
        lay(kind, text, hand, laid, ctx)
    return str(error.value)


def forms(hand: str, laid: tuple[Laid, list[Meld]] | None = None, **kw: object) -> list[str]:
    laid_cards, own = laid or (Laid(), [])
    full = mask(hand) | laid_cards.cards
    ctx = kw.pop("ctx", None) or context(**kw)  # type: ignore[arg-type]
    assert isinstance(ctx, Context)
    return [f"{m} ({m.points})" for m in legal_melds(full, laid_cards, own, ctx)]


# ---- every kind and its points ---------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "text", "points"),
    [
        (M.MARRIAGE, "KH QH", 20),
        (M.TRUMP_MARRIAGE, "KC QC", 40),
        (M.BESIGUE, "QS JD", 40),
        (M.ACES, "AS AH AD AC", 100),
        (M.KINGS, "KS KH KD KC", 80),
        (M.QUEENS, "QS QH QD QC", 60),
        (M.JACKS, "JS JH JD JC", 40),
        (M.ACES, "AH AH#2 AD AD#2", 100),  # any suits, copies of one card too
        (M.TRUMP_ACES, "AC AC#2 AC#3 AC#4", 200),
        (M.TRUMP_KINGS, "KC KC#2 KC#3 KC#4", 160),
        (M.TRUMP_QUEENS, "QC QC#2 QC#3 QC#4", 120),
        (M.TRUMP_JACKS, "JC JC#2 JC#3 JC#4", 80),
        (M.JOKERS, "JK JK#2 JK#3 JK#4", 200),
    ],
)
def test_every_kind_and_its_points(kind: MeldKind, text: str, points: int) -> None:
    meld = lay(kind, text.replace("#2", "").replace("#3", "").replace("#4", ""), text)
    assert meld.kind is kind and meld.points == points
    assert sorted(c.label for c in meld.cards) == sorted(text.split())


def test_the_trump_marriage_and_the_first_besigue_at_100_by_option() -> None:
    assert lay(M.TRUMP_MARRIAGE, "KC QC", "KC QC", ctx=context(trump_marriage=100)).points == 100
    first = context(first_besigue=100)
    later = context(besigue_laid=True, first_besigue=100)
    assert lay(M.BESIGUE, "QS JD", "QS JD", ctx=first).points == 100
    assert lay(M.BESIGUE, "QS JD", "QS JD", ctx=later).points == 40


def test_no_double_besigue_and_no_sequence_in_haiti() -> None:
    hand = "QS QS#2 JD JD#2 AC 10C KC QC JC"
    assert "no double-besigue" in refusal(M.DOUBLE_BESIGUE, "QS QS JD JD", hand)
    assert "no sequence" in refusal(M.SEQUENCE, "AC 10C KC QC JC", hand)


# ---- jokers standing in ---------------------------------------------------------


@pytest.mark.parametrize("kind", [M.ACES, M.KINGS, M.QUEENS, M.JACKS])
def test_a_joker_stands_in_for_one_card_of_a_plain_quartet(kind: MeldKind) -> None:
    rank = {M.ACES: "A", M.KINGS: "K", M.QUEENS: "Q", M.JACKS: "J"}[kind]
    text = f"{rank}S {rank}H {rank}D JK"
    meld = lay(kind, text, text)
    assert meld.points == {M.ACES: 100, M.KINGS: 80, M.QUEENS: 60, M.JACKS: 40}[kind]
    assert sum(c.is_joker for c in meld.cards) == 1


def test_jokers_per_quartet_1_refuses_two_jokers_and_3_allows_three() -> None:
    assert "at most 1 joker" in refusal(M.ACES, "AS AH JK JK", "AS AH JK JK#2")
    two = context(jokers_per_quartet=2)
    assert lay(M.ACES, "AS AH JK JK", "AS AH JK JK#2", ctx=two).points == 100
    assert "at most 2 jokers" in refusal(M.ACES, "AS JK JK JK", "AS JK JK#2 JK#3", ctx=two)
    three = context(jokers_per_quartet=3)
    meld = lay(M.KINGS, "KH JK JK JK", "KH JK JK#2 JK#3", ctx=three)
    assert meld.points == 80 and sum(c.is_joker for c in meld.cards) == 3
    # four jokers are the jokers' own combination, never four kings
    assert "at most 3 jokers" in refusal(M.KINGS, "JK JK JK JK", "JK JK#2 JK#3 JK#4", ctx=three)


@pytest.mark.parametrize(
    ("kind", "text", "hand"),
    [
        (M.TRUMP_ACES, "AC AC AC JK", "AC AC#2 AC#3 JK"),  # a trump quartet
        (M.MARRIAGE, "KH JK", "KH JK"),
        (M.TRUMP_MARRIAGE, "QC JK", "QC JK"),
        (M.BESIGUE, "QS JK", "QS JK"),
    ],
)
def test_a_joker_never_stands_in_for_another_combination(
    kind: MeldKind, text: str, hand: str
) -> None:
    assert "a joker stands in for a card of four aces, kings, queens or jacks only" in refusal(
        kind, text, hand
    )


def test_a_joker_never_stands_in_for_the_quinte() -> None:
    laid = laid_with((M.TRUMP_MARRIAGE, "KC QC"))
    assert "stands in" in refusal(M.QUINTE, "AC 10C KC QC JK", "AC 10C JK", laid)


def test_the_jokers_stand_ins_listed_as_the_option_allows() -> None:
    hand = "AS AH AD JK JK#2 7S"
    one = forms(hand)
    assert one == ["aces AS AH AD JK (100)"]
    three = forms(hand, jokers_per_quartet=3)
    assert three == [
        "aces AS AH AD JK (100)",
        "aces AS AH JK JK (100)",
        "aces AS AD JK JK (100)",
        "aces AH AD JK JK (100)",
    ]


# ---- the quinte ------------------------------------------------------------------


def test_the_quinte_is_laid_on_ones_own_trump_marriage() -> None:
    laid = laid_with((M.TRUMP_MARRIAGE, "KC QC"))
    meld = lay(M.QUINTE, "AC 10C KC QC JC", "AC 10C JC", laid)
    assert meld.points == 250
    assert set(meld.cards) == set(cards("AC 10C KC QC JC"))  # the marriage's own K Q
    assert forms("AC 10C JC", laid)[0] == "quinte AC 10C KC QC JC (250)"


def test_the_quinte_without_the_trump_marriage_on_the_table_is_refused() -> None:
    assert "own trump marriage" in refusal(M.QUINTE, "AC 10C KC QC JC", "AC 10C KC QC JC")
    assert forms("AC 10C KC QC JC")[0] == "trump-marriage KC QC (40)"  # no quinte listed


def test_the_quinte_needs_both_cards_of_the_marriage_still_laid() -> None:
    laid_cards, own = laid_with((M.TRUMP_MARRIAGE, "KC QC"))
    played = laid_cards.without(cards("KC")[0].bit)  # its K was played since
    hand = "AC 10C JC KC#2"
    assert "own trump marriage" in refusal(M.QUINTE, "AC 10C KC QC JC", hand, (played, own))


def test_one_quinte_per_trump_marriage_and_a_second_on_another() -> None:
    first = laid_with((M.TRUMP_MARRIAGE, "KC QC"), (M.QUINTE, "AC 10C KC QC JC"))
    hand = "AC#2 10C#2 JC#2"
    assert "own trump marriage" in refusal(M.QUINTE, "AC 10C KC QC JC", hand, first)
    second = laid_with(
        (M.TRUMP_MARRIAGE, "KC QC"),
        (M.QUINTE, "AC 10C KC QC JC"),
        (M.TRUMP_MARRIAGE, "KC#2 QC#2"),
    )
    meld = lay(M.QUINTE, "AC 10C KC QC JC", hand, second)
    assert sorted(c.label for c in meld.cards) == ["10C#2", "AC#2", "JC#2", "KC#2", "QC#2"]


# ---- reuse ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "then", "hand"),
    [
        ((M.TRUMP_ACES, "AC AC#2 AC#3 AC#4"), (M.ACES, "AC AH AD AS"), "AH AD AS"),
        ((M.ACES, "AC AH AD AS"), (M.TRUMP_ACES, "AC AC AC AC"), "AC#2 AC#3 AC#4"),
        ((M.MARRIAGE, "KH QH"), (M.KINGS, "KS KH KD KC"), "KS KD KC"),
        ((M.BESIGUE, "QS JD"), (M.QUEENS, "QS QH QD QC"), "QH QD QC"),
        ((M.TRUMP_MARRIAGE, "KC QC"), (M.TRUMP_KINGS, "KC KC KC KC"), "KC#2 KC#3 KC#4"),
        ((M.JACKS, "JS JH JD JC"), (M.BESIGUE, "QS JD"), "QS"),
    ],
)
def test_a_laid_card_serves_again_in_another_kind(
    first: tuple[MeldKind, str], then: tuple[MeldKind, str], hand: str
) -> None:
    laid = laid_with(first)
    meld = lay(then[0], then[1], hand, laid)
    reused = [c for c in meld.cards if laid[0].cards & c.bit]
    assert reused, "a laid card of the first combination serves in the second"


@pytest.mark.parametrize(
    ("first", "then", "hand", "why"),
    [
        ((M.KINGS, "KS KH KD KC"), (M.KINGS, "KS KH KD KC"), "KS#2", "already served in a kings"),
        ((M.MARRIAGE, "KH QH"), (M.MARRIAGE, "KH QH"), "QH#2", "a king or queen in one only"),
        ((M.BESIGUE, "QS JD"), (M.BESIGUE, "QS JD"), "JD#2", "already served in a besigue"),
        ((M.TRUMP_ACES, "AC"), (M.TRUMP_ACES, "AC AC AC AC"), "7S", "already served in a trump"),
    ],
)
def test_a_laid_card_never_serves_twice_in_one_kind(
    first: tuple[MeldKind, str], then: tuple[MeldKind, str], hand: str, why: str
) -> None:
    text = first[1]
    if first[0] is M.TRUMP_ACES:
        text = "AC AC#2 AC#3 AC#4"
    laid = laid_with((first[0], text))
    assert why in refusal(then[0], then[1], hand, laid)


def test_a_joker_serves_in_one_combination_only() -> None:
    laid = laid_with((M.ACES, "AS AH AD JK"))
    assert "a joker serves in one combination only" in refusal(
        M.KINGS, "KS KH KD JK", "KS KH KD", laid
    )
    assert "a joker serves in one combination only" in refusal(
        M.JOKERS, "JK JK JK JK", "JK#2 JK#3 JK#4", laid
    )
    # another joker from the hand does
    assert lay(M.KINGS, "KS KH KD JK", "KS KH KD JK#2", laid).points == 80


def test_a_combination_takes_at_least_one_card_from_the_hand() -> None:
    # kings of four marriages all laid: four kings of them alone is refused...
    laid = laid_with(
        (M.TRUMP_MARRIAGE, "KC QC"), (M.MARRIAGE, "KH QH"), (M.MARRIAGE, "KD QD"),
        (M.MARRIAGE, "KS QS"),
    )  # fmt: skip
    assert "at least one card from the hand" in refusal(M.KINGS, "KS KH KD KC", "7S", laid)
    assert forms("7S", laid) == []
    # ...but with a king in the hand, that one comes from the hand
    meld = lay(M.KINGS, "KS KH KD KC", "KH#2", laid)
    assert "KH#2" in [c.label for c in meld.cards]


# ---- trump fixed by the first marriage ---------------------------------------------


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
@pytest.mark.parametrize("word", [M.MARRIAGE, M.TRUMP_MARRIAGE])
def test_the_first_marriage_is_the_trump_marriage_in_any_suit(suit: str, word: MeldKind) -> None:
    meld = lay(word, f"K{suit} Q{suit}", f"K{suit} Q{suit}", ctx=context(None))
    assert meld.kind is M.TRUMP_MARRIAGE and meld.points == 40


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (M.BESIGUE, "QS JD"),
        (M.ACES, "AS AH AD AC"),
        (M.JOKERS, "JK JK JK JK"),
        (M.QUINTE, "AC 10C KC QC JC"),
    ],
)
def test_no_other_combination_before_trump_is_fixed(kind: MeldKind, text: str) -> None:
    hand = "QS JD AS AH AD AC JK JK#2 JK#3 JK#4 10C KC QC JC"
    assert "trump is not fixed yet" in refusal(kind, text, hand, ctx=context(None))


def test_before_trump_only_the_marriages_are_listed_as_trump_marriages() -> None:
    hand = "KH QH KS QS QS#2 JD AS AH AD AC"
    assert forms(hand, trump=None) == [
        "trump-marriage KS QS (40)",
        "trump-marriage KH QH (40)",
    ]


def refusal_code(kind: MeldKind, text: str, hand: str, **kw: object) -> Refused:
    """The code of the rule ``meld KIND text`` breaks (so that a program words it)."""
    laid = kw.pop("laid", None)
    with pytest.raises(IllegalActionError) as error:
        lay(kind, text, hand, laid, context(**kw))  # type: ignore[arg-type]
    return Refused(error.value.refusal.code)


def test_each_misuse_of_a_joker_has_a_code_of_its_own() -> None:
    """A player is told which: the joker stands in for no such card, there are more
    jokers than the table allows in a carré, or that joker serves already."""
    assert refusal_code(M.MARRIAGE, "KH JK", "KH JK") is Refused.JOKER
    assert refusal_code(M.ACES, "AS AH JK JK", "AS AH JK JK#2") is Refused.JOKERS_MANY
    laid = laid_with((M.ACES, "AS AH AD JK"))
    assert refusal_code(M.KINGS, "KS KH KD JK", "KS KH KD", laid=laid) is Refused.JOKER_SERVED

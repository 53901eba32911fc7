"""The count of a Haitian deal (RULES.md §4.1): the 7 of trump in each ``seven``
setting, the brisques ``each`` and ``majority`` (the 200 marque, the floor at
0, the tie, partners' halves), the last trick, and the partie won at the end
of a deal or at once by a combination, *anbatab* under 750."""

from __future__ import annotations

import pytest

from games.besigue.haiti.count import UNDER_MARQUE, brisque_points, haiti_brisques
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.rules import Brisques, Seven, TrumpBy
from games.besigue.score import Outcome, count_deal
from games.cards import Card, Suit
from games.tricks import PlayedTrick

from .helpers import card, deal, do, haiti

SOUTH = "7S 8S 9S 8D 9D 8C 9C JH 7C"  # seat 0, the dealer
NORTH = "AS KH QH 7H 10D JC QC KC JK"  # seat 1 leads


def clubs_trump(seven: Seven) -> HaitiDeal:
    """A deal where seat 1 fixes clubs by its first marriage, after one trick."""
    state = deal([SOUTH, NORTH], rules=haiti(seven=seven))
    do(state, "1 play 10D", "0 play 8D", "1 meld trump-marriage KC QC")
    return state


# ---- the 7 of trump ------------------------------------------------------------


def test_the_seven_scores_for_the_player_who_plays_it() -> None:
    state = clubs_trump(Seven.PLAYER)
    assert state.meld_points == [0, 40]
    do(state, "1 play AS", "0 play 7C")  # the 7 of trump takes the ace, and scores
    assert state.meld_points == [10, 40] and state.sevens == [(0, 2)]


def test_the_seven_scores_for_the_player_who_plays_it_even_losing_the_trick() -> None:
    state = clubs_trump(Seven.PLAYER)
    do(state, "1 play 7H", "0 play JH")  # seat 0 takes it; then leads his 7 of trump
    seven_owner = 0
    do(state, "0 play 7C", "1 play JC")  # the jack of trump takes it
    assert state.history[-1].winner == 1
    assert state.meld_points[seven_owner] == 10


def test_the_seven_scores_for_the_trick_winner_with_seven_winner() -> None:
    state = clubs_trump(Seven.WINNER)
    do(state, "1 play 7H", "0 play JH", "0 play 7C", "1 play JC")
    assert state.meld_points == [0, 50]  # 40 of the marriage, 10 of the 7 taken
    assert state.sevens == [(1, 3)]


def test_no_seven_scores_with_seven_none() -> None:
    state = clubs_trump(Seven.NONE)
    do(state, "1 play AS", "0 play 7C")
    assert state.meld_points == [0, 40] and state.sevens == []


def test_a_seven_played_before_trump_is_fixed_scores_nothing() -> None:
    state = deal([SOUTH, NORTH])
    do(state, "1 play 10D", "0 play 7C")  # clubs become trump after this trick only
    do(state, "1 meld marriage KC QC")
    assert state.meld_points == [0, 40] and state.sevens == []


def test_a_seven_never_ends_the_partie_at_once() -> None:
    state = deal([SOUTH, NORTH], rules=haiti(), scores=[995, 0])
    do(state, "1 play 10D", "0 play 8D", "1 meld trump-marriage KC QC")
    do(state, "1 play AS", "0 play 7C")
    assert state.side_scores() == (1005, 40) and not state.is_over  # counted at the end


def test_a_combination_ends_the_partie_at_once_without_the_sevens_of_the_deal() -> None:
    state = deal(["7S 8S 9S 8D 9D 8C 9C JH 10H", "AS KH QH 7C 10D JC QC KC JK"], scores=[0, 930])
    do(state, "1 play 10D", "0 play 8D", "1 meld trump-marriage KC QC")  # 970
    do(state, "1 play 7C", "0 play 8S")  # the 7 of trump takes it: 980 with it
    assert state.side_scores() == (0, 980) and state.seven_points == [0, 10]
    do(state, "1 meld marriage KH QH")  # 990 without the 7, 1000 with it
    assert state.side_scores() == (0, 1000) and not state.is_over


def test_a_combination_reaching_the_target_ends_the_partie_at_once() -> None:
    state = deal([SOUTH, NORTH], scores=[0, 970])
    do(state, "1 play 10D", "0 play 8D", "1 meld trump-marriage KC QC")
    outcome = state.outcome
    assert state.is_over and outcome is not None and outcome.ended_at_once
    assert outcome.winner == 1 and outcome.scores == (0, 1010) and outcome.en_bas_table
    assert outcome.last_trick is None and outcome.brisques == (0, 0)


def test_after_a_tie_past_the_target_a_side_behind_does_not_win_at_once() -> None:
    """A deal played after a tie past the target (RULES.md §4.1, "another deal"): a
    combination wins the partie at once only for a side it puts ahead of every other;
    a side still behind plays on, and one of the tied sides ahead wins at once."""
    hands = [
        "7S 8S 9S 7H 8H 9H 7D 8D 9D",
        "AS KH QH 10D 9C 8C 7C JD JC",
        "7S 8S 9S 7H 8H 9H 7D 8D 9D",
    ]
    behind = deal(hands, scores=[1100, 1000, 1100], dealer=0)  # seat 1, behind, leads
    do(behind, "1 play AS", "2 play 7S", "0 play 8S", "1 meld trump-marriage KH QH")
    assert behind.side_scores() == (1100, 1040, 1100) and not behind.is_over
    ahead = deal(hands, scores=[1100, 1100, 1000], dealer=0)  # seat 1 is one of the tied
    do(ahead, "1 play AS", "2 play 7S", "0 play 8S", "1 meld trump-marriage KH QH")
    outcome = ahead.outcome
    assert ahead.is_over and outcome is not None and outcome.ended_at_once
    assert outcome.winner == 1 and outcome.scores[1] == 1140


def test_a_side_behind_another_s_marque_with_its_sevens_does_not_win_at_once() -> None:
    """The other side's 7s of trump are on its marque: a combination that leaves its
    side behind that marque wins nothing at once, though the 7s count at the end."""
    rules = haiti(trump=TrumpBy.TURNED)
    hands = ["7C 7C 7C 8D 9D 8H 9H JH 10H", "9S 8S AC KH QH 10D JS QS KS"]
    state = deal(hands, scores=[1020, 1020], rules=rules, turned="9C")
    do(state, "1 play 9S", "0 play 7C", "0 play 7C", "1 play 8S", "0 play 7C", "1 play AC")
    do(state, "1 meld marriage KH QH")
    assert state.side_scores() == (1050, 1040) and not state.is_over


def test_a_combination_reaching_the_target_wins_though_another_marque_shows_more_by_7s() -> None:
    """RULES.md §4.1: the 7s count toward the target at the end of the deal only; a
    side whose marque shows more by them, short of the target without them, does not
    stop a combination that reaches it from winning the partie at once."""
    rules = haiti(trump=TrumpBy.TURNED)
    hands = ["AC KH QH 9S 8S 7S 9D 8D 8H", "7C 9H 8C JS JS 9S 8S 7D 7D"]
    state = deal(hands, scores=[980, 995], rules=rules, turned="9C")
    do(state, "1 play 7C", "0 play AC")
    assert state.side_scores() == (980, 1005) and not state.is_over  # 995 and a 7
    do(state, "0 meld marriage KH QH")
    assert state.is_over and state.outcome is not None and state.outcome.ended_at_once
    assert state.outcome.winner == 0


# ---- the brisques -----------------------------------------------------------------


def test_brisques_each_count_10_for_every_side_whatever_its_marque() -> None:
    points, lost = brisque_points([3, 5, 0], [0, 1, 2], [0, 50, 900], Brisques.EACH)
    assert points == [30, 50, 0] and lost == [None, None, None]


def test_brisques_majority_the_most_scores_each_the_others_lose_200() -> None:
    points, lost = brisque_points([9, 7], [0, 1], [450, 300], Brisques.MAJORITY)
    assert points == [90, -200] and lost == [None, None]


def test_brisques_majority_count_only_for_a_marque_of_200_the_floor_at_0() -> None:
    # a side under 200 neither gains nor loses: its marque never goes under 0
    points, lost = brisque_points([9, 7], [0, 1], [199, 150], Brisques.MAJORITY)
    assert points == [0, 0] and lost == [UNDER_MARQUE, UNDER_MARQUE]
    points, _ = brisque_points([9, 7], [0, 1], [200, 200], Brisques.MAJORITY)
    assert points == [90, -200]  # exactly 200: the loss takes it to 0, not below


def test_brisques_majority_a_tie_for_the_most_scores_160_each() -> None:
    points, _ = brisque_points([8, 8], [0, 1], [300, 300], Brisques.MAJORITY)
    assert points == [160, 160]
    points, _ = brisque_points([6, 6, 4], [0, 1, 2], [300, 300, 300], Brisques.MAJORITY)
    assert points == [160, 160, -200]


def test_brisques_majority_with_partners_each_seat_its_own_or_half() -> None:
    # seats 0 and 2 (side 0) hold 5 + 4, seats 1 and 3 (side 1) 4 + 3
    points, _ = brisque_points([5, 4, 4, 3], [0, 1, 0, 1], [400, 400], Brisques.MAJORITY)
    assert points == [50, -100, 40, -100]
    points, _ = brisque_points([5, 4, 3, 4], [0, 1, 0, 1], [400, 400], Brisques.MAJORITY)
    assert points == [80, 80, 80, 80]


def trick(winner: int, text: str) -> PlayedTrick:
    played = tuple((seat, card(c)) for seat, c in enumerate(text.split()))
    return PlayedTrick(0, played, winner)


def counted(scores: list[int], tricks: list[PlayedTrick], brisques: Brisques) -> Outcome:
    return count_deal(
        trump=Suit.C,
        melds=[0, 0],
        laid=[[], []],
        history=tricks,
        tricks=[0, 0],
        teams=[0, 1],
        scores_before=scores,
        target=1000,
        brisques=haiti_brisques(brisques),
    )


def test_the_last_trick_counts_toward_the_200_of_the_majority() -> None:
    tricks = [trick(0, "AS AH"), trick(0, "10S 7H"), trick(1, "7C 8C")]
    # seat 1 had 190: with the last trick, 200, so it loses 200
    outcome = counted([500, 190], tricks, Brisques.MAJORITY)
    assert outcome.points == (30, -190) and outcome.scores == (530, 0)
    outcome = counted([500, 180], tricks, Brisques.MAJORITY)
    assert outcome.points == (30, 10) and outcome.scores == (530, 190)


@pytest.mark.parametrize(
    ("before", "over", "winner", "anbatab"),
    [
        ([970, 600], True, 0, True),  # 1000 against 610: anbatab
        ([975, 740], True, 0, False),  # the loser at 750: a plain partie
        ([970, 990], True, 1, False),  # both past: the highest
        ([980, 990], False, None, False),  # a tie past the target: another deal
        ([900, 0], False, None, False),  # nobody there yet
    ],
)
def test_the_partie_at_the_end_of_a_deal(
    before: list[int], over: bool, winner: int | None, anbatab: bool
) -> None:
    # seat 0 takes 3 brisques (30), seat 1 the last trick (10) and one brisque (10)
    tricks = [trick(0, "AS AH"), trick(0, "10S 7H"), trick(1, "AC 8C")]
    outcome = counted(before, tricks, Brisques.EACH)
    assert outcome.over is over and outcome.winner == winner
    assert outcome.en_bas_table is anbatab


def test_a_deal_with_no_marriage_has_no_trump() -> None:
    assert Card.parse("JK").is_joker  # (the helpers read jokers)
    outcome = count_deal(
        trump=None, melds=[0, 0], laid=[[], []], history=[trick(1, "9H 9S")], tricks=[0, 1],
        teams=[0, 1], scores_before=[0, 0], target=1000, brisques=haiti_brisques(Brisques.EACH),
    )  # fmt: skip
    assert outcome.trump is None and outcome.points == (0, 10)

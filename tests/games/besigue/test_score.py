"""The count of a Bésigue deal (RULES.md §4 "Brisques", "Game"): the last trick,
the brisques and their threshold with three players or more, partnerships
adding up, the target passed by the brisques, ties at the top, en bas table."""

from __future__ import annotations

from games.besigue.score import FEW_BRISQUES, UNDER_SCORE, Outcome, count_deal
from games.cards import Suit
from games.tricks import PlayedTrick

from .helpers import cards


def trick(winner: int, text: str) -> PlayedTrick:
    """A trick of these cards (seats in order from 0) taken by ``winner``."""
    return PlayedTrick(0, tuple(enumerate(cards(text))), winner)


def count(
    melds: list[int],
    history: list[PlayedTrick],
    scores: list[int],
    teams: tuple[int, ...] | None = None,
    target: int = 600,
) -> Outcome:
    seats = len(melds)
    return count_deal(
        trump=Suit.H,
        melds=melds,
        laid=[[] for _ in range(seats)],
        history=history,
        tricks=[sum(t.winner == s for t in history) for s in range(seats)],
        teams=teams or tuple(range(seats)),
        scores_before=scores,
        target=target,
    )


def test_two_players_every_brisque_counts_and_the_last_trick_ten() -> None:
    history = [trick(0, "AS 10S"), trick(1, "7H 10H"), trick(1, "8C 9C")]
    outcome = count([20, 0], history, [0, 0], target=1000)
    assert outcome.brisque_cards == (2, 1) and outcome.brisques == (20, 10)
    assert outcome.last_trick == 1
    assert outcome.points == (40, 20) and outcome.scores == (40, 20)
    assert not outcome.over and outcome.winner is None and outcome.net == (0, 0)


# three players: seat 0 takes 8 brisques, seat 1 nine, seat 2 seven
THREE = [
    trick(0, "AS AH AD"),
    trick(0, "AC 10S 10H"),
    trick(0, "10D 10C 7S"),
    trick(1, "AS AH AD"),
    trick(1, "AC 10S 10H"),
    trick(1, "10D 10C AS"),
    trick(2, "AH AD AC"),
    trick(2, "10S 10H 10D"),
    trick(2, "10C 7S 7H"),
    trick(0, "8S 8H 8D"),  # the last trick: seat 0
]


def test_three_players_the_brisque_threshold() -> None:
    # seat 0: 50 + 40 + the last trick = 100, eight brisques: counted
    # seat 1: 0 + 90 < 100 although nine brisques; seat 2: 300 but only seven
    outcome = count([40, 90, 0], THREE, [50, 0, 300])
    assert outcome.brisque_cards == (8, 9, 7)
    assert outcome.brisques == (80, 0, 0)
    assert outcome.brisques_lost == (None, UNDER_SCORE, FEW_BRISQUES)
    assert outcome.points == (130, 90, 0)
    assert outcome.scores == (180, 90, 300)


def test_three_players_just_under_one_hundred_before_the_brisques() -> None:
    outcome = count([30, 0, 0], THREE, [59, 100, 100])  # 59 + 30 + 10 = 99
    assert outcome.brisques_lost[0] == UNDER_SCORE and outcome.brisques[0] == 0
    assert outcome.brisques[1] == 90  # 100 on the score, nine brisques


def test_partnerships_add_points_and_brisques_by_team() -> None:
    history = [
        trick(0, "AS AH AD 10S"),
        trick(2, "AC 10H 10D 10C"),
        trick(1, "AS 7H 8D 9C"),
        trick(3, "AH AD 10S 10H"),
        trick(0, "7S 7C 8S 8C"),  # the last trick: team 0
    ]
    # team 0 (seats 0, 2): 60 + 20 + 10 + 10 = 100, brisques 4 + 4 = 8: counted
    # team 1 (seats 1, 3): 500 on the score but only 1 + 4 = 5 brisques
    outcome = count([20, 30, 10, 0], history, [60, 500], teams=(0, 1, 0, 1))
    assert outcome.brisque_cards == (4, 1, 4, 4)
    assert outcome.brisques == (40, 0, 40, 0)
    assert outcome.brisques_lost == (None, FEW_BRISQUES, None, FEW_BRISQUES)
    assert outcome.points == (70, 30, 50, 0)
    assert outcome.scores == (60 + 70 + 50, 500 + 30)


def test_brisques_taking_both_past_the_target_the_higher_wins() -> None:
    history = [trick(0, "AS 10S"), trick(0, "AH 10H"), trick(1, "AD 10D"), trick(0, "7S 8S")]
    outcome = count([0, 30], history, [950, 960], target=1000)
    assert outcome.scores == (950 + 40 + 10, 960 + 30 + 20)  # 1000 and 1010
    assert outcome.over and outcome.winner == 1 and not outcome.en_bas_table
    outcome = count([0, 0], history, [950, 975], target=1000)
    assert outcome.scores == (1000, 995) and outcome.winner == 0  # reaching is passing


def test_a_tie_at_the_top_plays_another_deal() -> None:
    history = [trick(0, "AS 10S"), trick(1, "AH 10H"), trick(1, "7S 8S")]
    outcome = count([10, 0], history, [980, 980], target=1000)
    assert outcome.scores == (1010, 1010)
    assert not outcome.over and outcome.winner is None


def test_en_bas_table_when_every_loser_is_under_750() -> None:
    history = [trick(0, "7S 8S 9S")]  # the last trick: seat 0
    outcome = count([40, 0, 0], history, [300, 590, 500])
    assert outcome.scores == (350, 590, 500) and not outcome.over  # nobody at 600
    outcome = count([250, 0, 0], history, [500, 590, 400])
    assert outcome.scores == (760, 590, 400)
    assert outcome.over and outcome.winner == 0 and outcome.en_bas_table  # both under 750
    outcome = count([300, 200, 0], history, [500, 550, 100])
    assert outcome.scores == (810, 750, 100)
    assert outcome.over and outcome.winner == 0 and not outcome.en_bas_table  # 750 is not under

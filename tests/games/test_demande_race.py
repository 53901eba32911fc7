"""The simple demande (2 tricks) race of La Bête Hombrée (RULES.md §1.6): who has
won once two tricks are taken, and the hand stopped as soon as its result cannot
change (``stop_when_decided``), settling as if every card were played."""

from __future__ import annotations

import pytest

from games.bete_hombree import IllegalActionError, Rules
from games.cards import Card
from tests.games.helpers import (
    new_hand,
    parse_line,
    reference_decided,
    reference_made,
    run,
    trick_winner,
)

# Declarer: seat 1, 2♠ (or 2♥ en belle) after "1 bid 2", three passes.  Opponents
# are seats 2, 3, 0.  Each case: deal, plays, the trick winners they give (seats),
# the verdict of RULES.md §1.6 read by hand, and the trick after which the result
# can no longer change (stop_when_decided).
RACE: list[tuple[str, str, list[list[str]], list[str], list[str], list[int], bool, int]] = [
    (
        "two-first-then-one-opponent-takes-three",
        "H",
        [["KC", "QD", "AD", "10C", "10H"], ["9D", "JD", "JS", "KH", "KS"],
         ["10D", "KD", "AS", "9C", "QS"], ["QC", "AC", "JC", "10S", "QH"]],
        ["9S", "AH", "JH"],
        ["1 play KS", "2 play QS", "3 play 10S", "0 play QD",
         "1 play JS", "2 play AS", "3 play QC", "0 play AD",
         "1 play JD", "2 play KD", "3 play JC", "0 play KC",
         "2 play 10D", "3 play AC", "0 play 10C", "1 play 9D",
         "2 play 9C", "3 play QH", "0 play 10H", "1 play KH"],
        [1, 1, 2, 2, 2], False, 5,
    ),
    (
        "two-first-opponents-share-three",
        "H",
        [["AC", "QC", "KC", "AH", "10H"], ["AS", "JC", "9C", "KS", "QH"],
         ["9S", "AD", "KH", "QD", "JS"], ["10S", "10C", "JD", "KD", "10D"]],
        ["9D", "QS", "JH"],
        ["1 play KS", "2 play JS", "3 play 10S", "0 play AH",
         "1 play AS", "2 play 9S", "3 play KD", "0 play 10H",
         "1 play QH", "2 play KH", "3 play 10C", "0 play KC",
         "2 play AD", "3 play JD", "0 play QC", "1 play JC",
         "3 play 10D", "0 play AC", "1 play 9C", "2 play QD"],
        [1, 1, 2, 3, 2], True, 4,
    ),
    (
        "opponent-two-first-then-declarer-three",
        "H",
        [["AC", "10C", "KD", "AD", "10H"], ["KS", "KH", "QC", "10S", "JS"],
         ["JC", "AS", "KC", "9S", "QH"], ["AH", "9C", "10D", "9D", "JH"]],
        ["QS", "JD", "QD"],
        ["1 play 10S", "2 play AS", "3 play JH", "0 play 10H",
         "2 play KC", "3 play 9C", "0 play AC", "1 play QC",
         "2 play 9S", "3 play AH", "0 play KD", "1 play KS",
         "1 play JS", "2 play QH", "3 play 10D", "0 play AD",
         "1 play KH", "2 play JC", "3 play 9D", "0 play 10C"],
        [2, 2, 1, 1, 1], True, 5,
    ),
    (
        "opponent-reaches-two-before-declarers-second",
        "H",
        [["AC", "9S", "9D", "AH", "JC"], ["9C", "KD", "JD", "KS", "QH"],
         ["QS", "10C", "QD", "KH", "10H"], ["KC", "AD", "10D", "AS", "JH"]],
        ["JS", "QC", "10S"],
        ["1 play QH", "2 play KH", "3 play JH", "0 play AH",
         "2 play QD", "3 play AD", "0 play 9D", "1 play KD",
         "1 play JD", "2 play QS", "3 play 10D", "0 play 9S",
         "2 play 10H", "3 play AS", "0 play JC", "1 play KS",
         "1 play 9C", "2 play 10C", "3 play KC", "0 play AC"],
        [2, 1, 2, 1, 3], False, 5,
    ),
    (
        "declarers-second-before-any-opponents-second",
        "H",
        [["AC", "9S", "9D", "AH", "JC"], ["9C", "KD", "JD", "KS", "QH"],
         ["QS", "10C", "QD", "KH", "10H"], ["KC", "AD", "10D", "AS", "JH"]],
        ["JS", "QC", "10S"],
        ["1 play QH", "2 play KH", "3 play JH", "0 play AH",
         "2 play 10H", "3 play AS", "0 play 9S", "1 play KS",
         "1 play 9C", "2 play 10C", "3 play KC", "0 play JC",
         "3 play AD", "0 play 9D", "1 play KD", "2 play QD",
         "1 play JD", "2 play QS", "3 play 10D", "0 play AC"],
        [2, 1, 3, 1, 2], True, 4,
    ),
    (
        "three-opponents-one-each-then-declarer-two",
        "H",
        [["AS", "QD", "9S", "9D", "10C"], ["AH", "KD", "JC", "JH", "KC"],
         ["JS", "10H", "10S", "QH", "AC"], ["AD", "KH", "KS", "9C", "10D"]],
        ["JD", "QS", "QC"],
        ["1 play KD", "2 play JS", "3 play AD", "0 play QD",
         "2 play 10S", "3 play KS", "0 play AS", "1 play JH",
         "3 play KH", "0 play 9S", "1 play AH", "2 play QH",
         "0 play 10C", "1 play KC", "2 play AC", "3 play 9C",
         "1 play JC", "2 play 10H", "3 play 10D", "0 play 9D"],
        [2, 3, 0, 1, 1], True, 5,
    ),
    (
        "one-then-opponent-two-before-second",
        "H",
        [["AC", "9S", "9D", "AH", "JC"], ["9C", "KD", "JD", "KS", "QH"],
         ["QS", "10C", "QD", "KH", "10H"], ["KC", "AD", "10D", "AS", "JH"]],
        ["JS", "QC", "10S"],
        ["1 play KS", "2 play QS", "3 play AS", "0 play 9S",
         "1 play QH", "2 play KH", "3 play JH", "0 play AH",
         "2 play 10H", "3 play AD", "0 play 9D", "1 play JD",
         "2 play 10C", "3 play KC", "0 play JC", "1 play 9C",
         "3 play 10D", "0 play AC", "1 play KD", "2 play QD"],
        [1, 2, 2, 3, 1], False, 4,
    ),
    (
        "one-trick-only",
        "H",
        [["JD", "QC", "JC", "AS", "10C"], ["JH", "KS", "KD", "10S", "QH"],
         ["QS", "JS", "QD", "AH", "10H"], ["10D", "9S", "KH", "9D", "AC"]],
        ["9C", "KC", "AD"],
        ["1 play KS", "2 play QS", "3 play 9S", "0 play AS",
         "1 play 10S", "2 play JS", "3 play 10D", "0 play QC",
         "2 play AH", "3 play KH", "0 play 10C", "1 play QH",
         "3 play AC", "0 play JC", "1 play KD", "2 play 10H",
         "0 play JD", "1 play JH", "2 play QD", "3 play 9D"],
        [1, 2, 3, 0, 2], False, 5,
    ),
    (
        "three-straight",
        "H",
        [["AC", "9S", "9D", "AH", "JC"], ["9C", "KD", "JD", "KS", "QH"],
         ["QS", "10C", "QD", "KH", "10H"], ["KC", "AD", "10D", "AS", "JH"]],
        ["JS", "QC", "10S"],
        ["1 play KS", "2 play QS", "3 play AS", "0 play 9S",
         "1 play KD", "2 play QD", "3 play AD", "0 play 9D",
         "1 play JD", "2 play 10H", "3 play 10D", "0 play AH",
         "1 play QH", "2 play KH", "3 play JH", "0 play JC",
         "2 play 10C", "3 play KC", "0 play AC", "1 play 9C"],
        [1, 1, 1, 2, 3], True, 3,
    ),
    (
        "opponent-two-first-declarer-only-two",
        "H",
        [["AC", "9S", "9D", "AH", "JC"], ["9C", "KD", "JD", "KS", "QH"],
         ["QS", "10C", "QD", "KH", "10H"], ["KC", "AD", "10D", "AS", "JH"]],
        ["JS", "QC", "10S"],
        ["1 play JD", "2 play QD", "3 play AD", "0 play 9D",
         "2 play KH", "3 play JH", "0 play AH", "1 play QH",
         "2 play QS", "3 play AS", "0 play 9S", "1 play KS",
         "1 play KD", "2 play 10H", "3 play 10D", "0 play JC",
         "1 play 9C", "2 play 10C", "3 play KC", "0 play AC"],
        [2, 2, 1, 1, 3], False, 5,
    ),
    (
        "race-won-but-opponent-takes-three",
        "H",
        [["KC", "QD", "AD", "10C", "10H"], ["9D", "JD", "JS", "KH", "KS"],
         ["10D", "KD", "AS", "9C", "QS"], ["QC", "AC", "JC", "10S", "QH"]],
        ["9S", "AH", "JH"],
        ["1 play KS", "2 play QS", "3 play 10S", "0 play 10H",
         "1 play KH", "2 play AS", "3 play QH", "0 play QD",
         "2 play 9C", "3 play QC", "0 play KC", "1 play JS",
         "1 play JD", "2 play KD", "3 play JC", "0 play AD",
         "2 play 10D", "3 play AC", "0 play 10C", "1 play 9D"],
        [1, 2, 1, 2, 2], False, 5,
    ),
    (
        "race-won-opponents-share",
        "H",
        [["AC", "9S", "9D", "AH", "JC"], ["9C", "KD", "JD", "KS", "QH"],
         ["QS", "10C", "QD", "KH", "10H"], ["KC", "AD", "10D", "AS", "JH"]],
        ["JS", "QC", "10S"],
        ["1 play KD", "2 play QD", "3 play AD", "0 play 9D",
         "1 play QH", "2 play KH", "3 play JH", "0 play AH",
         "2 play 10H", "3 play AS", "0 play 9S", "1 play KS",
         "1 play 9C", "2 play 10C", "3 play KC", "0 play JC",
         "3 play 10D", "0 play AC", "1 play JD", "2 play QS"],
        [1, 2, 1, 3, 2], True, 4,
    ),
    (
        "last-two-tricks-after-three-singles",
        "H",
        [["9C", "QH", "JD", "JC", "9D"], ["AS", "10S", "QC", "QD", "10D"],
         ["AC", "10H", "AD", "KS", "KC"], ["KH", "JH", "AH", "9S", "KD"]],
        ["10C", "JS", "QS"],
        ["1 play QD", "2 play AD", "3 play KD", "0 play 9D",
         "3 play 9S", "0 play QH", "1 play AS", "2 play KS",
         "2 play 10H", "3 play KH", "0 play JC", "1 play 10S",
         "1 play 10D", "2 play KC", "3 play JH", "0 play JD",
         "0 play 9C", "1 play QC", "2 play AC", "3 play AH"],
        [3, 2, 1, 0, 1], True, 5,
    ),
    (
        "en-belle-two-first-then-one-opponent-takes-three",
        "S",
        [["KC", "QD", "AD", "10C", "9H"], ["9D", "JD", "JS", "QH", "KS"],
         ["10D", "KD", "AS", "9C", "QS"], ["QC", "AC", "JC", "10S", "JH"]],
        ["KH", "10H", "AH"],
        ["1 play KS", "2 play QS", "3 play 10S", "0 play QD",
         "1 play JS", "2 play AS", "3 play QC", "0 play AD",
         "1 play JD", "2 play KD", "3 play JC", "0 play KC",
         "2 play 10D", "3 play AC", "0 play 10C", "1 play 9D",
         "2 play 9C", "3 play JH", "0 play 9H", "1 play QH"],
        [1, 1, 2, 2, 2], False, 5,
    ),
    (
        "en-belle-two-first-opponents-share-three",
        "S",
        [["AC", "QC", "KC", "10H", "9H"], ["AS", "JC", "9C", "KS", "JH"],
         ["KH", "AD", "QH", "QD", "JS"], ["10S", "10C", "JD", "KD", "10D"]],
        ["9D", "QS", "AH"],
        ["1 play KS", "2 play JS", "3 play 10S", "0 play 10H",
         "1 play AS", "2 play KH", "3 play KD", "0 play 9H",
         "1 play JH", "2 play QH", "3 play 10C", "0 play KC",
         "2 play AD", "3 play JD", "0 play QC", "1 play JC",
         "3 play 10D", "0 play AC", "1 play 9C", "2 play QD"],
        [1, 1, 2, 3, 2], True, 4,
    ),
]  # fmt: skip


def _race_hand(belle: str, hands: list[list[str]], cagnot: list[str], rules: Rules | None):
    state = new_hand(hands, cagnot, dealer=0, belle=belle, rules=rules)
    bid = "bid 2 belle" if belle == "S" else "bid 2"
    return run(state, [f"1 {bid}", "2 pass", "3 pass", "0 pass", "1 declare 2 S"])


@pytest.mark.parametrize(
    ("belle", "hands", "cagnot", "plays", "winners", "made", "decided_after"),
    [c[1:] for c in RACE],
    ids=[c[0] for c in RACE],
)
def test_simple_demande_race(
    belle: str,
    hands: list[list[str]],
    cagnot: list[str],
    plays: list[str],
    winners: list[int],
    made: bool,
    decided_after: int,
) -> None:
    # the hand-worked verdicts agree with the reference reading of §1.6
    assert reference_made(winners, 1, 2) is made
    state = run(_race_hand(belle, hands, cagnot, None), plays)
    history = state.view(0).tricks_played
    assert [t.winner for t in history] == winners
    for played, winner in zip(history, winners, strict=True):
        cards = [c for _, c in played.cards]
        assert played.cards[trick_winner(cards, Card.parse("KS").suit)][0] == winner
    outcome = state.outcome
    assert outcome is not None and outcome.made is made
    p = 4 if belle == "S" else 2
    assert outcome.stake == p
    assert outcome.net[1] == (3 * p if made else -3 * p)


@pytest.mark.parametrize(
    ("belle", "hands", "cagnot", "plays", "winners", "made", "decided_after"),
    [c[1:] for c in RACE],
    ids=[c[0] for c in RACE],
)
def test_stop_when_decided(
    belle: str,
    hands: list[list[str]],
    cagnot: list[str],
    plays: list[str],
    winners: list[int],
    made: bool,
    decided_after: int,
) -> None:
    for k in range(1, 6):
        verdict = reference_decided(winners[:k], 1, 2)
        if k < decided_after:
            assert verdict is None
        else:
            assert verdict is made
            break
    state = _race_hand(belle, hands, cagnot, Rules(stop_when_decided=True))
    run(state, plays[: 4 * decided_after])
    assert state.is_over
    outcome = state.outcome
    assert outcome is not None
    assert outcome.made is made
    assert sum(outcome.tricks) == decided_after
    if decided_after < 5:
        # the rest of the cards are not played
        seat, action = parse_line(plays[4 * decided_after])
        with pytest.raises(IllegalActionError, match="over"):
            state.apply(action, seat)
    # the same money as playing every card
    full = run(_race_hand(belle, hands, cagnot, None), plays).outcome
    assert full is not None
    assert outcome.net == full.net and outcome.new_entry == full.new_entry


@pytest.mark.parametrize(
    ("level", "winners", "made", "decided_after"),
    [
        (3, [1, 1, 1, 0, 0], True, 3),
        (3, [0, 2, 3, 1, 1], False, 3),
        (4, [1, 0, 1, 1, 1], True, 5),
        (4, [0, 1, 2, 1, 1], False, 3),
        (5, [1, 1, 1, 1, 0], False, 5),
        (5, [0, 1, 1, 1, 1], False, 1),
    ],
)
def test_reference_decided_for_higher_levels(
    level: int, winners: list[int], made: bool, decided_after: int
) -> None:
    """The reference used by the random playouts, checked by hand for levels 3-5."""
    assert reference_made(winners, 1, level) is made
    assert reference_decided(winners[: decided_after - 1], 1, level) is None
    assert reference_decided(winners[:decided_after], 1, level) is made

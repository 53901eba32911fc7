"""The worked scenarios of seed 000 (RULES.md §1.9) as hand records in tests/records.

Every number asserted here is the seed's (or follows from RULES.md §1.6 by hand,
as written next to it); the trick winners are those of the composed deals,
worked out by hand and checked again with the reference trick winner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.bete_hombree import HandRecord, replay, result_json
from games.cards import Card, Suit
from games.records import load
from tests.games.helpers import trick_winner

RECORDS = Path(__file__).resolve().parent.parent / "records"


def replayed(name: str) -> dict[str, Any]:
    return result_json(replay(HandRecord.from_json(load(RECORDS / name))))


def test_example_1_five_en_belle_with_four_matadors() -> None:
    # E pass, N 2, W 3, S cagnote, N pass, W premier pour 4, S prends le tout:
    # 5♥ with 4 matadors, made: (10 + 4) × 2 = 28 from each, and E's bête of 24.
    result = replayed("example1.json")
    contract = result["contract"]
    assert (contract["player"], contract["call"]) == ("Sud", "tout")
    assert (contract["level"], contract["trump"], contract["belle"]) == (5, "H", True)
    assert contract["matadors"] == 4
    assert result["made"] is True
    assert result["stake"] == 28
    assert result["net"] == {"Sud": 108, "Est": -52, "Nord": -28, "Ouest": -28}
    assert result["register"] == [{"owner": 0, "amount": 40}]  # E's 24 crossed out
    assert result["belle"] == "H"  # the trump already was the belle
    assert result["pot"] == 0


def test_example_2_west_fails_three_en_belle() -> None:
    # E simple demande, N pass, W 3, S pass, E premier pour 3, W dernier pour 3.
    # W fails: 2 × 3 = 6 to each; new bête 4 × 6 + 96 (S's, oldest) = 120 after his 108.
    result = replayed("example2.json")
    contract = result["contract"]
    assert (contract["player"], contract["level"], contract["belle"]) == ("Ouest", 3, True)
    assert result["made"] is False
    assert result["tricks"][3] == 2
    assert result["stake"] == 6
    assert result["net"] == {"Sud": 6, "Est": 6, "Nord": 6, "Ouest": -18}
    assert result["register"] == [
        {"owner": 0, "amount": 96},
        {"owner": 2, "amount": 120},
        {"owner": 3, "amount": 108},
        {"owner": 3, "amount": 120},
    ]
    assert result["belle"] == "H"


def test_example_3_north_makes_four_spades_with_three_matadors() -> None:
    # E sans préjudice, N je retiens, W 3, S pass, E pass, N 4♠ with 3 matadors:
    # 4 + 3 = 7 from each; his own bête (76, the oldest) is crossed out unpaid;
    # the belle becomes ♠.
    result = replayed("example3.json")
    contract = result["contract"]
    assert (contract["player"], contract["call"], contract["level"]) == ("Nord", "bid", 4)
    assert (contract["trump"], contract["belle"], contract["matadors"]) == ("S", False, 3)
    assert result["made"] is True
    assert result["tricks"][2] == 4
    assert result["net"] == {"Sud": -7, "Est": -7, "Nord": 21, "Ouest": -7}
    assert result["register"] == [
        {"owner": 0, "amount": 48},
        {"owner": 0, "amount": 60},
        {"owner": 0, "amount": 72},
    ]
    assert result["belle"] == "S"


def test_theatre_edmond_cagnote_four_spades_three_matadors() -> None:
    # Edmond deals; Arthur a little demande (2), Alexandre passes, François 3,
    # Edmond cagnote, Arthur will not be premier pour 4.  Four à pique, 3
    # matadors: "7 sous pour chacun et ... 128 en plus pour Arthur".
    result = replayed("theatre.json")
    contract = result["contract"]
    assert (contract["player"], contract["call"]) == ("Edmond", "cagnote")
    assert (contract["level"], contract["trump"], contract["matadors"]) == (4, "S", 3)
    assert result["made"] is True
    assert result["tricks"][0] == 4
    assert result["stake"] == 7
    assert result["net"] == {
        "Edmond": 7 * 3 + 128,
        "Arthur": -(7 + 128),
        "Alexandre": -7,
        "François": -7,
    }
    # "Quelle est la bête maintenant ? — c'est encore Arthur ; Arthur 140."
    assert result["register"] == [{"owner": 1, "amount": 140}]
    # Matadors announced and made: ♠ is the belle, as Alexandre's "pique dans la
    # belle" in the next deal confirms.
    assert result["belle"] == "S"


def test_theatre_arthurs_bete_of_140() -> None:
    # Arthur's second bête: he failed a plain 3 (stake 3) while his 128 was in play:
    # 4 × 3 + 128 = 140, written after the 128.
    result = replayed("theatre_bete_140.json")
    contract = result["contract"]
    assert (contract["player"], contract["level"], contract["belle"]) == ("Arthur", 3, False)
    assert contract["matadors"] == 0
    assert result["made"] is False
    assert result["stake"] == 3
    assert result["net"] == {"Edmond": 3, "Arthur": -9, "Alexandre": 3, "François": 3}
    assert result["register"] == [{"owner": 1, "amount": 128}, {"owner": 1, "amount": 140}]
    assert result["belle"] == "H"


def test_theatre_arthur_takes_all_and_is_trumped() -> None:
    # The next deal: Arthur deals with ♠ belle.  Alexandre sans préjudice,
    # François je retiens, Edmond 4, Arthur je prends le tout; the two who may be
    # premier pour 5 let him go.  5♣, no matadors announced: Edmond trumps the
    # first trick ("C'est mon Roi"), so Arthur pays 10 to each and his new bête is
    # 4 × 10 + 140 (his bête in play) = 180.
    result = replayed("theatre_tout.json")
    contract = result["contract"]
    assert (contract["player"], contract["call"], contract["level"]) == ("Arthur", "tout", 5)
    assert (contract["trump"], contract["belle"]) == ("C", False)
    assert result["made"] is False
    assert result["stake"] == 10
    assert result["net"] == {"Edmond": 10, "Arthur": -30, "Alexandre": 10, "François": 10}
    assert result["register"] == [{"owner": 1, "amount": 140}, {"owner": 1, "amount": 180}]
    assert result["belle"] == "S"


# The trick winners of each composed deal, worked out by hand (seats).
WINNERS = {
    "example1.json": [0, 0, 0, 0, 0],
    "example2.json": [3, 1, 1, 0, 3],
    "example3.json": [2, 0, 2, 2, 2],
    "theatre.json": [0, 0, 0, 0, 1],
    "theatre_bete_140.json": [1, 1, 0, 0, 0],
    "theatre_tout.json": [0, 1, 1, 1, 1],
}


@pytest.mark.parametrize("name", sorted(WINNERS))
def test_trick_winners(name: str) -> None:
    data = load(RECORDS / name)
    result = replay(HandRecord.from_json(data))
    contract = result.state.contract
    assert contract is not None
    history = result.state.view(0).tricks_played
    assert [t.winner for t in history] == WINNERS[name]
    # the same winners from the record's own cards, by the reference rule
    plays = [line.split() for line in data["actions"] if line.split()[1] == "play"]
    assert len(plays) == 20
    leader = (data["dealer"] + 1) % 4
    for n in range(5):
        trick = plays[4 * n : 4 * n + 4]
        seats = [int(p[0]) for p in trick]
        assert seats == [(leader + i) % 4 for i in range(4)]
        cards = [Card.parse(p[2]) for p in trick]
        leader = seats[trick_winner(cards, Suit(contract.trump))]
        assert leader == WINNERS[name][n]


@pytest.mark.parametrize("name", sorted(WINNERS))
def test_records_are_full_deals(name: str) -> None:
    data = load(RECORDS / name)
    belle = data["belle"]
    dealt = [c for hand in data["hands"] for c in hand] + data["cagnot"]
    assert len(dealt) == len(set(dealt)) == 23
    assert f"9{belle}" not in dealt
    assert all(len(hand) == 5 for hand in data["hands"])


def test_seed_hands_as_printed() -> None:
    """The hands the seed prints (example 1 after the exchange) are those of the records."""
    printed = {
        "example1.json": {
            0: "KH AH QD KC 10C",
            2: "KS 10S 9S 10H 9C",
            3: "KD JD 10D QC JC",
            1: "JS AS AD 9D AC",
        },
        "example2.json": {
            2: "JS QD JD QC JC",
            3: "AS QH AH 10H KC",
            1: "QS 10S KH JH AC",
            0: "KS 9S 10D 9D 9C",
        },
        "example3.json": {
            2: "KS QS JS QH JH",
            3: "KH QD JD KC AC",
            1: "AS 10S AH 10H 9D",
            0: "9S KD AD 10D QC",
        },
    }
    cagnots = {"example1.json": "QS QH JH", "example2.json": "KD AD 10C",
               "example3.json": "JC 10C 9C"}  # fmt: skip
    for name, hands in printed.items():
        data = load(RECORDS / name)
        for seat, text in hands.items():
            assert set(data["hands"][seat]) == set(text.split()), (name, seat)
        assert data["cagnot"] == cagnots[name].split()
    # example 1: South's hand after taking the cagnot and discarding QS QD 10C
    data = load(RECORDS / "example1.json")
    south = set(data["hands"][0]) | set(data["cagnot"])
    assert south - {"QS", "QD", "10C"} == {"KH", "AH", "QH", "JH", "KC"}

"""A record's fields are read as RULES.md §5 writes them, never guessed: a number is a
JSON number with no fraction, a flag true or false, the players a list of names.  A
field of another type is refused with its name (the text "false" once read as true
charged every player at La Bête a fiche), and a file that is no record this reads is
refused in one line, never with a traceback."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.records import RecordError, load
from games.replay import replay_result
from tests.games import cli

Change = Callable[[dict[str, Any]], None]


def record(name: str) -> dict[str, Any]:
    return copy.deepcopy(load(cli.RECORDS / f"{name}.json"))


def setting(field: str, value: Any) -> Change:
    return lambda data: data.__setitem__(field, value)


def in_first_deal(field: str, value: Any) -> Change:
    return lambda data: data["deals"][0].__setitem__(field, value)


BAD: list[tuple[str, Change, str]] = [
    ("example1", setting("dealer", "0"), "dealer is a whole number 0 to 3, not '0'"),
    ("example1", setting("dealer", 0.5), "dealer is a whole number 0 to 3"),
    ("example1", setting("dealer", True), "dealer is a whole number 0 to 3, not True"),
    ("example1", setting("dealer", 1e400), "dealer is a whole number 0 to 3"),
    ("example1", setting("dealer", 4), "dealer is a whole number 0 to 3, not 4"),
    ("example1", setting("pot", "5"), "pot is a whole number 0 to 1,000,000,000, not '5'"),
    ("example1", setting("pot", 2.5), "pot is a whole number 0 to 1,000,000,000"),
    ("example1", setting("players", "SENO"), "players is a list of names, not 'SENO'"),
    ("example1", setting("players", [{"x": 0}] * 4), "players is a list of names"),
    ("example1", setting("options", [1]), "options is a JSON object, not [1]"),
    ("bete_curieuse_contre", setting("round_start", "false"), "round_start is true or false"),
    ("bete_curieuse_contre", setting("bete_in_play", "false"), "bete_in_play is true or false"),
    ("bete_curieuse_contre", setting("pot", 3), "pot is a JSON object, not 3"),
    ("bete_curieuse_contre", setting("dealer", 3), "dealer is a whole number 0 to 2, not 3"),
    ("hombre_win", setting("poule", "3"), "poule is a whole number 0 to 1,000,000,000, not '3'"),
    ("hombre_win", setting("ante", 2.5), "ante is a whole number 0 to 1,000,000,000, not 2.5"),
    (
        "hombre_win",
        setting("bete_in_play", "3"),
        "bete_in_play is a whole number 1 to 1,000,000,000",
    ),
    ("hombre_win", in_first_deal("dealer", "0"), "deal 0: dealer is a whole number 0 to 2"),
    # amounts no table makes, beyond what the database's integers can sum
    ("example1", setting("pot", 10**40), "pot is a whole number 0 to 1,000,000,000, not 1000"),
    ("hombre_all_pass", setting("poule", 10**12), "poule is a whole number 0 to 1,000,000,000"),
    ("hombre_all_pass", setting("ante", 10**12), "ante is a whole number 0 to 1,000,000,000"),
    ("bete_curieuse_contre", lambda d: d["pot"].update(kings=10**40), "pot.kings is a whole"),
    ("bete_curieuse_contre", lambda d: d["register"][0].update(amount=10**40), "register amount"),
    ("example1", lambda d: d["register"][0].update(amount=10**10), "a register amount is a whole"),
    ("hombre_win", setting("register", [{"owner": 0, "amount": 10**40}]), "a bête is a whole"),
    ("hombre_win", setting("register", [{"owner": 3, "amount": 1}]), "owner (a seat) is a whole"),
]


@pytest.mark.parametrize(("name", "change", "words"), BAD, ids=[w for _, _, w in BAD])
def test_a_field_of_another_type_is_refused_by_name(name: str, change: Change, words: str):
    assert words in refusal_of(name, change)


def refusal_of(name: str, change: Change) -> str:
    """What replaying the record ``name`` changed by ``change`` is refused with."""
    data = record(name)
    change(data)
    with pytest.raises(RecordError) as caught:
        replay_result(data)
    return str(caught.value)


# (poule, bête in play, waiting bêtes, ante): what §3 leaves before a deal, or not
ANTES = [
    ((0, None, [], 0), "no bête enters the poule: each puts in 3 (RULES §3), not 0"),
    ((0, None, [], 7), "no bête enters the poule: each puts in 3 (RULES §3), not 7"),
    ((0, None, [9], 0), "a bête enters the empty poule: each puts in 2 or 3"),
    ((10, None, [], 3), "a poule of 10 stands (a remise or an all-pass left it)"),
    ((10, 5, [], 3), "nothing is added at the next deal: ante 0, not 3"),
]


@pytest.mark.parametrize(("money", "words"), ANTES, ids=[w[:30] for _, w in ANTES])
def test_an_ante_the_money_before_the_deal_cannot_have_is_refused(money, words):
    """RULES.md §3: an ante only follows a poule taken (3, or 2 when a bête enters);
    a poule left standing by a remise or an all-pass gets none.  Nothing to win at
    all (no poule, no ante, no bête) is one such contradiction."""
    poule, bete, waiting, ante = money
    data = record("hombre_win")
    register = [{"owner": 1, "amount": a} for a in waiting]
    data.update(poule=poule, bete_in_play=bete, register=register, ante=ante)
    with pytest.raises(RecordError, match="contradicts itself") as caught:
        replay_result(data)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "money", [(0, None, [], 3), (0, None, [9], 2), (0, None, [9], 3), (10, 5, [4], 0)]
)
def test_an_ante_the_money_allows_replays(money):
    poule, bete, waiting, ante = money
    data = record("hombre_win")
    register = [{"owner": 1, "amount": a} for a in waiting]
    data.update(poule=poule, bete_in_play=bete, register=register, ante=ante)
    assert replay_result(data)[0]["payments"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'{"game": "bete\xe9"}', "is not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "is not a JSON record this reads"),
        (b'{"game": "bete", "pot": ' + b"9" * 5000 + b"}", "is not a JSON record this reads"),
    ],
    ids=["latin-1", "deep", "long number"],
)
def test_a_file_that_is_no_record_gets_one_line(tmp_path: Path, content: bytes, words: str):
    path = tmp_path / "record.json"
    path.write_bytes(content)
    done = cli.run_cli(path)
    assert done.returncode != 0
    assert words in done.stderr and "Traceback" not in done.stderr, done.stderr


CONTRADICTIONS: list[tuple[str, Change, str]] = [
    (
        "haiti_whole_deal",
        setting("match", {"parties": [0, 0], "head_start": [0, 100]}),
        "side 1 starts the partie with 100, its score is 0",
    ),
    (
        "haiti_whole_deal",
        setting("match", {"parties": [2, 3], "head_start": [0, 0]}),
        "one side at most has parties counted",
    ),
    (
        "hombre_session",
        lambda data: data["options"].__setitem__("poules", 1),
        "the game was over after deal",
    ),
    (
        "bete_curieuse_contre",
        lambda data: data.update(bete_in_play=True, pot={"reserve": 40, "stake": 0}),
        "a bête in play was paid into the stake, which holds nothing",
    ),
    ("hombre_win", in_first_deal("hands", [[7] * 9, [], []]), "deal 0: hands and talon are lists"),
    ("hombre_win", lambda data: data["deals"][0].pop("dealer"), "deal 0 lacks 'dealer'"),
    ("example1", setting("register", ["x"]), "register is a list of"),
    ("example1", setting("hands", None), "hands and cagnot are lists of cards"),
]


@pytest.mark.parametrize(
    ("name", "change", "words"), CONTRADICTIONS, ids=[w for _, _, w in CONTRADICTIONS]
)
def test_a_record_that_contradicts_itself_is_refused(name: str, change: Change, words: str):
    assert words in refusal_of(name, change)

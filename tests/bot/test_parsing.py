"""What keyboard players type, and the custom ids of the components."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.ids import ComponentId, call_arg, call_of
from bot.parsing import parse_call, parse_card, parse_cards, parse_declaration
from games.bete_hombree import Action


@pytest.mark.parametrize(
    ("text", "card"),
    [("10S", "10S"), ("kh", "KH"), ("K♥", "KH"), ("R♥", "KH"), ("D♠", "QS"), ("V♦", "JD")],
)
def test_cards(text, card):
    assert str(parse_card(text)) == card


def test_bad_card_and_card_lists():
    with pytest.raises(UserError) as error:
        parse_card("zz")
    assert error.value.key == "error.bad_card"
    assert [str(c) for c in parse_cards("QS, D♦ 10♣")] == ["QS", "QD", "10C"]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("3", "bid 3"),
        ("3 belle", "bid 3 belle"),
        ("3 en belle", "bid 3 belle"),
        ("bid 4", "bid 4"),
        ("Premier pour 4", "bid 4"),
        ("b5b", "bid 5 belle"),
        ("Je cagnote", "cagnote"),
        ("je prends le tout", "tout"),
        ("Sans préjudice", "sans-prejudice"),
        ("je retiens", "retiens"),
        ("passe", "pass"),
    ],
)
def test_calls(text, action):
    assert str(parse_call(text)) == action


def test_declarations():
    assert str(parse_declaration("5 H matadors 4")) == "declare 5 H matadors 4"
    assert str(parse_declaration("4 ♠")) == "declare 4 S"
    assert str(parse_declaration("3 pique 3")) == "declare 3 S matadors 3"
    with pytest.raises(UserError):
        parse_declaration("hello")
    with pytest.raises(UserError):
        parse_call("7")


def test_component_ids_round_trip_and_stay_short():
    for cid in (
        ComponentId(123456789012, 999, "decl", "H:5:4"),
        ComponentId(1, 0, "join"),
        ComponentId(1, 3, "discard"),
    ):
        text = str(cid)
        assert len(text) <= 100 and ComponentId.parse(text) == cid
    assert str(ComponentId(1, 3, "discard")).startswith("bhs:")
    for words in ("pass", "bid 2", "bid 5 belle", "cagnote", "tout", "sans-prejudice", "retiens"):
        action = Action.parse(words)
        assert call_of(call_arg(action)) == action
    with pytest.raises(ValueError):
        ComponentId.parse("other:1:2:x")

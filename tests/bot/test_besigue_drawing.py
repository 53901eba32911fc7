"""Bésigue's drawings from a seat's view: the winner's combinations say which of their
cards lie on the table already, identical cards are one button, and the refusals and
typed moves read as players write them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.errors import UserError
from bot.games.besigue import GAME
from bot.games.besigue.codec import action_arg, action_of, parse_move
from bot.games.besigue.drawing import BesigueRenderer
from bot.games.besigue.shared_drawing import play_buttons
from games.besigue import Action, DealState, Phase, Rules
from games.besigue.rules import deck_for
from games.cards import cards_of

LEADER = ["AS", "AS", "QS", "JS", "JH", "JD", "JC", "KH"]
DEALER = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D"]
TABLE = SimpleNamespace(id=4, moves=9, names=["Anne", "Marc"])


def deal() -> DealState:
    """Marc deals (seat 0), Anne (seat 1) leads; clubs are trumps."""
    rest = [str(c) for c in cards_of(deck_for(2).mask)]
    for code in [*LEADER, *DEALER, "9C"]:
        rest.remove(code)
    hands, cards = deck_for(2).parse_deal([DEALER, LEADER], ["9C", *rest])
    return DealState(Rules(), 0, hands, cards[0], cards[1:])


def labels(items) -> list[str]:
    return [item.label for item in items]


def test_a_combination_names_the_cards_it_takes_from_the_table():
    state = deal()
    for words in ("play AS", "play 7S"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE
    first = labels(BesigueRenderer().declare_buttons(TABLE, state.view(1), "en"))
    assert "four jacks J♠ J♥ J♦ J♣ (40)" in first and "the bésigue Q♠ J♦ (40)" in first
    assert first[-2:] == ["Nothing more: draw", "❔"]
    state.apply(Action.parse("meld jacks JS JH JD JC"))
    for words in ("play AS", "play 8S"):
        state.apply(Action.parse(words))
    assert state.phase is Phase.DECLARE and state.turn == 1
    second = labels(BesigueRenderer().declare_buttons(TABLE, state.view(1), "en"))
    assert "the bésigue Q♠ + J♦ laid (40)" in second  # the jack served in the jacks
    assert not any("four jacks" in label for label in second)  # never twice in a kind
    buttons = BesigueRenderer().declare_buttons(TABLE, state.view(1), "fr")
    assert "le bésigue D♠ + V♦ posées (40)" in labels(buttons)
    assert all(len(item.custom_id) <= 100 for item in buttons)


def test_identical_cards_are_one_button_and_laid_cards_open_from_the_table():
    state = deal()
    view = state.view(1)
    items = play_buttons(TABLE, view, True, "en", "besigue")
    assert "A♠ ×2" in labels(items)
    ids = [item.custom_id for item in items]
    assert len(ids) == len(set(ids)) and "tb:4:9:play:AS" in ids  # one id per button
    for words in ("play AS", "play 7S", "meld jacks JS JH JD JC"):
        state.apply(Action.parse(words))
    view = state.view(1)
    items = {item.label: item for item in play_buttons(TABLE, view, True, "en", "besigue")}
    assert items["J♠ (laid)"].custom_id == "tb:4:9:play:JS" and not items["J♠ (laid)"].disabled
    others = play_buttons(TABLE, state.view(0), False, "en", "besigue")  # not his turn: all greyed
    assert all(item.disabled for item in others)


def test_laid_cards_stand_in_a_row_of_their_own_open_when_they_may_be_played():
    state = deal()
    for words in ("play AS", "play 7S", "meld jacks JS JH JD JC"):
        state.apply(Action.parse(words))
    view = state.view(1)
    assert view.phase is Phase.PLAY1 and view.turn == 1  # Anne leads: any card, laid or not
    hand, laid = BesigueRenderer().hand_rows(view, "en")
    assert laid.label == "Laid on the table" and not hand.label
    assert sorted(str(c) for c in laid.cards) == ["JC", "JD", "JH", "JS"]
    assert not set(laid.cards) & set(hand.cards)  # apart from the hand, never twice
    assert laid.playable is not None and set(laid.cards) <= laid.playable  # none greyed
    assert hand.playable is not None and set(hand.cards) <= hand.playable
    assert BesigueRenderer().hand_rows(view, "fr")[1].label == "Posées sur la table"
    # Marc sees his own hand, and no row of Anne's: her laid cards are on the table message
    (marc,) = BesigueRenderer().hand_rows(state.view(0), "en")
    assert marc.playable is None and not {str(c) for c in marc.cards} & {"JS", "JH", "JD", "JC"}


@pytest.mark.parametrize(
    "typed, words",
    [
        ("meld marriage KH QH", "meld marriage KH QH"),
        ("seven show", "seven show"),
        ("montrer le 7", "seven show"),
        ("échanger le 7", "seven exchange"),
        ("rien", "draw"),
        ("R♥", "play KH"),
        ("JS laid", "play JS laid"),
        ("V♠ posée", "play JS laid"),
    ],
)
def test_typed_moves(typed, words):
    assert str(parse_move(typed)) == words


def test_component_arguments_round_trip_and_refuse_forgeries():
    for words in ("play QS", "play QS laid", "meld double-besigue QS QS JD JD", "seven show"):
        action = Action.parse(words)
        verb = {"play": "play", "meld": "meld"}.get(words.split()[0], "call")
        assert action_of(verb, action_arg(action)) == action
    with pytest.raises(ValueError):
        action_of("play", "QS:hidden")
    with pytest.raises(ValueError):
        action_of("meld", "nonsense:QS")
    with pytest.raises(UserError):
        parse_move("the queen, please")


@pytest.mark.parametrize(("seated", "target"), [(1, 1000), (2, 1000), (3, 600), (4, 600)])
def test_the_lobby_says_the_target_and_the_cards_dealt_for_the_players_seated(
    seated: int, target: int
) -> None:
    """A lobby lists the target as it stands for the players seated (the rules': 1000
    with two, 600 with more) and the cards each is dealt, even when nobody changed them;
    and nothing of a game with bêtes."""
    lobby = SimpleNamespace(rules=Rules(), players=[str(n) for n in range(seated)])
    for lang, points, cards in (("fr", "but : {} points", "cartes par joueur : 8"),
                                ("en", "target: {} points", "cards each: 8")):  # fmt: skip
        lines = GAME.renderer.options_lines(lobby, lang)
        assert lines == [points.format(target), cards]
    chosen = SimpleNamespace(rules=Rules(target=1500, hand_size=9, partnerships=True), players=[])
    assert GAME.renderer.options_lines(chosen, "en") == [
        "target: 1500 points",
        "cards each: 9",
        "partnerships: yes",
    ]

"""What keyboard players type (cards for every game, each game's moves), and the custom
ids of the components."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.games import game_named
from bot.games.besigue import codec as besigue_codec
from bot.games.bete import codec as bete_codec
from bot.games.bete_hombree.codec import (
    call_arg,
    call_of,
    parse_call,
    parse_declaration,
    parse_move,
)
from bot.games.hombre import codec as hombre_codec
from bot.ids import ComponentId
from bot.play_choices import offered_named
from bot.texts.i18n import LANGS
from bot.texts.parsing import parse_card, parse_cards
from games import bete, hombre
from games.bete_hombree import Action
from tests.bot.offered import offered_games, positions


@pytest.mark.parametrize(
    ("text", "card"),
    [("10S", "10S"), ("kh", "KH"), ("K♥", "KH"), ("R♥", "KH"), ("D♠", "QS"), ("V♦", "JD")],
)
def test_cards(text, card):
    assert str(parse_card(text)) == card


@pytest.mark.parametrize("text", ["JK", "jk", "joker", "Joker", " JOKER "])
def test_a_joker_by_its_code_or_its_name(text):
    assert str(parse_card(text)) == "JK"


def test_a_joker_typed_at_haitian_besigue():
    assert str(besigue_codec.parse_move("joker")) == "play JK"
    assert str(besigue_codec.parse_move("Joker posé")) == "play JK laid"


def test_besigue_typed_moves_and_what_cannot_be_read_said_as_typed():
    assert str(besigue_codec.parse_move("montrer")) == "seven show"
    assert str(besigue_codec.parse_move("Exchange")) == "seven exchange"
    assert str(besigue_codec.parse_move("QS posée")) == "play QS laid"
    with pytest.raises(UserError) as refused:
        besigue_codec.parse_move("meld foo KH QH")  # a combination misnamed, not a card
    assert (
        refused.value.key == "error.bad_input" and refused.value.args_["text"] == "meld foo KH QH"
    )
    with pytest.raises(UserError) as refused:
        besigue_codec.parse_move("AH 10H")
    assert refused.value.key == "error.bad_card" and refused.value.args_["text"] == "AH 10H"


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
        ("Dernier pour 5 en belle", "bid 5 belle"),
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
        ComponentId(1, 3, "discard", select=True),
    ):
        text = str(cid)
        assert len(text) <= 100 and ComponentId.parse(text) == cid
    assert str(ComponentId(1, 3, "discard", select=True)).startswith("tbs:")
    assert str(ComponentId(1, 3, "call", "b3b")) == "tb:1:3:call:b3b"
    for words in ("pass", "bid 2", "bid 5 belle", "cagnote", "tout", "sans-prejudice", "retiens"):
        action = Action.parse(words)
        assert call_of(call_arg(action)) == action
    with pytest.raises(ValueError):
        ComponentId.parse("other:1:2:x")


def test_legacy_component_ids_still_parse():
    """Ids drawn by an older version (``bh:``, ``bhs:``) keep working."""
    assert ComponentId.parse("bh:7:12:call:b3b") == ComponentId(7, 12, "call", "b3b")
    assert ComponentId.parse("bh:7:0:join") == ComponentId(7, 0, "join")
    assert ComponentId.parse("bhs:7:12:discard") == ComponentId(7, 12, "discard", select=True)
    assert ComponentId.parse("bh:7:12:decl:H:5:4").arg == "H:5:4"
    for text in ("bhx:7:12:call", "tb:7:call", "tbs:x:1:discard"):
        with pytest.raises(ValueError):
            ComponentId.parse(text)


def test_game_verbs_may_be_stale_and_table_verbs_not():
    for verb in ("call", "play", "decl", "discard"):
        assert ComponentId(1, 2, verb).game_verb, verb
    for verb in ("join", "start", "next", "stop", "hand", "look", "ai", "replace"):
        assert not ComponentId(1, 2, verb).game_verb, verb


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("bid 3 belle", "bid 3 belle"),
        ("pass", "pass"),
        ("passe", "pass"),
        ("3 belle", "bid 3 belle"),
        ("4", "bid 4"),
        ("je cagnote", "cagnote"),
        ("tout", "tout"),
        ("discard QS QD 10C", "discard QS QD 10C"),
        ("D♠ D♦ 10♣", "discard QS QD 10C"),
        ("declare 4 S matadors 3", "declare 4 S matadors 3"),
        ("4 S 3", "declare 4 S matadors 3"),
        ("5 ♥ matadors 4", "declare 5 H matadors 4"),
        ("play KS", "play KS"),
        ("10S", "play 10S"),
        ("R♥", "play KH"),
    ],
)
def test_la_bete_hombree_moves_typed(text, action):
    assert str(parse_move(text)) == action


@pytest.mark.parametrize("text", ["banana", "zz", "KH KH", "declare garbage"])
def test_la_bete_hombree_moves_that_are_none(text):
    with pytest.raises(UserError):
        parse_move(text)


@pytest.mark.parametrize("text", ["6", "5 bellle", "5 H sans", "5 ♥ 4 5"])
def test_a_misspelt_call_or_declaration_is_not_answered_as_a_card(text):
    with pytest.raises(UserError) as refused:
        parse_move(text)
    assert refused.value.key == "error.bad_input" and refused.value.args_["text"] == text


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("pass", "pass"),
        ("Passe", "pass"),
        ("je joue", "play-contract"),
        ("play-contract", "play-contract"),
        ("contre", "contre"),
        ("Je vais en curieuse", "curieuse"),
        ("play KS", "play KS"),
        ("10S", "play 10S"),
        ("R♥", "play KH"),
    ],
)
def test_la_bete_moves_typed(text, action):
    assert str(bete_codec.parse_move(text)) == action


@pytest.mark.parametrize("text", ["banana", "discard QS QD 10C", "3 belle", "KS QS"])
def test_la_bete_moves_that_are_none(text):
    with pytest.raises(UserError) as error:
        bete_codec.parse_move(text)
    assert error.value.key == "error.bad_input"


def test_la_bete_calls_round_trip_through_component_ids():
    for words in ("pass", "play-contract", "contre", "curieuse"):
        action = bete.Action.parse(words)
        assert bete_codec.call_of(bete_codec.call_arg(action)) == action
    with pytest.raises(ValueError):
        bete_codec.call_of("b3")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("passe", "pass"),
        ("Je prends", "prendre"),
        ("sans prendre", "sans-prendre"),
        ("Sans-Prendre vole", "sans-prendre-vole"),
        ("pique", "trump S"),
        ("atout cœur", "trump H"),
        ("trump D", "trump D"),
        ("écart 4H 5♥ R♣", "discard KC 4H 5H"),
        ("garder", "discard"),
        ("Keep my hand", "discard"),
        ("passer", "pass"),
        ("prends", "prendre"),
        ("vole", "sans-prendre-vole"),
        ("QS JD", "discard QS JD"),
        ("montrer", "show"),
        ("cacher", "hide"),
        ("stop", "stop"),
        ("R♠", "play KS"),
        ("7h gano", "play 7H gano"),
        ("play 2S knock", "play 2S knock"),
    ],
)
def test_l_hombre_moves_as_typed(text, action):
    assert hombre_codec.parse_move(text) == hombre.Action.parse(action)


@pytest.mark.parametrize("text", ["écart", "Ecarter", "exchange"])
def test_l_hombre_exchange_word_alone_asks_for_the_cards_rather_than_keeping(text):
    """A discard half typed is no choice to keep one's hand ("garder" says that)."""
    with pytest.raises(UserError) as error:
        hombre_codec.parse_move(text)
    assert error.value.key == "hombre.error.discard_which"


def test_l_hombre_button_arguments_round_trip_and_forged_ones_are_refused():
    for text in ("pass", "prendre", "sans-prendre-vole", "trump C", "show", "hide", "stop"):
        action = hombre.Action.parse(text)
        assert hombre_codec.action_of(hombre_codec.action_arg(action)) == action
    assert str(hombre_codec.action_of("keep")) == "discard"
    assert str(hombre_codec.play_of(hombre_codec.play_arg("QH", hombre.Signal.KNOCK))) == (
        "play QH knock"
    )
    for forged in ("t:X", "take", "play"):
        with pytest.raises(ValueError):
            hombre_codec.action_of(forged)
    with pytest.raises(KeyError):
        hombre_codec.play_of("QH:shout")
    with pytest.raises(UserError):
        hombre_codec.parse_move("au hasard")


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("text", ["JK", "play JK", "joker", "AH#2", "play 2H", "JK 7H 8H", "ZZ"])
def test_any_card_typed_is_a_move_or_a_clear_refusal(game, text):
    """A card of no pack of the game (a joker at La Bête) is answered as bad input, never
    an error the player cannot read (La Bête and La Bête Hombrée raised a KeyError)."""
    try:
        move = game.renderer.parse_move(text)
    except UserError as error:
        assert error.key in ("error.bad_input", "error.bad_card")
    else:
        assert str(game.port.parse_action(str(move))) == str(move)


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("text", ["banana", "hello world", "declare garbage", "montre-moi"])
def test_words_that_are_no_move_are_not_called_a_bad_card(game, text):
    """Words no card is written as get how to write a move (``/play`` turns bad input
    into ``error.bad_move``), not "I do not know the card": Bésigue and La Bête
    Hombrée's parsers answered the card error, naming only the first word."""
    with pytest.raises(UserError) as refused:
        game.renderer.parse_move(text)
    assert refused.value.key == "error.bad_input"
    assert refused.value.args_["text"] == text


def test_a_card_mistyped_is_still_called_a_card():
    for text in ("zz", "10Z", "AH 10X"):
        with pytest.raises(UserError) as refused:
            besigue_codec.parse_move(text)
        assert refused.value.key == "error.bad_card", text


@pytest.mark.parametrize("game", offered_games(), ids=lambda g: g.id)
def test_every_offered_move_typed_as_it_is_shown_is_that_move(game):
    """A button's label or an autocomplete choice, copied into ``/play`` by hand in either
    language, is the move it shows: the game's parser reads it, or else the seat's own
    offered moves do (``offered_named``)."""
    renderer, shown = game.renderer, 0
    for seed in range(4):
        for state in positions(game, seed):
            view = state.view(state.turn)
            for action in renderer.offered(view):
                for lang in LANGS:
                    text = renderer.move_text(view, action, lang)
                    try:
                        read = renderer.parse_move(text)
                    except UserError:
                        read = offered_named(renderer, view, text)
                        shown += 1
                    assert str(read) == str(action), (lang, text)
    assert shown, "no label needed reading back"  # e.g. "Je cagnote (pour 4)"


def test_a_label_is_read_only_among_the_moves_offered_now():
    game = game_named("bete-hombree")
    assert game is not None
    state = next(s for s in positions(game, 1) if s.legal_actions())
    view = state.view(state.turn)
    offered = game.renderer.offered(view)
    assert offered_named(game.renderer, view, "SANS PREJUDICE (blind 2)") in offered
    assert offered_named(game.renderer, view, "Je prends le tout (5)") is None  # not now
    assert offered_named(game.renderer, view, "(!)") is None


def test_a_label_copied_with_another_gloss_is_still_its_move():
    """A label's bracketed gloss changes with the auction ("Je cagnote (pour 3)", then
    "(pour 4)"): copied from another moment or from the docs, it still names its move."""
    game = game_named("bete-hombree")
    assert game is not None
    cagnote = Action.parse("cagnote")
    state = next(
        s
        for seed in range(8)
        for s in positions(game, seed)
        if not s.is_over and cagnote in s.view(s.turn).legal
    )
    view = state.view(state.turn)
    assert cagnote in game.renderer.offered(view)
    for typed in ("Je cagnote (pour 99)", "je cagnote", "Je cagnote (stands as 9)"):
        assert offered_named(game.renderer, view, typed) == cagnote, typed


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("mariage R♥ D♥", "meld marriage KH QH"),
        ("un mariage R♥ D♥ (20)", "meld marriage KH QH"),
        ("Le mariage d'atout R♥ D♥", "meld trump-marriage KH QH"),
        ("cent d'as AS AH AD AC", "meld aces AS AH AD AC"),
        ("carré de rois KS KH KD JK", "meld kings KS KH KD JK"),
        ("the trump marriage KH QH (40)", "meld trump-marriage KH QH"),
        ("bésigue D♠ V♦", "meld besigue QS JD"),
    ],
)
def test_a_besigue_combination_typed_by_its_name(text, action):
    """The combination as the hands name it, in French or English, then its cards."""
    assert str(besigue_codec.parse_move(text)) == action


def test_a_combination_named_with_cards_unread_is_bad_input():
    with pytest.raises(UserError) as refused:
        besigue_codec.parse_move("mariage zz")
    assert refused.value.key == "error.bad_input"

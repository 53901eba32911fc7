"""L'Hombre's words a reviewer found wrong: the hombre named before the auction is over
(the last caller is l'hombre: until then a call is only the standing one), a
sans-prendre vole's open hands said only once play starts, ``/play`` refusing the
words on the bot's own buttons, and two texts (a codille's French, the English rules).
"""

from __future__ import annotations

import pytest

from bot.drawing.render import table_embed
from bot.errors import UserError
from bot.games.hombre import GAME
from bot.games.hombre.codec import parse_move
from bot.games.hombre.drawing import CALL_KEYS, SIGNAL_KEYS, action_text
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from games.cards import Card
from games.hombre import Action, Kind, Phase, Signal
from games.hombre.actions import PASS, PRENDRE, SANS_PRENDRE, SANS_PRENDRE_VOLE, play
from tests.bot.test_hombre_exchange import LANGS, PLAYERS, lines_of, seated, state_of

__all__ = ["seated"]  # the fixture, shared with the exchange's tests


async def call(service: TableService, table: LiveTable, action: Action) -> int:
    """``action`` by the seat to speak; its seat."""
    seat = state_of(table).turn
    await service.act(table.id, PLAYERS[seat], action)
    return seat


def fields_of(table: LiveTable, lang: str) -> dict[str, str]:
    return {str(f.name): str(f.value) for f in table_embed(table, lang).fields}


def roles_of(table: LiveTable, seat: int, lang: str) -> list[str]:
    """What the table says of ``seat`` beside its name (the dealer, the hombre...)."""
    view = GAME.renderer.public_view(state_of(table).view(seat))
    return GAME.renderer.seat_details(table, view, seat, lang)


async def test_a_call_is_the_standing_call_until_the_auction_ends(seated):
    service, table = seated
    first = await call(service, table, PRENDRE)
    assert state_of(table).phase is Phase.AUCTION  # two still to speak
    name = table.names[first]
    for lang in LANGS:
        fields = fields_of(table, lang)
        assert t(lang, "hombre.hombre") not in fields
        assert name in fields[t(lang, "hombre.standing")]
        assert t(lang, "hombre.mode.prendre") in fields[t(lang, "hombre.standing")]
        role = t(lang, "hombre.is_hombre")
        assert role not in roles_of(table, first, lang), "no seat is the hombre yet"
        for seat in range(3):
            lines = "\n".join(lines_of(table, seat, lang))
            assert t(lang, "hombre.contract", name=name, mode="").strip() not in lines
            assert t(lang, "hombre.standing") in lines
    # the next outbids him, the last passes: the auction is over, the last caller named
    second = await call(service, table, SANS_PRENDRE)
    await call(service, table, PASS)
    assert state_of(table).phase is Phase.TRUMP
    for lang in LANGS:
        fields = fields_of(table, lang)
        assert t(lang, "hombre.standing") not in fields
        contract = t(lang, "hombre.contract", name=table.names[second], mode="").strip()
        assert fields[t(lang, "hombre.hombre")].startswith(contract)
        assert contract in "\n".join(lines_of(table, first, lang))
        assert t(lang, "hombre.is_hombre") in roles_of(table, second, lang)


async def test_a_sans_prendre_vole_opens_the_defenders_hands_from_the_auction_s_end(seated):
    service, table = seated
    await call(service, table, SANS_PRENDRE_VOLE)
    await call(service, table, PASS)
    await call(service, table, PASS)
    assert state_of(table).phase is Phase.TRUMP and not state_of(table).vole
    for lang in LANGS:
        said = t(lang, "hombre.vole_undertaken")
        assert said in fields_of(table, lang)[t(lang, "hombre.hombre")]
        for seat in range(3):
            assert said in lines_of(table, seat, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_play_reads_the_words_on_the_bot_s_buttons(lang):
    for kind, key in CALL_KEYS.items():
        assert parse_move(t(lang, key)) == Action(kind), t(lang, key)
    assert parse_move(t(lang, "hombre.btn.keep")) == Action(Kind.DISCARD)
    king = Card.parse("KS")
    for signal, key in SIGNAL_KEYS.items():
        word = t(lang, key)
        card = action_text(play(king), lang)
        assert parse_move(f"{card} · {word}") == play(king, signal)  # a toggled button
        assert parse_move(action_text(play(king, signal), lang)) == play(king, signal)
        assert parse_move(f"KS {word}") == play(king, signal)


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("KS toc", play(Card.parse("KS"), Signal.KNOCK)),
        ("R♠ frappe", play(Card.parse("KS"), Signal.KNOCK)),
        ("garder", Action(Kind.DISCARD)),
        ("keep", Action(Kind.DISCARD)),
        ("je m'arrête", Action(Kind.STOP)),
        ("atout ♥ cœur", Action(Kind.TRUMP, suit=1)),
    ],
)
def test_play_reads_the_players_words(typed, move):
    assert parse_move(typed) == move


@pytest.mark.parametrize("typed", ["Prendre vite", "toc", "zz"])
def test_what_is_no_move_is_not_called_a_bad_card(typed):
    with pytest.raises(UserError) as refused:
        parse_move(typed)
    assert refused.value.key == "error.bad_input"


def test_a_codille_with_one_trick_is_said_in_correct_french():
    for tricks in (0, 1, 3):
        said = t("fr", "hombre.summary.codille", name="Arthur", tricks=tricks)
        assert f"que {tricks}" not in said  # "n'a que 1 pli": qu'un
        assert f"{tricks} {'plis' if tricks > 1 else 'pli'}" in said


def test_the_rules_say_codille_is_fewer_tricks_than_a_defender():
    english = t("en", "rules.hombre.overview.text")
    assert "fewer than one" not in english and "fewer than a defender" in english
    assert "si un défenseur en fait plus c'est **codille**" in t("fr", "rules.hombre.overview.text")

"""What La Bête Hombrée's table and hands say, drawn from a table built from its events
(the cards of worked example 1, RULES.md §1.9): the auction's lines made of their parts
whatever the names, the levels of a belle trump en belle, the declarer told what he won
and what he must declare, the whole condition of a contract of 2, the bêtes an agreed
stop carries over, and no tricks in the summary of a deal nobody played."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

import bot.games
from bot.drawing.render import hand_panel, suit_text, table_embed
from bot.drawing.summary import settlement_embed
from bot.games.bete_hombree import GAME as HOMBREE
from bot.tables.table import LiveTable, apply_event, new_table
from bot.texts.i18n import LANGS, t
from games.bete_hombree import Kind, Phase
from games.cards import Suit
from tests.bot.example import actions, example1, example_row

NAMES = ("🤖 François Dernier", "Anne Marie", "🤖 Alexandre Premier", "Arthur")


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


def example_table(
    lang: str,
    register: list[list[object]] | None = None,
    look: bool = True,
    options: dict[str, str] | None = None,
    pot: int = 0,
) -> LiveTable:
    """Example 1's table and deal (dealer seat 0, first hand seat 1, belle ♥), its players
    renamed, with ``register`` (by default Anne Marie's bête of 24, then François
    Dernier's of 40) and ``pot``; every hand face up when ``look`` (no blind call open)."""
    data = example1()
    table = new_table(replace(example_row("lobby"), options=options or {}), HOMBREE)
    apply_event(table, 1, "open", {"by": "101", "name": NAMES[0], "lang": lang, "carried": []})
    for i, name in enumerate(NAMES):
        apply_event(table, table.seq + 1, "join", {"player": str(101 + i), "name": name})
    apply_event(table, table.seq + 1, "start", {"by": "101", "seed": table.row.seed})
    deal = {
        "hand_no": 1,
        "dealer": 0,
        "belle": "H",
        "hands": data["hands"],
        "cagnot": data["cagnot"],
        "register": [[1, "102", 24], [2, "101", 40]] if register is None else register,
        "pot": pot,
    }
    apply_event(table, table.seq + 1, "deal", deal)
    for seat in range(4) if look else ():
        apply_event(table, table.seq + 1, "look", {"seat": seat})
    return table


def act(table: LiveTable, seat: int, words: str) -> None:
    apply_event(table, table.seq + 1, "action", {"seat": seat, "action": words})


def play_until(table: LiveTable, phase: Phase) -> None:
    """Example 1's actions, from where the hand stands, until it reaches ``phase``."""
    for seat, words in actions()[table.moves - 1 :]:  # its first move was the deal
        if table.state.phase is phase:
            return
        act(table, seat, words)


def field(table: LiveTable, lang: str, key: str) -> str:
    return next(f.value or "" for f in table_embed(table, lang).fields if f.name == t(lang, key))


def dm(table: LiveTable, seat: int, lang: str, step: str = "") -> tuple[str, list[str]]:
    embed, view = hand_panel(table, seat, lang, step)
    labels = [
        str(item.label)
        for item in view.children
        if isinstance(item, discord.ui.Button) and item.custom_id
    ]
    return embed.description or "", labels


AUCTION = {
    "fr": [
        "Anne Marie : Passe",
        "🤖 Alexandre Premier : 2",
        "Arthur : 3",
        "🤖 François Dernier : Je cagnote (pour 4)",
    ],
    "en": [
        "Anne Marie: Pass",
        "🤖 Alexandre Premier: 2",
        "Arthur: 3",
        "🤖 François Dernier: Je cagnote (stands as 4)",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_keeps_names_with_spaces_and_emoji_whole(lang):
    table = example_table(lang)
    for seat, words in actions()[:4]:  # 1 pass, 2 bid 2, 3 bid 3, 0 cagnote
        act(table, seat, words)
    assert field(table, lang, "table.auction").splitlines() == AUCTION[lang]
    # the player to speak reads the same calls in his hand
    text, _ = dm(table, 2, lang)
    assert t(lang, "hand.calls", calls=" · ".join(AUCTION[lang])) in text


@pytest.mark.parametrize("lang", LANGS)
def test_levels_in_the_belle_are_said_en_belle(lang):
    """RULES.md §1.6: in the belle the stake is doubled, and the buttons say so."""
    table = example_table(lang)
    play_until(table, Phase.DECLARE)
    view = table.state.view(0)
    suits = {Suit(a.suit) for a in view.legal if a.kind is Kind.DECLARE}
    assert view.belle in suits
    for suit in suits:
        _, labels = dm(table, 0, lang, suit.name)
        levels = [label for label in labels if suit.symbol in label]
        assert levels
        assert all(("en belle" in label) == (suit == view.belle) for label in levels), labels
    act(table, 0, "declare 5 H matadors 4")
    log = next(
        f.value or "" for f in table_embed(table, lang).fields if f.name == t(lang, "table.log")
    )
    assert ("5 à ♥ en belle, 4 matadors" if lang == "fr" else "5 in ♥ en belle, 4 matadors") in log


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarer_is_told_he_won_the_auction_and_what_to_declare(lang):
    table = example_table(lang)
    play_until(table, Phase.DISCARD)  # 0 said "je prends le tout"
    won = t(lang, "hand.won", call=t(lang, "call.tout"))
    assert f"**{won}**" in dm(table, 0, lang)[0]
    assert won not in dm(table, 1, lang)[0]
    play_until(table, Phase.DECLARE)
    text, _ = dm(table, 0, lang)
    assert f"**{won}**" in text
    prompt = text.split(won, 1)[1]
    legal = [a for a in table.state.view(0).legal if a.kind is Kind.DECLARE]
    offered = {Suit(a.suit) for a in legal}
    for suit in Suit:
        assert (suit_text(suit, lang) in prompt) == (suit in offered), prompt
    assert any(a.matadors for a in legal)
    assert t(lang, "hand.declare.matadors") in prompt
    assert t(lang, "hand.won", call="") not in dm(table, 2, lang)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_topic_explains_every_call_its_buttons_name(lang):
    """The ❔ beside the calls opens the auction's topic (``/rules``, docs/rules.md):
    each call a button names in the game's own words is explained there, *dernier*
    (a belle bid at the level of a plain one) as well as *premier*."""
    rules = t(lang, "rules.bete-hombree.auction.text").casefold()
    words = {"premier": "premier", "premier_belle": "premier", "dernier": "dernier"}
    words |= {"sp": "sans préjudice", "ret": "retiens", "cag": "cagnot", "tout": "le tout"}
    for key, word in words.items():
        label = t(lang, f"call.{key}", level=3).casefold()
        assert word in label, (key, label)
        assert f"*{word}" in rules or f"*je {word}" in rules or f"*prendre {word}" in rules, key


def test_the_contract_of_two_says_the_whole_condition():
    """RULES.md §1.6: 3 tricks, or 2 with the second taken before any single opponent
    took two, and no opponent taking three."""
    said = {lang: t(lang, "contract.need_two", name="Arthur", stake=2) for lang in LANGS}
    assert "3 plis sur 5" in said["fr"] and "3 tricks of 5" in said["en"]
    assert "avant qu'un adversaire en ait 2" in said["fr"]
    assert "before any opponent has 2" in said["en"]
    assert "aucun adversaire n'en fait 3" in said["fr"] and "no opponent takes 3" in said["en"]
    rules = {lang: t(lang, "rules.bete-hombree.settlement.text") for lang in LANGS}
    assert "aucun adversaire n'en fait 3" in rules["fr"] and "no opponent takes 3" in rules["en"]


@pytest.mark.parametrize("lang", LANGS)
def test_an_agreed_stop_names_the_betes_carried_over(lang):
    table = example_table(lang)
    act(table, 1, "pass")
    apply_event(table, table.seq + 1, "stop", {"by": "101"})
    for player in ("101", "102"):
        apply_event(table, table.seq + 1, "vote", {"player": player})
    apply_event(table, table.seq + 1, "end", {"reason": "agreed"})
    entries = "24 sous (Anne Marie), 40 sous (🤖 François Dernier)"
    description = table_embed(table, lang).description or ""
    assert t(lang, "table.carried_over", entries=entries) in description


def register_field(table: LiveTable, lang: str) -> str:
    summary = settlement_embed(table, table.last, lang)
    return next(f.value or "" for f in summary.fields if f.name == t(lang, "table.register"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_pinandele_is_written_and_crossed_out_as_a_pinandele_not_as_a_bete(lang):
    """All four pass: each pays 2 into the pot and an entry of 8 with no owner joins the
    register (RULES.md §1.6), a pinandèle, nobody's new bête; a declarer who makes his
    contract while it is in play takes it from the pot, and it is crossed out as such."""
    table = example_table(lang)
    for seat in (1, 2, 3, 0):
        act(table, seat, "pass")
    written = register_field(table, lang)
    assert written == t(lang, "summary.new_entry_unowned.bete-hombree", amount="8 sous")
    assert "bête" not in written  # nobody's: not "New bête: pinandèle, 8 sous"
    table = example_table(lang, [[1, None, 8], [2, "102", 24]], pot=8)
    play_until(table, Phase.DONE)
    assert table.last.outcome.made
    crossed = register_field(table, lang)
    assert crossed == t(lang, "summary.crossed_unowned.bete-hombree", amount="8 sous")


@pytest.mark.parametrize("lang", LANGS)
def test_a_pinandele_summary_shows_no_tricks(lang):
    table = example_table(lang)
    for seat in (1, 2, 3, 0):
        act(table, seat, "pass")
    assert table.last is not None and not any(table.last.outcome.tricks)
    names = [f.name for f in settlement_embed(table, table.last, lang).fields]
    assert t(lang, "summary.tricks") not in names
    assert t(lang, "summary.payments") in names
    no_trick = t(lang, "table.tricks", count=0)
    assert no_trick not in field(table, lang, "table.seats")  # nor the seats, no card played
    # a hand played shows them
    table = example_table(lang)
    play_until(table, Phase.DONE)
    names = [f.name for f in settlement_embed(table, table.last, lang).fields]
    assert t(lang, "summary.tricks") in names
    seats = field(table, lang, "table.seats")
    assert any(t(lang, "table.tricks", count=n) in seats for n in table.last.outcome.tricks)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pinandele_payments_are_said_for_the_pinandele_in_sous(lang):
    """The four payments of an all-pass are the pinandèle's, not an "ante" (La Bête's and
    L'Hombre's word), and the summary's line says their unit."""
    table = example_table(lang)
    for seat in (1, 2, 3, 0):
        act(table, seat, "pass")
    summary = settlement_embed(table, table.last, lang)
    fields = {f.name: f.value or "" for f in summary.fields}
    payments = fields[t(lang, "summary.payments")]
    assert f"({t(lang, 'reason.pinandele')})" in payments
    assert f"({t(lang, 'reason.ante')})" not in payments
    assert "2 sous" in t(lang, "summary.pinandele")  # the amount with its unit

"""The catalogue is complete in French and English, and a whole hand renders in both."""

from __future__ import annotations

import random
import re
import string
from dataclasses import replace
from pathlib import Path

import pytest

import bot.games
from bot.drawing.boards import register_embed, rules_embed, scoreboard_embed
from bot.drawing.lobby_text import changed_options
from bot.drawing.render import (
    hand_panel,
    table_embed,
)
from bot.drawing.summary import settlement_embed
from bot.drawing.table_buttons import table_view
from bot.game import DealInputs
from bot.games.bete import GAME as BETE
from bot.games.bete_hombree import GAME as HOMBREE
from bot.tables.guild_register import GuildRegister, Holdings
from bot.tables.readings import RegisterView
from bot.tables.table import LiveTable, apply_event, new_table
from bot.texts.i18n import LANGS, MESSAGES, lang_for, t
from bot.texts.translator import COMMANDS_FR
from db.models import RegisterEntry, ScoreRow
from games.bete_hombree import Rules
from games.register import Entry, Register
from tests.bot.example import actions, example1, example_row

ROOT = Path(__file__).resolve().parents[2]


def shown_as_read(
    entries: list[RegisterEntry], pot: dict[str, int], held: Holdings | None = None
) -> GuildRegister:
    """A register as ``/betes`` shows it: read just now, and nothing held (but ``held``)."""
    return GuildRegister(RegisterView(entries, pot), held or Holdings())


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    """Each game's texts join the catalogue when the game registers."""
    bot.games.load()


def test_every_message_exists_in_both_languages_with_the_same_fields():
    for key, entry in MESSAGES.items():
        assert set(entry) == set(LANGS), key
        assert all(entry[lang].strip() for lang in LANGS), key
        assert fields(entry["fr"]) == fields(entry["en"]), key


def test_every_literal_key_in_the_code_is_in_the_catalogue():
    used = set()
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(re.findall(r'\bt\(\s*\w+,\s*"([a-z_.0-9-]+)"', path.read_text("utf-8")))
            used |= set(re.findall(r'UserError\(\s*"([a-z_.]+)"', path.read_text("utf-8")))
    missing = sorted(k for k in used if k not in MESSAGES)
    assert not missing
    assert len(used) > 50


def test_french_command_names_are_valid_discord_names():
    for source, text in COMMANDS_FR.items():
        if source.islower() and " " not in source:
            assert re.fullmatch(r"[-_a-z0-9]{1,32}", text), text
        else:
            assert len(text) <= 100, text


def test_locale_choice():
    assert lang_for("fr") == "fr"
    assert lang_for("en-GB") == "en"
    assert lang_for("de", "en") == "en"
    assert lang_for(None) == "fr"


def _table() -> LiveTable:
    row = example_row("lobby")
    return new_table(row, HOMBREE)


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_hand_renders(lang):
    data = example1()
    table = _table()
    events = [("open", {"by": "101", "name": "Sud", "lang": lang, "carried": [["Est", 24]]})]
    for i, name in enumerate(data["players"]):
        events.append(("join", {"player": str(101 + i), "name": name, "lang": lang}))
    events.append(("start", {"by": "101", "seed": table.row.seed}))
    events.append(
        (
            "deal",
            {
                "hand_no": 1,
                "dealer": 0,
                "belle": "H",
                "hands": data["hands"],
                "cagnot": data["cagnot"],
                "register": [[1, "102", 24], [2, "101", 40]],
                "pot": 0,
            },
        )
    )
    seen: list[str] = []

    def render_all() -> None:
        embed = table_embed(table, lang)
        seen.append(str(embed.to_dict()))
        table_view(table, lang)
        if table.status == "playing":
            for seat in range(4):
                panel, _ = hand_panel(table, seat, lang)
                seen.append(str(panel.to_dict()))
            if table.state is not None and table.state.phase.name == "DECLARE":
                for step in ("", "H", "H:5"):
                    hand_panel(table, 0, lang, step)

    for kind, payload in events:
        apply_event(table, table.seq + 1, kind, payload)
        render_all()
    apply_event(table, table.seq + 1, "look", {"seat": 1})
    for seat, words in actions():
        apply_event(table, table.seq + 1, "action", {"seat": seat, "action": words})
        render_all()
    assert table.last is not None
    seen.append(str(settlement_embed(table, table.last, lang).to_dict()))
    apply_event(table, table.seq + 1, "stop", {"by": "101"})
    apply_event(table, table.seq + 1, "vote", {"player": "101"})
    render_all()
    apply_event(table, table.seq + 1, "end", {"reason": "agreed"})
    render_all()
    for topic in HOMBREE.renderer.rule_topics:
        seen.append(rules_embed(HOMBREE, topic, lang).description or "")
    when = __import__("datetime").datetime(2025, 1, 1)
    entry = RegisterEntry(
        1, 1, "bete-hombree", "101", "Sud", 40, when, None, None, None, None, None
    )
    pinandele = RegisterEntry(2, 1, "bete-hombree", None, "", 8, when, None, None, None, None, None)
    for held in (Holdings(), Holdings({2: 3}, {3: {"": 8}})):  # the pinandèle at table #3
        read = shown_as_read([entry, pinandele], {"": 8}, held)
        seen.append(str(register_embed(HOMBREE, read, lang).to_dict()))
    seen.append(str(register_embed(HOMBREE, shown_as_read([], {}), lang).to_dict()))
    score = ScoreRow("101", "Sud", 108, 1, 1, 0, 0, 1)
    for period in ("all", "month", "week", "day"):
        seen.append(str(scoreboard_embed(HOMBREE, [score], lang, period).to_dict()))
    every_option = Rules.from_dict(
        {
            "pass_reentry": True,
            "premier_in_belle": True,
            "cagnote_discard": "up_to_3",
            "stop_when_decided": True,
            "stake_rule": "js1984",
            "pinandele": "with_next_bete",
            "bete_order": "largest",
            "belle_on_announce": True,
            "deal_pattern": "3-2",
        }
    )
    seen.append("\n".join(changed_options(every_option, lang)))
    text = "\n".join(seen)
    assert "{" not in text.replace("{'", "").replace('{"', "")  # no unfilled placeholder
    if lang == "fr":
        assert "Je prends le tout" in text and "R♥" in text and "Premier pour 4" in text
        assert "Sud a gagné" in text
    else:
        assert "Premier for 4" in text and "K♥" in text and "Sud made it" in text
    # a discard is never public: the log says how many, not which
    public = table_embed(table, lang).to_dict()
    assert "Q♠ Q♦" not in str(public) and "D♠ D♦" not in str(public)


def test_t_names_a_missing_key():
    with pytest.raises(KeyError):
        t("fr", "no.such.key")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_deals_of_la_bete_render(lang, seed):
    row = replace(_table().row, game="bete", seed=seed)
    table = new_table(row, BETE)
    apply_event(table, 1, "open", {"by": "101", "name": "Sud", "lang": lang, "carried": []})
    for i, name in enumerate(("Sud", "Est", "Nord")):
        apply_event(table, table.seq + 1, "join", {"player": str(101 + i), "name": name})
    apply_event(table, table.seq + 1, "start", {"by": "101", "seed": seed})
    rng = random.Random(seed)
    seen: list[str] = []
    for hand_no in (1, 2, 3):
        session = table.session
        register = Register([Entry(1, "102", 16)], [], 2)
        pot = {"reserve": 0, "stake": 7, "kings": 3}
        cards = BETE.port.deal(session, DealInputs(seed * 10 + hand_no, register, pot))
        payload = {"hand_no": hand_no, **cards, "register": [[1, "102", 16]], "pot": pot}
        apply_event(table, table.seq + 1, "deal", payload)
        while True:
            seen.append(str(table_embed(table, lang).to_dict()))
            table_view(table, lang)
            for seat in range(3):
                seen.append(str(hand_panel(table, seat, lang)[0].to_dict()))
            if table.state.is_over:
                break
            action = rng.choice(table.state.legal_actions())
            apply_event(
                table, table.seq + 1, "action", {"seat": table.state.turn, "action": str(action)}
            )
        seen.append(str(settlement_embed(table, table.last, lang).to_dict()))
    apply_event(table, table.seq + 1, "stop", {"by": "101"})
    seen.append(str(table_embed(table, lang).to_dict()))
    for topic in BETE.renderer.rule_topics:
        seen.append(rules_embed(BETE, topic, lang).description or "")
    when = __import__("datetime").datetime(2025, 1, 1)
    entry = RegisterEntry(1, 1, "bete", "101", "Sud", 43, when, None, None, None, None, None)
    for held in (Holdings(), Holdings({}, {2: {"stake": 16, "kings": 3}})):  # at table #2
        read = shown_as_read([entry], {"stake": 16, "kings": 3}, held)
        seen.append(str(register_embed(BETE, read, lang).to_dict()))
    score = ScoreRow("101", "Sud", -13, 1, 0, 1, 1, 0)
    seen.append(str(scoreboard_embed(BETE, [score], lang, "all").to_dict()))
    text = "\n".join(seen)
    assert "{" not in text.replace("{'", "").replace('{"', "")  # no unfilled placeholder
    assert "4 fiches 3 jetons" in text and "−1 fiche 3 jetons" in text
    assert ("Triomphe" if lang == "fr" else "Trump") in text


def test_plurals_follow_each_language():
    assert [t("fr", "table.tricks", count=n) for n in (0, 1, 2)] == ["0 pli", "1 pli", "2 plis"]
    assert [t("en", "table.tricks", count=n) for n in (0, 1, 2)] == [
        "0 tricks",
        "1 trick",
        "2 tricks",
    ]
    # a count given as the choices of a menu ("1/2/3") is plural
    assert "1/2/3 cartes" in t("fr", "hand.discard_placeholder", count="1/2/3")
    # a decimal is singular under 2 in French ("0,26 jeton", as "0 jeton"), plural in English
    assert [t("fr", "unit.jetons", count=c) for c in ("0,26", "1,50", "2,00")] == [
        "jeton",
        "jeton",
        "jetons",
    ]
    assert [t("en", "unit.jetons", count=c) for c in ("0.26", "1.00", "1")] == [
        "jetons",
        "jetons",
        "jeton",
    ]
    # and no text writes a lazy plural any more
    lazy = [key for key, entry in MESSAGES.items() if any("(s)" in text for text in entry.values())]
    assert lazy == []

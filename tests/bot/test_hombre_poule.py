"""L'Hombre's poule as the table shows it: between deals, what the next deal adds (the
bête entering the poule after one was taken, the ante); once dealt, both in it."""

from __future__ import annotations

import re
from datetime import datetime
from types import SimpleNamespace

import pytest

from bot.drawing.boards import register_embed
from bot.drawing.summary import payment_lines
from bot.games.hombre import GAME as HOMBRE
from bot.games.hombre.money import carried_text, pool_text
from bot.tables.guild_register import GuildRegister, Holdings
from bot.tables.readings import RegisterView
from bot.texts.i18n import LANGS, t
from db.models import RegisterEntry
from games.hombre import Mode, Pool
from games.hombre.settle import settle
from games.money import Bete
from tests.games.hombre.test_money import dealt, outcome


@pytest.mark.parametrize("lang", LANGS)
def test_between_deals_the_poule_says_which_bete_enters_it_next(lang):
    """After a poule was taken the largest waiting bête enters the next one (RULES.md §3):
    said before the deal, beside the ante; once dealt, it is in the poule."""
    names = ["Sud", "Est", "Nord"]
    pool = Pool(poule=0, register=(Bete(0, 6), Bete(2, 9)), ante=2)
    between = pool_text(pool, names, lang)
    assert t(lang, "hombre.entering", name="Nord", amount=9) in between
    assert t(lang, "hombre.ante", amount=2) in between
    dealt = pool_text(pool, names, lang, dealt=True)
    assert t(lang, "hombre.poule", amount=15) in dealt and "Nord" not in dealt
    assert t(lang, "hombre.entering", name="Nord", amount=9) not in pool_text(
        pool, names, lang, ante=False
    )  # an ended table speaks of no next deal
    waiting = Pool(poule=6, register=(Bete(2, 9),), ante=0)  # a remise: nothing enters
    assert "Nord" in pool_text(waiting, names, lang)
    assert t(lang, "hombre.entering", name="Nord", amount=9) not in pool_text(waiting, names, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_betes_writes_its_jetons_one_way(lang):
    """``/betes`` for L'Hombre: its bêtes, their total and the poule are all written as
    the game writes an amount, in full ("12 jetons"; "12 j." read as nothing to a new
    player)."""
    when = datetime(2025, 1, 1)
    entry = RegisterEntry(1, 1, "hombre", "101", "Sud", 5, when, None, None, None, None, None)
    read = GuildRegister(RegisterView([entry], {"poule": 12, "bete": 4}), Holdings())
    shown = str(register_embed(HOMBRE, read, lang).to_dict())
    for amount in (5, 12, 4):  # a bête and the total, the poule, the bête in play in it
        assert HOMBRE.renderer.amount(amount, lang) in shown
    assert not re.search(r"\d j\.", shown), shown


def test_a_shared_poule_is_said_shared_in_the_summary_and_a_won_one_won():
    """At a codille of 4-4-1 (or a vole failed) the defenders share the poule: the
    summary does not call each share a poule "won"."""
    names = ["Sud", "Est", "Nord"]
    for tricks, said in (((1, 4, 4), "(shared)"), ((3, 4, 2), "(won)")):
        o = outcome(tricks)
        lines = payment_lines(o.transfers, names, HOMBRE.renderer, "en", HOMBRE.id)
        taken = [line for line in lines if "from the poule" in line]
        assert taken and all(said in line for line in taken), lines


@pytest.mark.parametrize("lang", LANGS)
def test_an_ended_table_says_what_of_its_money_carries_over(lang):
    """The poule and the waiting bêtes carry over to the server's next table: said as
    they stand, never "the poule and the bêtes carry over" of an empty poule and none."""
    bete = (Bete(0, 6),)
    said = {
        (poule, len(betes)): carried_text(Pool(poule=poule, register=betes), lang)
        for poule in (0, 12)
        for betes in ((), bete)
    }
    assert said[(0, 0)] == t(lang, "hombre.carried.none")
    assert "12" in said[(12, 0)] and "12" in said[(12, 1)] and "1" in said[(0, 1)]
    assert len(set(said.values())) == 4


@pytest.mark.parametrize("lang", LANGS)
def test_a_vole_failed_speaks_of_betes_shared_only_when_some_waited(lang):
    """The defenders of a failed vole share the poule and every waiting bête: the summary
    says "and the bêtes" only when bêtes waited (one in play is in the poule)."""
    names = ["Sud", "Est", "Nord"]
    for pool, betes in ((Pool(25, 9, (), 0), False), (Pool(25, 9, (Bete(1, 10),), 0), True)):
        state = dealt(pool)
        state.hombre, state.mode, state.vole, state.tricks = 0, Mode.PRENDRE, True, [6, 2, 1]
        o = settle(state.finished())
        assert o.result == "vole-failed"
        table = SimpleNamespace(names=names, hand_no=1, state=state)
        _, said, _ = HOMBRE.renderer.settlement(table, SimpleNamespace(outcome=o), lang)
        key = "hombre.summary.vole_failed" + ("" if betes else ".poule")
        assert t(lang, key, name="Sud", tricks=6) in said, said

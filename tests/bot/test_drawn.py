"""A private hand is drawn once for each state of its table, and drawn again whenever the
table changed: an event, a new row, a table rebuilt after a failed write."""

from __future__ import annotations

import gc
import weakref
from collections import OrderedDict
from dataclasses import replace

import pytest

import bot.games
from bot.drawing.drawn import TableMemo
from bot.drawing.pictures.files import CACHE, embed_picture
from bot.drawing.render import HAND_PANELS, controls_fingerprint, hand_panel, panel_fingerprint
from bot.games.bete_hombree import GAME as HOMBREE
from bot.tables.table import LiveTable, apply_event, new_table
from tests.bot.example import actions, example1, example_row


@pytest.fixture(autouse=True)
def games_loaded() -> None:
    bot.games.load()


def dealt() -> LiveTable:
    """A table of La Bête Hombrée whose first hand was just dealt."""
    row = example_row("playing")
    table = new_table(row, HOMBREE)
    data = example1()
    events = [("open", {"by": "101", "name": "Sud", "lang": "fr", "carried": []})]
    for i, name in enumerate(data["players"]):
        events.append(("join", {"player": str(101 + i), "name": name, "lang": "fr"}))
    events.append(("start", {"by": "101", "seed": row.seed}))
    deal = {"hand_no": 1, "dealer": 0, "belle": "H", "hands": data["hands"]}
    events.append(("deal", {**deal, "cagnot": data["cagnot"], "register": [], "pot": 0}))
    for kind, payload in events:
        apply_event(table, table.seq + 1, kind, payload)
    return table


def shown(panel):
    embed, view = panel
    return panel_fingerprint(embed, view), controls_fingerprint(view)


def test_a_hand_is_drawn_once_for_a_state_of_its_table():
    table = dealt()
    first = hand_panel(table, 1, "fr")
    assert hand_panel(table, 1, "fr") == first  # the very same embed and view
    assert hand_panel(table, 1, "en") != first
    assert hand_panel(table, 2, "fr") != first


def test_a_hand_is_drawn_again_after_every_change_of_its_table():
    table = dealt()
    before = hand_panel(table, 1, "fr")
    apply_event(table, table.seq + 1, "look", {"seat": 1})
    after = hand_panel(table, 1, "fr")
    assert after is not before
    HAND_PANELS.clear()
    assert shown(hand_panel(table, 1, "fr")) == shown(after)  # what drawing afresh shows

    table.row = replace(table.row, message_id=4)  # the table message posted again
    moved = hand_panel(table, 1, "fr")
    assert moved is not after and "/4" in str(moved[1].to_components())


def test_a_rebuilt_table_is_drawn_afresh_even_at_the_same_event_number():
    table = dealt()
    for seat, words in actions()[:1]:
        apply_event(table, table.seq + 1, "action", {"seat": seat, "action": words})
    played = hand_panel(table, 1, "fr")
    rebuilt = dealt()  # the same number of events, not the same last event
    rebuilt.seq = table.seq
    assert hand_panel(rebuilt, 1, "fr") is not played


def test_the_fingerprints_of_a_kept_hand_are_those_of_its_drawing():
    table = dealt()
    embed, view = hand_panel(table, 1, "fr")
    HAND_PANELS.clear()
    again, view_again = hand_panel(table, 1, "fr")
    assert again is not embed
    assert panel_fingerprint(embed, view) == panel_fingerprint(again, view_again)
    assert controls_fingerprint(view) == controls_fingerprint(view_again)


def test_a_kept_hand_keeps_its_picture_known(monkeypatch):
    table = dealt()
    apply_event(table, table.seq + 1, "look", {"seat": 1})
    embed, _ = hand_panel(table, 1, "fr")
    picture = embed_picture(embed)
    assert picture is not None
    monkeypatch.setattr(CACHE, "_by_name", OrderedDict())  # pushed out by other pictures
    assert embed_picture(embed) is None
    assert hand_panel(table, 1, "fr")[0] is embed
    assert embed_picture(embed) == picture  # known again: an edit finds what to upload


def test_a_hand_let_go_is_freed_at_once():
    """Kept for seconds, a hand reaches the old generation, which the bot seldom collects:
    it must not wait for a full collection to be freed."""
    table = dealt()
    apply_event(table, table.seq + 1, "look", {"seat": 1})
    _, view = hand_panel(table, 1, "fr")
    assert view.children
    gone = weakref.ref(view)
    del view
    gc.disable()
    try:
        seat, words = actions()[0]
        apply_event(table, table.seq + 1, "action", {"seat": seat, "action": words})
        hand_panel(table, 1, "fr")  # the hand drawn anew takes the old one's place
        assert gone() is None
    finally:
        gc.enable()


class Drawing:
    """Something drawn (a fresh object at each drawing)."""


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_drawing_is_kept_for_its_life_then_drawn_again():
    clock = Clock()
    memo = TableMemo[Drawing](10, 4.0, clock)
    table = dealt()
    first = memo.get(table, "k", Drawing)
    clock.now += 3.9
    assert memo.get(table, "k", Drawing) is first  # a use does not lengthen its life
    clock.now += 0.2
    assert memo.get(table, "k", Drawing) is not first


def test_drawings_past_their_life_are_let_go_whatever_table_is_drawn_next():
    """What a table kept goes with time, not only when that table is drawn again: a
    table nobody touches keeps nothing drawn."""
    clock = Clock()
    memo = TableMemo[Drawing](10, 4.0, clock)
    quiet, busy = dealt(), dealt()
    busy.row = replace(busy.row, id=quiet.id + 1)
    kept = memo.get(quiet, "k", Drawing)
    gone = weakref.ref(kept)
    del kept
    clock.now += 2
    memo.get(busy, "k", Drawing)
    assert len(memo) == 2
    clock.now += 2.5
    memo.get(busy, "other", Drawing)
    assert len(memo) == 2  # the quiet table's drawing went
    assert gone() is None


def test_a_changed_table_leaves_nothing_of_its_old_state_kept():
    clock = Clock()
    memo = TableMemo[Drawing](10, 4.0, clock)
    table = dealt()
    memo.get(table, "k", Drawing)
    apply_event(table, table.seq + 1, "look", {"seat": 1})
    memo.get(table, "k", Drawing)
    assert len(memo) == 1


def test_the_oldest_drawing_goes_first_when_the_memo_is_full():
    clock = Clock()
    memo = TableMemo[Drawing](2, 60.0, clock)
    table = dealt()
    first = memo.get(table, 1, Drawing)
    second = memo.get(table, 2, Drawing)
    memo.get(table, 3, Drawing)
    assert memo.get(table, 2, Drawing) is second
    assert memo.get(table, 1, Drawing) is not first

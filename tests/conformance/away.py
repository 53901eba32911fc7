"""The table as it stands, with its people away in the ways that load its messages most.

A table's people may each be absent (out of time twice in a row) or stood in for by
the computer (``/table replace``) at any moment of any game. The conformance run
plays without either, so after each change ``away_failures`` draws the same moment
with every person absent, every person stood in for, and every person absent but one
stood in for (each in turn): the table message's buttons must fit Discord's limits
(five rows of five), and the hand of a person stood in for at their turn offers no
move, says the computer plays and offers the seat back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import discord

from bot.drawing.render import hand_panel
from bot.drawing.table_buttons import table_view
from bot.ids import TABLE_VERBS, ComponentId
from bot.tables.names import AI_PREFIX
from bot.tables.table import ABSENT_AFTER, LiveTable, Seat
from bot.texts.i18n import t

ROWS, ROW_WIDTH, COMPONENTS = 5, 5, 25  # Discord's limits for one message


def away(table: LiveTable) -> Iterator[tuple[str, LiveTable]]:
    """Copies of ``table`` (sharing its state: only drawn, never changed) with its
    people away, each named."""
    people = [i for i, s in enumerate(table.seats) if not s.player.startswith(AI_PREFIX)]
    if not people or table.status != "playing":
        return
    strong = table.game.spec.strong

    def seat_as(seat: int, stood_in: set[int]) -> Seat:
        if seat in stood_in:
            return dataclasses.replace(table.seats[seat], ai=strong)
        if seat in people:
            return dataclasses.replace(table.seats[seat], ai=None)
        return table.seats[seat]  # a computer player's own seat

    def seen(absent: set[int], stood_in: set[int]) -> LiveTable:
        seats = [seat_as(seat, stood_in) for seat in range(len(table.seats))]
        timeouts = dict.fromkeys(absent, ABSENT_AFTER)
        # a row of its own: what is drawn from the copy is not taken for the table's
        row = dataclasses.replace(table.row)
        return dataclasses.replace(table, row=row, seats=seats, timeouts=timeouts)

    everyone = set(people)
    yield "everyone absent", seen(everyone, set())
    yield "everyone stood in for", seen(set(), everyone)
    for seat in people:
        yield f"everyone absent but seat {seat} stood in for", seen(everyone - {seat}, {seat})


def fit_failures(view: discord.ui.View) -> list[str]:
    """What of ``view`` Discord would refuse: more rows, buttons in a row or in all."""
    rows = view.to_components()
    widths = [len(row["components"]) for row in rows]
    failures = []
    if len(rows) > ROWS or sum(widths) > COMPONENTS or any(w > ROW_WIDTH for w in widths):
        failures.append(f"rows of {widths} components")
    return failures


def open_moves(view: discord.ui.View) -> list[str]:
    """The ids of the open buttons and menus of a game's moves in ``view``."""
    ids = [getattr(i, "custom_id", None) for i in view.children if not getattr(i, "disabled", 0)]
    return [cid for cid in ids if cid and ComponentId.parse(cid).verb not in TABLE_VERBS]


def away_failures(table: LiveTable, lang: str) -> list[str]:
    """What goes wrong at ``table`` as it stands with its people away (``away``)."""
    failures = []
    for how, seen in away(table):
        try:
            failures += [f"{how}: {f}" for f in fit_failures(table_view(seen, lang))]
        except ValueError as error:  # discord.py's own refusal of a full row or message
            failures.append(f"{how}: the table's buttons do not fit ({error})")
        turn = seen.to_act
        if turn is None or not seen.seats[turn].stand_in:
            continue
        embed, view = hand_panel(seen, turn, lang)
        text = embed.description or ""
        back = [i for i in view.children if getattr(i, "label", "") == t(lang, "btn.take_back")]
        if open_moves(view) or not back or t(lang, "hand.stand_in") not in text:
            failures.append(f"{how}: the hand of seat {turn} at its turn: {text[-80:]!r}")
    return failures

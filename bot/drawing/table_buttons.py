"""The buttons under the public table message: the lobby's (seats, start), and during
play the calls of the person to act, what may be done while players are away, and the
table's own (the next deal, *My hand*, the tricks, the rules, a stop).

Discord takes five rows of five buttons a message (``bot.drawing.render.has_room``):
the game's calls take the first rows, the absent players row 3, the table's own
row 4.
"""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.drawing.render import LAST_ROW, ROW_WIDTH, button, finished
from bot.ids import EVERY_ABSENT, ComponentId
from bot.tables.table import LiveTable
from bot.texts.i18n import game_text, t

AWAY_ROW: Final = 3  # what may be done while players are away (the game's calls above)


def table_view(table: LiveTable, lang: str) -> discord.ui.View:
    """The buttons under the public table message."""
    view = discord.ui.View(timeout=None)
    tid, moves = table.id, table.moves
    if table.status == "ended":
        return finished(view)
    if table.status == "lobby":
        kept = table.resuming is not None  # a kept match's seats: none added, none emptied
        full = kept or len(table.seats) >= table.game.max_seats  # nobody more to seat
        style = discord.ButtonStyle.secondary if full else discord.ButtonStyle.success
        view.add_item(
            button(ComponentId(tid, 0, "join"), t(lang, "btn.join"), style, disabled=full)
        )
        view.add_item(button(ComponentId(tid, 0, "leave"), t(lang, "btn.leave")))
        view.add_item(
            button(
                ComponentId(tid, 0, "start"),
                t(lang, "btn.start"),
                discord.ButtonStyle.primary,
            )
        )
        view.add_item(button(ComponentId(tid, 0, "ai"), t(lang, "btn.ai"), disabled=full))
        view.add_item(button(ComponentId(tid, 0, "rules"), t(lang, "btn.rules")))
        if not kept and any(not s.human for s in table.seats):
            view.add_item(button(ComponentId(tid, 0, "airm"), t(lang, "btn.ai_remove"), row=1))
        return finished(view)
    last_row = LAST_ROW
    state, turn = table.state, table.to_act
    if table.between_hands and table.deal_coming:  # never a next deal that will not come
        view.add_item(
            button(
                ComponentId(tid, table.hand_no, "next"),
                game_text(table.game.id, lang, "btn.next"),
                discord.ButtonStyle.primary,
                row=last_row,
            )
        )
    elif state is not None and turn is not None and table.seats[turn].human:  # not a computer's
        for item in table.game.renderer.table_buttons(table, state.view(turn), lang):
            view.add_item(item)
    for item in away_buttons(table, lang):
        view.add_item(item)
    view.add_item(
        button(
            ComponentId(tid, moves, "hand"),
            t(lang, "btn.hand"),
            discord.ButtonStyle.primary,
            row=last_row,
        )
    )
    if table.game.capabilities.tricks and table.state is not None:
        cid = ComponentId(tid, moves, "tricks")
        view.add_item(button(cid, t(lang, "btn.tricks"), row=last_row))
    view.add_item(button(ComponentId(tid, moves, "rules"), t(lang, "btn.rules"), row=last_row))
    session = table.session
    if session is not None and session.stop_requested:
        voters = table.stop_voters()
        agreed = len(voters & table.stop_votes)
        view.add_item(
            button(
                ComponentId(tid, moves, "stop"),
                t(lang, "btn.stop_now", count=agreed, total=len(voters)),
                discord.ButtonStyle.danger,
                row=last_row,
            )
        )
        if table.game.match is not None:  # a match stopping: keep it for later, or not
            keep = "0" if table.keep else "1"
            key = "btn.drop" if table.keep else "btn.keep"
            view.add_item(button(ComponentId(tid, moves, "keep", keep), t(lang, key), row=last_row))
    return finished(view)


def away_buttons(table: LiveTable, lang: str) -> list[discord.ui.Button[Any]]:
    """What the others may do while players are away (have the computer play for one,
    or end the table), and *Take my seat back* while the computer plays for someone, on
    ``AWAY_ROW``.  A button for each absent player while they fit on the row beside the
    others, else one for them all: at La Bête's five seats every person may be away at
    once, and a sixth button on a row is a message Discord refuses."""
    tid, moves = table.id, table.moves
    absent = table.absent()
    stood_in = any(s.stand_in for s in table.seats)
    out = []
    if absent:
        if len(absent) + 1 + stood_in <= ROW_WIDTH:  # beside End the table, Take my seat back
            for seat in absent:
                cid = ComponentId(tid, moves, "replace", str(seat))
                out.append(button(cid, t(lang, "btn.replace", name=table.name(seat))))
        else:
            cid = ComponentId(tid, moves, "replace", EVERY_ABSENT)
            out.append(button(cid, t(lang, "btn.replace_absent")))
        cid = ComponentId(tid, moves, "abandon")
        out.append(button(cid, t(lang, "btn.abandon"), discord.ButtonStyle.danger))
    if stood_in:
        cid = ComponentId(tid, moves, "back")
        out.append(button(cid, t(lang, "btn.take_back"), discord.ButtonStyle.success))
    for item in out:
        item.row = AWAY_ROW
    return out

"""La Bête Hombrée's declaration, in steps in the declarer's hand: trump, then the level
(where still open), then the matadors (as held); each step's buttons, and the
declaration a click completes."""

from __future__ import annotations

from typing import Any

import discord

from bot.drawing.render import button, suit_text
from bot.errors import UserError
from bot.game import TableLike
from bot.ids import ComponentId
from bot.texts.i18n import t
from games.bete_hombree import Action, HandView, Kind, Phase
from games.cards import Suit


def level_text(level: int, suit: Suit, belle: bool, lang: str) -> str:
    """A declared level in a suit: "2 à ♣", and "2 à ♥ en belle" in the belle (the
    stake doubled)."""
    key = "declare.level_belle" if belle else "declare.level"
    return t(lang, key, level=level, suit=suit.symbol)


def declare_buttons(
    table: TableLike, view: HandView, lang: str, step: str
) -> list[discord.ui.Button[Any]]:
    """Declaration in steps: trump, then level (where open), then matadors (as held)."""
    tid, moves = table.id, table.moves
    legal = [a for a in view.legal if a.kind is Kind.DECLARE]
    parts = step.split(":") if step else []
    out: list[discord.ui.Button[Any]] = []
    if not parts:
        for suit in Suit:
            if any(a.suit == suit for a in legal):
                label = suit_text(suit, lang)
                if suit == view.belle:
                    label += f" ({t(lang, 'belle')})"
                cid = ComponentId(tid, moves, "decl", suit.name)
                out.append(button(cid, label, discord.ButtonStyle.primary))
        return out
    suit = Suit.parse(parts[0])
    if len(parts) == 1:
        for level in sorted({a.level for a in legal if a.suit == suit}):
            out.append(
                button(
                    ComponentId(tid, moves, "decl", f"{suit.name}:{level}"),
                    level_text(level, suit, suit == view.belle, lang),
                    discord.ButtonStyle.primary,
                )
            )
    else:
        level = int(parts[1])
        counts = sorted({a.matadors for a in legal if a.suit == suit and a.level == level})
        for count in counts:
            label = (
                t(lang, "declare.matadors", count=count)
                if count
                else t(lang, "declare.no_matadors")
            )
            out.append(
                button(
                    ComponentId(tid, moves, "decl", f"{suit.name}:{level}:{count}"),
                    label,
                    discord.ButtonStyle.success,
                )
            )
    out.append(button(ComponentId(tid, moves, "decl", "back"), t(lang, "btn.back"), row=4))
    return out


def declaration_step(view: HandView, arg: str) -> Action | None:
    """The declaration chosen so far, if complete (trump, level, matadors)."""
    if arg != "back":  # a forged suit, level or count is a ValueError, whatever the phase
        parts = arg.split(":")
        Suit.parse(parts[0])
        [int(part) for part in parts[1:]]
    if view.phase is not Phase.DECLARE:
        raise UserError("error.stale")
    if arg == "back":
        return None
    if ":" not in arg:
        Suit.parse(arg)  # a forged suit is a ValueError
        return None
    parts = arg.split(":")
    suit, level = Suit.parse(parts[0]), int(parts[1])
    if len(parts) == 3:
        matadors = f" matadors {int(parts[2])}" if parts[2] != "0" else ""
        return Action.parse(f"declare {level} {suit.name}{matadors}")
    counts = {
        a.matadors
        for a in view.legal
        if a.kind is Kind.DECLARE and a.suit == suit and a.level == level
    }
    if counts <= {0}:
        return Action.parse(f"declare {level} {suit.name}")
    return None

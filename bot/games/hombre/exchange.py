"""L'Hombre's exchange drawn: what the seat to exchange may discard, its menu and its
words (prompt, placeholder and refusal alike), the discards ``/play`` builds as they are
typed, and the talon left, shown or hidden."""

from __future__ import annotations

from typing import Any

import discord

from bot.drawing.render import button, card_text, cards_text, help_button
from bot.game import TableLike
from bot.games.hombre.codec import discard_typed
from bot.ids import ComponentId
from bot.texts.i18n import t
from bot.texts.parsing import matches
from games.cards import Card, cards_of
from games.hombre import Action, DealView, Phase
from games.hombre.actions import discard


def exchanges_text(view: DealView, names: list[str], lang: str) -> str:
    """Who exchanged how many cards (public), the talon left and, once shown, its cards:
    the table's field named *Talon*, its lines not named again."""
    lines = [
        t(lang, "hombre.exchanged" if count else "hombre.kept", name=names[seat], count=count)
        for seat, count in view.exchanged
    ]
    lines.append(t(lang, "hombre.talon_left.field", count=view.talon_left))
    if not view.talon_left or view.phase not in (Phase.PLAY, Phase.DONE):
        return "\n".join(lines)  # no rest to show or hide (the last who drew still says which)
    if view.talon_shown is not None:
        shown = cards_text(cards_of(view.talon_shown), lang)
        lines.append(t(lang, "hombre.talon_shown", cards=shown))
    elif any(n for _, n in view.exchanged):
        lines.append(t(lang, "hombre.talon_hidden"))  # hidden by the last who drew
    return "\n".join(lines)


def talon_phase(view: DealView) -> str:
    """The phase's name for its prompts: ``talon_empty`` when the last who drew is to
    show or hide a talon he used up (the engine still asks him, for the record)."""
    phase = view.phase.name.lower()
    return f"{phase}_empty" if view.phase is Phase.TALON and not view.talon_left else phase


def exchange_bounds(view: DealView) -> tuple[int, int]:
    """How many cards the seat to exchange may discard: (least, most), the engine's."""
    if view.exchange is None:
        raise ValueError(f"seat {view.seat} is not to exchange")
    return view.exchange


def exchange_words(view: DealView) -> tuple[str, dict[str, object]]:
    """What the seat to exchange may discard, as the menu and the button offer it (the
    prompt's key and its arguments; the refusal's key is the prompt's, under
    ``hombre.error``): one card at least from the menu, or none with *keep my hand*;
    ``exchange_last`` when that menu can take only the talon's last card."""
    least, most = exchange_bounds(view)
    if not most:
        return "exchange_empty", {}
    if least == 0 and most == 1:
        return "exchange_last", {}
    if least == 0:
        return "exchange_or_keep", {"most": most}
    return "exchange_range", {"least": least, "most": most}


def exchange_items(
    table: TableLike, view: DealView, hand: list[Card], lang: str
) -> list[discord.ui.Item[Any]]:
    """The exchange: a menu of ``hand``, the seat's cards as he holds them (as many as
    the talon can give, at least one for the hombre en prenant), and *keep my hand*
    when keeping is allowed."""
    least, most = exchange_bounds(view)
    keep = least == 0
    last = exchange_words(view)[0] == "exchange_last"
    items: list[discord.ui.Item[Any]] = []
    if most:
        fewest = max(least, 1)  # a menu takes one card at least: none is the button
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=str(ComponentId(table.id, table.moves, "discard", select=True)),
            placeholder=t(
                lang,
                "hombre.exchange_placeholder_last" if last else "hombre.exchange_placeholder",
                least=fewest,
                most=most,
                talon=view.talon_left,
            ),
            min_values=fewest,
            max_values=most,
            options=[discord.SelectOption(label=card_text(c, lang), value=str(c)) for c in hand],
        )
        items.append(select)
    if keep:
        cid = ComponentId(table.id, table.moves, "call", "keep")
        items.append(button(cid, t(lang, "hombre.btn.keep"), discord.ButtonStyle.secondary, row=1))
    items.append(help_button(table, "exchange"))
    return items


def discards_from(view: DealView, hand: list[Card], typed: str, lang: str) -> list[Action]:
    """The discards that follow from what the seat to exchange typed with ``/play``
    (``discard_typed``): the cards named, when they may be discarded, then each with one
    card more of ``hand`` (as he holds it) that the word being typed fits."""
    read = discard_typed(typed)
    if read is None or not read[0]:
        return []
    cards, partial = read
    chosen = sum(card.bit for card in cards)
    if chosen & ~view.hand:
        return []
    least, most = exchange_bounds(view)
    out = [discard(chosen)] if not partial and least <= len(cards) <= most else []
    if len(cards) < most:
        for card in hand:
            if not card.bit & chosen and matches(partial, str(card), card_text(card, lang)):
                out.append(discard(chosen | card.bit))
    return out

"""What every game's public texts may name, read from the engine's views of any game.

The cards of a public text are found by the scan of the e2e hidden-card test
(``tests.e2e.leaks.cards_in``: record notation and both languages' card words). What
its readers may see is measured here from the views every game gives, so that it
holds for a game nobody has written yet: a card held (or once held) by a seat is
secret until it is played or its game's public view shows it (Bésigue's laid cards),
and what the start turned up (*tirer le roi*) is public. Cards nobody ever held (an
undealt talon) are not judged here: the e2e scans know each game's talon.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import fields, is_dataclass
from typing import Any

import discord

from bot.drawing.render import table_embed
from bot.drawing.summary import settlement_embed
from bot.drawing.table_buttons import table_view
from bot.game import LogLine
from bot.tables.table import LiveTable
from games.cards import Card, cards_of
from tests.e2e.fake.model import all_strings
from tests.e2e.leaks import cards_in

LANGS = ("fr", "en")


def face(card: Card) -> str:
    """A card as the texts name it: copies of two packs share their words."""
    return str(card.face)


def cards_within(value: object) -> Iterator[Card]:
    """Every ``Card`` inside a view (its fields, tuples of them, nested values); bit
    sets are not read (a count is an int as well)."""
    if isinstance(value, Card):
        yield value
    elif is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            yield from cards_within(getattr(value, item.name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from cards_within(item)


def played(view: Any) -> list[Card]:
    """The cards of the deal played so far, in play order (a view's trick and tricks)."""
    cards = [card for trick in view.tricks_played for _, card in trick.cards]
    return cards + [card for _, card in view.trick]


def line_cards(lines: Iterable[LogLine]) -> set[str]:
    """The cards named in log lines' arguments (the start's draw)."""
    found: set[str] = set()
    for line in lines:
        for _, value in line.args:
            found |= {face(c) for c in cards_within(value)}
            found |= cards_in(str(value))
    return found


def embed_strings(embed: discord.Embed) -> list[str]:
    return list(all_strings(embed.to_dict()))


def table_strings(table: LiveTable, lang: str) -> list[str]:
    """The table message as everyone sees it: its embed, and its buttons' labels and ids."""
    view = table_view(table, lang)
    components = [item.to_component_dict() for item in view.children]  # type: ignore[attr-defined]
    return embed_strings(table_embed(table, lang)) + list(all_strings(components))


def summary_strings(table: LiveTable, lang: str) -> list[str]:
    """The summary of the deal just settled (none: no strings)."""
    if table.last is None or (not table.between_hands and table.status != "ended"):
        return []
    return embed_strings(settlement_embed(table, table.last, lang))


class PublicCards:
    """Which cards a public text may name at a table, deal after deal."""

    def __init__(self, start: set[str]) -> None:
        self.start = start  # turned up at the start, before any deal
        self.earlier: set[str] = set()  # public in a deal before this one (old log lines)
        self.public: set[str] = set(start)  # public in this deal
        self.held: set[str] = set()  # held by a seat in this deal
        self.deal = 0

    def observe(self, table: LiveTable) -> None:
        """Take in the deal as it stands: who holds what, what is played and shown."""
        state = table.state
        if state is None:
            return
        if table.hand_no != self.deal:
            self.earlier |= self.public
            self.public, self.held = set(self.start), set()
            self.deal = table.hand_no
        renderer = table.game.renderer
        for seat in range(len(table.seats)):
            view = state.view(seat)
            self.held |= {face(c) for c in cards_of(view.hand)}
            self.public |= {face(c) for c in played(view)}
            self.public |= {face(c) for c in cards_within(renderer.public_view(view))}

    def secret(self, *, old_lines: bool = False) -> set[str]:
        """The cards no public text may name now (``old_lines``: in the log, whose lines
        of an earlier deal name the cards played then)."""
        hidden = self.held - self.public
        return hidden - self.earlier if old_lines else hidden

    def leaks(self, strings: Iterable[str], *, old_lines: bool = False) -> list[str]:
        return naming(strings, self.secret(old_lines=old_lines))


def naming(strings: Iterable[str], secret: set[str]) -> list[str]:
    """Each string that names a card of ``secret``, with those cards."""
    return [f"{sorted(cards_in(s) & secret)} in {s!r}" for s in strings if cards_in(s) & secret]

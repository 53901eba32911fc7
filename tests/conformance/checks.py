"""The invariants every game keeps at the table, checked after each change of a table.

``Checks.seen`` is called after every change (a move, a deal, a stop): it finds what
a public text names that its readers may not see, and a card played that the table
message does not show. ``snapshot`` is what a table rebuilt from its log must equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.drawing.render import log_text, table_embed
from bot.errors import UserError
from bot.tables.table import LiveTable
from bot.texts.i18n import MESSAGES
from bot.texts.refusals import error_text
from tests.conformance.away import away_failures
from tests.conformance.watch import (
    LANGS,
    PublicCards,
    embed_strings,
    face,
    played,
    summary_strings,
    table_strings,
)
from tests.e2e.leaks import cards_in

CATCH_UP = 3  # tricks taken while the table message was not edited, in the catch-up check


@dataclass
class Checks:
    """What went wrong at one table, as it played (each entry says what and when)."""

    knowledge: PublicCards
    failures: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)  # the deal's cards played, checked
    deal: int = 0
    refusals: set[str] = field(default_factory=set)  # the catalogue keys refusals used
    looks: int = 0  # the changes checked

    def seen(self, table: LiveTable, what: str) -> None:
        """Check the table as it stands after ``what``."""
        self.looks += 1
        self.knowledge.observe(table)
        for lang in LANGS:
            strings, log = table_strings(table, lang), log_text(table, lang)
            summary = summary_strings(table, lang)
            knowledge = self.knowledge
            leaks = knowledge.leaks([s for s in strings if s != log])
            leaks += knowledge.leaks([log], old_lines=True) + knowledge.leaks(summary)
            self.failures += [f"after {what} ({lang}): hidden card {leak}" for leak in leaks]
            self._played_shown(table, strings + summary, lang, what)
            self._caught_up(table, lang, what)
            self.failures += [f"after {what} ({lang}): {f}" for f in away_failures(table, lang)]
        self._deal_after(table)

    def _played_shown(self, table: LiveTable, strings: list[str], lang: str, what: str) -> None:
        state = table.state
        if state is None or table.status == "ended":
            # an ended table shows nothing of the deal it ended on (tests/bot/test_ended.py)
            return
        start = len(self.shown) if table.hand_no == self.deal else 0
        new = [face(card) for card in played(state.view(0))][start:]
        named = set().union(*(cards_in(s) for s in strings))
        missing = [card for card in new if card not in named]
        if missing:
            self.failures.append(f"after {what} ({lang}): {missing} played, not shown")

    def _caught_up(self, table: LiveTable, lang: str, what: str) -> None:
        """A table message whose last version showed the table ``CATCH_UP`` tricks ago
        (its edits held up meanwhile) shows every card played since, by itself."""
        state = table.state
        if state is None or table.status == "ended" or not table.game.capabilities.tricks:
            return
        view = state.view(0)
        since = max(0, len(view.tricks_played) - CATCH_UP)
        named = set().union(*(cards_in(s) for s in embed_strings(table_embed(table, lang, since))))
        unseen = [trick for trick in view.tricks_played[since:] if trick.cards]
        new = [face(card) for trick in unseen for _, card in trick.cards]
        missing = [card for card in new + [face(c) for _, c in view.trick] if card not in named]
        if missing:
            self.failures.append(f"after {what} ({lang}): {missing} played, not caught up")

    def _deal_after(self, table: LiveTable) -> None:
        state = table.state
        if state is None:
            return
        if table.hand_no != self.deal:
            self.deal, self.shown = table.hand_no, []
        self.shown = [face(card) for card in played(state.view(0))]

    def refused(self, table: LiveTable, error: UserError, reason: str, what: str) -> None:
        """A refusal of the engine's ``reason`` has its words in both languages, and the
        French ones do not carry the engine's English."""
        self.refusals.add(error.key)
        entry = MESSAGES.get(error.key, {})
        for lang in LANGS:
            if not entry.get(lang):
                self.failures.append(f"refusal {error.key!r} of {what}: no {lang} text")
                continue
            words = error_text(error, lang)
            if not words.strip():
                self.failures.append(f"refusal {error.key!r} of {what}: empty in {lang}")
            if lang == "fr" and reason in words:
                self.failures.append(f"refusal of {what} says the engine's {reason!r} in French")


def snapshot(table: LiveTable) -> dict[str, Any]:
    """A table as its players know it: what a table rebuilt from its log must equal."""
    state, session = table.state, table.session
    seats = len(table.seats)
    shown = {
        lang: [s for s in table_strings(table, lang) if s != log_text(table, lang)]
        for lang in LANGS
    }
    return {
        "status": table.status,
        "events": table.seq,
        "moves": table.moves,
        "hand": table.hand_no,
        "seats": [(s.player, s.name, s.ai, s.human) for s in table.seats],
        "turn": None if state is None else state.turn,
        "over": None if state is None else state.is_over,
        "views": None if state is None else [state.view(seat) for seat in range(seats)],
        "balances": None if session is None else dict(session.balances),
        "dealer": None if session is None else session.dealer,
        "stopping": None if session is None else session.stop_requested,
        "finished": None if session is None else session.finished,
        "pot": None if session is None else table.game.port.pot_of(session),
        "pot dealt": dict(table.pot_dealt),
        "summary": {lang: summary_strings(table, lang) for lang in LANGS},
        "shown": shown,
        "ended": table.ended_reason,
        # what the hand's record will say no review counts (the seats a computer stood
        # in for, the moves the time limit made) and the hints taken
        "stood in": sorted(table.stood_in),
        "timed out": sorted(table.timed_out),
        "hints": {seat: sorted(moves) for seat, moves in table.hints_taken.items()},
    }

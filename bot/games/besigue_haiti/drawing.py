"""Haitian Bésigue drawn for people: the marque and the parties toward a hundred,
trump fixed or not (and by whose marriage), the stock, each player's laid cards,
the hand with its jokers, the combinations the winner of a trick may lay (the
jokers standing in shown as such), and the count.

Drawn from one seat's view (``HaitiView``) or the public view (``public_view``:
the hand emptied), so no card a reader may not see reaches a message.  The
moves travel as the classic game's do (``bot.games.besigue.codec``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from bot.drawing.lobby_text import changed_options, option_line
from bot.drawing.render import cards_text
from bot.game import TableLike
from bot.games.besigue.shared_drawing import PointsRenderer, partnerships_lines, scores_text
from bot.games.besigue_haiti.port import RESULTS
from bot.games.besigue_haiti.words import (
    kind_text,
    marque_text,
    match_text,
    meld_text,
    melds_text,
    partie_lines,
    stock_text,
    table_text,
    without_trump,
)
from bot.texts.i18n import game_text, t
from games.besigue import Action, Kind, Meld, MeldKind
from games.besigue.flow import DealFlow, Phase
from games.besigue.haiti.count import UNDER_MARQUE
from games.besigue.haiti.deal import HaitiDeal, HaitiView
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import HAITI_GAME
from games.besigue.rules import BRISQUE
from games.besigue.score import Outcome
from games.besigue.session import SettledDeal
from games.cards import Card

RULE_TOPICS: tuple[str, ...] = ("overview", "melds", "play", "scoring", "options")


class HaitiRenderer(PointsRenderer[HaitiView]):
    """Haitian Bésigue drawn at a table of two to four."""

    words = "haiti"
    game = HAITI_GAME
    results = RESULTS
    rule_topics = RULE_TOPICS
    lost_words: ClassVar[Mapping[str, str]] = {UNDER_MARQUE: "brisques_under"}

    def stopping(self, table: TableLike, lang: str) -> str:
        """What a stop keeps: the marque, and the match's parties and hundred only where
        two sides play one (three or four each for himself count none)."""
        return t(lang, "haiti.stopping" if match_counted(table) else "haiti.stopping.marque")

    def kept_key(self, table: TableLike) -> str:
        return "table.kept" if match_counted(table) else "haiti.kept.marque"

    def move_text(self, view: HaitiView, action: Action, lang: str) -> str:
        if action.kind is Kind.MELD and view.legal:
            return meld_text(view.meld_of(action), lang, view.laid_of(view.seat).cards)
        return super().move_text(view, action, lang)

    def meld_words(self, kind: MeldKind, cards: Sequence[Card], lang: str) -> str:
        return f"{kind_text(kind, lang)} {self.cards_words(list(cards), lang)}"

    def melds_words(self, melds: Sequence[Meld], lang: str) -> str:
        return melds_text(melds, lang)

    def prompt_word(self, view: HaitiView) -> str:
        """Phase 2's without trump when no marriage fixed one: no trumping to ask for."""
        word = view.phase.name.lower()
        return word + ".no_trump" if view.phase is Phase.PLAY2 and without_trump(view) else word

    def brisques_text(self, outcome: Outcome, seat: int, side: str, lang: str) -> str:
        """Signed, and under ``brisques=majority`` why they count other than 10 each:
        the majority another side's (its side loses 200, shared by partners), or shared
        (160 each side)."""
        cards, points = outcome.brisque_cards[seat], outcome.brisques[seat]
        signed = f"+{points}" if points > 0 else str(points)
        key = "haiti.count.brisques"
        if points < 0:
            key += ".minority" + side
        elif points != BRISQUE * cards:
            key += ".tied" + side
        return t(lang, key, count=cards, points=signed)

    def cards_words(self, cards: list[Card], lang: str) -> str:
        """A combination's cards in a log line, its jokers counted as stand-ins."""
        jokers = sum(c.is_joker for c in cards)
        text = cards_text([c for c in cards if not c.is_joker], lang)
        return text + (" " + t(lang, "haiti.stand_in", count=jokers) if jokers else "")

    def phase_line(self, view: HaitiView, names: Sequence[str], lang: str) -> str:
        if view.phase is Phase.DONE:
            return game_text(HAITI_GAME, lang, "phase.done")
        return t(lang, f"haiti.phase.{view.phase.name.lower()}", name=names[view.turn])

    def deal_lines(self, table: TableLike, view: HaitiView, lang: str) -> list[str]:
        names = table.names
        said = self.phase_line(view, names, lang)
        dealer = t(lang, "table.dealer", name=names[view.dealer])
        return ["**" + said + "**", stock_text(view, names, lang), dealer]

    def session_lines(self, table: TableLike, view: HaitiView | None, lang: str) -> list[str]:
        names, session = table.names, table.session
        if not isinstance(session, HaitiSession):
            return []
        last = session.settled[-1] if session.settled else None
        if view is None and last is not None and last.over:
            lines = self.partie_won_lines(table, last, lang)
        else:
            scores = view.scores if view is not None else tuple(session.scores)
            lines = [marque_text(names, session.teams, scores, session.target, lang)]
            if view is not None and view.at_target_by_sevens(session.target):
                lines.append(t(lang, "haiti.sevens_later"))  # why the partie goes on
            parties = match_text(names, session, lang)
            if parties:
                lines.append(parties)
        if session.stop_requested and not session.finished and table.status != "ended":
            lines.append(self.stopping(table, lang))
        return lines

    def partie_won_lines(self, table: TableLike, last: SettledDeal, lang: str) -> list[str]:
        """Between parties: the marque that won the partie and who won it, then the new
        partie's (its head start) and the counters toward a hundred."""
        names, session = table.names, table.session
        assert isinstance(session, HaitiSession)
        outcome = last.outcome
        lines = [marque_text(names, outcome.teams, outcome.scores, outcome.target, lang)]
        lines.extend(partie_lines(last, names, lang, counters=False))  # the counters below
        scores = scores_text(names, session.teams, tuple(session.scores))
        lines.append(t(lang, "haiti.next_partie", scores=scores))
        parties = match_text(names, session, lang)
        return [*lines, parties] if parties else lines

    def sevens_words(self, state: DealFlow, seat: int, lang: str) -> list[str]:
        """The 7s of trump that scored for the seat, by trick."""
        assert isinstance(state, HaitiDeal)
        return [
            t(lang, "haiti.count.seven", trick=number)
            for scorer, number in state.sevens
            if scorer == seat
        ]

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        """The partie's target and what fixes trump, always (the rules a Haitian player
        asks about first), then the other options chosen (partnerships as they stand
        for the players seated)."""
        options = table.rules
        assert isinstance(options, HaitiOptions)
        target = t(lang, "haiti.options.target", points=options.target)
        trump = option_line("trump", options.trump.value, lang)
        others = changed_options(options, lang, besides=("target", "trump", "partnerships"))
        teams = partnerships_lines(options.partnerships, len(table.players), lang)
        return [target, trump, *others, *teams]

    def stock_line(self, view: HaitiView, names: Sequence[str], lang: str) -> str:
        return stock_text(view, names, lang)

    def laid_text(self, view: HaitiView, names: Sequence[str], lang: str) -> str | None:
        return table_text(view, list(names), lang)

    def meld_label(self, view: HaitiView, action: Action, lang: str) -> str:
        return meld_text(view.meld_of(action), lang, view.laid_of(view.seat).cards)

    def summary_lines(self, settled: SettledDeal, names: list[str], lang: str) -> list[str]:
        """The marque after the deal, and the partie won by it (with the hundred)."""
        outcome = settled.outcome
        marque = marque_text(names, outcome.teams, outcome.scores, outcome.target, lang)
        return [marque, *partie_lines(settled, names, lang)]


def match_counted(table: TableLike) -> bool:
    """Whether the table's parties count toward a hundred: two sides play a match."""
    session = table.session
    return not isinstance(session, HaitiSession) or session.match.counted

"""Haitian Bésigue drawn for people: the marque and the parties toward a hundred,
trump fixed or not (and by whose marriage), the stock, each player's laid cards,
the hand with its jokers, the combinations the winner of a trick may lay (the
jokers standing in shown as such), and the count.

Drawn from one seat's view (``HaitiView``) or the public view (``public_view``:
the hand emptied), so no card a reader may not see reaches a message.  The
moves travel as the classic game's do (``bot.games.besigue.codec``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.drawing.lobby_text import changed_options, option_line
from bot.drawing.render import card_text, cards_text
from bot.game import Field, TableLike
from bot.games.besigue.shared_drawing import (
    PointsRenderer,
    players_of,
)
from bot.games.besigue.shared_port import sides_text
from bot.games.besigue_haiti.port import RESULTS
from bot.games.besigue_haiti.words import (
    count_lines,
    kind_text,
    marque_text,
    match_text,
    meld_text,
    melds_text,
    partie_lines,
    stock_text,
    table_text,
)
from bot.texts.i18n import game_text, t
from games.besigue import Action, Kind
from games.besigue.flow import Phase
from games.besigue.haiti.deal import HaitiDeal, HaitiView
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import HAITI_GAME
from games.besigue.session import SettledDeal
from games.cards import Card

RULE_TOPICS: tuple[str, ...] = ("overview", "melds", "play", "scoring", "options")


def action_text(action: Action, lang: str) -> str:
    """Any action, out of context (for refusals and the /play choices)."""
    if action.kind is Kind.PLAY:
        assert action.card is not None
        text = card_text(action.card, lang)
        return text + " " + t(lang, "haiti.from_table") if action.laid else text
    if action.kind is Kind.MELD:
        assert action.meld is not None
        cards = [c for c in action.cards if not c.is_joker]
        jokers = len(action.cards) - len(cards)
        text = f"{kind_text(action.meld, lang)} {cards_text(cards, lang)}"
        return text + (" " + t(lang, "haiti.stand_in", count=jokers) if jokers else "")
    return t(lang, "haiti.btn.draw")


class HaitiRenderer(PointsRenderer[HaitiView]):
    """Haitian Bésigue drawn at a table of two to four."""

    words = "haiti"
    game = HAITI_GAME
    results = RESULTS
    rule_topics = RULE_TOPICS
    action_text = staticmethod(action_text)

    def move_text(self, view: HaitiView, action: Action, lang: str) -> str:
        if action.kind is Kind.MELD and view.legal:
            return meld_text(view.meld_of(action), lang, view.laid_of(view.seat).cards)
        return action_text(action, lang)

    def cards_words(self, cards: list[Card], lang: str) -> str:
        """A combination's cards in a log line, its jokers counted as stand-ins."""
        jokers = sum(c.is_joker for c in cards)
        text = cards_text([c for c in cards if not c.is_joker], lang)
        return text + (" " + t(lang, "haiti.stand_in", count=jokers) if jokers else "")

    def deal_lines(self, table: TableLike, view: HaitiView, lang: str) -> list[str]:
        names = table.names
        if view.phase is Phase.DONE:
            said = game_text(HAITI_GAME, lang, "phase.done")
        else:
            said = t(lang, f"haiti.phase.{view.phase.name.lower()}", name=names[view.turn])
        dealer = t(lang, "table.dealer", name=names[view.dealer])
        return ["**" + said + "**", stock_text(view, names, lang), dealer]

    def session_lines(self, table: TableLike, view: HaitiView | None, lang: str) -> list[str]:
        names, session = table.names, table.session
        if not isinstance(session, HaitiSession):
            return []
        scores = view.scores if view is not None else tuple(session.scores)
        lines = [marque_text(names, session.teams, scores, session.target, lang)]
        parties = match_text(names, session, lang)
        if parties:
            lines.append(parties)
        last = session.settled[-1] if session.settled else None
        if view is None and last is not None and last.over:  # the counters are above
            lines.extend(partie_lines(last, names, lang, counters=False))
        if session.stop_requested and not session.finished and table.status != "ended":
            lines.append(self.stopping(table, lang))
        return lines

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        """The partie's target and what fixes trump, always (the rules a Haitian player
        asks about first), then the other options chosen."""
        options = table.rules
        assert isinstance(options, HaitiOptions)
        target = t(lang, "haiti.options.target", points=options.target)
        trump = option_line("trump", options.trump.value, lang)
        return [target, trump, *changed_options(options, lang, besides=("target", "trump"))]

    def stopping(self, table: TableLike, lang: str) -> str:
        return t(lang, "haiti.stopping")

    def stock_line(self, view: HaitiView, names: Sequence[str], lang: str) -> str:
        return stock_text(view, names, lang)

    def laid_text(self, view: HaitiView, names: Sequence[str], lang: str) -> str | None:
        return table_text(view, list(names), lang)

    def meld_label(self, view: HaitiView, action: Action, lang: str) -> str:
        return meld_text(view.meld_of(action), lang, view.laid_of(view.seat).cards)

    def settlement(self, table: TableLike, settled: Any, lang: str) -> tuple[str, str, list[Field]]:
        assert isinstance(settled, SettledDeal)
        names = table.names
        outcome = settled.outcome
        hand = table.hand_no
        teams = outcome.teams
        lines = []
        if outcome.ended_at_once and outcome.winner is not None:
            reached = sides_text(names, teams, outcome.winner)
            lines.append(t(lang, "haiti.summary.at_once", name=reached))
        lines += count_lines(outcome, names, lang)
        lines.append(marque_text(names, teams, outcome.scores, outcome.target, lang))
        lines += partie_lines(settled, names, lang)
        if outcome.over and outcome.winner is not None:
            winner = sides_text(names, teams, outcome.winner)
            players = players_of(teams, outcome.winner)
            title = t(lang, "haiti.summary.won.title", hand=hand, name=winner, players=players)
        else:
            title = t(lang, "haiti.summary.title", hand=hand)
        fields: list[Field] = []
        state = table.state
        if isinstance(state, HaitiDeal):
            melds = [
                t(lang, "haiti.seat_melds", name=names[seat], melds=melds_text(laid, lang))
                for seat, laid in enumerate(state.melds)
                if laid
            ]
            if melds:
                fields.append((t(lang, "haiti.melds"), "\n".join(melds), False))
        return title, "\n".join(lines), fields

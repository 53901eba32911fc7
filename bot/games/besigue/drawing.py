"""Bésigue drawn for people: the scores and the target, the combinations laid on the
table, the turned card and the stock, the two phases, the hand and the count.

Everything is drawn from one seat's view (``DealView``) or from the public view
(``public_view``: the hand emptied), so no card a reader may not see reaches a
message: cards laid on the table are public, the hand and the stock are not.
Bésigue moves no money: the seats show their scores instead (``seat_details``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from bot.drawing.lobby_text import changed_options, option_line
from bot.drawing.render import card_text, cards_text, suit_text
from bot.game import TableLike
from bot.games.besigue.codec import action_arg
from bot.games.besigue.port import RESULTS
from bot.games.besigue.shared_drawing import (
    PointsRenderer,
    laid_cards,
    partnerships_lines,
    players_of,
    scores_text,
)
from bot.games.besigue.shared_port import sides_text
from bot.texts.i18n import t
from games.besigue import (
    Action,
    DealState,
    DealView,
    Kind,
    Meld,
    MeldKind,
    Phase,
    Rules,
    Session,
    SettledDeal,
)
from games.besigue.flow import DealFlow
from games.besigue.melds import resolve
from games.besigue.record import GAME
from games.besigue.rules import Reuse
from games.besigue.score import FEW_BRISQUES, UNDER_SCORE
from games.besigue.spec import SPEC
from games.cards import Card
from games.refusals import Refusal

RULE_TOPICS: tuple[str, ...] = ("overview", "melds", "play", "scoring")


def kind_text(kind: MeldKind, lang: str) -> str:
    return t(lang, f"besigue.kind.{kind.value}")


def meld_text(kind: MeldKind, cards: Sequence[Card], lang: str) -> str:
    """ "mariage d'atout R♥ D♥ (40)"."""
    return f"{kind_text(kind, lang)} {cards_text(list(cards), lang)} ({kind.points})"


def table_text(view: DealView, names: list[str], lang: str) -> str | None:
    """What lies face up: each seat's combinations of the deal, its cards still laid,
    and the sevens shown or exchanged."""
    lines = []
    for seat, name in enumerate(names):
        melds = ", ".join(meld_text(m.kind, m.faces, lang) for m in view.melds[seat])
        if melds:
            lines.append(t(lang, "labelled", label=f"**{name}**", text=melds))
        laid = laid_cards(view, seat)
        if laid and view.phase in (Phase.PLAY1, Phase.DECLARE):
            lines.append(t(lang, "besigue.laid_now", cards=cards_text(laid, lang)))
    for seat, kind in view.sevens:
        lines.append(t(lang, f"besigue.seven.{action_arg(Action(kind))}.said", name=names[seat]))
    if view.turned_seven:
        lines.append(t(lang, "besigue.turned_seven", name=names[view.dealer]))
    return "\n".join(lines) or None


def stock_text(view: DealView, lang: str) -> str:
    """Trump, the turned card under the stock, and how many cards are left."""
    trump = t(lang, "besigue.trump", suit=suit_text(view.trump, lang))
    if view.phase is Phase.PLAY2 or (view.turned is None and view.phase is not Phase.DONE):
        return trump + " — " + t(lang, "besigue.phase2_line" + must_win_suffix(view))
    parts = [trump]
    if view.turned is not None:
        parts.append(t(lang, "besigue.turned", card=card_text(view.turned, lang)))
        parts.append(t(lang, "besigue.stock", count=view.stock))
    return " — ".join(parts)


def must_win_suffix(view: DealView) -> str:
    """``.beat`` where the table plays ``phase2_must_win``: its phase 2 is worded so."""
    return ".beat" if view.rules.phase2_must_win else ""


def phase_prompt(view: DealView, names: list[str], lang: str) -> str:
    if view.phase is Phase.DONE:
        return t(lang, "phase.done.besigue")
    word = view.phase.name.lower()
    if view.phase is Phase.DECLARE and not view.seven_may_be_called():
        word += ".no_seven"
    return t(lang, f"besigue.phase.{word}", name=names[view.turn])


def meld_label(view: DealView, action: Action, lang: str) -> str:
    """A combination the seat may lay, saying which of its cards lie on the table
    already: "the trump sequence A♣ 10♣ J♣ + K♣ Q♣ laid (250)"."""
    assert action.meld is not None
    laid = view.laid_of(view.seat)
    meld = resolve(action.meld, action.cards, view.cards, laid, view.trump, view.rules.reuse)
    new = [c.face for c in meld.cards if not laid.cards & c.bit]
    reused = [c.face for c in meld.cards if laid.cards & c.bit]
    if not reused:
        return meld_text(action.meld, action.cards, lang)
    text = kind_text(action.meld, lang) + (f" {cards_text(new, lang)} +" if new else "")
    points = action.meld.points
    said = cards_text(reused, lang)
    return f"{text} {t(lang, 'besigue.reused', cards=said, count=len(reused), points=points)}"


class BesigueRenderer(PointsRenderer[DealView]):
    """Bésigue drawn at a table of two to four."""

    words = "besigue"
    game = GAME
    results = RESULTS
    rule_topics = RULE_TOPICS
    lost_words: ClassVar[Mapping[str, str]] = {
        UNDER_SCORE: "brisques_under",
        FEW_BRISQUES: "brisques_few",
    }

    def phase_line(self, view: DealView, names: Sequence[str], lang: str) -> str:
        return phase_prompt(view, list(names), lang)

    def deal_lines(self, table: TableLike, view: DealView, lang: str) -> list[str]:
        names = table.names
        return [
            "**" + self.phase_line(view, names, lang) + "**",
            stock_text(view, lang),
            t(lang, "table.dealer", name=names[view.dealer]),
        ]

    def session_lines(self, table: TableLike, view: DealView | None, lang: str) -> list[str]:
        names, session = table.names, table.session
        if not isinstance(session, Session):
            return []
        teams = session.teams
        scores = tuple(view.scores) if view is not None else tuple(session.scores)
        line = scores_text(names, teams, scores)
        lines = [t(lang, "besigue.scores_line", scores=line, target=session.target)]
        target = session.target
        if view is not None and max(scores) >= target > max(session.scores):
            lines.append(t(lang, "besigue.seven_count"))  # why the match goes on
        if session.over and session.winner is not None:
            key = "besigue.won_bas" if session.en_bas_table else "besigue.won"
            winner = sides_text(names, teams, session.winner)
            players = players_of(teams, session.winner)
            lines.append(t(lang, key, name=winner, players=players))
        elif session.stop_requested and not session.finished and table.status != "ended":
            lines.append(self.stopping(table, lang))
        return lines

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        """The target and the cards dealt, always, then the other options chosen (the
        target and partnerships as they stand for the players seated)."""
        rules = table.rules
        assert isinstance(rules, Rules)
        players = max(len(table.players), SPEC.min_seats)
        target = t(lang, "besigue.options.target", points=rules.target_for(players))
        cards = option_line("hand_size", rules.hand_size, lang)
        others = changed_options(rules, lang, besides=("target", "hand_size", "partnerships"))
        teams = partnerships_lines(rules.partnerships, len(table.players), lang)
        return [target, cards, *others, *teams]

    def refusal(
        self, view: DealView, action: Action, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        """The shared words, but a card that has served is said after the table's rule:
        under ``reuse=class`` it may also have served in a higher combination of the
        family (RULES.md §4 Combinations)."""
        key, args = super().refusal(view, action, refusal)
        if key == "besigue.error.meld_served" and view.rules.reuse is Reuse.CLASS:
            return "besigue.error.meld_served_class", args
        return key, args

    def prompt_word(self, view: DealView) -> str:
        """The phase's word, after the table's rules in phase 2 and without the 7 when
        the seat may neither show nor exchange one (its legal calls say)."""
        word = view.phase.name.lower()
        if view.phase is Phase.PLAY2:
            return word + must_win_suffix(view)
        sevens = (Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE)
        if view.phase is Phase.DECLARE and not any(a.kind in sevens for a in view.legal):
            return word + ".no_seven"
        return word

    def sevens_words(self, state: DealFlow, seat: int, lang: str) -> list[str]:
        """The 7s the seat showed or exchanged, and the turned 7 for the dealer."""
        assert isinstance(state, DealState)
        said = [
            t(lang, f"besigue.count.seven.{action_arg(Action(kind))}")
            for scorer, kind in state.sevens
            if scorer == seat
        ]
        if state.turned_seven and seat == state.dealer:
            said.append(t(lang, "besigue.count.seven.turned"))
        return said

    def stock_line(self, view: DealView, names: Sequence[str], lang: str) -> str:
        return stock_text(view, lang)

    def laid_text(self, view: DealView, names: Sequence[str], lang: str) -> str | None:
        return table_text(view, list(names), lang)

    def meld_label(self, view: DealView, action: Action, lang: str) -> str:
        return meld_label(view, action, lang)

    def meld_words(self, kind: MeldKind, cards: Sequence[Card], lang: str) -> str:
        return meld_text(kind, cards, lang)

    def melds_words(self, melds: Sequence[Meld], lang: str) -> str:
        return ", ".join(meld_text(m.kind, m.faces, lang) for m in melds)

    def summary_lines(self, settled: SettledDeal, names: list[str], lang: str) -> list[str]:
        """The scores after the deal, to the target, and the match won by it."""
        outcome = settled.outcome
        teams = outcome.teams
        scores = scores_text(names, teams, tuple(outcome.scores))
        lines = [t(lang, "besigue.scores_line", scores=scores, target=outcome.target)]
        if not outcome.over and max(outcome.scores) >= outcome.target:  # tied past it
            lines.append(t(lang, "besigue.tie"))
        if outcome.over and outcome.winner is not None:
            winner = sides_text(names, teams, outcome.winner)
            players = players_of(teams, outcome.winner)
            key = "besigue.won_bas" if outcome.en_bas_table else "besigue.won"
            lines.append(t(lang, key, name=winner, players=players))
        return lines

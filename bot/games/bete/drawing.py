"""La Bête drawn for people: its calls, trump card, pot, bêtes, hand and summary.

Money is kept in jetons and shown in fiches and jetons.  Everything is drawn
from one seat's view (``DealView``) or from the public view
(``bot.renderer.Renderer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.drawing.render import (
    button,
    card_buttons,
    card_text,
    cards_text,
    help_button,
    suit_text,
    turn_lines,
)
from bot.game import CardRow, Field, TableLike
from bot.games.bete.codec import call_arg, call_of, parse_move
from bot.games.bete.port import bete_in_stake, coming_pot, pot_of_parts
from bot.ids import ComponentId
from bot.tables.carried import carried_line, listed
from bot.texts.fitting import FIELD_LIMIT
from bot.texts.i18n import one_of, t
from bot.texts.refusals import refusal_keys
from bot.trick_game import TrickRenderer, hands_left_key, seat_roles
from games.bete import Action, DealState, DealView, Kind, Outcome, Phase, Pot, Session
from games.bete.rules import FICHE
from games.bete.state import Refused
from games.cards import cards_of

RULE_TOPICS: tuple[str, ...] = ("overview", "auction", "play", "settlement", "register")
_CALL_KEYS = {
    Kind.PASS: "call.pass",
    Kind.PLAY_CONTRACT: "bete.call.play",
    Kind.CONTRE: "bete.call.contre",
    Kind.CURIEUSE: "bete.call.curieuse",
}
SPEAKING = (Phase.SPEAKING, Phase.CURIEUSE)
# what a player to speak is offered, by the call's kind (the prompt says only these)
_OFFER_KEYS = {
    Kind.PASS: "bete.offer.pass",
    Kind.PLAY_CONTRACT: "bete.offer.play",
    Kind.CONTRE: "bete.offer.contre",
    Kind.CURIEUSE: "bete.offer.curieuse",
}
# the heading of each round of speaking after the first (RULES.md §2)
_ROUND_KEYS = ("bete.round.curieuse", "bete.round.again")


def fiches(jetons: int, lang: str) -> str:
    """An amount in fiches and jetons, each word in the reader's plural: ``43`` →
    "4 fiches 3 jetons"; ``0`` → "0 jeton" in French, "0 jetons" in English."""
    count, rest = divmod(jetons, FICHE)
    parts = [t(lang, "bete.fiches", count=count)] if count else []
    if rest or not count:
        parts.append(t(lang, "bete.jetons", count=rest))
    return " ".join(parts)


def money(amount: int, lang: str) -> str:
    """An amount won or lost, signed, in fiches and jetons."""
    if amount == 0:
        return "±0"
    return ("+" if amount > 0 else "−") + fiches(abs(amount), lang)


def action_text(action: Action, lang: str) -> str:
    if action.kind is Kind.PLAY:
        return card_text(action.card, lang)
    return t(lang, _CALL_KEYS[action.kind])


def pot_parts(pot: Pot, lang: str) -> str:
    """The pot's three parts, as a field titled "Pot" shows them."""
    return t(
        lang,
        "bete.pot_parts",
        reserve=fiches(pot.reserve, lang),
        stake=fiches(pot.stake, lang),
        kings=fiches(pot.kings, lang),
    )


def pot_text(pot: Pot, lang: str) -> str:
    """The pot on a line of its own, named: "Pot: reserve … · stake … · kings …"."""
    return t(lang, "bete.pot", parts=pot_parts(pot, lang))


def trump_line(view: DealView, lang: str) -> str:
    line = t(
        lang,
        "bete.trump",
        suit=suit_text(view.trump_card.suit, lang),
        card=card_text(view.trump_card, lang),
    )
    if view.set_aside is not None:
        line += " — " + t(lang, "bete.set_aside", card=card_text(view.set_aside, lang))
    return line


def speak_prompt(view: DealView, names: list[str], lang: str) -> str:
    """What the player to speak is asked: exactly the calls offered (``view.legal``)."""
    declarer = names[view.declarer] if view.declarer >= 0 else ""
    offers = [t(lang, _OFFER_KEYS[a.kind], name=declarer) for a in view.legal]
    key = "bete.your_turn.curieuse" if view.phase is Phase.CURIEUSE else "bete.your_turn.speak"
    return t(lang, key, choices=one_of(offers, lang))


def speaking_rounds(view: DealView, names: list[str], lang: str) -> list[tuple[str, list[str]]]:
    """The calls said, round by round: each round's heading (none for the first) and
    its calls, each line made of its parts ("🤖 Alexandre : Passe")."""
    return [
        (
            t(lang, _ROUND_KEYS[index - 1]) if index else "",
            [t(lang, "labelled", label=names[s], text=action_text(a, lang)) for s, a in calls],
        )
        for index, calls in enumerate(view.speaking_rounds())
    ]


def goal_lines(view: DealView, names: list[str], lang: str, seat: int = -1) -> list[str]:
    """What the one who plays needs, and the contreur (RULES.md §2 "Winning"); "you"
    for ``seat``."""
    lines = []
    for who, key in ((view.declarer, "bete.goal"), (view.contreur, "bete.goal.contre")):
        if who >= 0:
            lines.append(t(lang, key + (".you" if who == seat else ""), name=names[who]))
    return lines


def call_buttons(table: TableLike, view: DealView, lang: str) -> list[discord.ui.Button[Any]]:
    out = []
    for action in view.legal:
        pass_ = action.kind is Kind.PASS
        style = discord.ButtonStyle.danger if pass_ else discord.ButtonStyle.success
        cid = ComponentId(table.id, table.moves, "call", call_arg(action))
        out.append(button(cid, action_text(action, lang), style))
    out.append(help_button(table, "auction"))  # je joue, contrer, la curieuse
    return out


def stake_bete_named(table: TableLike, view: DealView | None) -> tuple[str, int] | None:
    """Whose bête is in the stake, and how much: the one paid in as the deal in progress
    began, else the session's, paid in at an earlier deal of this table (RULES.md §2)."""
    if view is not None and not table.between_hands and view.entered is not None:
        return table.names[view.entered.owner], view.entered.amount
    session = table.session
    entry = session.stake_bete if isinstance(session, Session) else None
    seat = None if entry is None else table.seat_of(entry.owner or "")
    if entry is None or seat is None:
        return None
    return table.name(seat), entry.amount


def betes_text(table: TableLike, view: DealView | None, lang: str) -> str:
    """The bête in play (paid into the stake) and the waiting ones, largest first."""
    names = table.names
    session = table.session
    if view is not None and not table.between_hands:
        in_play = view.bete_in_play
        waiting = [(names[b.owner], b.amount) for b in view.waiting]
    elif isinstance(session, Session):
        in_play = session.bete_in_play
        waiting = []
        for entry in session.waiting():
            seat = table.seat_of(entry.owner or "")
            waiting.append((table.name(seat) if seat is not None else "?", entry.amount))
    else:
        return "—"
    lines = []
    if in_play:
        owned = stake_bete_named(table, view)
        if owned is None:  # come with the pot from another table: whose, untold
            lines.append(t(lang, "bete.in_play"))
        else:
            name, amount = owned
            lines.append(t(lang, "bete.in_play.owned", name=name, amount=fiches(amount, lang)))
    waiting.sort(key=lambda w: -w[1])
    if waiting:
        said = [f"{name} {fiches(amount, lang)}" for name, amount in waiting]
        room = FIELD_LIMIT - len("\n".join([*lines, ""]))  # the field's, less its other line
        lines.append(listed(lang, "bete.waiting", "betes", said, room))
    return "\n".join(lines) or t(lang, "bete.none")


class BeteRenderer(TrickRenderer[DealView, Action]):
    """La Bête drawn at a table of 2 to 5: a plain trick game's (``TrickRenderer``), with
    its calls (the moves needing no context), its money, its pot and its bêtes."""

    action_type = Action
    rule_topics = RULE_TOPICS
    refusals = refusal_keys(dict.fromkeys(Refused, "error.illegal_call"))  # a call out of turn
    default_options = "options.default.bete"
    action_text = staticmethod(action_text)
    parse_move = staticmethod(parse_move)  # calls and cards

    def money(self, amount: int, lang: str) -> str:
        return money(amount, lang)  # in fiches and jetons

    def amount(self, amount: int, lang: str) -> str:
        return fiches(amount, lang)

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        args.pop("standing", None)
        return super().log_args(table, args, lang)

    def deal_lines(self, table: TableLike, view: DealView, lang: str) -> list[str]:
        names = table.names
        key = "phase.play" if view.phase is Phase.PLAY else "bete.phase.speak"
        lines = ["**" + t(lang, key, name=names[view.turn]) + "**"]
        if view.phase is Phase.PLAY:
            lines.extend(goal_lines(view, names, lang))
        lines.append(trump_line(view, lang))
        lines.append(t(lang, "table.dealer", name=names[view.dealer]))
        lines.append(pot_text(view.pot, lang))
        return lines

    def session_lines(self, table: TableLike, view: DealView | None, lang: str) -> list[str]:
        session = table.session
        if not isinstance(session, Session):
            return []
        lines = [] if view is not None else [pot_text(coming_pot(table, session), lang)]
        if session.stop_requested and table.status != "ended":
            lines.append(self.stopping(table, lang))
        return lines

    def carried_lines(self, table: TableLike, lang: str) -> list[str]:
        """The waiting bêtes the next table starts from, and the pot if it holds any."""
        session = table.session
        if not isinstance(session, Session):
            return []
        lines = [carried_line(table, session.waiting(), self.amount, lang)]
        if session.pot.total:
            lines.append(t(lang, "bete.pot_carried"))
        return lines

    def stopping(self, table: TableLike, lang: str) -> str:
        """The deals left in the round: ``deals_left`` counts the deal in progress, so
        during a deal it is "this one included" and 1 is the last; between deals, the
        deals still to deal."""
        session = table.session
        left = session.deals_left if isinstance(session, Session) else 0
        return t(lang, hands_left_key("bete.stopping", table.in_deal, left), count=left)

    def seat_details(
        self, table: TableLike, view: DealView | None, seat: int, lang: str
    ) -> list[str]:
        if view is None or table.between_hands:
            return []
        roles = (
            (view.declarer == seat, "bete.declarer"),
            (view.contreur == seat, "bete.contreur"),
            (seat in view.curieux, "bete.curieux"),
        )
        tricks = view.tricks_won[seat] if view.phase in (Phase.PLAY, Phase.DONE) else None
        return seat_roles(lang, view.dealer == seat, roles, tricks)

    def public_fields(self, table: TableLike, view: DealView | None, lang: str) -> list[Field]:
        names = table.names
        fields: list[Field] = []
        if view is not None and not table.between_hands:
            lines = []
            for heading, calls in speaking_rounds(view, names, lang):
                lines += [f"*{heading}*"] if heading else []
                lines += calls
            calls_text = "\n".join(lines) or t(lang, "table.no_calls")
            fields.append((t(lang, "bete.speaking"), calls_text, True))
        fields.append((t(lang, "bete.betes"), betes_text(table, view, lang), False))
        return fields

    def table_buttons(
        self, table: TableLike, view: DealView, lang: str
    ) -> list[discord.ui.Button[Any]]:
        return call_buttons(table, view, lang) if view.phase in SPEAKING else []

    def hand_rows(self, view: DealView, lang: str) -> list[CardRow]:
        playing = view.phase is Phase.PLAY and bool(view.legal)
        playable = frozenset(a.card for a in view.legal) if playing else None
        return [CardRow(tuple(cards_of(view.hand)), playable)]

    def hand_body(
        self,
        table: TableLike,
        view: DealView,
        seat: int,
        lang: str,
        step: str,
        *,
        stood_in: bool = False,
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        names = table.names
        lines = [t(lang, "hand.hand_no", hand=table.hand_no, dealer=names[view.dealer])]
        lines.append(trump_line(view, lang))
        lines.append("")
        lines.append(t(lang, "hand.cards", cards=cards_text(cards_of(view.hand), lang)))
        mine = view.turn == seat and not stood_in
        if mine and view.phase in SPEAKING and view.calls:
            said = [
                " ".join(filter(None, (heading, " · ".join(calls))))
                for heading, calls in speaking_rounds(view, names, lang)
            ]
            lines.append(t(lang, "hand.said", calls=" ".join(said)))
        done, playing = view.phase is Phase.DONE, view.phase is Phase.PLAY
        if playing:
            lines.extend(goal_lines(view, names, lang, seat))
        speaking = mine and view.phase in SPEAKING
        prompt = speak_prompt(view, names, lang) if speaking else t(lang, "bete.your_turn.play")
        lines += turn_lines(
            table, view, lang, done=done, playing=playing, prompt=prompt, stood_in=stood_in
        )
        items: list[discord.ui.Item[Any]] = []
        if mine and view.phase in SPEAKING:
            items.extend(call_buttons(table, view, lang))
        elif view.phase is Phase.PLAY:
            legal = {a.card for a in view.legal}
            items.extend(card_buttons(table, cards_of(view.hand), legal, mine, lang))
        return lines, items

    def component_action(
        self, view: DealView, verb: str, arg: str, values: list[str]
    ) -> Action | None:
        if verb == "call":
            return call_of(arg)
        return super().component_action(view, verb, arg, values)

    def settlement(self, table: TableLike, settled: Any, lang: str) -> tuple[str, str, list[Field]]:
        names = table.names
        outcome = settled.outcome
        hand = table.hand_no
        if outcome.void:
            return (
                t(lang, "bete.summary.void_title", hand=hand),
                t(lang, "bete.summary.void"),
                [(t(lang, "bete.pot_title"), pot_parts(settled.pot_after, lang), False)],
            )
        declarer = names[outcome.declarer]
        key = "bete.summary.won" if outcome.declarer_won else "bete.summary.lost"
        title = t(lang, key, hand=hand, name=declarer)
        tricks = outcome.tricks[outcome.declarer]
        # a dévole's own line says he took no trick
        result = (
            [] if outcome.devole else [t(lang, "bete.summary.tricks", name=declarer, count=tricks)]
        )
        result += feats(outcome, names, lang)
        fields: list[Field] = [
            (t(lang, "bete.king"), king_text(table, settled, lang), False),
            (t(lang, "bete.pot_title"), pot_parts(settled.pot_after, lang), False),
        ]
        return title, "\n".join(result), fields

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        parts = pot_parts(pot_of_parts(pot), lang)
        if bete_in_stake(pot):  # carried from the last table: the next one goes on with it
            parts += "\n" + t(lang, "bete.in_play")
        return [(t(lang, "register.pot"), parts, False)]

    def history_result(self, state: DealState, names: Sequence[str], lang: str) -> str:
        outcome = state.outcome
        assert outcome is not None
        if outcome.void:
            return t(lang, "bete.history.void")
        key = "bete.history.won" if outcome.declarer_won else "bete.history.lost"
        if outcome.devole:  # its own words follow: no "(0 tricks)" before "no trick"
            key = "bete.history.devole"
        played = t(
            lang,
            key,
            name=names[outcome.declarer],
            suit=suit_text(state.view(0).trump_card.suit, lang),
            count=outcome.tricks[outcome.declarer],
        )
        return " ".join([played, *feats(outcome, list(names), lang)])


def feats(outcome: Outcome, names: list[str], lang: str) -> list[str]:
    """What else a deal's play came to: a vole or a dévole, a win with the first two
    tricks only, and how the contreur fared."""
    lines = []
    declarer = names[outcome.declarer]
    if outcome.vole:
        lines.append(t(lang, "bete.summary.vole", name=declarer))
    if outcome.devole:  # a bête of the stake, and one for each waiting bête if any
        betes = sum(b.owner == outcome.declarer for b in outcome.new_betes)
        key = "bete.summary.devole" if betes > 1 else "bete.summary.devole_alone"
        lines.append(t(lang, key, name=declarer))
    winner = outcome.stake_winner
    if winner >= 0 and outcome.tricks[winner] == 2:  # the rule a newcomer wonders at
        lines.append(t(lang, "bete.summary.first_two", name=names[winner]))
    if outcome.contreur >= 0:
        key = "bete.summary.contre_won" if outcome.contreur_won else "bete.summary.contre_lost"
        lines.append(t(lang, key, name=names[outcome.contreur]))
    return lines


def king_text(table: TableLike, settled: Any, lang: str) -> str:
    """Who held the king of trump (or turned it up), revealed at the end of the deal, and
    his jetons."""
    state = table.state
    holder = state.king_of_trump_seat() if isinstance(state, DealState) else -1
    if holder < 0 or not isinstance(state, DealState):
        return t(lang, "bete.king.talon")
    name = table.name(holder)
    turned = ".turned" if state.king_turned() else ""  # turned up by the dealer, not held
    if settled.outcome.king_holder == holder:
        return t(lang, "bete.king.takes" + turned, name=name)
    return t(lang, "bete.king.stays" + turned, name=name)

"""La Bête (1792) at the table: its sessions, deals, log lines, calls and drawings.

The rules are the engine's (``games.bete``); the table service, the event log,
timers, computer players and the shared drawings are La Bête Hombrée's too
(``bot.tablegame.TableGame``).  Money is kept in jetons and shown in fiches
and jetons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

import discord

from bot.errors import UserError
from bot.i18n import t
from bot.ids import ComponentId
from bot.parsing import plain
from bot.render import button, card_buttons, card_text, cards_text, suit_text, trick_text
from bot.table import LiveTable, LogLine
from bot.tablegame import Field
from games.bete import (
    Action,
    DealState,
    DealView,
    Kind,
    Phase,
    Pot,
    Rules,
    Session,
    SettledDeal,
    fiches,
    record_of,
)
from games.bete.rules import MAX_SEATS, MIN_SEATS
from games.cards import cards_of
from games.dealing import deal_text, parse_deal
from games.register import Register

GAME: Final = "bete"
PARTS: Final = ("reserve", "stake", "kings")

# the calls as a component id carries them, and as the engine writes them
_CALL_ARGS: Final = {
    Kind.PASS: "pass",
    Kind.PLAY_CONTRACT: "joue",
    Kind.CONTRE: "contre",
    Kind.CURIEUSE: "cur",
}
_BY_ARG: Final = {arg: kind for kind, arg in _CALL_ARGS.items()}
_CALL_KEYS: Final = {
    Kind.PASS: "call.pass",
    Kind.PLAY_CONTRACT: "bete.call.play",
    Kind.CONTRE: "bete.call.contre",
    Kind.CURIEUSE: "bete.call.curieuse",
}
# what players type with /bid, accents and case aside
_TYPED: Final = {
    "pass": Kind.PASS,
    "passe": Kind.PASS,
    "je passe": Kind.PASS,
    "joue": Kind.PLAY_CONTRACT,
    "je joue": Kind.PLAY_CONTRACT,
    "jouer": Kind.PLAY_CONTRACT,
    "play": Kind.PLAY_CONTRACT,
    "play-contract": Kind.PLAY_CONTRACT,
    "contre": Kind.CONTRE,
    "contrer": Kind.CONTRE,
    "je contre": Kind.CONTRE,
    "curieuse": Kind.CURIEUSE,
    "en curieuse": Kind.CURIEUSE,
    "je vais en curieuse": Kind.CURIEUSE,
    "cur": Kind.CURIEUSE,
}


def call_arg(action: Action) -> str:
    return _CALL_ARGS[action.kind]


def call_of(arg: str) -> Action:
    kind = _BY_ARG.get(arg)
    if kind is None:
        raise ValueError(f"not a call of La Bête: {arg!r}")
    return Action(kind)


def money(amount: int) -> str:
    """An amount won or lost, signed, in fiches and jetons."""
    if amount == 0:
        return "±0"
    return ("+" if amount > 0 else "−") + fiches(abs(amount))


def action_text(action: Action, lang: str) -> str:
    if action.kind is Kind.PLAY:
        return card_text(action.card, lang)
    return t(lang, _CALL_KEYS[action.kind])


def pot_text(pot: Pot, lang: str) -> str:
    return t(
        lang,
        "bete.pot",
        reserve=fiches(pot.reserve),
        stake=fiches(pot.stake),
        kings=fiches(pot.kings),
    )


def pot_of_parts(parts: dict[str, int]) -> Pot:
    return Pot(parts.get("reserve", 0), parts.get("stake", 0), parts.get("kings", 0))


def _state(table: LiveTable) -> DealState:
    state = table.state
    assert isinstance(state, DealState)
    return state


class Bete:
    """La Bête (RULES.md §2) at a table of 2 to 5."""

    id = GAME
    title = "La Bête"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    pot_parts: tuple[str, ...] = PARTS
    rule_topics: tuple[str, ...] = ("overview", "auction", "play", "settlement", "register")

    # ---- the engine at a table ------------------------------------------------

    def rules(self, options: dict[str, Any]) -> Rules:
        return Rules.from_dict(options)

    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session = Session.start(players, seed, rules=rules)
        return session, [LogLine.of("log.bete.start", seat=session.dealer)]

    def deal(
        self,
        session: Session,
        seed: int,
        register: Register,
        pot: dict[str, int],
        given: tuple[list[list[str]], list[str]] | None,
    ) -> dict[str, Any]:
        if given is not None:
            hands, talon = given
        else:
            session.register, session.pot = register, pot_of_parts(pot)
            state = session.deal(seed)
            hands, talon = deal_text(state.initial_hands, state.talon)
        return {"dealer": session.dealer, "hands": hands, "talon": talon}

    def apply_deal(
        self, session: Session, payload: dict[str, Any], register: Register, pot: dict[str, int]
    ) -> DealState:
        if int(payload["dealer"]) != session.dealer:
            raise ValueError("the dealer differs from the session's")
        session.register, session.pot = register, pot_of_parts(pot)
        hands, talon = parse_deal(payload["hands"], payload["talon"])
        return session.deal_hands(hands, talon)

    def pot_of(self, session: Session) -> dict[str, int]:
        pot = session.pot
        return {"reserve": pot.reserve, "stake": pot.stake, "kings": pot.kings}

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_line(
        self, state: DealState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action))
        if action.kind is Kind.PLAY:
            return None
        return LogLine.of("log.call", seat=seat, action=str(action))

    def hidden(self, table: LiveTable, seat: int) -> bool:
        return False  # no blind call in La Bête

    def refusal(self, table: LiveTable, seat: int, action: Action) -> str | None:
        state = _state(table)
        if state.check(action, seat) is None:
            return None
        return "error.illegal_card" if state.phase is Phase.PLAY else "error.illegal_call"

    def busy_entries(self, session: Session, state: DealState | None) -> set[int]:
        # the bêtes a deal plays for are its seated players', who sit nowhere else
        return set()

    def entry_in_play(self, table: LiveTable, register: Register) -> int | None:
        return None  # a bête in play is paid into the stake: it is no longer waiting

    def hand_row(
        self, session: Session, state: DealState
    ) -> tuple[dict[str, Any], int | None, bool | None]:
        outcome = state.outcome
        assert outcome is not None
        if outcome.void:
            return record_of(session, state).to_json(), None, None
        return record_of(session, state).to_json(), outcome.declarer, outcome.declarer_won

    # ---- drawing -----------------------------------------------------------------

    def money(self, amount: int, lang: str) -> str:
        return money(amount)

    def amount(self, amount: int, lang: str) -> str:
        return fiches(amount)

    def action_text(self, action: Action, lang: str) -> str:
        return action_text(action, lang)

    def log_args(self, table: LiveTable, args: dict[str, Any], lang: str) -> dict[str, Any]:
        if "action" in args:
            args["action"] = action_text(Action.parse(str(args["action"])), lang)
        args.pop("standing", None)
        return args

    def public_view(self, table: LiveTable) -> DealView | None:
        state = table.state
        if not isinstance(state, DealState):
            return None
        seat = state.turn if state.turn >= 0 else 0
        return replace(state.view(seat), hand=0, legal=())

    def status_lines(self, table: LiveTable, view: DealView | None, lang: str) -> list[str]:
        names = [s.name for s in table.seats]
        session = table.session
        lines = []
        playing = view is not None and not table.between_hands and table.status != "ended"
        if playing and view is not None:
            key = "phase.play" if view.phase is Phase.PLAY else "phase.auction"
            lines.append("**" + t(lang, key, name=names[view.turn]) + "**")
            lines.append(self._trump_line(view, lang))
            lines.append(t(lang, "table.dealer", name=names[view.dealer]))
            lines.append(pot_text(view.pot, lang))
        if isinstance(session, Session):
            if not playing:
                lines.append(t(lang, "table.next_dealer", name=names[session.dealer]))
                lines.append(pot_text(session.pot, lang))
            if session.stop_requested and table.status != "ended":
                lines.append(t(lang, "bete.stopping", count=session.deals_left))
        return lines

    def _trump_line(self, view: DealView, lang: str) -> str:
        line = t(
            lang,
            "bete.trump",
            suit=suit_text(view.trump_card.suit, lang),
            card=card_text(view.trump_card, lang),
        )
        if view.set_aside is not None:
            line += " — " + t(lang, "bete.set_aside", card=card_text(view.set_aside, lang))
        return line

    def seat_details(
        self, table: LiveTable, view: DealView | None, seat: int, lang: str
    ) -> list[str]:
        details: list[str] = []
        if view is None or table.between_hands:
            return details
        if view.dealer == seat:
            details.append(t(lang, "table.is_dealer"))
        if view.declarer == seat:
            details.append(t(lang, "bete.declarer"))
        if view.contreur == seat:
            details.append(t(lang, "bete.contreur"))
        if seat in view.curieux:
            details.append(t(lang, "bete.curieux"))
        if view.phase in (Phase.PLAY, Phase.DONE):
            details.append(t(lang, "table.tricks", count=view.tricks_won[seat]))
        return details

    def public_fields(self, table: LiveTable, view: DealView | None, lang: str) -> list[Field]:
        names = [s.name for s in table.seats]
        fields: list[Field] = []
        if view is not None and not table.between_hands:
            calls = "\n".join(f"{names[s]} : {action_text(a, lang)}" for s, a in view.calls)
            fields.append((t(lang, "bete.speaking"), calls or t(lang, "table.no_calls"), True))
            if view.phase is Phase.PLAY:
                fields.append(
                    (
                        t(lang, "table.trick", number=len(view.tricks_played) + 1),
                        trick_text(view.trick, names, lang),
                        False,
                    )
                )
        fields.append((t(lang, "bete.betes"), self._betes_text(table, view, lang), False))
        return fields

    def _betes_text(self, table: LiveTable, view: DealView | None, lang: str) -> str:
        """The bête in play (paid into the stake) and the waiting ones, largest first."""
        names = [s.name for s in table.seats]
        session = table.session
        lines = []
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
        if in_play:
            lines.append(t(lang, "bete.in_play"))
        waiting.sort(key=lambda w: -w[1])
        if waiting:
            text = ", ".join(f"{name} {fiches(amount)}" for name, amount in waiting)
            lines.append(t(lang, "bete.waiting", betes=text))
        return "\n".join(lines) or t(lang, "bete.none")

    def table_buttons(self, table: LiveTable, lang: str) -> list[discord.ui.Button[Any]]:
        state = table.state
        if table.between_hands or not isinstance(state, DealState):
            return []
        if state.phase not in (Phase.SPEAKING, Phase.CURIEUSE):
            return []
        return self._call_buttons(table, state.view(state.turn), lang)

    def _call_buttons(
        self, table: LiveTable, view: DealView, lang: str
    ) -> list[discord.ui.Button[Any]]:
        out = []
        for action in view.legal:
            style = (
                discord.ButtonStyle.danger
                if action.kind is Kind.PASS
                else discord.ButtonStyle.success
            )
            cid = ComponentId(table.id, table.moves, "call", call_arg(action))
            out.append(button(cid, action_text(action, lang), style))
        return out

    def hand_body(
        self, table: LiveTable, seat: int, lang: str, step: str
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        names = [s.name for s in table.seats]
        view = _state(table).view(seat)
        lines = [t(lang, "hand.hand_no", hand=table.hand_no, dealer=names[view.dealer])]
        lines.append(self._trump_line(view, lang))
        lines.append("")
        lines.append(t(lang, "hand.cards", cards=cards_text(cards_of(view.hand), lang)))
        mine = view.turn == seat
        if mine and view.phase in (Phase.SPEAKING, Phase.CURIEUSE) and view.calls:
            calls = " · ".join(f"{names[s]} {action_text(a, lang)}" for s, a in view.calls)
            lines.append(t(lang, "hand.calls", calls=calls))
        if mine and view.phase is Phase.PLAY:
            lines.append(t(lang, "hand.trick", trick=trick_text(view.trick, names, lang)))
            lines.append(t(lang, "hand.tricks_won", count=view.tricks_won[seat]))
        if view.phase is Phase.DONE:
            lines.append(t(lang, "phase.done"))
        elif mine:
            lines.append("")
            key = "bete.your_turn.play" if view.phase is Phase.PLAY else "bete.your_turn.speak"
            if view.phase is Phase.CURIEUSE:
                key = "bete.your_turn.curieuse"
            lines.append("**" + t(lang, key) + "**")
        else:
            lines.append(t(lang, "hand.not_your_turn"))
        items: list[discord.ui.Item[Any]] = []
        if mine and view.phase in (Phase.SPEAKING, Phase.CURIEUSE):
            items.extend(self._call_buttons(table, view, lang))
        elif view.phase is Phase.PLAY:
            legal = {a.card for a in view.legal}
            items.extend(card_buttons(table, cards_of(view.hand), legal, mine, lang))
        return lines, items

    def component_action(
        self, table: LiveTable, seat: int, verb: str, arg: str, values: list[str]
    ) -> Action:
        if verb == "call":
            return call_of(arg)
        if verb == "play":
            return Action.parse(f"play {arg}")
        raise ValueError(f"unknown verb {verb!r}")

    def settlement(
        self, table: LiveTable, settled: SettledDeal, lang: str
    ) -> tuple[str, str, list[Field]]:
        names = [s.name for s in table.seats]
        outcome = settled.outcome
        hand = table.hand_no
        if outcome.void:
            return (
                t(lang, "bete.summary.void_title", hand=hand),
                t(lang, "bete.summary.void"),
                [(t(lang, "bete.pot_title"), pot_text(settled.pot_after, lang), False)],
            )
        declarer = names[outcome.declarer]
        key = "bete.summary.won" if outcome.declarer_won else "bete.summary.lost"
        title = t(lang, key, hand=hand, name=declarer)
        result = [
            t(lang, "bete.summary.tricks", name=declarer, count=outcome.tricks[outcome.declarer])
        ]
        if outcome.vole:
            result.append(t(lang, "bete.summary.vole", name=declarer))
        if outcome.devole:
            result.append(t(lang, "bete.summary.devole", name=declarer))
        if outcome.contreur >= 0:
            key = "bete.summary.contre_won" if outcome.contreur_won else "bete.summary.contre_lost"
            result.append(t(lang, key, name=names[outcome.contreur]))
        fields: list[Field] = [
            (t(lang, "bete.king"), self._king_text(table, settled, lang), False),
            (t(lang, "bete.pot_title"), pot_text(settled.pot_after, lang), False),
        ]
        return title, "\n".join(result), fields

    def _king_text(self, table: LiveTable, settled: SettledDeal, lang: str) -> str:
        """Who held the king of trump, revealed at the end of the deal, and his jetons."""
        state = table.state
        outcome = settled.outcome
        holder = state.king_of_trump_seat() if isinstance(state, DealState) else -1
        if holder < 0:
            return t(lang, "bete.king.talon")
        name = table.name(holder)
        if outcome.king_holder == holder:
            return t(lang, "bete.king.takes", name=name)
        return t(lang, "bete.king.stays", name=name)

    def parse_call(self, text: str) -> Action:
        key = re.sub(r"\s+", " ", plain(text).strip().lower())
        kind = _TYPED.get(key)
        if kind is None:
            raise UserError("error.bad_input", text=text[:40])
        return Action(kind)

    def call_choices(self, table: LiveTable, seat: int, lang: str) -> list[tuple[str, str]]:
        state = _state(table)
        if state.is_over or state.turn != seat:
            return []
        return [
            (action_text(a, lang), call_arg(a))
            for a in state.legal_actions()
            if a.kind is not Kind.PLAY
        ]

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        return [(t(lang, "register.pot"), pot_text(pot_of_parts(pot), lang), False)]


BETE: Final = Bete()

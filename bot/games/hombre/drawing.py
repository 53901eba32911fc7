"""L'Hombre drawn for people: its calls, trump, exchange, poule and bêtes, hand and summary.

Money is in jetons.  Everything is drawn from one seat's view (``DealView``) or
from the public view (``public_view``: the hand, the discards and a partner's
hand emptied), so no card a reader may not see reaches a message: the rest of
the talon only once shown, a partner's hand only to the other defender during
a vole (``bot.renderer.Renderer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

import discord

from bot.drawing.lobby_text import changed_options, option_line
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
from bot.games.hombre.codec import (
    action_arg,
    action_of,
    parse_move,
    play_arg,
    play_of,
)
from bot.games.hombre.exchange import (
    discards_from,
    exchange_items,
    exchange_words,
    exchanges_text,
    talon_phase,
)
from bot.games.hombre.money import carried_text, coming_pool, pool_text
from bot.ids import ComponentId
from bot.texts.i18n import t
from bot.texts.refusals import refusal_by_code, refusal_keys
from bot.trick_game import TableStatus, seat_roles
from games.cards import Card, Suit, cards_of
from games.hombre import Action, DealState, DealView, Kind, Mode, Phase, Session, Signal
from games.hombre.rules import SEATS, TRICKS, Rules, plain_order, trick_rules
from games.hombre.settle import ALL_PASSED, CODILLE, REMISE, VOLE, VOLE_FAILED, WIN
from games.hombre.state import Refused
from games.refusals import Refusal, Rule

RULE_TOPICS: tuple[str, ...] = ("overview", "cards", "auction", "exchange", "play", "money")
CALL_KEYS: Final = {
    Kind.PASS: "call.pass",
    Kind.PRENDRE: "hombre.call.prendre",
    Kind.SANS_PRENDRE: "hombre.call.sans_prendre",
    Kind.SANS_PRENDRE_VOLE: "hombre.call.sans_prendre_vole",
    Kind.SHOW: "hombre.btn.show",
    Kind.HIDE: "hombre.btn.hide",
    Kind.STOP: "hombre.btn.stop",
}
SIGNAL_KEYS: Final = {Signal.GANO: "hombre.signal.gano", Signal.KNOCK: "hombre.signal.knock"}
RESULT_KEYS: Final = {
    WIN: "hombre.summary.win",
    REMISE: "hombre.summary.remise",
    CODILLE: "hombre.summary.codille",
    VOLE: "hombre.summary.vole",
    VOLE_FAILED: "hombre.summary.vole_failed",
    ALL_PASSED: "hombre.summary.all_pass",
}


def hand_in_order(view: DealView) -> list[Card]:
    """A seat's cards as a player holds them (``in_hand_order``)."""
    return in_hand_order(view, view.hand)


def in_hand_order(view: DealView, mask: int) -> list[Card]:
    """``mask``'s cards as a player holds them: once trump is named, the trumps first
    (espadille, manille, baste...), then each suit strongest first; before, each suit
    by its plain order (a red suit's ace below its jack), a black ace first."""
    cards = cards_of(mask)
    if view.trump >= 0:
        rules = trick_rules(view.trump)
        return sorted(
            cards,
            key=lambda c: (not rules.is_trump(c.index), rules.suit[c.index], -rules.power[c.index]),
        )

    def place(card: Card) -> tuple[int, int]:
        order = plain_order(card.suit, (int(card.suit) + 1) % 4)  # any other suit for trump
        return int(card.suit), order.index(card.index) if card.index in order else -1

    return sorted(cards, key=place)


def action_text(action: Action, lang: str) -> str:
    """Any action, out of context (for refusals and the /play choices)."""
    kind = action.kind
    if kind is Kind.PLAY:
        text = card_text(action.card, lang)
        if action.signal is not Signal.NONE:
            text += f" ({t(lang, SIGNAL_KEYS[action.signal])})"
        return text
    if kind is Kind.TRUMP:
        return t(lang, "hombre.trump_named", suit=suit_text(Suit(action.suit), lang))
    if kind is Kind.DISCARD:
        if not action.cards:
            return t(lang, "hombre.btn.keep")
        return t(lang, "hombre.exchange_of", cards=cards_text(cards_of(action.cards), lang))
    return t(lang, CALL_KEYS[kind])


def listed_text(action: Action, lang: str) -> str:
    """An action in a refusal's list of what may be played: a card by itself, once, its
    signals being words said with it rather than other cards."""
    if action.kind is Kind.PLAY:
        return card_text(action.card, lang)
    return action_text(action, lang)


def mode_text(mode: Mode, lang: str) -> str:
    return t(lang, f"hombre.mode.{mode.name.lower()}")


def hombre_named(view: DealView) -> bool:
    """Whether the hombre is known: the last caller is l'hombre only once the auction is
    over (RULES.md §3); while it goes on, a call is only the standing one."""
    return view.mode is not None and view.phase is not Phase.AUCTION


def defenders_see(view: DealView) -> bool:
    """Whether the defenders see each other's hands: a vole undertaken in play, or a
    sans-prendre vole from the end of the auction (the engine's ``partners_see``, which
    a view made public no longer shows by its partner's hand)."""
    return view.vole or (hombre_named(view) and view.mode is Mode.SANS_PRENDRE_VOLE)


def standing_text(view: DealView, names: list[str], lang: str) -> str:
    """ "Ouest — sans prendre": the highest call of the auction so far."""
    assert view.mode is not None
    return t(lang, "hombre.standing_call", name=names[view.hombre], mode=mode_text(view.mode, lang))


def contract_text(view: DealView, names: list[str], lang: str) -> str:
    """ "Ouest, hombre sans prendre — atout ♠ pique", and the vole if undertaken."""
    text = contract_words(view, names, lang)
    if defenders_see(view):
        text += "\n" + t(lang, "hombre.vole_undertaken")
    return text


def contract_words(view: DealView, names: list[str], lang: str) -> str:
    """ "Ouest, hombre sans prendre — atout ♠ pique"."""
    assert view.mode is not None
    text = t(lang, "hombre.contract", name=names[view.hombre], mode=mode_text(view.mode, lang))
    if view.trump >= 0:
        text += " — " + t(lang, "hombre.trump", suit=suit_text(Suit(view.trump), lang))
    return text


def signals_text(view: DealView, names: list[str], lang: str) -> str | None:
    """The defenders' signals of the trick in progress and of the last trick."""
    recent = {c.index for _, c in view.trick}
    if view.tricks_played:
        recent |= {c.index for _, c in view.tricks_played[-1].cards}
    said = [
        t(
            lang,
            SIGNAL_KEYS[signal] + ".said",
            name=names[seat],
            card=card_text(Card.from_index(i), lang),
        )
        for seat, i, signal in view.signals
        if i in recent
    ]
    return "\n".join(said) or None


def phase_prompt(view: DealView, names: list[str], lang: str) -> str:
    if view.phase is Phase.DONE:
        return t(lang, "phase.done.hombre")
    return t(lang, f"hombre.phase.{talon_phase(view)}", name=names[view.turn])


def choice_buttons(table: TableLike, view: DealView, lang: str) -> list[discord.ui.Button[Any]]:
    """The calls, or the suits for trump, that the view's seat may choose: the engine's
    legal actions, nothing else."""
    out: list[discord.ui.Button[Any]] = []
    for action in view.legal:
        if action.kind is Kind.PASS:
            style = discord.ButtonStyle.danger
        elif action.kind is Kind.TRUMP:
            style = discord.ButtonStyle.primary
        else:
            style = discord.ButtonStyle.success
        label = (
            suit_text(Suit(action.suit), lang)
            if action.kind is Kind.TRUMP
            else action_text(action, lang)
        )
        out.append(
            button(ComponentId(table.id, table.moves, "call", action_arg(action)), label, style)
        )
    out.append(help_button(table, "auction" if view.phase is Phase.AUCTION else "cards"))
    return out


def offered_moves(view: DealView) -> list[Action]:
    """What the seat is offered, by its buttons and ``/play``: the legal moves, a card with
    a signal only while a signal can ask the partner something (the engine accepts one
    typed at any time, RULES.md §3)."""
    if view.signal_asks():
        return list(view.legal)
    return [a for a in view.legal if a.signal is Signal.NONE]


def play_items(
    table: TableLike, view: DealView, mine: bool, lang: str, step: str
) -> list[discord.ui.Item[Any]]:
    """The cards as buttons (a defender's carry the signal chosen with the toggles beside
    them, offered while a signal can ask his partner something), and the hombre's
    *stop* when he may stop."""
    cards = hand_in_order(view)
    legal = {a.card for a in view.legal if a.kind is Kind.PLAY}
    signalling = any(a.signal is not Signal.NONE for a in offered_moves(view))
    signal = {"gano": Signal.GANO, "knock": Signal.KNOCK}.get(step, Signal.NONE)
    if not signalling:
        signal = Signal.NONE
    items: list[discord.ui.Item[Any]] = []
    for item in card_buttons(table, cards, legal, mine, lang):
        if signal is not Signal.NONE and mine and not item.disabled and item.custom_id:
            cid = ComponentId.parse(item.custom_id)
            item.custom_id = str(replace(cid, arg=play_arg(cid.arg, signal)))
            item.label = f"{item.label} · {t(lang, SIGNAL_KEYS[signal])}"
        items.append(item)
    if not mine:
        return items
    row = min(4, (len(cards) + 4) // 5)
    if signalling:
        for each in (Signal.GANO, Signal.KNOCK):
            on = each is signal
            word = each.name.lower()
            cid = ComponentId(table.id, table.moves, "sig", "none" if on else word)
            label = ("✓ " if on else "") + t(lang, SIGNAL_KEYS[each])
            style = discord.ButtonStyle.primary if on else discord.ButtonStyle.secondary
            items.append(button(cid, label, style, row=row))
    if any(a.kind is Kind.STOP for a in view.legal):
        cid = ComponentId(table.id, table.moves, "call", "stop")
        items.append(button(cid, t(lang, "hombre.btn.stop"), discord.ButtonStyle.success, row=row))
        items.append(help_button(table, "play", row=row))  # after the stop, not among cards
    return items


class HombreRenderer(TableStatus[DealView]):
    """L'Hombre drawn at a table of three."""

    rule_topics = RULE_TOPICS
    refusals = refusal_keys(
        {
            **dict.fromkeys(Refused, "error.illegal_call"),
            Refused.TRUMP_EXPECTED: "hombre.error.trump_expected",  # no call: trump
            Refused.SHOW_OR_HIDE: "hombre.error.show_or_hide",  # no call: the talon
            Refused.STOP: "hombre.error.stop",
            Refused.SIGNAL: "hombre.error.signal",  # the hombre gives no signal
            # the exchange is worded by what the talon gives (``exchange_words``)
            Refused.DISCARD_EXPECTED: "hombre.error.exchange_range",
            Refused.DISCARD_TOO_FEW: "hombre.error.exchange_range",
            Refused.DISCARD_TOO_MANY: "hombre.error.exchange_range",
        }
    )
    action_text = staticmethod(action_text)
    parse_move = staticmethod(parse_move)

    def move_text(self, view: DealView, action: Action, lang: str) -> str:
        return action_text(action, lang)

    def listed_text(self, view: DealView, action: Action, lang: str) -> str:
        return listed_text(action, lang)  # each card once, the choices say the signals

    def offered(self, view: DealView) -> list[Action]:
        return offered_moves(view)

    def completed(self, view: DealView, typed: str, lang: str) -> list[Action]:
        """At the exchange, the discard typed so far and each one a card more: the
        buttons choose several cards from a menu, ``/play`` one card at a time."""
        if view.exchange is None or view.turn != view.seat:
            return []
        return discards_from(view, hand_in_order(view), typed, lang)

    def money(self, amount: int, lang: str) -> str:
        if amount == 0:
            return "±0"
        return t(lang, "hombre.jetons", amount=("+" if amount > 0 else "−") + str(abs(amount)))

    def amount(self, amount: int, lang: str) -> str:
        return t(lang, "hombre.jetons", amount=str(amount))

    def refusal(
        self, view: DealView, action: Action, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        if view.phase is Phase.EXCHANGE and view.exchange is not None:  # the seat exchanging:
            foreign = action.cards & ~view.hand
            if refusal.code is Rule.NOT_HELD and foreign:  # the card not held, named
                return "hombre.error.discard_not_held", {"card": cards_of(foreign)[0]}
            words, args = exchange_words(view)  # what may be discarded, as the menu offers it
            return f"hombre.error.{words}", args
        return refusal_by_code(self.refusals, refusal)

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        if "action" in args:
            args["action"] = action_text(Action.parse(str(args["action"])), lang)
        if "suit" in args:
            args["suit"] = suit_text(Suit.parse(str(args["suit"])), lang)
        return args

    def public_view(self, view: DealView) -> DealView:
        return replace(view, hand=0, discarded=0, partner_hand=None, legal=(), duty=None)

    def deal_lines(self, table: TableLike, view: DealView, lang: str) -> list[str]:
        names = table.names
        lines = ["**" + phase_prompt(view, names, lang) + "**"]
        if view.trump >= 0:
            lines.append(t(lang, "hombre.trump_line", suit=suit_text(Suit(view.trump), lang)))
        lines.append(t(lang, "table.dealer", name=names[view.dealer]))
        return lines

    def session_lines(self, table: TableLike, view: DealView | None, lang: str) -> list[str]:
        session = table.session
        if not isinstance(session, Session):
            return []
        lines = []
        if session.poules:
            lines.append(t(lang, "hombre.poules", won=session.poules_won, of=session.poules))
        if session.stop_requested and table.status != "ended":
            lines.append(self.stopping(table, lang))
        elif session.coups_from >= 0 and session.jouer_les_coups and not session.finished:
            lines.append(t(lang, "hombre.coups"))
        return lines

    def carried_lines(self, table: TableLike, lang: str) -> list[str]:
        """The poule and the waiting bêtes the next table starts from."""
        session = table.session
        return [carried_text(session.pool, lang)] if isinstance(session, Session) else []

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        """The poules that end the game (or none: until stopped), then the other options
        chosen."""
        rules = table.rules
        assert isinstance(rules, Rules)
        poules = option_line("poules", rules.poules, lang)
        if not rules.poules:
            poules = t(lang, "hombre.options.no_poules")
        return [poules, *changed_options(rules, lang, besides=("poules",))]

    def stopping(self, table: TableLike, lang: str) -> str:
        session = table.session
        coups = isinstance(session, Session) and session.jouer_les_coups
        return t(lang, "hombre.stopping_coups" if coups else "hombre.stopping")

    def seat_details(
        self, table: TableLike, view: DealView | None, seat: int, lang: str
    ) -> list[str]:
        if view is None or table.between_hands:
            return []
        roles = ((hombre_named(view) and view.hombre == seat, "hombre.is_hombre"),)
        tricks = view.tricks_won[seat] if view.phase in (Phase.PLAY, Phase.DONE) else None
        return seat_roles(lang, view.dealer == seat, roles, tricks)

    def public_fields(self, table: TableLike, view: DealView | None, lang: str) -> list[Field]:
        names = table.names
        fields: list[Field] = []
        session = table.session
        if view is not None and not table.between_hands:
            calls = "\n".join(
                t(lang, "labelled", label=names[s], text=action_text(a, lang))
                for s, a in view.calls
            )
            fields.append((t(lang, "hombre.auction"), calls or t(lang, "table.no_calls"), True))
            if hombre_named(view):
                fields.append((t(lang, "hombre.hombre"), contract_text(view, names, lang), True))
            elif view.mode is not None:
                standing = standing_text(view, names, lang)
                fields.append((t(lang, "hombre.standing"), standing, True))
            if view.phase in (Phase.EXCHANGE, Phase.TALON, Phase.PLAY, Phase.DONE):
                fields.append((t(lang, "hombre.talon"), exchanges_text(view, names, lang), True))
            signals = signals_text(view, names, lang)
            if signals:
                fields.append((t(lang, "hombre.signals"), signals, False))
            money = pool_text(view.pool, names, lang, dealt=True)
            fields.append((t(lang, "hombre.money"), money, False))
        elif isinstance(session, Session):  # between deals: the next one's ante, if it comes
            coming = not session.finished and table.status != "ended"
            money = pool_text(coming_pool(table, session), names, lang, ante=coming)
            fields.append((t(lang, "hombre.money"), money, False))
        return fields

    def table_buttons(
        self, table: TableLike, view: DealView, lang: str
    ) -> list[discord.ui.Button[Any]]:
        if view.phase in (Phase.AUCTION, Phase.TRUMP):
            return choice_buttons(table, view, lang)
        return []

    def hand_rows(self, view: DealView, lang: str) -> list[CardRow]:
        playing = view.phase is Phase.PLAY and bool(view.legal)
        legal = frozenset(a.card for a in view.legal if a.kind is Kind.PLAY)
        return [CardRow(tuple(hand_in_order(view)), legal if playing else None)]

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
        lines = [t(lang, "hand.hand_no.hombre", hand=table.hand_no, dealer=names[view.dealer])]
        if view.phase is Phase.AUCTION:  # the order of speaking holds while one speaks
            lines.append(t(lang, f"hombre.position.{(seat - view.dealer) % SEATS}"))
        if hombre_named(view):
            lines.append(contract_text(view, names, lang))
        elif view.mode is not None:
            standing = standing_text(view, names, lang)
            lines.append(t(lang, "labelled", label=t(lang, "hombre.standing"), text=standing))
        lines.append("")
        lines.append(t(lang, "hand.cards", cards=cards_text(hand_in_order(view), lang)))
        if view.discarded:
            gone = cards_text(in_hand_order(view, view.discarded), lang)
            lines.append(t(lang, "hombre.discarded", cards=gone))
        if view.partner_hand is not None:
            partner = cards_text(in_hand_order(view, view.partner_hand), lang) or "—"
            lines.append(t(lang, "hombre.partner_hand", cards=partner))
        mine = view.turn == seat and not stood_in
        if view.phase is Phase.AUCTION and view.calls:
            calls = " · ".join(
                t(lang, "labelled", label=names[s], text=action_text(a, lang))
                for s, a in view.calls
            )
            lines.append(t(lang, "hand.said", calls=calls))
        if view.phase in (Phase.EXCHANGE, Phase.TALON):
            lines.append(t(lang, "hombre.talon_left", count=view.talon_left))
        elif view.phase in (Phase.PLAY, Phase.DONE) and view.exchanged:  # as the table says
            talon = exchanges_text(view, names, lang).replace("\n", " · ")
            lines.append(t(lang, "labelled", label=t(lang, "hombre.talon"), text=talon))
        done, playing = view.phase is Phase.DONE, view.phase is Phase.PLAY
        prompt = t(lang, f"hombre.your_turn.{talon_phase(view)}")
        if mine and view.phase is Phase.EXCHANGE:
            words, args = exchange_words(view)
            keep = t(lang, "hombre.btn.keep")  # the button that discards nothing, by its name
            prompt = t(lang, f"hombre.your_turn.{words}", keep=keep, **args)
        if mine and any(a.kind is Kind.STOP for a in view.legal):
            prompt = t(lang, "hombre.your_turn.stop")
        signals = signals_text(view, names, lang) if playing else None
        if signals:  # a Gaño asks the partner, who plays from here: said as on the table
            lines.append(signals)
        lines += turn_lines(
            table, view, lang, done=done, playing=playing, prompt=prompt, stood_in=stood_in
        )
        items: list[discord.ui.Item[Any]] = []
        if mine and view.phase in (Phase.AUCTION, Phase.TRUMP):
            items.extend(choice_buttons(table, view, lang))
        elif mine and view.phase is Phase.EXCHANGE:
            items.extend(exchange_items(table, view, hand_in_order(view), lang))
        elif mine and view.phase is Phase.TALON:
            for action in view.legal:
                cid = ComponentId(table.id, table.moves, "call", action_arg(action))
                items.append(button(cid, action_text(action, lang), discord.ButtonStyle.primary))
            items.append(help_button(table, "exchange"))
        elif view.phase is Phase.PLAY:
            items.extend(play_items(table, view, mine, lang, step))
        return lines, items

    def component_action(
        self, view: DealView, verb: str, arg: str, values: list[str]
    ) -> Action | None:
        if verb == "call":
            return action_of(arg)
        if verb == "play":
            try:
                return play_of(arg)
            except KeyError:
                raise ValueError(f"not a signal: {arg!r}") from None
        if verb == "discard":
            return Action.parse("discard " + " ".join(values))
        if verb == "sig":  # a toggle: the card buttons change, nothing is played yet
            if arg not in ("gano", "knock", "none"):
                raise ValueError(f"not a signal: {arg!r}")
            return None
        raise ValueError(f"unknown verb {verb!r}")

    def settlement(self, table: TableLike, settled: Any, lang: str) -> tuple[str, str, list[Field]]:
        names = table.names
        outcome = settled.outcome
        hand = table.hand_no
        state = table.state
        if outcome.result == ALL_PASSED:
            title = t(lang, RESULT_KEYS[ALL_PASSED] + ".title", hand=hand)
            result = t(lang, RESULT_KEYS[ALL_PASSED])
        else:
            h = outcome.hombre
            key = RESULT_KEYS[outcome.result]
            if outcome.result == WIN and sum(outcome.tricks) < TRICKS:  # stopped after five
                key = "hombre.summary.stopped"
            waited = state.view(0).pool.waiting if isinstance(state, DealState) else 0
            if outcome.result == VOLE_FAILED and not waited:
                key += ".poule"  # the bête in play is in the poule: no other to share
            lines = [t(lang, key, name=names[h], tricks=outcome.tricks[h])]
            if outcome.result == CODILLE:
                if outcome.codille_to is None:
                    lines.append(t(lang, "hombre.summary.codille_shared"))
                else:
                    lines.append(
                        t(lang, "hombre.summary.codille_to", name=names[outcome.codille_to])
                    )
            if outcome.new_bete is not None:
                lines.append(
                    t(
                        lang,
                        "hombre.summary.bete_made",
                        name=names[h],
                        amount=outcome.new_bete.amount,
                    )
                )
            result = "\n".join(lines)
            title = t(lang, RESULT_KEYS[outcome.result] + ".title", hand=hand, name=names[h])
        fields: list[Field] = []
        if outcome.bonus and isinstance(state, DealState):
            bonus = bonus_text(state.view(0), outcome, lang)
            fields.append((t(lang, "hombre.bonus"), bonus, False))
        # the next deal's ante is the table's to say: a summary may close the game
        money = pool_text(outcome.pool, names, lang, ante=False)
        fields.append((t(lang, "hombre.money"), money, False))
        return title, result, fields

    def history_result(self, state: DealState, names: Sequence[str], lang: str) -> str:
        outcome = state.outcome
        assert outcome is not None
        if outcome.result == ALL_PASSED:
            return t(lang, RESULT_KEYS[ALL_PASSED])
        return t(
            lang,
            "hombre.history",
            contract=contract_words(state.view(0), list(names), lang),
            result=t(lang, f"history.result.{outcome.result}"),
            tricks=outcome.tricks[outcome.hombre],
        )

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        # in the game's amounts, as the register's entries and total above it
        lines = [t(lang, "hombre.register.poule", amount=self.amount(pot.get("poule", 0), lang))]
        if pot.get("bete", 0):
            lines.append(t(lang, "hombre.bete_in_play", amount=self.amount(pot["bete"], lang)))
        return [(t(lang, "hombre.money"), "\n".join(lines), False)]


def bonus_text(view: DealView, outcome: Any, lang: str) -> str:
    """Why each defender paid (or was paid) the bonus: sans prendre, matadors."""
    parts = []
    if view.mode is not None and view.mode.sans_prendre:
        parts.append(t(lang, "hombre.bonus.sans_prendre"))
    if view.matadors:
        parts.append(
            t(lang, "hombre.bonus.matadors", count=view.matadors, amount=2 * view.matadors)
        )
    to_hombre = any(tr.reason == "bonus" and tr.payee == outcome.hombre for tr in outcome.transfers)
    key = "hombre.bonus.paid" if to_hombre else "hombre.bonus.received"
    return " + ".join(parts) + " — " + t(lang, key, amount=outcome.bonus)

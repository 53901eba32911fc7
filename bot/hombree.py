"""La Bête Hombrée at the table: its sessions, deals, log lines, calls and drawings.

The rules are the engine's (``games.bete_hombree``); this is what the table
service and the renderer need to know of this game and of no other
(``bot.tablegame.TableGame``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

import discord

from bot.errors import UserError
from bot.i18n import t
from bot.ids import ComponentId, call_arg, call_of
from bot.parsing import parse_call
from bot.render import (
    button,
    card_buttons,
    card_text,
    cards_text,
    signed,
    suit_text,
    trick_text,
)
from bot.table import LiveTable, LogLine
from bot.tablegame import Field
from games.bete_hombree import (
    Action,
    Contract,
    HandState,
    HandView,
    Kind,
    Phase,
    Rules,
    Session,
    SettledHand,
    record_of,
)
from games.bete_hombree.rules import stands_as
from games.cards import Card, Suit, cards_of
from games.dealing import deal_text, parse_deal
from games.register import Register

GAME: Final = "bete-hombree"
SEATS: Final = 4


def standing_rank(calls: Sequence[tuple[int, Action]]) -> int:
    """The rank of the standing bid after ``calls`` (what a later call is measured by)."""
    rank = 0
    for _, action in calls:
        if action.kind <= Kind.TOUT:
            rank = stands_as(action, rank)
    return rank


# ---- texts -----------------------------------------------------------------------------


def call_text(action: Action, standing: int, lang: str) -> str:
    """A call as players say it, given the standing bid's rank before it."""
    kind = action.kind
    if kind is Kind.PASS:
        return t(lang, "call.pass")
    if kind is Kind.SANS_PREJUDICE:
        return t(lang, "call.sp")
    if kind is Kind.RETIENS:
        return t(lang, "call.ret")
    if kind is Kind.TOUT:
        return t(lang, "call.tout")
    if kind is Kind.CAGNOTE:
        return t(lang, "call.cag", level=stands_as(action, standing) // 2)
    rank = 2 * action.level + (1 if action.belle else 0)
    if rank == standing:
        key = "call.premier_belle" if action.belle else "call.premier"
        return t(lang, key, level=action.level)
    if action.belle and standing and standing // 2 == action.level and standing % 2 == 0:
        return t(lang, "call.dernier", level=action.level)
    return t(lang, "call.bid_belle" if action.belle else "call.bid", level=action.level)


def action_text(action: Action, lang: str) -> str:
    """Any action, out of context (for refusals listing what is possible)."""
    if action.kind is Kind.PLAY:
        return card_text(action.card, lang)
    if action.kind is Kind.DISCARD:
        return cards_text(cards_of(action.cards), lang)
    if action.kind is Kind.DECLARE:
        text = t(lang, "declare.level", level=action.level, suit=Suit(action.suit).symbol)
        if action.matadors:
            text += t(lang, "contract.matadors", count=action.matadors)
        return text
    return call_text(action, -1, lang)


def contract_text(contract: Contract, names: list[str], lang: str) -> str:
    text = t(
        lang,
        "contract.belle" if contract.belle else "contract.plain",
        name=names[contract.declarer],
        level=contract.level,
        suit=suit_text(contract.trump, lang),
    )
    if contract.matadors:
        text += t(lang, "contract.matadors", count=contract.matadors)
    return text


def phase_prompt(view: HandView, names: list[str], lang: str) -> str:
    if view.phase is Phase.DONE:
        return t(lang, "phase.done")
    key = {
        Phase.AUCTION: "phase.auction",
        Phase.DISCARD: "phase.discard",
        Phase.DECLARE: "phase.declare",
        Phase.PLAY: "phase.play",
    }[view.phase]
    return t(lang, key, name=names[view.turn])


def auction_text(view: HandView, names: list[str], lang: str) -> str:
    lines, rank = [], 0
    for seat, action in view.calls:
        lines.append(f"{names[seat]} : {call_text(action, rank, lang)}")
        rank = stands_as(action, rank)
    return "\n".join(lines) or t(lang, "table.no_calls")


def entry_text(view: HandView, names: list[str], lang: str) -> str:
    entry = view.entry_in_play
    if entry is None:
        return t(lang, "table.no_entry")
    if entry.owner is None:
        return t(lang, "table.entry_pinandele", amount=entry.amount)
    return t(lang, "table.entry", name=names[entry.owner], amount=entry.amount)


def next_entry_text(table: LiveTable, lang: str) -> str:
    """Between hands: the entry the next deal will put in play, as the register stands."""
    session = table.session
    entry = session.entry_in_play() if isinstance(session, Session) else None
    if entry is None:
        return t(lang, "table.no_entry_next")
    if entry.owner is None:
        return t(lang, "table.entry_next_pinandele", amount=entry.amount)
    seat = table.seat_of(entry.owner)
    name = table.name(seat) if seat is not None else "?"
    return t(lang, "table.entry_next", name=name, amount=entry.amount)


def refusal_key(phase: Phase) -> str:
    """The refusal that lists what the player may do now, by what the hand waits for."""
    if phase is Phase.PLAY:
        return "error.illegal_card"
    if phase is Phase.DISCARD:
        return "error.illegal_discard"
    if phase is Phase.DECLARE:
        return "error.illegal_declare"
    return "error.illegal_call"


# ---- components --------------------------------------------------------------------------


def call_buttons(
    table: LiveTable, view: HandView, seat: int, lang: str, *, row: int = 0
) -> list[discord.ui.Button[Any]]:
    standing = standing_rank(view.calls)
    out = []
    for action in view.legal:
        if action.kind in (Kind.SANS_PREJUDICE, Kind.RETIENS) and not table.hidden(seat):
            continue
        style = discord.ButtonStyle.secondary
        if action.kind is Kind.PASS:
            style = discord.ButtonStyle.danger
        elif action.kind is not Kind.BID:
            style = discord.ButtonStyle.success
        cid = ComponentId(table.id, table.moves, "call", call_arg(action))
        out.append(button(cid, call_text(action, standing, lang), style))
    for index, item in enumerate(out):
        item.row = row + index // 5
    return out


def declare_buttons(
    table: LiveTable, hv: HandView, lang: str, step: str
) -> list[discord.ui.Button[Any]]:
    """Declaration in steps: trump, then level (where open), then matadors (as held)."""
    tid, moves = table.id, table.moves
    legal = [a for a in hv.legal if a.kind is Kind.DECLARE]
    parts = step.split(":") if step else []
    out: list[discord.ui.Button[Any]] = []
    if not parts:
        for suit in Suit:
            if any(a.suit == suit for a in legal):
                label = suit_text(suit, lang) + (
                    f" ({t(lang, 'belle')})" if suit == hv.belle else ""
                )
                out.append(
                    button(
                        ComponentId(tid, moves, "decl", suit.name),
                        label,
                        discord.ButtonStyle.primary,
                    )
                )
        return out
    suit = Suit.parse(parts[0])
    if len(parts) == 1:
        levels = sorted({a.level for a in legal if a.suit == suit})
        for level in levels:
            out.append(
                button(
                    ComponentId(tid, moves, "decl", f"{suit.name}:{level}"),
                    t(lang, "declare.level", level=level, suit=suit.symbol),
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


def declaration_step(table: LiveTable, seat: int, arg: str) -> Action | None:
    """The declaration chosen so far, if complete (trump, level, matadors)."""
    state = table.state
    if state is None or state.is_over:
        raise UserError("error.no_hand")
    if state.turn != seat:
        raise UserError("error.not_your_turn", name=table.name(state.turn))
    if arg == "back" or ":" not in arg:
        return None
    parts = arg.split(":")
    suit, level = Suit.parse(parts[0]), int(parts[1])
    if len(parts) == 3:
        return Action.parse(
            f"declare {level} {suit.name} matadors {parts[2]}".replace(" matadors 0", "")
        )
    counts = {
        a.matadors
        for a in state.legal_actions()
        if a.kind is Kind.DECLARE and a.suit == suit and a.level == level
    }
    if counts <= {0}:
        return Action.parse(f"declare {level} {suit.name}")
    return None


def _state(table: LiveTable) -> HandState:
    state = table.state
    assert isinstance(state, HandState)
    return state


class Hombree:
    """La Bête Hombrée (RULES.md §1) at a table of four."""

    id = GAME
    title = "La Bête Hombrée"
    min_seats = SEATS
    max_seats = SEATS
    pot_parts: tuple[str, ...] = ("",)
    rule_topics: tuple[str, ...] = (
        "overview",
        "auction",
        "declaration",
        "play",
        "settlement",
        "register",
    )

    # ---- the engine at a table ------------------------------------------------

    def rules(self, options: dict[str, Any]) -> Rules:
        return Rules.from_dict(options)

    def start(
        self, players: Sequence[str], seed: int, rules: Rules
    ) -> tuple[Session, list[LogLine]]:
        session, draw = Session.start(players, seed, rules)
        turned = " ".join(f"{seat}:{card}" for seat, card in draw.turned)
        return session, [
            LogLine.of("log.draw", burned=str(draw.burned), turned=turned),
            LogLine.of("log.start", seat=draw.dealer, suit=draw.belle.name),
        ]

    def deal(
        self,
        session: Session,
        seed: int,
        register: Register,
        pot: dict[str, int],
        given: tuple[list[list[str]], list[str]] | None,
    ) -> dict[str, Any]:
        if given is not None:
            hands, cagnot = given
        else:
            session.register, session.pot = register, pot.get("", 0)
            state = session.deal(seed)
            hands, cagnot = deal_text(state.initial_hands, state.cagnot)
        return {
            "dealer": session.dealer,
            "belle": session.belle.name,
            "hands": hands,
            "cagnot": cagnot,
        }

    def apply_deal(
        self, session: Session, payload: dict[str, Any], register: Register, pot: dict[str, int]
    ) -> HandState:
        if int(payload["dealer"]) != session.dealer or Suit.parse(str(payload["belle"])) != (
            session.belle
        ):
            raise ValueError("dealer or belle differ from the session's")
        session.register, session.pot = register, pot.get("", 0)
        hands, cagnot = parse_deal(payload["hands"], payload["cagnot"])
        return session.deal_hands(hands, cagnot)

    def pot_of(self, session: Session) -> dict[str, int]:
        return {"": session.pot}

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def action_line(
        self, state: HandState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        standing = standing_rank(state.actions)
        if action.kind is Kind.DISCARD:  # never show the discarded cards
            return LogLine.of("log.discard", seat=seat, count=action.cards.bit_count())
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action), standing=standing)
        if action.kind is Kind.DECLARE:
            return LogLine.of("log.declare", seat=seat, action=str(action))
        if action.kind is not Kind.PLAY:
            return LogLine.of("log.call", seat=seat, action=str(action), standing=standing)
        return None

    def hidden(self, table: LiveTable, seat: int) -> bool:
        state = table.state
        return (
            seat not in table.looked
            and isinstance(state, HandState)
            and state.blind_call_open(seat)
        )

    def refusal(self, table: LiveTable, seat: int, action: Action) -> str | None:
        state = _state(table)
        if action.kind in (Kind.SANS_PREJUDICE, Kind.RETIENS) and seat in table.looked:
            return "error.looked"
        if state.check(action, seat) is not None:
            return refusal_key(state.phase)
        return None

    def busy_entries(self, session: Session, state: HandState | None) -> set[int]:
        entry = session.entry_in_play()
        return set() if entry is None or state is None or state.is_over else {entry.id}

    def entry_in_play(self, table: LiveTable, register: Register) -> int | None:
        entry = register.in_play(table.players, table.rules.bete_order)
        return None if entry is None else entry.id

    def hand_row(
        self, session: Session, state: HandState
    ) -> tuple[dict[str, Any], int | None, bool | None]:
        outcome = state.outcome
        assert outcome is not None
        contract = outcome.contract
        declarer = contract.declarer if contract is not None else None
        return record_of(session, state).to_json(), declarer, outcome.made

    # ---- drawing -----------------------------------------------------------------

    def money(self, amount: int, lang: str) -> str:
        return signed(amount)

    def amount(self, amount: int, lang: str) -> str:
        return str(amount)

    def action_text(self, action: Action, lang: str) -> str:
        return action_text(action, lang)

    def log_args(self, table: LiveTable, args: dict[str, Any], lang: str) -> dict[str, Any]:
        if "action" in args:
            action = Action.parse(str(args["action"]))
            standing = int(args.pop("standing", -1))
            if action.kind <= Kind.TOUT:
                args["action"] = call_text(action, standing, lang)
            else:
                args["action"] = action_text(action, lang)
        if "turned" in args:  # tirer le roi: the cards turned, seat by seat
            turned = []
            for item in str(args["turned"]).split():
                seat, _, card = item.partition(":")
                turned.append(f"{table.name(int(seat))} {card_text(Card.parse(card), lang)}")
            args["turned"] = " · ".join(turned)
            args["burned"] = card_text(Card.parse(str(args["burned"])), lang)
        if "suit" in args:
            args["suit"] = suit_text(Suit.parse(str(args["suit"])), lang)
        return args

    def public_view(self, table: LiveTable) -> HandView | None:
        state = table.state
        if not isinstance(state, HandState):
            return None
        seat = state.turn if state.turn >= 0 else 0
        return replace(state.view(seat), hand=0, discarded=0, cagnot_seen=0)

    def status_lines(self, table: LiveTable, view: HandView | None, lang: str) -> list[str]:
        names = [s.name for s in table.seats]
        session = table.session
        lines = []
        if view is not None and not table.between_hands and table.status != "ended":
            lines.append("**" + phase_prompt(view, names, lang) + "**")
        if isinstance(session, Session):
            belle = session.belle if view is None or table.between_hands else view.belle
            dealer = session.dealer if view is None or table.between_hands else view.dealer
            lines.append(t(lang, "table.belle", suit=suit_text(belle, lang)))
            key = "table.next_dealer" if table.between_hands else "table.dealer"
            lines.append(t(lang, key, name=names[dealer]))
            if session.stop_requested and table.status != "ended":
                lines.append(t(lang, "table.stopping", count=max(session.deals_left, 0)))
        return lines

    def seat_details(
        self, table: LiveTable, view: HandView | None, seat: int, lang: str
    ) -> list[str]:
        details = []
        if view is not None and view.dealer == seat and not table.between_hands:
            details.append(t(lang, "table.is_dealer"))
        if view is not None and view.phase in (Phase.PLAY, Phase.DONE):
            details.append(t(lang, "table.tricks", count=view.tricks_won[seat]))
        return details

    def public_fields(self, table: LiveTable, view: HandView | None, lang: str) -> list[Field]:
        names = [s.name for s in table.seats]
        fields: list[Field] = []
        if view is None:
            return fields
        if not table.between_hands:
            fields.append((t(lang, "table.auction"), auction_text(view, names, lang), True))
        if view.contract is not None:
            fields.append(
                (t(lang, "table.contract"), contract_text(view.contract, names, lang), True)
            )
        elif view.declarer >= 0:
            fields.append(
                (
                    t(lang, "table.contract"),
                    t(lang, "table.declarer", name=names[view.declarer]),
                    True,
                )
            )
        if view.phase is Phase.PLAY:
            fields.append(
                (
                    t(lang, "table.trick", number=len(view.tricks_played) + 1),
                    trick_text(view.trick, names, lang),
                    False,
                )
            )
        if table.between_hands:
            entry_line = next_entry_text(table, lang)
        else:
            entry_line = entry_text(view, names, lang)
        fields.append((t(lang, "table.register"), entry_line, False))
        return fields

    def table_buttons(self, table: LiveTable, lang: str) -> list[discord.ui.Button[Any]]:
        state = table.state
        if table.between_hands or not isinstance(state, HandState):
            return []
        if state.phase is not Phase.AUCTION:
            return []
        seat = state.turn
        return call_buttons(table, state.view(seat), seat, lang)

    def hand_body(
        self, table: LiveTable, seat: int, lang: str, step: str
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        names = [s.name for s in table.seats]
        hv = _state(table).view(seat)
        lines = [t(lang, "hand.hand_no", hand=table.hand_no, dealer=names[hv.dealer])]
        lines.append(t(lang, "table.belle", suit=suit_text(hv.belle, lang)))
        position = (seat - hv.dealer) % SEATS
        lines.append(t(lang, f"hand.position.{position}"))
        hidden = table.hidden(seat)
        lines.append("")
        if hidden:
            lines.append(t(lang, "hand.face_down"))
        else:
            lines.append(t(lang, "hand.cards", cards=cards_text(hv.cards, lang)))
            if hv.cagnot_seen:
                lines.append(
                    t(lang, "hand.cagnot", cards=cards_text(cards_of(hv.cagnot_seen), lang))
                )
            if hv.discarded:
                lines.append(
                    t(lang, "hand.discarded", cards=cards_text(cards_of(hv.discarded), lang))
                )
        if hv.contract is not None:
            lines.append(t(lang, "hand.contract", contract=contract_text(hv.contract, names, lang)))
        mine = hv.turn == seat
        # Only the player to act sees the auction or the trick here: the others'
        # messages then change only when their own options change.
        if mine and hv.phase is Phase.AUCTION and hv.calls:
            rank, calls = 0, []
            for s, a in hv.calls:
                calls.append(f"{names[s]} {call_text(a, rank, lang)}")
                rank = stands_as(a, rank)
            lines.append(t(lang, "hand.calls", calls=" · ".join(calls)))
        if mine and hv.phase is Phase.PLAY:
            lines.append(t(lang, "hand.trick", trick=trick_text(hv.trick, names, lang)))
            lines.append(t(lang, "hand.tricks_won", count=hv.tricks_won[seat]))
        if hv.phase is Phase.DONE:
            lines.append(t(lang, "phase.done"))
        elif mine:
            lines.append("")
            lines.append("**" + t(lang, f"hand.your_turn.{hv.phase.name.lower()}") + "**")
        else:
            lines.append(t(lang, "hand.not_your_turn"))
        tid, moves = table.id, table.moves
        items: list[discord.ui.Item[Any]] = []
        if hidden:
            if mine:
                for item in call_buttons(table, hv, seat, lang):
                    if item.custom_id and item.custom_id.endswith((":sp", ":ret", ":pass")):
                        items.append(item)
            items.append(
                button(
                    ComponentId(tid, 0, "look"),
                    t(lang, "btn.look"),
                    discord.ButtonStyle.primary,
                    row=4,
                )
            )
        elif mine and hv.phase is Phase.AUCTION:
            items.extend(call_buttons(table, hv, seat, lang))
        elif mine and hv.phase is Phase.DISCARD:
            counts = sorted({a.cards.bit_count() for a in hv.legal})
            select: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=str(ComponentId(tid, moves, "discard")),
                placeholder=t(lang, "hand.discard_placeholder", count="/".join(map(str, counts))),
                min_values=counts[0],
                max_values=counts[-1],
                options=[
                    discord.SelectOption(label=card_text(c, lang), value=str(c)) for c in hv.cards
                ],
            )
            items.append(select)
        elif mine and hv.phase is Phase.DECLARE:
            items.extend(declare_buttons(table, hv, lang, step))
        elif hv.phase is Phase.PLAY:
            items.extend(card_buttons(table, hv.cards, {a.card for a in hv.legal}, mine, lang))
        return lines, items

    def component_action(
        self, table: LiveTable, seat: int, verb: str, arg: str, values: list[str]
    ) -> Action | None:
        if verb == "decl":
            return declaration_step(table, seat, arg)
        if verb == "call":
            return call_of(arg)
        if verb == "play":
            return Action.parse(f"play {arg}")
        if verb == "discard":
            return Action.parse("discard " + " ".join(values))
        raise ValueError(f"unknown verb {verb!r}")

    def settlement(
        self, table: LiveTable, settled: SettledHand, lang: str
    ) -> tuple[str, str, list[Field]]:
        names = [s.name for s in table.seats]
        outcome = settled.outcome
        contract = outcome.contract
        if contract is None:
            title = t(lang, "summary.title_pinandele", hand=table.hand_no)
            result = t(lang, "summary.pinandele")
        else:
            key = "summary.title_made" if outcome.made else "summary.title_failed"
            title = t(lang, key, hand=table.hand_no, name=names[contract.declarer])
            result = (
                contract_text(contract, names, lang)
                + " — "
                + t(
                    lang,
                    "summary.made" if outcome.made else "summary.failed",
                    tricks=outcome.tricks[contract.declarer],
                )
            )
        fields: list[Field] = []
        if settled.belle_after != settled.belle_before:
            fields.append(
                (
                    t(lang, "summary.belle"),
                    t(
                        lang,
                        "summary.belle_change",
                        old=suit_text(settled.belle_before, lang),
                        new=suit_text(settled.belle_after, lang),
                    ),
                    False,
                )
            )
        return title, result, fields

    def parse_call(self, text: str) -> Action:
        return parse_call(text)

    def call_choices(self, table: LiveTable, seat: int, lang: str) -> list[tuple[str, str]]:
        state = _state(table)
        if state.is_over or state.turn != seat:
            return []
        standing = standing_rank(state.actions)
        out = []
        for action in state.legal_actions():
            if action.kind in (Kind.SANS_PREJUDICE, Kind.RETIENS) and not table.hidden(seat):
                continue
            if action.kind <= Kind.TOUT:
                out.append((call_text(action, standing, lang), call_arg(action)))
        return out

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        return [(t(lang, "register.pot"), str(pot.get("", 0)), True)]


HOMBREE: Final = Hombree()

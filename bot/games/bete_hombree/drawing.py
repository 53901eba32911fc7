"""La Bête Hombrée drawn for people: its calls, contract, register line, hand and summary.

Everything here is drawn from one seat's view (``HandView``) or from the public
view (a view with every private field emptied), so no card a reader may not
see can reach a message (``bot.renderer.Renderer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.drawing.lobby_text import changed_options
from bot.drawing.render import (
    button,
    card_buttons,
    card_text,
    cards_text,
    help_button,
    signed,
    suit_text,
    turn_lines,
)
from bot.drawing.summary import names_text
from bot.game import CardRow, Field, TableLike
from bot.games.bete_hombree.betes import pot_line, register_line, stopping_key, when_paid_text
from bot.games.bete_hombree.codec import call_arg, call_of, parse_move
from bot.games.bete_hombree.declaring import declaration_step, declare_buttons, level_text
from bot.ids import ComponentId
from bot.tables.carried import carried_line
from bot.texts.i18n import one_of, t
from bot.texts.refusals import refusal_by_code, refusal_keys
from bot.trick_game import seat_roles
from games.bete_hombree import (
    Action,
    Contract,
    HandState,
    HandView,
    Kind,
    Outcome,
    Phase,
    Session,
)
from games.bete_hombree.hand import TRICKS, Refused
from games.bete_hombree.rules import stake, stands_as
from games.bete_hombree.state import SEATS
from games.cards import Card, Suit, cards_of
from games.refusals import Refusal

RULE_TOPICS: tuple[str, ...] = (
    "overview",
    "auction",
    "declaration",
    "play",
    "settlement",
    "register",
)


def call_text(action: Action, standing: int, lang: str) -> str:
    """A call as players say it, given the standing bid's rank before it (-1: unknown)."""
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
        return t(lang, "call.cag", level=stands_as(action, max(standing, 0)) // 2)
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
        return declare_text(action, False, lang)
    return call_text(action, -1, lang)


def declare_text(action: Action, belle: bool, lang: str) -> str:
    """A declaration: its level and trump (en belle when ``belle``), its matadors."""
    text = level_text(action.level, Suit(action.suit), belle, lang)
    if action.matadors:
        text += t(lang, "contract.matadors", count=action.matadors)
    return text


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


def result_text(outcome: Outcome, names: list[str], lang: str) -> str:
    """A hand's result in a line: its contract and whether it was made, or what the
    pinandèle (all passed) cost."""
    contract = outcome.contract
    if contract is None:
        return t(lang, "summary.pinandele")
    key = "summary.made" if outcome.made else "summary.failed"
    made = t(lang, key, tricks=outcome.tricks[contract.declarer])
    played = sum(outcome.tricks)
    if played < TRICKS:  # stop_when_decided: why the other tricks were not played
        made += t(lang, "summary.cut_short", played=played)
    return contract_text(contract, names, lang) + " — " + made


def need_text(view: HandView, contract: Contract, names: list[str], lang: str) -> str:
    """What the contract needs and what it is played for (RULES.md §1.6)."""
    level = contract.level
    amount = stake(view.rules, level, contract.belle, contract.matadors)
    key = "contract.need_two" if level == 2 else "contract.need"
    return t(lang, key, name=names[contract.declarer], tricks=level, stake=amount)


def calls_said(view: HandView, names: list[str], lang: str) -> list[str]:
    """The auction's calls as said, each measured by the rank standing before it, each
    line made of its parts (a name may hold spaces: "🤖 Alexandre : Premier pour 3")."""
    return [
        t(lang, "labelled", label=names[seat], text=call_text(action, rank, lang))
        for (seat, action), rank in zip(view.calls, view.call_ranks, strict=True)
    ]


def winning_call(view: HandView, lang: str) -> str:
    """The call that won the auction for the declarer, as he said it."""
    said = zip(reversed(view.calls), reversed(view.call_ranks), strict=True)
    for (seat, action), rank in said:
        if seat == view.declarer and action.kind is not Kind.PASS:
            return call_text(action, rank, lang)
    return ""


def declare_prompt(view: HandView, lang: str) -> str:
    """What the declarer must now declare, from the declarations open to him: trump
    (the belle alone for a contract en belle), the level where still open, and the
    matadors he holds if he announces them (RULES.md §1.4)."""
    legal = [a for a in view.legal if a.kind is Kind.DECLARE]
    suits = sorted({Suit(a.suit) for a in legal})
    belle = view.belle
    if suits == [belle]:
        parts = [t(lang, "hand.declare.trump_belle", suit=suit_text(belle, lang))]
    else:
        named = [
            suit_text(s, lang) + (f" ({t(lang, 'belle')})" if s == belle else "") for s in suits
        ]
        parts = [t(lang, "hand.declare.trump", suits=one_of(named, lang))]
    levels = sorted({a.level for a in legal})
    anywhere = sorted({a.level for a in legal if a.suit != belle})
    in_belle = [n for n in levels if n not in anywhere]  # a level said only en belle
    if len(levels) > 1 and in_belle and anywhere:
        said = one_of([str(n) for n in anywhere], lang)
        only = one_of([str(n) for n in in_belle], lang)
        parts.append(t(lang, "hand.declare.level_belle", levels=said, belle_levels=only))
    elif len(levels) > 1:
        parts.append(t(lang, "hand.declare.level", levels=one_of([str(n) for n in levels], lang)))
    if any(a.matadors for a in legal):
        parts.append(t(lang, "hand.declare.matadors"))
    return t(lang, "hand.your_turn.declare", what=names_text(parts, lang))


def discard_placeholder(counts: list[int], lang: str) -> str:
    """The discard menu's invitation: so many cards, or from the fewest to the most."""
    if len(counts) == 1:
        return t(lang, "hand.discard_placeholder", count=counts[0])
    return t(lang, "hand.discard_placeholder_range", least=counts[0], most=counts[-1])


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


BLIND_CALLS = frozenset((Kind.PASS, Kind.SANS_PREJUDICE, Kind.RETIENS))
"""What a hand kept face down is offered: the calls said before looking (RULES.md §1.3)
and pass."""


def offered_moves(view: HandView) -> list[Action]:
    """The moves the view's seat is offered now, wherever it is offered them (its hand,
    the table's buttons, ``/play``'s choices): a hand face down, the blind calls and
    pass; otherwise every legal move.  The engine still takes any legal call typed (a
    blind ordinary bid: the rules do not forbid it)."""
    if view.face_down:
        return [a for a in view.legal if a.kind in BLIND_CALLS]
    return list(view.legal)


def call_buttons(table: TableLike, view: HandView, lang: str) -> list[discord.ui.Button[Any]]:
    """The calls the view's seat is offered (``offered_moves``), and ❔."""
    out = []
    for action in offered_moves(view):
        style = discord.ButtonStyle.secondary
        if action.kind is Kind.PASS:
            style = discord.ButtonStyle.danger
        elif action.kind is not Kind.BID:
            style = discord.ButtonStyle.success
        cid = ComponentId(table.id, table.moves, "call", call_arg(action))
        out.append(button(cid, call_text(action, view.standing_rank, lang), style))
    out.append(help_button(table, "auction"))  # premier, cagnote, sans préjudice...
    for index, item in enumerate(out):
        item.row = index // 5
    return out


class HombreeRenderer:
    """La Bête Hombrée drawn at a table of four."""

    rule_topics = RULE_TOPICS
    refusals = refusal_keys(
        {
            **dict.fromkeys(Refused, "error.illegal_call"),
            Refused.LOOKED: "error.looked",  # a blind call after a look
            Refused.DISCARD_EXPECTED: "error.illegal_discard",
            Refused.DISCARD_COUNT: "error.illegal_discard",
            Refused.DECLARE_EXPECTED: "error.illegal_declare",
            Refused.NOT_OPEN: "error.illegal_declare",
            Refused.MATADORS: "error.illegal_declare",
        }
    )
    action_text = staticmethod(action_text)
    parse_move = staticmethod(parse_move)  # cards, calls, discards, declarations

    def move_text(self, view: HandView, action: Action, lang: str) -> str:
        if action.kind <= Kind.TOUT:  # a call: premier, dernier, a cagnote for its level
            return call_text(action, view.standing_rank, lang)
        if action.kind is Kind.DECLARE:
            return declare_text(action, action.suit == view.belle, lang)
        if action.kind is Kind.DISCARD:  # said so: three cards alone could be the ones kept
            return t(lang, "hand.discard_of", cards=action_text(action, lang))
        return action_text(action, lang)

    def listed_text(self, view: HandView, action: Action, lang: str) -> str:
        if action.kind is Kind.DISCARD:  # a list of discards is answered to a discard
            return action_text(action, lang)
        return self.move_text(view, action, lang)

    def offered(self, view: HandView) -> list[Action]:
        """What ``/play`` offers by autocomplete: what the buttons offer."""
        return offered_moves(view)

    def completed(self, view: HandView, typed: str, lang: str) -> list[Action]:
        return []  # every discard is among the offered (three cards at most)

    def money(self, amount: int, lang: str) -> str:
        # signed, in sous wherever shown, as the other games show theirs with their unit
        return t(lang, "bete-hombree.sous", amount=signed(amount))

    def amount(self, amount: int, lang: str) -> str:
        return t(lang, "bete-hombree.sous", amount=amount)

    def refusal(
        self, view: HandView, action: Action, refusal: Refusal
    ) -> tuple[str, dict[str, object]]:
        if view.phase is Phase.DISCARD and view.legal:  # the declarer's; a discard of cards
            counts = sorted({a.cards.bit_count() for a in view.legal})  # not held is one too
            return "error.illegal_discard", {"count": "/".join(map(str, counts))}
        key, args = refusal_by_code(self.refusals, refusal)
        if key == "error.illegal_call" and view.face_down:  # the blind calls listed: not all
            return "error.illegal_call_face_down", args
        return key, args

    def log_args(self, table: TableLike, args: dict[str, object], lang: str) -> dict[str, object]:
        if "action" in args:
            action = Action.parse(str(args["action"]))
            standing = args.pop("standing", -1)
            if action.kind <= Kind.TOUT:
                args["action"] = call_text(action, int(str(standing)), lang)
            elif action.kind is Kind.DECLARE:
                args["action"] = declare_text(action, bool(args.pop("belle", False)), lang)
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

    def public_view(self, view: HandView) -> HandView:
        return replace(
            view, hand=0, discarded=0, cagnot_seen=0, legal=(), face_down=False, duty=None
        )

    def status_lines(self, table: TableLike, view: HandView | None, lang: str) -> list[str]:
        names = table.names
        session = table.session
        lines = []
        if view is not None and not table.between_hands and table.status != "ended":
            lines.append("**" + phase_prompt(view, names, lang) + "**")
            if view.contract is not None:  # trump on a line of its own, apart from the belle
                lines.append(t(lang, "table.trump", suit=suit_text(view.contract.trump, lang)))
        if isinstance(session, Session):
            belle = view.belle if view is not None and table.in_deal else session.belle
            lines.append(t(lang, "table.belle", suit=suit_text(belle, lang)))
            if view is not None and table.in_deal:  # between deals the table names the next
                lines.append(t(lang, "table.dealer", name=names[view.dealer]))
            lines.append(pot_line(table, view, self.amount, lang))
            if session.stop_requested and table.status != "ended":
                lines.append(self.stopping(table, lang))
        return lines

    def carried_lines(self, table: TableLike, lang: str) -> list[str]:
        """The bêtes the next table starts from, with their amounts and owners."""
        session = table.session
        if not isinstance(session, Session):
            return []
        return [carried_line(table, session.register.entries, self.amount, lang)]

    def options_lines(self, table: TableLike, lang: str) -> list[str]:
        return changed_options(table.rules, lang) or [t(lang, "options.default.bete-hombree")]

    def kept_key(self, table: TableLike) -> str:
        return "table.kept"  # no match is kept: the register carries over instead

    def stopping(self, table: TableLike, lang: str) -> str:
        """The tour des gueux (RULES.md §1.8): the hands it has left, then the bêtes."""
        session = table.session
        left = session.deals_left if isinstance(session, Session) else 0
        return t(lang, stopping_key(table.in_deal, left), count=left)

    def seat_details(
        self, table: TableLike, view: HandView | None, seat: int, lang: str
    ) -> list[str]:
        if view is None:
            return []
        played = view.phase in (Phase.PLAY, Phase.DONE) and view.contract is not None
        tricks = view.tricks_won[seat] if played else None  # none after a pinandèle
        return seat_roles(lang, view.dealer == seat and not table.between_hands, (), tricks)

    def public_fields(self, table: TableLike, view: HandView | None, lang: str) -> list[Field]:
        names = table.names
        fields: list[Field] = []
        if view is None:
            return fields
        if not table.between_hands:
            said = calls_said(view, names, lang)
            fields.append(
                (t(lang, "table.auction"), "\n".join(said) or t(lang, "table.no_calls"), True)
            )
        if view.contract is not None:
            contract = contract_text(view.contract, names, lang)
            if not table.between_hands:
                contract += "\n" + need_text(view, view.contract, names, lang)
            fields.append((t(lang, "table.contract"), contract, True))
        elif view.declarer >= 0:
            declarer = t(lang, "table.declarer", name=names[view.declarer])
            fields.append((t(lang, "table.contract"), declarer, True))
        fields.append((t(lang, "table.register"), register_line(table, view, lang), False))
        return fields

    def table_buttons(
        self, table: TableLike, view: HandView, lang: str
    ) -> list[discord.ui.Button[Any]]:
        if view.phase is not Phase.AUCTION:
            return []
        return call_buttons(table, view, lang)

    def hand_rows(self, view: HandView, lang: str) -> list[CardRow]:
        if view.face_down:  # a blind call: the cards stay unseen until the player looks
            return []
        playing = view.phase is Phase.PLAY and bool(view.legal)
        playable = frozenset(a.card for a in view.legal) if playing else None
        return [CardRow(tuple(view.cards), playable)]

    def hand_body(
        self,
        table: TableLike,
        view: HandView,
        seat: int,
        lang: str,
        step: str,
        *,
        stood_in: bool = False,
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        names = table.names
        hv = view
        lines = [t(lang, "hand.hand_no", hand=table.hand_no, dealer=names[hv.dealer])]
        lines.append(t(lang, "table.belle", suit=suit_text(hv.belle, lang)))
        lines.append(t(lang, f"hand.position.{(seat - hv.dealer) % SEATS}"))
        lines.append("")
        if hv.face_down:  # stood in: whether to call blind is the computer's to decide
            lines.append(t(lang, "hand.face_down_stood_in" if stood_in else "hand.face_down"))
        else:
            lines.append(t(lang, "hand.cards", cards=cards_text(hv.cards, lang)))
            if hv.cagnot_seen:
                seen = cards_text(cards_of(hv.cagnot_seen), lang)
                lines.append(t(lang, "hand.cagnot", cards=seen))
            if hv.discarded:
                gone = cards_text(cards_of(hv.discarded), lang)
                lines.append(t(lang, "hand.discarded", cards=gone))
        if hv.contract is not None:
            lines.append(t(lang, "hand.contract", contract=contract_text(hv.contract, names, lang)))
            lines.append(t(lang, "table.trump", suit=suit_text(hv.contract.trump, lang)))
            lines.append(need_text(hv, hv.contract, names, lang))
        mine = hv.turn == seat and not stood_in
        # Only the player to act sees the auction or the trick here: the others'
        # messages then change only when their own options change.
        if mine and hv.phase is Phase.AUCTION and hv.calls:
            lines.append(t(lang, "hand.calls", calls=" · ".join(calls_said(hv, names, lang))))
        if mine and hv.phase in (Phase.DISCARD, Phase.DECLARE):  # the auction is his
            lines += ["", "**" + t(lang, "hand.won", call=winning_call(hv, lang)) + "**"]
        done, playing = hv.phase is Phase.DONE, hv.phase is Phase.PLAY
        if hv.phase is Phase.DECLARE:
            prompt = declare_prompt(hv, lang) if mine else ""
        else:
            prompt = t(lang, f"hand.your_turn.{hv.phase.name.lower()}")
        lines += turn_lines(
            table, hv, lang, done=done, playing=playing, prompt=prompt, stood_in=stood_in
        )
        tid, moves = table.id, table.moves
        items: list[discord.ui.Item[Any]] = []
        if hv.face_down and not stood_in:  # a look would change what the computer may call
            if mine:  # the calls that may be made without looking, and ❔
                items.extend(call_buttons(table, hv, lang))
            look = ComponentId(tid, 0, "look")
            items.append(button(look, t(lang, "btn.look"), discord.ButtonStyle.primary, row=4))
        elif mine and hv.phase is Phase.AUCTION:
            items.extend(call_buttons(table, hv, lang))
        elif mine and hv.phase is Phase.DISCARD:
            counts = sorted({a.cards.bit_count() for a in hv.legal})
            select: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=str(ComponentId(tid, moves, "discard", select=True)),
                placeholder=discard_placeholder(counts, lang),
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
            legal = {a.card for a in hv.legal}
            items.extend(card_buttons(table, hv.cards, legal, mine, lang))
        return lines, items

    def component_action(
        self, view: HandView, verb: str, arg: str, values: list[str]
    ) -> Action | None:
        if verb == "decl":
            return declaration_step(view, arg)
        if verb == "call":
            return call_of(arg)
        if verb == "play":
            return Action.parse(f"play {arg}")
        if verb == "discard":
            return Action.parse("discard " + " ".join(values))
        raise ValueError(f"unknown verb {verb!r}")

    def settlement(self, table: TableLike, settled: Any, lang: str) -> tuple[str, str, list[Field]]:
        names = table.names
        outcome = settled.outcome
        contract = outcome.contract
        result = result_text(outcome, names, lang)
        if contract is None:
            title = t(lang, "summary.title_pinandele", hand=table.hand_no)
        else:
            key = "summary.title_made" if outcome.made else "summary.title_failed"
            title = t(lang, key, hand=table.hand_no, name=names[contract.declarer])
        fields: list[Field] = []
        if contract is not None:  # the arithmetic of the money, from the engine's figures
            stake_line = t(lang, "summary.stake_each", stake=outcome.stake)
            entry = outcome.new_entry
            state = table.state
            if not outcome.made and entry is not None and entry.owner is not None:
                before = state.view(0).entry_in_play if isinstance(state, HandState) else None
                in_play = 0 if before is None else before.amount  # the bête the hand played for
                key = "summary.new_bete"
                if before is not None and in_play:  # a pinandèle has no owner
                    key += "_on" if before.owner is not None else "_on_pinandele"
                stake_line += "\n" + t(
                    lang,
                    key,
                    name=names[entry.owner],
                    times=(entry.amount - in_play) // outcome.stake,
                    stake=outcome.stake,
                    in_play=in_play,
                    amount=entry.amount,
                )
                stake_line += when_paid_text(table, settled.new_entry, names[entry.owner], lang)
            fields.append((t(lang, "summary.stake"), stake_line, False))
        if settled.belle_after != settled.belle_before:
            change = t(
                lang,
                "summary.belle_change",
                old=suit_text(settled.belle_before, lang),
                new=suit_text(settled.belle_after, lang),
            )
            fields.append((t(lang, "summary.belle"), change, False))
        return title, result, fields

    def history_result(self, state: HandState, names: Sequence[str], lang: str) -> str:
        assert state.outcome is not None
        return result_text(state.outcome, list(names), lang)

    def register_fields(self, pot: dict[str, int], lang: str) -> list[Field]:
        return [(t(lang, "register.pot"), self.amount(pot.get("", 0), lang), True)]


__all__ = ["HandState", "HombreeRenderer"]

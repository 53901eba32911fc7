"""Everything players see, in their language: embeds and components.

Private panels are drawn from ``HandState.view(seat)`` only, and the public
table from a view whose private fields are emptied (``public_view``), so a
card a seat may not see can never reach a message.  Components carry custom
ids of ``bot.ids``; the views are stopped before sending, so discord.py keeps
nothing in memory for them: the registered dynamic items answer every click,
before and after a restart.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any, Final

import discord

from bot.computer import LEVELS
from bot.i18n import t
from bot.ids import ComponentId, call_arg
from bot.table import SEATS, LiveTable, Seat, standing_rank
from db.models import RegisterEntry, ScoreRow
from games.bete_hombree import Action, Contract, HandView, Kind, Phase, Rules, SettledHand
from games.bete_hombree.rules import stands_as
from games.cards import Card, Suit, cards_of
from games.register import Entry, Register

COLOUR: Final = discord.Colour(0x2E7D32)
ENDED_COLOUR: Final = discord.Colour(0x757575)
SUMMARY_COLOUR: Final = discord.Colour(0xC62828)
CARD_STYLE: Final = {
    Suit.S: discord.ButtonStyle.secondary,
    Suit.C: discord.ButtonStyle.secondary,
    Suit.H: discord.ButtonStyle.danger,
    Suit.D: discord.ButtonStyle.danger,
}
RULE_TOPICS: Final = ("overview", "auction", "declaration", "play", "settlement", "register")


# ---- small texts ---------------------------------------------------------------


def card_text(card: Card, lang: str) -> str:
    rank = card.rank.french if lang == "fr" else card.rank.text
    return f"{rank}{card.suit.symbol}"


def cards_text(cards: list[Card], lang: str) -> str:
    return " ".join(card_text(c, lang) for c in cards) or "—"


def suit_text(suit: Suit, lang: str) -> str:
    return f"{suit.symbol} {t(lang, f'suit.{suit.name}')}"


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else ("±0" if amount == 0 else f"−{-amount}")


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


def public_view(table: LiveTable) -> HandView | None:
    """The hand as everyone sees it: a view with every private field emptied."""
    state = table.state
    if state is None:
        return None
    seat = state.turn if state.turn >= 0 else 0
    return replace(state.view(seat), hand=0, discarded=0, cagnot_seen=0)


def phase_prompt(view: HandView, names: list[str], lang: str) -> str:
    if view.phase is Phase.DONE:
        return t(lang, "phase.done")
    name = names[view.turn]
    key = {
        Phase.AUCTION: "phase.auction",
        Phase.DISCARD: "phase.discard",
        Phase.DECLARE: "phase.declare",
        Phase.PLAY: "phase.play",
    }[view.phase]
    return t(lang, key, name=name)


def auction_text(view: HandView, names: list[str], lang: str) -> str:
    lines, rank = [], 0
    for seat, action in view.calls:
        lines.append(f"{names[seat]} : {call_text(action, rank, lang)}")
        rank = stands_as(action, rank)
    return "\n".join(lines) or t(lang, "table.no_calls")


def trick_text(view: HandView, names: list[str], lang: str) -> str:
    if not view.trick:
        return t(lang, "table.trick_empty")
    return " · ".join(f"{names[s]} {card_text(c, lang)}" for s, c in view.trick)


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
    entry = session.entry_in_play() if session is not None else None
    if entry is None:
        return t(lang, "table.no_entry_next")
    if entry.owner is None:
        return t(lang, "table.entry_next_pinandele", amount=entry.amount)
    seat = table.seat_of(entry.owner)
    name = table.name(seat) if seat is not None else "?"
    return t(lang, "table.entry_next", name=name, amount=entry.amount)


def options_text(rules: Rules, turn_seconds: int, lang: str) -> str:
    changed = rules.to_dict()
    lines = [
        t(lang, f"option.{name}") + " : " + option_value(name, value, lang)
        for name, value in changed.items()
    ]
    if not lines:
        lines.append(t(lang, "options.default"))
    turn = (
        t(lang, "options.turn", seconds=turn_seconds)
        if turn_seconds
        else t(lang, "options.no_turn")
    )
    lines.append(turn)
    return "\n".join(lines)


def option_value(name: str, value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    return t(lang, f"option.{name}.{value}")


def log_text(table: LiveTable, lang: str) -> str:
    lines = []
    for line in table.log:
        args = dict(line.args)
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
        lines.append("• " + t(lang, line.key, **args))
    return "\n".join(lines) or "—"


# ---- components ------------------------------------------------------------------


def _button(
    cid: ComponentId,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    *,
    disabled: bool = False,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label[:80], style=style, custom_id=str(cid), disabled=disabled, row=row
    )


def _finish(view: discord.ui.View) -> discord.ui.View:
    """Stop the view: discord.py then keeps nothing for it; dynamic items answer clicks."""
    view.stop()
    return view


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
        out.append(_button(cid, call_text(action, standing, lang), style))
    for index, button in enumerate(out):
        button.row = row + index // 5
    return out


def table_view(table: LiveTable, lang: str) -> discord.ui.View:
    """The buttons under the public table message."""
    view = discord.ui.View(timeout=None)
    tid, moves = table.id, table.moves
    if table.status == "ended":
        return _finish(view)
    if table.status == "lobby":
        view.add_item(
            _button(ComponentId(tid, 0, "join"), t(lang, "btn.join"), discord.ButtonStyle.success)
        )
        view.add_item(_button(ComponentId(tid, 0, "leave"), t(lang, "btn.leave")))
        view.add_item(
            _button(
                ComponentId(tid, 0, "start"),
                t(lang, "btn.start"),
                discord.ButtonStyle.primary,
            )
        )
        full = len(table.seats) >= SEATS
        view.add_item(_button(ComponentId(tid, 0, "ai"), t(lang, "btn.ai"), disabled=full))
        view.add_item(_button(ComponentId(tid, 0, "rules"), t(lang, "btn.rules")))
        if any(not s.human for s in table.seats):
            view.add_item(_button(ComponentId(tid, 0, "airm"), t(lang, "btn.ai_remove"), row=1))
        return _finish(view)
    last_row = 4
    public = public_view(table)
    if table.between_hands:
        view.add_item(
            _button(
                ComponentId(tid, table.hand_no, "next"),
                t(lang, "btn.next"),
                discord.ButtonStyle.primary,
                row=last_row,
            )
        )
    elif public is not None and public.phase is Phase.AUCTION and table.state is not None:
        seat = table.state.turn
        private = table.state.view(seat)
        for button in call_buttons(table, private, seat, lang):
            view.add_item(button)
    for seat in table.absent():
        name = table.name(seat)
        view.add_item(
            _button(
                ComponentId(tid, moves, "replace", str(seat)),
                t(lang, "btn.replace", name=name),
                row=3,
            )
        )
    if table.absent():
        view.add_item(
            _button(
                ComponentId(tid, moves, "abandon"),
                t(lang, "btn.abandon"),
                discord.ButtonStyle.danger,
                row=3,
            )
        )
    if any(s.stand_in for s in table.seats):
        view.add_item(
            _button(
                ComponentId(tid, moves, "back"),
                t(lang, "btn.take_back"),
                discord.ButtonStyle.success,
                row=3,
            )
        )
    view.add_item(
        _button(
            ComponentId(tid, moves, "hand"),
            t(lang, "btn.hand"),
            discord.ButtonStyle.primary,
            row=last_row,
        )
    )
    view.add_item(_button(ComponentId(tid, moves, "rules"), t(lang, "btn.rules"), row=last_row))
    session = table.session
    if session is not None and session.stop_requested:
        humans = sum(1 for s in table.seats if s.human)
        view.add_item(
            _button(
                ComponentId(tid, moves, "stop"),
                t(lang, "btn.stop_now", count=len(table.stop_votes), total=humans),
                discord.ButtonStyle.danger,
                row=last_row,
            )
        )
    return _finish(view)


def computer_choice(table: LiveTable, lang: str) -> tuple[str, discord.ui.View]:
    """The private question after *Add computer player*: which level."""
    view = discord.ui.View(timeout=None)
    for level in LEVELS:
        view.add_item(
            _button(
                ComponentId(table.id, 0, "ai", level),
                t(lang, f"btn.level.{level}"),
                discord.ButtonStyle.primary,
            )
        )
    return t(lang, "ai.choose"), _finish(view)


# ---- the public table ----------------------------------------------------------------


def seat_line(index: int, seat: Seat, lang: str) -> str:
    """A seat in the lobby: its number, its player, and a computer player's level."""
    text = f"`{index + 1}` {seat.name}"
    if seat.ai is not None:
        text += f" — {t(lang, f'table.level.{seat.ai}')}"
    return text


def table_embed(table: LiveTable, lang: str) -> discord.Embed:
    names = [s.name for s in table.seats]
    title = t(lang, "table.title", id=table.id)
    if table.status == "lobby":
        embed = discord.Embed(
            title=title,
            colour=COLOUR,
            description=t(lang, "table.lobby", count=len(table.seats)),
        )
        seats = "\n".join(seat_line(i, s, lang) for i, s in enumerate(table.seats)) or "—"
        embed.add_field(name=t(lang, "table.seats"), value=seats, inline=True)
        embed.add_field(
            name=t(lang, "table.options"),
            value=options_text(table.rules, table.row.turn_seconds, lang),
            inline=True,
        )
        if table.carried:
            carried = ", ".join(
                f"{name or t(lang, 'register.pinandele')} {amount}"
                for name, amount in table.carried
            )
            embed.add_field(
                name=t(lang, "table.carried_title"),
                value=t(lang, "table.carried", count=len(table.carried), entries=carried),
                inline=False,
            )
        else:
            embed.add_field(
                name=t(lang, "table.register"), value=t(lang, "table.fresh"), inline=False
            )
        embed.add_field(name=t(lang, "table.log"), value=log_text(table, lang), inline=False)
        return embed
    colour = ENDED_COLOUR if table.status == "ended" else COLOUR
    session = table.session
    view = public_view(table)
    lines = []
    if table.status == "ended":
        lines.append(t(lang, f"table.ended.{table.ended_reason or 'closed'}"))
    elif view is not None and not table.between_hands:
        lines.append(t(lang, "table.hand_no", hand=table.hand_no))
        lines.append("**" + phase_prompt(view, names, lang) + "**")
        if table.deadline is not None:
            lines.append(t(lang, "table.deadline", when=f"<t:{table.deadline}:R>"))
    elif table.last is not None:
        lines.append(t(lang, "table.between", hand=table.hand_no))
    if session is not None:
        belle = session.belle if view is None or table.between_hands else view.belle
        dealer = session.dealer if view is None or table.between_hands else view.dealer
        lines.append(t(lang, "table.belle", suit=suit_text(belle, lang)))
        key = "table.next_dealer" if table.between_hands else "table.dealer"
        lines.append(t(lang, key, name=names[dealer]))
        if session.stop_requested and table.status != "ended":
            lines.append(t(lang, "table.stopping", count=max(session.deals_left, 0)))
    if table.status == "playing":
        lines.extend(t(lang, "table.absent", name=names[i]) for i in table.absent())
    embed = discord.Embed(title=title, colour=colour, description="\n".join(lines))
    seat_lines = []
    for i, seat in enumerate(table.seats):
        marks = []
        if view is not None and not table.between_hands and view.turn == i:
            marks.append("▶")
        text = f"`{i + 1}` **{seat.name}**"
        details = []
        if view is not None and view.dealer == i and not table.between_hands:
            details.append(t(lang, "table.is_dealer"))
        if (view is not None and view.phase is Phase.PLAY) or (
            view is not None and view.phase is Phase.DONE
        ):
            details.append(t(lang, "table.tricks", count=view.tricks_won[i]))
        if seat.stand_in:
            details.append(t(lang, "table.stand_in"))
        if session is not None:
            details.append(signed(session.balances[seat.player]))
        seat_lines.append(
            " ".join([*marks, text]) + (" — " + " · ".join(details) if details else "")
        )
    embed.add_field(name=t(lang, "table.seats"), value="\n".join(seat_lines), inline=False)
    if view is not None and table.status != "ended":
        if not table.between_hands:
            embed.add_field(
                name=t(lang, "table.auction"), value=auction_text(view, names, lang), inline=True
            )
        if view.contract is not None:
            embed.add_field(
                name=t(lang, "table.contract"),
                value=contract_text(view.contract, names, lang),
                inline=True,
            )
        elif view.declarer >= 0:
            embed.add_field(
                name=t(lang, "table.contract"),
                value=t(lang, "table.declarer", name=names[view.declarer]),
                inline=True,
            )
        if view.phase is Phase.PLAY:
            embed.add_field(
                name=t(lang, "table.trick", number=len(view.tricks_played) + 1),
                value=trick_text(view, names, lang),
                inline=False,
            )
        if table.between_hands:
            entry_line = next_entry_text(table, lang)
        else:
            entry_line = entry_text(view, names, lang)
        embed.add_field(name=t(lang, "table.register"), value=entry_line, inline=False)
    embed.add_field(name=t(lang, "table.log"), value=log_text(table, lang), inline=False)
    return embed


# ---- the private hand ------------------------------------------------------------------


def hand_panel(
    table: LiveTable, seat: int, lang: str, step: str = ""
) -> tuple[discord.Embed, discord.ui.View]:
    """A player's hand and what they may do now (DM or ephemeral)."""
    names = [s.name for s in table.seats]
    view = discord.ui.View(timeout=None)
    embed = discord.Embed(title=t(lang, "hand.title", id=table.id), colour=COLOUR)
    where = t(
        lang, "hand.where", guild=table.row.guild_name or "?", channel=table.row.channel_name or "?"
    )
    state = table.state
    if table.status != "playing" or state is None:
        embed.description = where + "\n" + t(lang, "hand.no_hand")
        return embed, _finish(view)
    hv = state.view(seat)
    lines = [where, t(lang, "hand.hand_no", hand=table.hand_no, dealer=names[hv.dealer])]
    lines.append(t(lang, "table.belle", suit=suit_text(hv.belle, lang)))
    position = (seat - hv.dealer) % 4
    lines.append(t(lang, f"hand.position.{position}"))
    hidden = table.hidden(seat)
    if hidden:
        lines.append("")
        lines.append(t(lang, "hand.face_down"))
    else:
        lines.append("")
        lines.append(t(lang, "hand.cards", cards=cards_text(hv.cards, lang)))
        if hv.cagnot_seen:
            lines.append(t(lang, "hand.cagnot", cards=cards_text(cards_of(hv.cagnot_seen), lang)))
        if hv.discarded:
            lines.append(t(lang, "hand.discarded", cards=cards_text(cards_of(hv.discarded), lang)))
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
        lines.append(t(lang, "hand.trick", trick=trick_text(hv, names, lang)))
        lines.append(t(lang, "hand.tricks_won", count=hv.tricks_won[seat]))
    if hv.phase is Phase.DONE:
        lines.append(t(lang, "phase.done"))
    elif mine:
        lines.append("")
        lines.append("**" + t(lang, f"hand.your_turn.{hv.phase.name.lower()}") + "**")
    else:
        lines.append(t(lang, "hand.not_your_turn"))
    embed.description = "\n".join(lines)
    tid, moves = table.id, table.moves
    if hidden:
        if mine:
            for button in call_buttons(table, hv, seat, lang):
                if button.custom_id and button.custom_id.endswith((":sp", ":ret", ":pass")):
                    view.add_item(button)
        view.add_item(
            _button(
                ComponentId(tid, 0, "look"),
                t(lang, "btn.look"),
                discord.ButtonStyle.primary,
                row=4,
            )
        )
    elif mine and hv.phase is Phase.AUCTION:
        for button in call_buttons(table, hv, seat, lang):
            view.add_item(button)
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
        view.add_item(select)
    elif mine and hv.phase is Phase.DECLARE:
        for button in declare_buttons(table, hv, lang, step):
            view.add_item(button)
    elif hv.phase is Phase.PLAY:
        legal = {a.card for a in hv.legal}
        for index, card in enumerate(hv.cards):
            view.add_item(
                _button(
                    # a greyed-out card carries no move number: it changes only when it opens
                    ComponentId(tid, moves if mine else 0, "play", str(card)),
                    card_text(card, lang),
                    CARD_STYLE[card.suit],
                    disabled=not mine or card not in legal,
                    row=index // 5,
                )
            )
    if table.row.message_id is not None:
        url = f"https://discord.com/channels/{table.row.guild_id}/{table.row.channel_id}/{table.row.message_id}"
        view.add_item(discord.ui.Button(label=t(lang, "btn.to_table"), url=url, row=4))
    return embed, _finish(view)


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
                    _button(
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
                _button(
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
                _button(
                    ComponentId(tid, moves, "decl", f"{suit.name}:{level}:{count}"),
                    label,
                    discord.ButtonStyle.success,
                )
            )
    out.append(_button(ComponentId(tid, moves, "decl", "back"), t(lang, "btn.back"), row=4))
    return out


def panel_fingerprint(embed: discord.Embed, view: discord.ui.View) -> str:
    data = json.dumps([embed.to_dict(), view.to_components()], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


# ---- the end of a hand ---------------------------------------------------------------


def settlement_embed(table: LiveTable, settled: SettledHand, lang: str) -> discord.Embed:
    names = [s.name for s in table.seats]
    by_player = {s.player: s.name for s in table.seats}
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
    embed = discord.Embed(title=title, colour=SUMMARY_COLOUR, description=result)
    tricks = " · ".join(f"{names[i]} {n}" for i, n in enumerate(outcome.tricks))
    embed.add_field(name=t(lang, "summary.tricks"), value=tricks, inline=False)
    lines = []
    for tr in outcome.transfers:
        reason = t(lang, f"reason.{tr.reason}")
        if tr.payer is None and tr.payee is not None:
            lines.append(
                t(lang, "summary.from_pot", name=names[tr.payee], amount=tr.amount, reason=reason)
            )
        elif tr.payee is None and tr.payer is not None:
            lines.append(
                t(lang, "summary.to_pot", name=names[tr.payer], amount=tr.amount, reason=reason)
            )
        elif tr.payer is not None and tr.payee is not None:
            lines.append(
                t(
                    lang,
                    "summary.pays",
                    payer=names[tr.payer],
                    payee=names[tr.payee],
                    amount=tr.amount,
                    reason=reason,
                )
            )
    embed.add_field(name=t(lang, "summary.payments"), value="\n".join(lines) or "—", inline=False)
    net = " · ".join(f"{names[i]} {signed(n)}" for i, n in enumerate(outcome.net))
    embed.add_field(name=t(lang, "summary.net"), value=net, inline=False)
    register = []
    if settled.crossed is not None:
        entry = settled.crossed.entry
        owner = (
            by_player.get(entry.owner or "", "") if entry.owner else t(lang, "register.pinandele")
        )
        register.append(t(lang, "summary.crossed", owner=owner or "?", amount=entry.amount))
    if settled.new_entry is not None:
        entry = settled.new_entry
        owner = (
            by_player.get(entry.owner or "", "") if entry.owner else t(lang, "register.pinandele")
        )
        register.append(t(lang, "summary.new_entry", owner=owner or "?", amount=entry.amount))
    if not register:
        register.append(t(lang, "summary.register_same"))
    embed.add_field(name=t(lang, "table.register"), value="\n".join(register), inline=False)
    if settled.belle_after != settled.belle_before:
        embed.add_field(
            name=t(lang, "summary.belle"),
            value=t(
                lang,
                "summary.belle_change",
                old=suit_text(settled.belle_before, lang),
                new=suit_text(settled.belle_after, lang),
            ),
            inline=False,
        )
    if table.status == "ended":
        embed.set_footer(text=t(lang, f"table.ended.{table.ended_reason or 'closed'}"))
    elif table.session is not None:
        embed.set_footer(text=t(lang, "summary.next", name=names[table.session.dealer]))
    return embed


# ---- the register, the scoreboard, the rules ---------------------------------------------


def register_embed(
    entries: list[RegisterEntry], pot: int, lang: str, table: LiveTable | None = None
) -> discord.Embed:
    embed = discord.Embed(title=t(lang, "register.title"), colour=COLOUR)
    in_play_id = None
    if table is not None and table.status != "ended":
        register = Register([Entry(e.id, e.owner, e.amount) for e in entries])
        entry = register.in_play(table.players, table.rules.bete_order)
        in_play_id = entry.id if entry is not None else None
    lines = []
    for index, e in enumerate(entries, start=1):
        owner = e.owner_name if e.owner is not None else t(lang, "register.pinandele")
        if e.owner is not None:
            owner = f"{owner} (<@{e.owner}>)" if e.owner.isdigit() else owner
        line = t(
            lang,
            "register.line",
            index=index,
            owner=owner,
            amount=e.amount,
            date=e.created_at.date().isoformat(),
        )
        if e.id == in_play_id and table is not None:
            line += " — **" + t(lang, "register.in_play", id=table.id) + "**"
        lines.append(line)
    embed.description = "\n".join(lines) if lines else t(lang, "register.empty")
    embed.add_field(
        name=t(lang, "register.total"), value=str(sum(e.amount for e in entries)), inline=True
    )
    embed.add_field(name=t(lang, "register.pot"), value=str(pot), inline=True)
    return embed


def scoreboard_embed(rows: list[ScoreRow], lang: str, period: str) -> discord.Embed:
    embed = discord.Embed(
        title=t(lang, "score.title", period=t(lang, f"period.{period}")), colour=COLOUR
    )
    lines = []
    for index, row in enumerate(rows[:20], start=1):
        lines.append(
            t(
                lang,
                "score.line",
                rank=index,
                name=row.name,
                net=signed(row.net),
                hands=row.hands,
                made=row.made,
                failed=row.failed,
                betes=row.betes_made,
                collected=row.betes_collected,
            )
        )
    embed.description = "\n".join(lines) if lines else t(lang, "score.empty")
    return embed


def rules_embed(topic: str, lang: str) -> discord.Embed:
    embed = discord.Embed(title=t(lang, f"rules.{topic}.title"), colour=COLOUR)
    embed.description = t(lang, f"rules.{topic}.text")
    embed.set_footer(text=t(lang, "rules.footer"))
    return embed

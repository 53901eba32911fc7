"""Everything players see, in their language: embeds and components.

What every game shares is drawn here; what only one game has (its calls, its
contract, its pot) comes from its renderer (``bot.game.Renderer``, in the
game's package under ``bot/games/``).  Private panels are drawn from the
engine's view of one seat only, and the public table from a view whose private
fields are emptied (the renderer's ``public_view``), so a card a seat may not
see can never reach a message.  Components carry custom
ids of ``bot.ids``; the views are stopped before sending, so discord.py keeps
nothing in memory for them: the registered dynamic items answer every click,
before and after a restart.
"""

from __future__ import annotations

import hashlib
import weakref
from functools import partial
from typing import Any, Final

import discord
import orjson

from bot.drawing.drawn import TableMemo
from bot.drawing.lobby_text import lobby_text
from bot.drawing.pictures.files import CACHE, Picture
from bot.drawing.pictures.scenes import hand_scene, trick_scene

# the small texts live in bot.drawing.wording; named here too for the modules that take them here
from bot.drawing.wording import card_text as card_text
from bot.drawing.wording import cards_text as cards_text
from bot.drawing.wording import duty_text, hand_words, trick_words
from bot.drawing.wording import hand_tricks_words as hand_tricks_words
from bot.drawing.wording import played_trick_text as played_trick_text
from bot.drawing.wording import signed as signed
from bot.drawing.wording import suit_text as suit_text
from bot.drawing.wording import trick_text as trick_text
from bot.game import Field, MoneyState, TableLike, TrickView
from bot.ids import ComponentId
from bot.tables.computer import LEVELS, level_player
from bot.tables.table import ABSENT_WAIT, LiveTable, match_unwon
from bot.texts.fitting import FIELD_LIMIT
from bot.texts.i18n import game_text, t
from games.ai.teacher.hint import offers_hint
from games.cards import Card, Suit

COLOUR: Final = discord.Colour(0x2E7D32)
# the private hands drawn (4 kB each), kept for the change that drew it: 1 s (bot.drawing.drawn)
HAND_PANELS: Final = TableMemo[tuple[discord.Embed, discord.ui.View, Picture | None]](2048, 1.0)
# the fingerprints of the kept hands (their embed, what they show, what they let do)
_PRINTS: Final = weakref.WeakKeyDictionary[discord.ui.View, tuple[discord.Embed, str, str]]()
ENDED_COLOUR: Final = discord.Colour(0x757575)
# a summary's colour by its result: the declarer made it, failed, or nobody played
RESULT_COLOURS: Final = {
    True: discord.Colour(0x2E7D32),
    False: discord.Colour(0xC62828),
    None: discord.Colour(0x757575),
}
CARD_STYLE: Final = {
    Suit.S: discord.ButtonStyle.secondary,
    Suit.C: discord.ButtonStyle.secondary,
    Suit.H: discord.ButtonStyle.danger,
    Suit.D: discord.ButtonStyle.danger,
}


def trick_field(
    names: list[str], view: TrickView, lang: str, since: int | None = None
) -> Field | None:
    """The trick on the table: who leads and who is winning, the cards so far, and the
    last trick taken beside it, so that every card played is seen by everyone.

    ``since``: how many of the hand's tricks taken the table message showed already
    (None: the last one is enough). Every trick taken after them is shown, so that a
    trick played while the message was being edited is not skipped; the oldest give
    way first when they would not fit in a field."""
    number = len(view.tricks_played) + 1
    over = False  # the hand is over: its last trick stays
    lines = []
    if view.trick:
        leader = view.trick[0][0]
        lines.append(
            t(lang, "table.trick_leads", name=names[leader])
            + " · "
            + t(lang, "table.trick_winning", name=names[view.winning])
        )
        lines.append(trick_text(view.trick, names, lang, view.winning))
    elif view.tricks_played and view.turn < 0:
        over = True
    elif view.tricks_played:
        lines.append(t(lang, "table.trick_empty"))
    else:
        return None
    taken = len(view.tricks_played)
    first = max(0, taken - 1 if since is None else min(since, taken - 1))
    room = FIELD_LIMIT - len("\n".join(lines))
    earlier: list[str] = []
    for done in range(taken, first, -1):  # the newest first, while they fit
        line = played_trick_text(done, view.tricks_played[done - 1], names, lang)
        if earlier and room < len(line) + 1:
            break
        earlier.insert(0, line)
        room -= len(line) + 1
    lines += earlier
    if over:  # its tricks are numbered in the lines already
        return (t(lang, "table.tricks_done", count=len(earlier)), "\n".join(lines), False)
    return (t(lang, "table.trick", number=number), "\n".join(lines), False)


def turn_lines(
    table: TableLike,
    view: TrickView,
    lang: str,
    *,
    done: bool,
    playing: bool,
    prompt: str,
    stood_in: bool = False,
    waiting: str | None = None,
) -> list[str]:
    """The end of a private hand in a trick-taking game: during the play, the trick in
    progress, the last trick and the player's tricks; then whose turn it is
    (``prompt``: what the player to act is asked; ``stood_in``: a computer plays the
    seat for its person, who is asked nothing; ``waiting``: what the others are told
    the player to act is doing, where the game says more than whose turn it is)."""
    lines = []
    mine = view.turn == view.seat and not stood_in
    if playing:  # every private hand shows the play, so nobody needs the channel to follow
        trick = trick_text(view.trick, table.names, lang, view.winning)
        lines.append(t(lang, "hand.trick", trick=trick))
        if view.tricks_played:  # "Pli 2 : A♠ V♠ R♠ A♥ → Edmond"
            number, last = len(view.tricks_played), view.tricks_played[-1]
            lines.append(played_trick_text(number, last, table.names, lang))
        lines.append(t(lang, "hand.tricks_won", count=view.tricks_won[view.seat]))
    if done:
        lines.append(game_text(table.row.game, lang, "phase.done"))
    elif mine:
        lines.extend(("", f"**{prompt}**"))
        if view.duty is not None:  # why some of the cards are greyed out
            lines.append(duty_text(view.duty, lang, table.row.game) + ".")
    elif view.turn == view.seat:  # the seat's turn, which the computer plays
        lines.append(t(lang, "hand.turn_stood_in"))
    elif waiting is not None:
        lines.append(waiting)
    elif view.turn >= 0:
        lines.append(t(lang, "hand.turn_of", name=table.names[view.turn]))
    return lines


def log_text(table: LiveTable, lang: str) -> str:
    lines = []
    for line in table.log:
        args = dict(line.args)
        if "seat" in args:
            seat = int(str(args.pop("seat")))
            args["name"] = table.name(seat) if 0 <= seat < len(table.seats) else "?"
        args = table.game.renderer.log_args(table, args, lang)
        lines.append("• " + game_text(table.game.id, lang, line.key, **args))
    return "\n".join(lines) or "—"


# ---- components ------------------------------------------------------------------


def button(
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


def finished(view: discord.ui.View) -> discord.ui.View:
    """Stop the view: discord.py then keeps nothing for it; dynamic items answer clicks."""
    view.stop()
    return view


def help_button(table: TableLike, topic: str, row: int | None = None) -> discord.ui.Button[Any]:
    """❔ beside a game's calls (on their ``row``, if they have one): what each means (the
    game's /rules topic), privately."""
    return button(ComponentId(table.id, 0, "rules", topic), "❔", row=row)


def card_buttons(
    table: TableLike, cards: list[Card], legal: set[Card], mine: bool, lang: str
) -> list[discord.ui.Button[Any]]:
    """A hand's cards as buttons: only the legal ones of the player to act are open."""
    return [
        button(
            # a greyed-out card carries no move number: it changes only when it opens
            ComponentId(table.id, table.moves if mine else 0, "play", str(card)),
            card_text(card, lang),
            CARD_STYLE[card.suit],
            disabled=not mine or card not in legal,
            row=index // 5,
        )
        for index, card in enumerate(cards)
    ]


def ended_text(table: LiveTable, lang: str) -> str:
    """Why the table ended (or will, its session finished), in the game's own words where
    it has them (a match speaks of no bête), and whether its match was kept for later."""
    reason = table.ended_reason or "finished"
    unwon = match_unwon(table)
    if unwon and reason == "finished":  # stopped between deals, not won
        reason = "stopped"
    game = table.game
    lines = [game_text(game.id, lang, f"table.ended.{reason}", name=table.ended_by)]
    state = table.state
    if state is not None and not state.is_over:  # ended mid-hand: nothing of it counts
        lines.append(game_text(game.id, lang, "table.ended.unsettled"))
    lines.extend(game.renderer.carried_lines(table, lang))
    closed_kept = table.resuming is not None and table.session is None  # closed in its lobby
    if (unwon and table.keep) or closed_kept:
        key = game.renderer.kept_key(table)
        lines.append(game_text(game.id, lang, key, game=game.command.name))
    return "\n".join(lines)


def computer_choice(table: LiveTable, lang: str) -> tuple[str, discord.ui.View]:
    """The private question after *Add computer player*: which level."""
    view = discord.ui.View(timeout=None)
    for level in LEVELS:
        view.add_item(
            button(
                ComponentId(table.id, 0, "ai", level_player(table.game.spec, level)),
                t(lang, f"btn.level.{level}"),
                discord.ButtonStyle.primary,
            )
        )
    return t(lang, "ai.choose"), finished(view)


# ---- the public table ----------------------------------------------------------------


def public_view(table: LiveTable) -> Any:
    """The hand in progress or just settled as everyone sees it (None: none, or ended)."""
    state = table.state
    if state is None or table.status != "playing":
        return None
    return table.game.renderer.public_view(state.view(max(state.turn, 0)))


def tricks_mark(table: LiveTable) -> tuple[int, int]:
    """The hand in play and how many of its tricks are taken: what a table message drawn
    now shows, and need not show again (``table_embed``'s ``since``)."""
    view = public_view(table)
    taken = len(view.tricks_played) if view is not None and table.game.capabilities.tricks else 0
    return table.hand_no, taken


def seat_balances(table: LiveTable) -> list[int]:
    """Each seat's balance as the table shows it: the session's (its settled deals), and
    during a deal what the deal has moved already (its antes, a bête paid in: the pot
    the table shows holds them), so that the balances and the pot always sum alike.  A
    settled deal is in the session's balances alone."""
    session = table.session
    assert session is not None
    balances = [session.balances[seat.player] for seat in table.seats]
    if not table.in_deal:
        return balances
    state = table.state
    if not isinstance(state, MoneyState):
        raise TypeError(f"{table.game.id}: a deal with money says what it moved (MoneyState)")
    return [held + paid for held, paid in zip(balances, state.net_so_far, strict=True)]


def absence_line(table: LiveTable, seat: int, lang: str) -> str:
    """Why the others may replace ``seat``'s player, and what they may do."""
    if table.timed_out_twice(seat):
        return t(lang, "table.absent", name=table.name(seat))
    return t(lang, "table.overdue", name=table.name(seat), minutes=ABSENT_WAIT // 60)


def table_embed(table: LiveTable, lang: str, since: int | None = None) -> discord.Embed:
    """The table message's embed (``since``: the tricks of the hand it showed already,
    as ``trick_field`` takes it)."""
    names = [s.name for s in table.seats]
    game = table.game
    title = t(lang, "table.title", id=table.id, game=game.spec.name(lang))
    if table.status == "lobby":
        description, fields = lobby_text(table, lang)
        embed = discord.Embed(title=title, colour=COLOUR, description=description)
        for name, value, inline in fields:
            embed.add_field(name=name, value=value, inline=inline)
        embed.add_field(name=t(lang, "table.log"), value=log_text(table, lang), inline=False)
        return embed
    colour = ENDED_COLOUR if table.status == "ended" else COLOUR
    session = table.session
    view = public_view(table)
    renderer = game.renderer
    lines = []
    if table.status == "ended" or (table.between_hands and not table.deal_coming):
        lines.append(ended_text(table, lang))
    elif table.in_deal:
        lines.append(game_text(game.id, lang, "table.hand_no", hand=table.hand_no))
    elif table.last is not None:
        lines.append(game_text(game.id, lang, "table.between", hand=table.hand_no))
    lines.extend(renderer.status_lines(table, view, lang))
    if session is not None and table.between_hands and table.deal_coming:
        lines.append(t(lang, "table.next_dealer", name=names[session.dealer]))
    if table.deadline is not None and table.status == "playing" and not table.between_hands:
        lines.append(t(lang, "table.deadline", when=f"<t:{table.deadline}:R>"))
    if table.status == "playing":
        lines.extend(absence_line(table, seat, lang) for seat in table.absent())
    embed = discord.Embed(title=title, colour=colour, description="\n".join(lines))
    seat_lines = []
    balances = seat_balances(table) if session is not None and game.capabilities.money else []
    for i, seat in enumerate(table.seats):
        marks = ["▶"] if table.to_act == i else []  # nobody's turn once play has ended
        text = f"`{i + 1}` **{seat.name}**"
        details = renderer.seat_details(table, view, i, lang)
        if seat.stand_in:
            details.append(t(lang, "table.stand_in"))
        if balances:
            details.append(renderer.money(balances[i], lang))
        seat_lines.append(
            " ".join([*marks, text]) + (" — " + " · ".join(details) if details else "")
        )
    embed.add_field(name=t(lang, "table.seats"), value="\n".join(seat_lines), inline=False)
    if table.status != "ended":
        fields = renderer.public_fields(table, view, lang)
        if view is not None and game.capabilities.tricks:
            trick = trick_field(names, view, lang, since)
            fields += [trick] if trick is not None else []
            picture = None
            if table.pictures and table.in_deal:  # a settled deal has no trick in progress
                picture = trick_scene(view, lang, len(table.seats), trick_words(names, view, lang))
            if picture is not None:
                embed.set_image(url=picture.url)
        for name, value, inline in fields:
            embed.add_field(name=name, value=value, inline=inline)
    elif session is not None:  # what carries over to the next table: L'Hombre's poule...
        for name, value, inline in renderer.public_fields(table, None, lang):
            embed.add_field(name=name, value=value, inline=inline)
    embed.add_field(name=t(lang, "table.log"), value=log_text(table, lang), inline=False)
    return embed


# ---- the private hand ------------------------------------------------------------------


def passed_for(table: LiveTable, seat: int) -> bool:
    """Whether ``seat``'s last move in the deal was a pass: the move the time limit makes
    for a person wherever a pass is open (``away_move``), whatever their cards."""
    state = table.state
    if state is None or "pass" not in table.game.capabilities.away_moves:
        return False
    moves = [action for who, action in state.actions if who == seat]
    return bool(moves) and str(moves[-1]) == "pass"


def hand_panel(
    table: LiveTable, seat: int, lang: str, step: str = ""
) -> tuple[discord.Embed, discord.ui.View]:
    """A player's hand and what they may do now (DM or ephemeral), drawn once for each
    state of the table: its embed and view are shared, never to be changed."""
    draw = partial(_draw_kept_panel, table, seat, lang, step)
    embed, view, picture = HAND_PANELS.get(table, (seat, lang, step), draw)
    if picture is not None:
        CACHE.keep(picture)  # known by its name for as long as a panel shows it
    return embed, view


def _draw_hand_panel(
    table: LiveTable, seat: int, lang: str, step: str
) -> tuple[discord.Embed, discord.ui.View, Picture | None]:
    view = discord.ui.View(timeout=None)
    embed = discord.Embed(title=t(lang, "hand.title", id=table.id), colour=COLOUR)
    where = hand_where(table, lang)
    if table.status == "ended":  # nothing left to play, nor to click
        embed.colour = ENDED_COLOUR
        closed = t(lang, "hand.closed", id=table.id)
        embed.description = "\n".join((where, f"**{closed}**", ended_text(table, lang)))
        return embed, finished(view), None
    if table.status != "playing" or table.state is None:
        waiting = "error.not_started" if table.status == "lobby" else "hand.no_hand"
        embed.description = where + "\n" + t(lang, waiting)
        return embed, finished(view), None
    own = table.state.view(seat)
    renderer = table.game.renderer
    # a computer plays the seat for its person (``/table replace``): the seat and its cards
    # stay theirs, so they follow the play as at any other's turn, and may take it back
    stood_in = table.seats[seat].stand_in
    lines, items = renderer.hand_body(table, own, seat, lang, step, stood_in=stood_in)
    rows = renderer.hand_rows(own, lang)
    picture = None
    if table.pictures and any(row.cards for row in rows):
        picture = hand_scene(rows, lang, hand_words(rows, lang))
        embed.set_image(url=picture.url)
    if table.state.is_over and table.last is not None:  # the hand's result, and yours
        title, result, _ = renderer.settlement(table, table.last, lang)
        lines += ["", f"**{title}**", result]
        if table.game.capabilities.money:
            money = renderer.money(table.last.outcome.net[seat], lang)
            lines.append(t(lang, "hand.your_money", money=money))
    if stood_in:
        lines += ["", t(lang, "hand.stand_in")]
    elif table.timeouts.get(seat, 0):  # the last move was the time limit's: say so to them
        count = table.timeouts[seat]
        key = "hand.timed_out" if count == 1 else "hand.timed_out_again"
        if passed_for(table, seat):
            key += "_passed"  # the rule's pass, not the computer's choice
        lines += ["", t(lang, key, count=count)]
    embed.description = "\n".join([where, *lines])
    for item in items:
        view.add_item(item)
    if stood_in and has_room(view, LAST_ROW):  # the table's button, here too (no hint then)
        back = ComponentId(table.id, 0, "back")  # taken back whatever moved meanwhile
        style = discord.ButtonStyle.success
        view.add_item(button(back, t(lang, "btn.take_back"), style, row=LAST_ROW))
    # the hint and the way to the table where the moves leave room (the moves first)
    if hint_offered(table, seat, own) and has_room(view, LAST_ROW):
        hint = ComponentId(table.id, table.moves, "hint", str(seat))
        view.add_item(button(hint, t(lang, "btn.hint"), discord.ButtonStyle.success, row=LAST_ROW))
    if table.row.message_id is not None and has_room(view, LAST_ROW):
        url = table_link(table)
        view.add_item(discord.ui.Button(label=t(lang, "btn.to_table"), url=url, row=LAST_ROW))
    return embed, finished(view), picture


MAX_COMPONENTS: Final = 25  # Discord's, in one message: five rows of five
ROW_WIDTH: Final = 5  # Discord's: five buttons (or one menu) a row
LAST_ROW: Final = 4
HAND_EXTRAS: Final = 2
"""The buttons a private hand may add after its moves, on its last row: 💡 and the
table's link, or for a seat the computer plays, *Take my seat back* and the link (a game
that may offer more moves than fit leaves them room)."""


def has_room(view: discord.ui.View, row: int) -> bool:
    """Whether one more button fits on ``row`` of ``view``: Discord takes 25 components
    a message, five buttons (or one menu) a row."""
    used = sum(item.width for item in view.children if item.row == row)
    return len(view.children) < MAX_COMPONENTS and used < ROW_WIDTH


def hint_offered(table: LiveTable, seat: int, own: Any) -> bool:
    """The hand of ``seat`` has a Hint button: hints on, the seat's person to decide, and
    a hint to give (a choice the game values: ``own`` is the seat's view)."""
    if not table.hints or table.to_act != seat or not table.seats[seat].human:
        return False
    return offers_hint(table.game.id, own)


def hand_where(table: LiveTable, lang: str) -> str:
    """Where a private hand's table is: its server and channel."""
    row = table.row
    return t(lang, "hand.where", guild=row.guild_name or "?", channel=row.channel_name or "?")


def hand_over_panel(
    table: LiveTable, hand_no: int, lang: str
) -> tuple[discord.Embed, discord.ui.View]:
    """A private hand of deal ``hand_no``, which the table has moved on from: that deal
    is over (its summary is in the channel), nothing to click."""
    embed = discord.Embed(title=t(lang, "hand.title", id=table.id), colour=ENDED_COLOUR)
    where = hand_where(table, lang)
    game = table.game.id
    deal = game_text(game, lang, "table.hand_no", hand=hand_no)
    embed.description = "\n".join((where, deal, game_text(game, lang, "phase.done")))
    return embed, finished(discord.ui.View(timeout=None))


def expired_panel(table: LiveTable, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    """A *My hand* panel no longer kept up to date (Discord's 15 minutes), and a button
    that opens a fresh one."""
    embed = discord.Embed(title=t(lang, "hand.title", id=table.id), colour=ENDED_COLOUR)
    embed.description = t(lang, "hand.expired")
    view = discord.ui.View(timeout=None)
    reopen = button(
        ComponentId(table.id, 0, "hand"), t(lang, "btn.hand"), discord.ButtonStyle.primary
    )
    view.add_item(reopen)
    return embed, finished(view)


def replaced_panel(table: LiveTable, lang: str) -> tuple[discord.Embed, discord.ui.View]:
    """A *My hand* panel that a newer one, opened below it, replaces: it no longer
    follows the table, and offers nothing to click."""
    embed = discord.Embed(title=t(lang, "hand.title", id=table.id), colour=ENDED_COLOUR)
    embed.description = t(lang, "hand.replaced")
    return embed, finished(discord.ui.View(timeout=None))


def tricks_embed(table: LiveTable, lang: str) -> discord.Embed:
    """Every trick of the hand so far, its cards in play order and who took it (RULES.md
    §3: every player may look at all the tricks taken).  Only cards already played."""
    title = game_text(table.game.id, lang, "tricks.title", hand=table.hand_no)
    embed = discord.Embed(title=title, colour=COLOUR)
    state = table.state
    played = () if state is None else state.view(0).tricks_played
    lines = [
        played_trick_text(number, trick, table.names, lang)
        for number, trick in enumerate(played, start=1)
    ]
    embed.description = clip("\n".join(lines), 4096) if lines else t(lang, "tricks.none")
    return embed


def table_link(table: LiveTable) -> str:
    """The address of the table message (a link in a DM jumps to it)."""
    row = table.row
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.message_id}"


def panel_fingerprint(embed: discord.Embed, view: discord.ui.View) -> str:
    """What a private hand shows, its text and its components."""
    kept = _PRINTS.get(view)
    if kept is not None and kept[0] is embed:
        return kept[1]
    return _fingerprint([embed.to_dict(), view.to_components()])


def controls_fingerprint(view: discord.ui.View) -> str:
    """What a private hand lets its reader do: its components alone."""
    kept = _PRINTS.get(view)
    return kept[2] if kept is not None else _fingerprint(view.to_components())


def _fingerprint(data: Any) -> str:
    return hashlib.sha256(orjson.dumps(data, default=str, option=orjson.OPT_SORT_KEYS)).hexdigest()


def _draw_kept_panel(
    table: LiveTable, seat: int, lang: str, step: str
) -> tuple[discord.Embed, discord.ui.View, Picture | None]:
    """A private hand to keep: its fingerprints worked out once (it never changes), its
    buttons' links back to it cut, so that let go it is freed at once (not at a full GC)."""
    embed, view, picture = _draw_hand_panel(table, seat, lang, step)
    for item in view.children:
        item._update_view(None)
    components = view.to_components()
    _PRINTS[view] = (embed, _fingerprint([embed.to_dict(), components]), _fingerprint(components))
    return embed, view, picture


# ---- the end of a hand ---------------------------------------------------------------


def clip(text: str, limit: int = FIELD_LIMIT) -> str:
    """An embed field's value fits Discord's limit (a long list of payments is cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"

"""Tables in channels: ``/table new <game>``, ``/table stop`` and every button and menu of a table.

Thin: parse the click, call the table service, answer with what the renderer
draws, and let the presenter update the table message and the private hands.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.commands import MIN_TURN_SECONDS, TableChoices, not_resumed
from bot.delivery.in_time import defer_if_late, deferred_thinking, edit_answer, in_time, send
from bot.delivery.memory import Shown
from bot.delivery.panels import answered
from bot.delivery.table_message import (
    Drawing,
    edit_refused,
    landed,
    table_drawing,
    table_edit,
    table_payload,
)
from bot.drawing.boards import rules_embed, rules_topic
from bot.drawing.hint_text import hint_text
from bot.drawing.pictures.files import edit_files, held
from bot.drawing.render import (
    computer_choice,
    ended_text,
    hand_panel,
    tricks_embed,
)
from bot.drawing.review import review_target
from bot.errors import UserError
from bot.games import table_game, table_games
from bot.ids import COMPONENT_TEMPLATE, EVERY_ABSENT, ComponentId
from bot.tables.clicks import Click
from bot.tables.matches import kept_label
from bot.tables.table import LiveTable
from bot.teacher.answer import answer_review
from bot.texts.i18n import game_text, lang_for, t
from bot.texts.parsing import matches
from bot.texts.translator import command_word
from cogs import bot_of
from cogs.table_moderation import end_table, replace_player
from games.numerals import digits

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot
    from db.models import KeptMatch

Interaction = discord.Interaction[Any]
T = TypeVar("T")


async def component_clicked(interaction: Interaction, cid: ComponentId, values: list[str]) -> None:
    bot = bot_of(interaction)
    since = time.monotonic()
    before = bot.service.tables.get(cid.table)
    seq = before.seq if before is not None else None
    try:
        await _handle(bot, interaction, cid, values, since)
    except Exception as error:
        await bot.answer_error(interaction, error)
        table = bot.service.tables.get(cid.table)
        if table is not None and seq is not None and table.seq != seq:
            # the click changed the table, then its answer failed (Discord refused it as
            # too late, say): the change stands, and is shown all the same
            await bot.presenter.after_change(table)
    table = bot.service.tables.get(cid.table)
    message = interaction.message
    if (
        table is not None
        and table.seat_of(str(interaction.user.id)) is not None
        and (message is None or message.id != table.row.message_id)
    ):  # a player's click elsewhere than on the table message: is that message there?
        await bot.presenter.reach(table, interaction, since)


async def _handle(
    bot: BeteBot, interaction: Interaction, cid: ComponentId, values: list[str], since: float
) -> None:
    service, presenter = bot.service, bot.presenter
    lang = bot.lang(interaction)
    player = str(interaction.user.id)
    if cid.verb == "review":  # under a hand's summary: its table may have closed since
        try:
            table_id, hand_no, pictures = review_target(cid.arg)
        except ValueError:
            raise UserError("error.bad_input", text=cid.arg[:30]) from None
        hand_id = await bot.reviewer.hand_of(table_id, hand_no)
        if hand_id is None:  # no summary shows a hand not stored
            raise UserError("error.bad_input", text=cid.arg[:30])
        await answer_review(bot.reviewer, interaction, hand_id, player, lang, pictures=pictures)
        return
    table = service.get(cid.table)
    if table.seat_of(player) is not None:
        presenter.remember_locale(table, player, interaction.locale)
    presenter.acted(table, interaction)
    verb = cid.verb
    if verb == "rules":
        first = table.game.renderer.rule_topics[0]  # the table's Rules button: its first
        topic = rules_topic(table.game, cid.arg or first, lang)  # ❔ beside the calls: its own
        embed = rules_embed(table.game, topic, lang)
        await interaction.response.send_message(embed=embed, ephemeral=True)
        return
    if verb == "ai" and not cid.arg:  # which level: asked privately, answered by a click
        _seat(table, player)
        text, view = computer_choice(table, lang)
        await interaction.response.send_message(text, view=view, ephemeral=True)
        return
    if verb == "ai":
        await service.add_computer(table.id, player, cid.arg)
        name = table.seats[-1].name
        await interaction.response.edit_message(content=t(lang, "ai.added", name=name), view=None)
        await presenter.after_change(table)
        return
    if verb == "tricks":  # every trick of the hand so far: public cards only, privately
        await interaction.response.send_message(embed=tricks_embed(table, lang), ephemeral=True)
        return
    if verb == "hand":
        seat = _seat(table, player)
        await defer_if_late(interaction, since=since)  # the panel fills the "thinking…" in
        await presenter.panels.answer(table, interaction, seat, lang)
        return
    private = _in_private(interaction)
    if verb in LOBBY_VERBS and not (verb == "back" and private):
        # the table's own buttons; keep: a match stopping, kept or not
        await _act_in_public(bot, interaction, table, _lobby_action(bot, interaction, cid))
        return
    if verb == "hint":  # the best moves of the player's decision, privately
        await _answer_hint(bot, interaction, table, player, cid, lang)
        return
    if verb in ("look", "back"):  # the clicker's own hand changes: redrawn where clicked
        change = service.look if verb == "look" else service.take_back
        await _move_in_time(interaction, change(table.id, player), since)
        seat = _seat(table, player)
        await _answer_panel(bot, interaction, table, seat, lang)
        await presenter.after_change(table)
        return
    # a move of the game: the service checks it (once) and plays it
    click = Click(player, table.id, cid.moves, verb, cid.arg, tuple(values))
    played = await _move_in_time(interaction, service.play(click), since)  # or refused there
    seat = _seat(table, player)
    if played is None:  # one more step to choose: only this panel changes
        if not private:
            await presenter.panels.answer(table, interaction, seat, lang)
            return
        step = "" if cid.arg == "back" else cid.arg
        embed, view = hand_panel(table, seat, lang, step)
        files = edit_files(embed, held(interaction.message))
        await edit_answer(interaction, embed=embed, view=view, **files)
        if table.status == "ended":  # while the step was on its way: no step to take
            step_drawn = answered(interaction, seat, lang, embed, view)
            await presenter.panels.close_answer(table, step_drawn)
        return
    if private:
        await _answer_panel(bot, interaction, table, seat, lang)
        await presenter.after_change(table)
    else:  # on the table message, or on an old one of it not yet deleted
        await _answer_public(bot, interaction, table)


async def _answer_hint(
    bot: BeteBot,
    interaction: Interaction,
    table: LiveTable,
    player: str,
    cid: ComponentId,
    lang: str,
) -> None:
    """A hint, worked out in the workers while the table plays on, answered in time
    (``in_time``: at once, or deferred and sent when it comes). Refused (nothing worked
    out) unless it is the clicker's own hand and decision."""
    hints = bot.service.hints
    asking = time.monotonic()
    asked = await hints.ask(table.id, player, cid.moves, _number(cid.arg))  # may wait its turn
    worked_out = await in_time(interaction, hints.work_out(asked), ephemeral=True, since=asking)
    await send(
        interaction, content=hint_text(table.game, asked.view, worked_out, lang), ephemeral=True
    )


async def _move_in_time(interaction: Interaction, action: Awaitable[T], since: float) -> T:
    """A move's ``action`` (or a look at a hand kept face down) answered in time: past
    ``ANSWER_WAIT``, a click on a private hand is deferred as an update (its answer always
    redraws that hand); one on the table message with "thinking…" privately, since its
    answer may be a private panel (one more step to choose) as well as the table's edit,
    and a deferral must choose before the answer is known."""
    private = _in_private(interaction)
    return await in_time(
        interaction, action, ephemeral=True, since=since, thinking=not private, acting=True
    )


def _seat(table: LiveTable, player: str) -> int:
    seat = table.seat_of(player)
    if seat is None:
        raise UserError("error.not_seated")
    return seat


def _number(arg: str) -> int:
    if not digits(arg):
        raise UserError("error.bad_input", text=arg[:30])
    return int(arg)


def _on_table(interaction: Interaction, table: LiveTable) -> bool:
    """Whether the click came from the table's message as it is now (asked when it is
    answered: the table message may have been posted again below a summary meanwhile,
    and the old one deleted)."""
    message = interaction.message
    return message is not None and message.id == table.row.message_id


def _in_private(interaction: Interaction) -> bool:
    """The click was on a private hand: in the clicker's DMs, or an ephemeral panel. A
    public message (the table's, or an old one of it posted again below a summary and
    not deleted yet) is never drawn as anyone's hand."""
    message = interaction.message
    return interaction.guild_id is None or (message is not None and message.flags.ephemeral)


# the clicks on the table's own buttons, answered by the table message
LOBBY_VERBS: Final = frozenset(
    ("join", "leave", "airm", "start", "next", "stop", "replace", "abandon", "back", "keep")
)


async def _lobby_action(bot: BeteBot, interaction: Interaction, cid: ComponentId) -> None:
    """What a click on the table's own buttons (seats, start, next deal, stop, keeping a
    match) does."""
    service, verb = bot.service, cid.verb
    table, player = cid.table, str(interaction.user.id)
    if verb == "join":
        user = interaction.user
        await service.join(
            table, player, user.display_name, bot.lang(interaction), handle=user.name
        )
    elif verb == "leave":
        await service.leave(table, player)
    elif verb == "airm":
        await service.remove_computer(table, player)
    elif verb == "start":
        await service.start(table, player)
    elif verb == "next":
        await service.next_hand(table, player, cid.moves)
    elif verb == "replace":
        seat = None if cid.arg == EVERY_ABSENT else _number(cid.arg)
        await service.replace_absent(table, player, seat)
    elif verb == "abandon":
        await service.abandon(table, player)
    elif verb == "back":
        await service.take_back(table, player)
    elif verb == "keep":
        await service.keep_choice(table, player, cid.arg == "1")
    else:
        await service.vote_stop(table, player)


class PublicAnswer(NamedTuple):
    """The table message as a click on it leaves it, drawn for its answer."""

    shown: Shown
    seq: int
    drawn: Drawing


def _public_answer(bot: BeteBot, interaction: Interaction, table: LiveTable) -> PublicAnswer | None:
    """The answer to a click on the table message, drawn (None: clicked on a table
    message since replaced, answered apart)."""
    if not _on_table(interaction, table):
        return None
    shown = bot.presenter.shown(table)
    return PublicAnswer(shown, table.seq, table_drawing(table, shown))


async def _act_in_public(
    bot: BeteBot, interaction: Interaction, table: LiveTable, action: Awaitable[None]
) -> None:
    """A click whose action may take a while (a deal, a hand's settlement, a busy
    database), answered by the table message: should the action and the drawing of its
    answer take longer than ``ANSWER_WAIT``, the click is deferred (nothing shown, as
    Discord allows a click) and the table message then edited through its token, rather
    than answered after Discord's three seconds ("This interaction failed")."""

    since = time.monotonic()  # should this machine's clock be behind Discord's

    async def acted() -> PublicAnswer | None:
        await action
        return _public_answer(bot, interaction, table)

    answer = await in_time(
        interaction, acted(), ephemeral=False, since=since, thinking=False, acting=True
    )
    await _send_public(bot, interaction, table, answer)


async def _answer_public(bot: BeteBot, interaction: Interaction, table: LiveTable) -> None:
    await _send_public(bot, interaction, table, _public_answer(bot, interaction, table))


async def _send_public(
    bot: BeteBot, interaction: Interaction, table: LiveTable, answer: PublicAnswer | None
) -> None:
    """A click on the table message: the answer is the table message's one edit (a click
    on a table message since replaced is answered apart, the new one edited)."""
    if answer is not None and _on_table(interaction, table) and not deferred_thinking(interaction):
        shown, seq, drawn = answer
        payload = table_edit(table, shown, held(interaction.message), drawn)
        message_id = table.row.message_id
        try:
            await edit_answer(interaction, **payload)  # deferred: by the click's token
        except discord.NotFound:  # posted again below a summary while this answer was sent
            edit_refused(shown)
        else:
            if _on_table(interaction, table):  # else posted again, drawn before this click
                landed(shown, drawn)
            # the table moved on while the answer was on its way (its end, maybe, whose
            # edit landed first): the table message is edited again, as it is now
            await bot.presenter.after_change(
                table, answered=message_id if table.seq == seq else None
            )
            return
    # the click was taken: said in a line (filling in a private "thinking…"), and the
    # table's message as it is now edited
    await send(interaction, content=t(bot.lang(interaction), "ok.played"), ephemeral=True)
    await bot.presenter.after_change(table)


async def _answer_panel(
    bot: BeteBot, interaction: Interaction, table: LiveTable, seat: int, lang: str
) -> None:
    """A click on a private hand: that message shows the hand as it is now (an
    ephemeral panel lives on through this click's token)."""
    if interaction.guild_id is not None:
        replace = _in_private(interaction)  # a panel: redrawn; else a new panel, apart
        await bot.presenter.panels.answer(table, interaction, seat, lang, replace=replace)
        return
    embed, view = hand_panel(table, seat, lang)
    files = edit_files(embed, held(interaction.message))
    await edit_answer(interaction, embed=embed, view=view, **files)
    await bot.presenter.hand_answered(table, interaction, seat, lang, embed, view)


class TableComponent(
    discord.ui.DynamicItem[discord.ui.Button[Any] | discord.ui.Select[Any]],
    template=COMPONENT_TEMPLATE,
):
    """Every button and menu of every table, before and after a restart (a menu's id
    says it is one: its values come with the click)."""

    def __init__(self, cid: ComponentId) -> None:
        item: discord.ui.Button[Any] | discord.ui.Select[Any] = discord.ui.Button(
            custom_id=str(cid)
        )
        if cid.select:
            menu_options = [discord.SelectOption(label="-")]
            item = discord.ui.Select(custom_id=str(cid), options=menu_options)
        super().__init__(item)
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableComponent:
        return cls(ComponentId.parse(match.string))

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await component_clicked(interaction, self.cid, values)


async def open_table(
    interaction: Interaction,
    game_id: str,
    options: Mapping[str, object],
    chosen: TableChoices,
) -> None:
    """``/table new <game>``: a table of ``game_id`` with its options, in this channel
    (or, with ``chosen.resume``, a kept match of it with its own options and seats)."""
    bot, asked = bot_of(interaction), time.monotonic()
    guild, channel = interaction.guild, interaction.channel
    if guild is None or interaction.guild_id is None:
        raise UserError("error.guild_only")
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        raise UserError("error.bad_channel")
    service = bot.service
    here = service.in_channel(channel.id)
    if here is not None:  # its message may be gone: looked up, and posted again if it is
        since = bot.presenter.acted(here, interaction)
        await interaction.response.send_message(
            t(bot.lang(interaction), "error.table_exists"), ephemeral=True
        )
        await bot.presenter.reach(here, interaction, since)
        return
    game = table_game(game_id)
    try:
        rules = game.spec.options_from(options)
    except ValueError as error:
        raise UserError("error.bad_input", text=str(error)[:60]) from None
    if 0 < chosen.turn_time < MIN_TURN_SECONDS:  # Discord's range cannot leave out 1-19
        raise UserError("error.turn_time_short", least=MIN_TURN_SECONDS)
    computers = chosen.computers
    if computers >= game.max_seats:
        raise UserError("error.bad_input", text=f"computers: {computers}")
    not_taken = not_resumed(name for name, _ in interaction.namespace) if chosen.resume else []

    async def opened() -> LiveTable:
        kept, computers = None, chosen.computers
        if chosen.resume:
            kept = await _kept(bot, chosen.resume, guild.id, game_id)
            computers = 0  # the kept seats come back as they were
        # the server's language is set only once the table is open: a refused command
        # changes nothing
        stored = chosen.language or await service.guild_language(guild.id)
        public_lang = stored or lang_for(interaction.guild_locale, bot.settings.default_language)
        player = str(interaction.user.id)
        table = await service.open_table(
            guild_id=guild.id,
            channel_id=channel.id,
            player=player,
            name=interaction.user.display_name,
            game=game,
            rules=rules,
            turn_seconds=chosen.turn_time,
            lang=public_lang,
            guild_name=guild.name,
            channel_name=channel.name,
            pictures=chosen.pictures,
            hints=chosen.hints,
            kept=kept,
            handle=interaction.user.name,
        )
        if chosen.language is not None:  # the server's choice for its public messages
            await service.guild_language(guild.id, chosen.language)
        bot.presenter.remember_locale(table, player, interaction.locale)
        for _ in range(computers):
            await service.add_computer(table.id, player, chosen.level)
        return table

    # a busy database past 2 s: "thinking…" in the channel, which the table fills in
    table = await in_time(interaction, opened(), ephemeral=False, since=asked, acting=True)
    await send(interaction, **table_payload(table))
    try:
        message = await interaction.original_response()
    except discord.HTTPException as error:  # the message is there, its id unknown: anew
        logging.getLogger(__name__).warning("table %s has no message id: %s", table.id, error)
        await bot.presenter.tables.gone(table)
        return
    await service.set_message(table, message.id)
    if not_taken:  # said, not dropped silently: the kept match's options and seats stand
        lang = bot.lang(interaction)
        words = ", ".join(f"`{command_word(name, lang)}`" for name in not_taken)
        await interaction.followup.send(t(lang, "ok.kept_options", options=words), ephemeral=True)


async def _kept(bot: BeteBot, resume: str, guild_id: int, game_id: str) -> KeptMatch:
    """The kept match ``resume:`` names (its id, as the autocomplete gives it)."""
    try:
        kept_id = int(resume)
    except ValueError:
        raise UserError("error.bad_input", text=resume[:30]) from None
    kept = await bot.service.kept_match(kept_id)
    if kept.guild_id != guild_id or kept.game != game_id:
        raise UserError("error.kept_gone")
    return kept


async def kept_choices(interaction: Interaction, current: str) -> list[Choice[str]]:
    """``resume:``'s choices: this server's kept matches of the command's game in which
    the user plays, the latest first."""
    bot = bot_of(interaction)
    command = interaction.command
    if interaction.guild_id is None or command is None:
        return []
    player = str(interaction.user.id)
    game = next((g for g in table_games() if g.command.name == command.name), None)
    if game is None or game.match is None:
        return []
    out = []
    for kept in await bot.service.kept_matches(interaction.guild_id, game.id):
        if all(p != player for p, _, _ in kept.seats):
            continue
        label = kept_label(kept, game.match)
        if matches(current, label, str(kept.id)):
            out.append(Choice(name=label, value=str(kept.id)))
    return out[:25]


async def stop_table(interaction: Interaction) -> None:
    """``/table stop``: the table of this channel, where the user sits: close its lobby, or
    stop as its game stops (after the deal, the round, the tour des gueux...), or at once
    with every player's agreement."""
    bot = bot_of(interaction)
    service, lang = bot.service, bot.lang(interaction)
    player, channel_id = str(interaction.user.id), interaction.channel_id
    table = service.seated_here(channel_id, player, interaction.guild_id)  # never one elsewhere
    lobby = table.status == "lobby"
    await service.stop(table.id, player)
    if lobby:
        answer = t(lang, "ok.closed")
    elif table.status == "ended":  # stopped between deals: what ended, what carries over
        answer = ended_text(table, lang)
    else:  # what stopping means, in the game's words, and how to stop at once
        answer = table.game.renderer.stopping(table, lang) + "\n" + t(lang, "ok.stop_now")
    await interaction.response.send_message(answer, ephemeral=True)
    await bot.presenter.after_change(table)


async def show_table(interaction: Interaction) -> None:
    """``/table show``: the table of this channel (or the one where the user plays) posted
    again at the bottom of its channel, the old message deleted; the answer says so once
    it is, or why it is not."""
    bot = bot_of(interaction)
    service = bot.service
    table = service.in_channel(interaction.channel_id) if interaction.channel_id else None
    if table is None:
        table = service.of_player(str(interaction.user.id), interaction.guild_id)
    bot.presenter.acted(table, interaction)  # told, should Discord refuse a permission
    # answered once the table is posted, or Discord said why not: never before
    showing = bot.presenter.show_again(table, interaction, bot.lang(interaction))
    answer = await in_time(interaction, showing, ephemeral=True)
    if answer is not None:
        await send(interaction, content=answer, ephemeral=True)


async def step_away(interaction: Interaction) -> None:
    """``/table away``: the computer plays the user's seat at this channel's table until
    they take it back (*Take my seat back*)."""
    bot = bot_of(interaction)
    player, channel_id = str(interaction.user.id), interaction.channel_id
    table = bot.service.seated_here(channel_id, player, interaction.guild_id)
    await bot.service.step_away(table.id, player)
    answer = game_text(table.game.id, bot.lang(interaction), "ok.away")  # money, or points
    await interaction.response.send_message(answer, ephemeral=True)
    await bot.presenter.after_change(table)


def table_commands() -> app_commands.Group:
    """``/table new <game>`` (one subcommand per game offered, each with its own options)
    and ``/table stop``."""
    table = app_commands.Group(name="table", description="Open, stop and manage card tables")
    new = app_commands.Group(name="new", description="Open a table in this channel", parent=table)
    for game in table_games():
        kept = kept_choices if game.match is not None else None
        new.add_command(game.command.build(game.id, game.max_seats, open_table, kept))
    table.command(
        name="stop", description="Stop as the game stops, or at once with everyone's agreement"
    )(stop_table)
    table.command(name="show", description="Post the table again at the bottom of its channel")(
        show_table
    )
    table.command(
        name="away", description="Let the computer play your seat until you take it back"
    )(step_away)
    table.command(name="end", description="Moderators: end this channel's table now")(end_table)
    table.command(name="replace", description="Moderators: let the computer play for a player")(
        app_commands.describe(player="The player the computer plays for")(replace_player)
    )
    return table


async def setup(bot: BeteBot) -> None:
    bot.add_dynamic_items(TableComponent)
    bot.tree.add_command(table_commands(), override=True)

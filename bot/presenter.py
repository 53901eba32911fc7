"""Puts a table's state in front of people: the table message, the private hands, summaries.

At most one edit of the table message per action, none when it would show the
same (changes queued behind an edit are drawn by the next one, all at once, and
the edits after it have nothing new to show); a player's private
hand is sent at each deal and edited when what it shows changes (its
fingerprint): at once when what its reader may do changes (their turn comes or
goes), else at most once per ``DM_WINDOW`` (a hand that only follows the play
gathers the moves made meanwhile into one edit); a player whose DMs are closed
is told once, in the channel, to use *My hand*.

Discord allows a bot about 50 requests a second in all, but does not count those
made with an interaction's token (15 minutes from the click). Once a player has
clicked in their private hand, that click's token edits their hand, and posts
their next hands and turn notices as its follow-ups, until it expires: the
bot's own requests are left to the table messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Final, TypeVar, cast

import discord

from bot.answers_first import AnswersFirst
from bot.i18n import lang_for, t
from bot.pictures.files import UNKNOWN, edit_files, picture_name, send_files
from bot.pictures.scenes import whole_hand_scene
from bot.render import (
    controls_fingerprint,
    expired_panel,
    hand_over_panel,
    hand_panel,
    hand_tricks_words,
    panel_fingerprint,
    table_embed,
    table_link,
    table_view,
)
from bot.summary import settlement_embed
from bot.table import DMRef, LiveTable, Notice, Panel

log = logging.getLogger(__name__)

DM_CLOSED = 50007
PANEL_LIFE = 14 * 60  # seconds an interaction's token is used: it lives 15 minutes
# seconds a private hand that only follows the play (not its reader's turn) waits before
# it is edited, the moves made meanwhile gathered into that one edit
DM_WINDOW: Final = 3.0
# seconds after their own move within which a player is taken to be following the game:
# their turn coming back then is not noticed (a notice every few seconds would only nag)
NOTICE_AFTER: Final = 30.0
# discord.py tries a 500, 502 or 504 again by itself, not a 503: a lost edit would
# leave the table showing an old state (after the last card: no *Next hand*)
SERVER_ERROR_RETRIES: Final = (0.5, 1.0, 2.0)  # seconds before each new try

T = TypeVar("T")


async def patiently(send: Callable[[], Awaitable[T]]) -> T:
    """``send()``, tried again while Discord answers with a server error (5xx)."""
    for delay in SERVER_ERROR_RETRIES:
        try:
            return await send()
        except discord.DiscordServerError as error:
            log.info("Discord answered %s; trying again in %.1f s", error.status, delay)
            await asyncio.sleep(delay)
    return await send()


def send_with_picture(
    channel: discord.abc.Messageable, embed: discord.Embed, view: discord.ui.View
) -> Awaitable[discord.Message]:
    """A new message, its embed's picture attached (a fresh file at each try)."""
    return channel.send(embed=embed, view=view, **send_files(embed))


def edit_with_picture(
    message: discord.PartialMessage, embed: discord.Embed, view: discord.ui.View, holds: str | None
) -> Awaitable[discord.Message]:
    """An edit of a message that holds the picture ``holds`` (uploaded only if changed)."""
    return message.edit(embed=embed, view=view, **edit_files(embed, holds))


Hook = discord.Interaction[Any]


def untangle(interaction: Hook) -> None:
    """Cut an answered interaction kept for its token from its message (most of its
    size) and from its response, which refers back to it: let go, it is then freed at
    once.  Kept that long it has reached the garbage collector's oldest generation,
    which the bot seldom collects (``bot.__main__``), and the cycle with its user,
    channel and context (2 kB) would wait there for minutes."""
    interaction.message = None
    with contextlib.suppress(AttributeError):  # no response asked for
        delattr(interaction, "_cs_response")


def hook_of(ref: DMRef | Notice | None) -> Hook | None:
    """The interaction whose token may still write for ``ref``, or None."""
    if ref is None or ref.hook is None or time.time() - ref.hook_at >= PANEL_LIFE:
        return None
    return cast(Hook, ref.hook)


def edit_by_hook(
    ref: DMRef, hook: Hook, embed: discord.Embed, view: discord.ui.View
) -> Awaitable[discord.Message]:
    """An edit of a private hand through the token of ``hook`` (its clicked message,
    or one of its follow-ups), its picture uploaded only if changed."""
    files = edit_files(embed, ref.picture)
    if ref.original:
        return hook.edit_original_response(embed=embed, view=view, **files)
    return hook.followup.edit_message(ref.message_id, embed=embed, view=view, **files)


def follow_with_picture(
    hook: Hook, embed: discord.Embed, view: discord.ui.View
) -> Awaitable[discord.WebhookMessage]:
    """A new message in the DM where ``hook`` was clicked, its embed's picture attached."""
    return hook.followup.send(embed=embed, view=view, wait=True, **send_files(embed))


class Presenter:
    def __init__(
        self, client: discord.Client, default_language: str = "fr", dm_window: float = DM_WINDOW
    ) -> None:
        self.client = client
        self.default_language = default_language
        # one presentation at a time per table: edits land in the order of the changes,
        # and a private hand is never sent twice by two changes racing
        self._locks: dict[int, asyncio.Lock] = {}
        # told when a summary reached its channel, so that a restart does not post it again
        self.on_summary_posted: Callable[[LiveTable, int], Awaitable[None]] | None = None
        # how a player wants to be told it is their turn: dm, mention or none
        self.notify_mode: Callable[[str], Awaitable[str]] | None = None
        self.dm_window = dm_window
        self.notice_after = NOTICE_AFTER
        self._dm_channels: dict[str, int] = {}  # player: their DM channel with the bot
        self._waiting: dict[int, asyncio.Task[None]] = {}  # a table's gathered DM edits
        # the clicks waiting for their answer come before the drawings that follow a move
        self.answers_first = AnswersFirst()

    def player_lang(self, table: LiveTable, player: str) -> str:
        return lang_for(table.locales.get(player), self.default_language)

    def remember_locale(self, table: LiveTable, player: str, locale: discord.Locale | None) -> None:
        if locale is not None:
            table.locales[player] = str(locale.value)

    def table_payload(self, table: LiveTable) -> dict[str, Any]:
        lang = table.public_lang
        return {"embed": table_embed(table, lang), "view": table_view(table, lang)}

    def table_drawing(self, table: LiveTable) -> tuple[dict[str, Any], str]:
        """The table message's payload as the table is now, and its fingerprint."""
        payload = self.table_payload(table)
        return payload, panel_fingerprint(payload["embed"], payload["view"])

    def table_edit(
        self, table: LiveTable, holds: str | None, drawn: tuple[dict[str, Any], str] | None = None
    ) -> dict[str, Any]:
        """An edit of the table message that holds the picture ``holds`` (``drawn``: the
        table's drawing, if just made): its picture is uploaded only when it changed;
        the table remembers what the message now shows and holds."""
        payload, table.shown = drawn if drawn is not None else self.table_drawing(table)
        payload = {**payload, **edit_files(payload["embed"], holds)}
        table.picture_held = picture_name(payload["embed"])
        return payload

    async def edit_table(self, table: LiveTable) -> None:
        """The one edit of the public table message for an action; none when the
        message shows this already."""
        if table.row.message_id is None:
            return
        first = self.table_drawing(table)
        if first[1] == table.shown and table.picture_held != UNKNOWN:
            return
        drawn: tuple[dict[str, Any], str] | None = first
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        message = channel.get_partial_message(table.row.message_id)

        def edit() -> Awaitable[discord.Message]:
            nonlocal drawn  # drawn afresh at a new try: the table may have moved on meanwhile
            payload, drawn = self.table_edit(table, table.picture_held, drawn), None
            return message.edit(**payload)

        try:
            await patiently(edit)
        except discord.DiscordServerError as error:
            table.picture_held = UNKNOWN  # the next edit uploads its picture again
            log.warning("could not edit the message of table %s: %s", table.id, error)
        except discord.HTTPException:
            table.picture_held = UNKNOWN
            log.exception("could not edit the message of table %s", table.id)

    async def post_summary(self, table: LiveTable) -> bool:
        """Post the last hand's summary; whether it reached the channel."""
        if table.last is None:
            return False
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        embed = settlement_embed(table, table.last, table.public_lang)
        if table.pictures and table.state is not None and table.state.is_over:
            tricks = table.state.view(0).tricks_played
            lang = table.public_lang
            words = hand_tricks_words(tricks, table.names, lang)
            picture = whole_hand_scene(tricks, table.names, lang, words)
            if picture is not None:
                # a whole hand takes a few times longer to draw than a trick: off the loop
                await asyncio.to_thread(lambda: picture.data)
                embed.set_image(url=picture.url)
        try:
            await patiently(lambda: channel.send(embed=embed, **send_files(embed)))
        except discord.DiscordServerError as error:
            log.warning("could not post the summary of table %s: %s", table.id, error)
            return False
        except discord.HTTPException:
            log.exception("could not post the summary of table %s", table.id)
            return False
        return True

    def record_panel(
        self,
        table: LiveTable,
        interaction: discord.Interaction[Any],
        embed: discord.Embed,
        view: discord.ui.View,
    ) -> None:
        """A private hand message was just updated by answering its click: its token
        edits it from now on. The interaction is kept untangled (the answer was the last
        use of its message and response): the token needs nothing of them."""
        message = interaction.message
        if message is None or not message.id or not isinstance(message.channel.id, int):
            return
        untangle(interaction)
        fingerprint, controls = panel_fingerprint(embed, view), controls_fingerprint(view)
        table.dms[str(interaction.user.id)] = DMRef(
            message.channel.id,
            message.id,
            fingerprint,
            table.hand_no,
            picture_name(embed),
            controls,
            hook=interaction,
            hook_at=time.time(),
            original=True,
            over=table.status != "playing" or table.state is None or table.state.is_over,
        )
        table.dms_waiting.discard(str(interaction.user.id))

    async def refresh_dms(self, table: LiveTable, *, gathered: bool = False) -> None:
        """Send or edit each human's private hand where what it shows changed: at once
        where what its reader may do changed, else once the window of ``DM_WINDOW``
        has passed (``gathered``: it has)."""
        state = table.state
        if table.status != "playing" or state is None:
            table.dms_waiting.clear()
            if table.status == "ended":
                await self._close_hands(table)
            return
        for seat, info in enumerate(table.seats):
            if not info.human or info.player in table.dm_closed:
                continue
            await self.answers_first.wait_turn()
            lang = self.player_lang(table, info.player)
            embed, view = hand_panel(table, seat, lang)
            fingerprint, controls = panel_fingerprint(embed, view), controls_fingerprint(view)
            # what it was drawn from (the table may move on while it is sent)
            hand_no = table.hand_no
            over = table.status != "playing" or table.state is None or table.state.is_over
            ref = table.dms.get(info.player)
            current = ref is not None and ref.hand_no == hand_no
            if ref is not None and current and ref.fingerprint == fingerprint:
                table.dms_waiting.discard(info.player)
                continue
            follows = ref is not None and current and ref.controls == controls
            if follows and not gathered and not over and self.dm_window > 0:
                table.dms_waiting.add(info.player)  # only the play moved on: gathered
                self._gather(table)
                continue
            table.dms_waiting.discard(info.player)
            try:
                if ref is not None and current:
                    await self._edit_hand(ref, embed, view)
                    ref.fingerprint, ref.picture = fingerprint, picture_name(embed)
                    ref.controls, ref.over = controls, over
                    continue
                if ref is not None and not ref.over:  # the next deal came before it was over
                    await self._last_drawing(table, ref, *hand_over_panel(table, ref.hand_no, lang))
                new = await self._send_hand(info.player, ref, embed, view)
                new.fingerprint, new.hand_no, new.controls = fingerprint, hand_no, controls
                new.over = over
                table.dms[info.player] = new
            except discord.Forbidden as error:
                if error.code != DM_CLOSED:
                    log.warning("DM to %s refused: %s", info.player, error)
                table.dm_closed.add(info.player)
                await self._tell_dm_closed(table, info.player)
            except discord.DiscordServerError as error:  # shown again at the next change
                log.warning("could not update the private hand of %s: %s", info.player, error)
            except (discord.HTTPException, ValueError):
                log.exception("could not update the private hand of %s", info.player)

    async def _close_hands(self, table: LiveTable) -> None:
        """An ended table: each player's last private hand says so and offers nothing
        more to click (a player the computer stood in for too), and their last turn
        notice goes."""
        for player, ref in list(table.dms.items()):
            seat = table.seat_of(player)
            if seat is not None and player not in table.dm_closed:
                embed, view = hand_panel(table, seat, self.player_lang(table, player))
                if ref.fingerprint != panel_fingerprint(embed, view):
                    await self._last_drawing(table, ref, embed, view)
        for notice in table.notices.values():
            await self._delete_notice(notice)
        table.notices.clear()

    async def _last_drawing(
        self, table: LiveTable, ref: DMRef, embed: discord.Embed, view: discord.ui.View
    ) -> None:
        """A private hand drawn for good: nothing more will change in it."""
        try:
            await self._edit_hand(ref, embed, view)
        except discord.HTTPException as error:
            log.warning("could not close a private hand at table %s: %s", table.id, error)
            return
        ref.fingerprint, ref.picture = panel_fingerprint(embed, view), picture_name(embed)
        ref.controls, ref.over = controls_fingerprint(view), True

    async def _edit_hand(self, ref: DMRef, embed: discord.Embed, view: discord.ui.View) -> None:
        """Edit a private hand: through its reader's token while it lives, else (or when
        Discord no longer takes the token) as the bot."""
        hook = hook_of(ref)
        if hook is not None:
            try:
                await patiently(partial(edit_by_hook, ref, hook, embed, view))
                return
            except discord.DiscordServerError:
                raise
            except discord.HTTPException as error:  # an expired or unknown token
                log.info("a private hand's token no longer serves (%s): edited as the bot", error)
                ref.hook = None
        channel = self.client.get_partial_messageable(ref.channel_id)
        old = channel.get_partial_message(ref.message_id)
        await patiently(partial(edit_with_picture, old, embed, view, ref.picture))

    async def _send_hand(
        self, player: str, last: DMRef | None, embed: discord.Embed, view: discord.ui.View
    ) -> DMRef:
        """A new private hand message: a follow-up of the player's last click in their
        DMs (``last``'s hook) while its token lives, else a DM from the bot. Its
        fingerprints are the caller's to fill in."""
        picture = picture_name(embed)
        hook = hook_of(last)
        if last is not None and hook is not None:
            try:
                sent = await patiently(partial(follow_with_picture, hook, embed, view))
                return DMRef(
                    sent.channel.id, sent.id, "", 0, picture, hook=hook, hook_at=last.hook_at
                )
            except discord.DiscordServerError:
                raise
            except discord.HTTPException as error:
                log.info("a token no longer serves (%s): the hand sent by the bot", error)
        dm = await self.dm_channel(player)
        message = await patiently(partial(send_with_picture, dm, embed, view))
        return DMRef(dm.id, message.id, "", 0, picture)

    async def dm_channel(self, player: str) -> discord.PartialMessageable:
        """The player's DM channel with the bot, opened once (Discord is asked only the
        first time; every later hand and notice goes straight to it)."""
        channel_id = self._dm_channels.get(player)
        if channel_id is None:
            channel = await self.client.create_dm(discord.Object(int(player)))
            channel_id = self._dm_channels[player] = channel.id
        return self.client.get_partial_messageable(channel_id)

    def _gather(self, table: LiveTable) -> None:
        """Edit the waiting private hands once the window has passed (one timer a table)."""
        task = self._waiting.get(table.id)
        if task is None or task.done():
            self._waiting[table.id] = asyncio.create_task(self._after_window(table))

    async def _after_window(self, table: LiveTable) -> None:
        await asyncio.sleep(self.dm_window)
        lock = self._locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            await self.answers_first.wait_turn()
            if table.dms_waiting:
                await self.refresh_dms(table, gathered=True)

    async def _tell_dm_closed(self, table: LiveTable, player: str) -> None:
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        text = t(table.public_lang, "dm.closed", mention=f"<@{player}>")
        try:
            await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(player))])
            )
        except discord.HTTPException:
            log.exception("could not tell %s to use My hand", player)

    async def remind(self, table: LiveTable, seat: int, seconds: int) -> None:
        """Ping the player to act: their time runs out in ``seconds``."""
        player = table.seats[seat].player
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        text = t(
            self.player_lang(table, player),
            "remind",
            mention=f"<@{player}>",
            seconds=seconds,
            id=table.id,
        )
        try:
            await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(player))])
            )
        except (discord.HTTPException, ValueError):
            log.exception("could not remind %s at table %s", player, table.id)

    def open_panel(
        self, table: LiveTable, interaction: discord.Interaction[Any], seat: int, lang: str
    ) -> tuple[discord.Embed, discord.ui.View]:
        """A *My hand* panel to answer ``interaction`` with; it is kept up to date
        through the interaction's token until the token expires (``PANEL_LIFE``)."""
        embed, view = hand_panel(table, seat, lang)
        player = str(interaction.user.id)
        fingerprint = panel_fingerprint(embed, view)
        picture = picture_name(embed)
        replaced = table.panels.get(player)
        if replaced is not None:
            untangle(replaced.interaction)
        table.panels[player] = Panel(interaction, seat, lang, time.time(), fingerprint, picture)
        return embed, view

    async def refresh_panels(self, table: LiveTable) -> None:
        """Redraw each live *My hand* panel whose content changed; one whose token is
        about to expire says so, with a button to open a fresh one."""
        now = time.time()
        for player, panel in list(table.panels.items()):
            expired = now - panel.opened >= PANEL_LIFE
            if expired:
                embed, view = expired_panel(table, panel.lang)
                del table.panels[player]
            else:
                embed, view = hand_panel(table, panel.seat, panel.lang)
                fingerprint = panel_fingerprint(embed, view)
                if fingerprint == panel.fingerprint:
                    continue
                panel.fingerprint = fingerprint
            files = edit_files(embed, panel.picture)
            panel.picture = picture_name(embed)
            try:
                await panel.interaction.edit_original_response(embed=embed, view=view, **files)
            except discord.NotFound:  # dismissed by its reader, or its token is gone
                table.panels.pop(player, None)
            except discord.HTTPException:
                panel.picture = UNKNOWN  # the next redraw uploads its picture again
                log.warning("could not refresh the panel of %s at table %s", player, table.id)
            if table.panels.get(player) is not panel:  # let go: it expired, or is gone
                untangle(panel.interaction)

    async def notice_turn(self, table: LiveTable) -> None:
        """Tell the player to act that it is their turn, once, when the turn has just
        passed to them from someone else (an edit notifies nobody; a new message does).

        Not at a new deal (their new hand's DM tells them), not to a computer player,
        not when the same player acts again, not to a player who moved less than
        ``NOTICE_AFTER`` seconds ago (they are following); a DM notice replaces the
        previous one.
        """
        state = table.state
        if table.status != "playing" or state is None or state.is_over:
            return
        key = (table.hand_no, state.turn)
        previous, table.turn_shown = table.turn_shown, key
        now = time.monotonic()
        if previous[0] != table.hand_no:  # a new deal: each new hand's DM told its player
            table.acted_at = dict.fromkeys(range(len(table.seats)), now)
            return
        if previous != key and previous[1] >= 0:
            table.acted_at[previous[1]] = now  # the turn left them: they just moved
        if previous == key:
            return
        info = table.seats[state.turn]
        if not info.human:
            return
        if now - table.acted_at.get(state.turn, -self.notice_after) < self.notice_after:
            return  # they moved moments ago: they are following the game
        mode = "dm" if self.notify_mode is None else await self.notify_mode(info.player)
        lang = self.player_lang(table, info.player)
        text = t(lang, "notice", id=table.id, channel=table.row.channel_name or "?")
        try:
            if mode == "mention":
                channel = self.client.get_partial_messageable(
                    table.row.channel_id, guild_id=table.row.guild_id
                )
                mention = discord.AllowedMentions(users=[discord.Object(int(info.player))])
                await channel.send(f"<@{info.player}> {text}", allowed_mentions=mention)
            elif mode == "dm" and info.player not in table.dm_closed:
                await self._notice_by_dm(table, info.player, text)
        except discord.Forbidden:
            table.dm_closed.add(info.player)
            await self._tell_dm_closed(table, info.player)
        except (discord.HTTPException, ValueError):
            log.exception("could not tell %s it is their turn at table %s", info.player, table.id)

    async def _notice_by_dm(self, table: LiveTable, player: str, text: str) -> None:
        """A short new DM (a follow-up of the player's last click in their hand while
        its token lives), and the previous notice deleted so that they do not pile up."""
        old = table.notices.pop(player, None)
        if old is not None:
            await self._delete_notice(old)
        if table.row.message_id is not None:
            text += "\n" + table_link(table)
        ref = table.dms.get(player)
        hook = hook_of(ref)
        if ref is not None and hook is not None:
            try:
                message = await hook.followup.send(text, wait=True)
                notice = Notice(message.channel.id, message.id, hook, ref.hook_at)
                table.notices[player] = notice
                return
            except discord.HTTPException as error:
                log.info("a token no longer serves (%s): the notice sent by the bot", error)
        dm = await self.dm_channel(player)
        sent = await dm.send(text)
        table.notices[player] = Notice(dm.id, sent.id)

    async def _delete_notice(self, notice: Notice) -> None:
        """Through the token that posted it while it lives, else as the bot."""
        hook = hook_of(notice)
        if hook is not None:
            try:
                await hook.followup.delete_message(notice.message_id)
                return
            except discord.HTTPException:
                pass  # the token no longer serves (or it is gone): as the bot
        try:
            channel = self.client.get_partial_messageable(notice.channel_id)
            await channel.get_partial_message(notice.message_id).delete()
        except discord.HTTPException:
            pass  # deleted by the player already: nothing to tidy

    async def resume(self, tables: list[LiveTable]) -> None:
        """After a restart: each table message shows the table as rebuilt (play resumes),
        and a summary the bot settled but did not post before it stopped is posted now."""
        for table in tables:
            if table.status != "playing":
                continue
            if table.state is not None:  # whose turn it was before: the next change tells
                table.turn_shown = (table.hand_no, table.state.turn)
            if table.last is not None and table.summarised != table.hand_no:
                await self.after_change(table)
                continue
            async with self._locks.setdefault(table.id, asyncio.Lock()):
                await self.edit_table(table)

    async def after_change(self, table: LiveTable, *, table_done: bool = False) -> None:
        """Everything to show after an accepted change, except the answer to the click."""
        lock = self._locks.setdefault(table.id, asyncio.Lock())
        async with lock:
            await self._after_change(table, table_done=table_done)
        if table.status == "ended":
            self._locks.pop(table.id, None)
            waiting = self._waiting.pop(table.id, None)
            if waiting is not None and waiting is not asyncio.current_task():
                waiting.cancel()

    async def _after_change(self, table: LiveTable, *, table_done: bool) -> None:
        wait_turn = self.answers_first.wait_turn
        if not table_done:
            await wait_turn()
            await self.edit_table(table)
        if table.last is not None and table.summarised != table.hand_no:
            hand_no = table.summarised = table.hand_no  # the next deal may come meanwhile
            if await self.post_summary(table) and self.on_summary_posted is not None:
                try:
                    await self.on_summary_posted(table, hand_no)
                except Exception:
                    log.exception("could not note the summary of table %s as posted", table.id)
        await self.refresh_dms(table)
        await wait_turn()
        await self.refresh_panels(table)
        await self.notice_turn(table)

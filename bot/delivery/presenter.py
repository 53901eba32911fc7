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

When Discord says no (``docs/discord-errors.md``): the table message is kept current
and never lost (``bot.delivery.table_message``); a summary, a private hand or a notice that did
not go through is tried again by the outbox (``bot.delivery.outbox``); a permission the bot lacks
in the channel is told, once, to the person who acted (``bot.delivery.permissions``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Final

import discord

from bot.delivery.answers_first import AnswersFirst
from bot.delivery.channel_posts import ChannelPosts, summary_key
from bot.delivery.memory import DMRef, Memory
from bot.delivery.outbox import Delivery, Outbox, passing
from bot.delivery.panels import Panels, answered
from bot.delivery.permissions import Permissions
from bot.delivery.table_message import Reposted, TableMessages
from bot.delivery.turn_notices import DM_CLOSED, TurnNotices
from bot.delivery.writes import (
    Hook,
    edit_by_hook,
    edit_with_picture,
    follow_with_picture,
    hook_of,
    send_with_picture,
    untangle,
)
from bot.drawing.pictures.files import picture_name
from bot.drawing.render import (
    controls_fingerprint,
    hand_over_panel,
    hand_panel,
    panel_fingerprint,
)
from bot.game import LogLine
from bot.tables.table import LiveTable
from bot.texts.i18n import lang_for, t
from db.models import HandMessage

log = logging.getLogger(__name__)

# seconds a private hand that only follows the play (not its reader's turn) waits before
# it is edited, the moves made meanwhile gathered into that one edit
DM_WINDOW: Final = 3.0
# seconds the changes being shown when the bot closes get to reach Discord
CLOSE_WAIT: Final = 5.0


class Presenter:
    def __init__(
        self, client: discord.Client, default_language: str = "fr", dm_window: float = DM_WINDOW
    ) -> None:
        self.client = client
        self.default_language = default_language
        # one presentation at a time per table: edits land in the order of the changes,
        # and a private hand is never sent twice by two changes racing
        self._locks: dict[int, asyncio.Lock] = {}
        # records a player's new private hand message, for a restart to go on editing it
        self.hand_sent: Callable[[HandMessage], Awaitable[None]] | None = None
        self.dm_window = dm_window
        self._dm_channels: dict[str, int] = {}  # player: their DM channel with the bot
        self._waiting: dict[int, asyncio.Task[None]] = {}  # a table's gathered DM edits
        self._presenting: dict[int, int] = {}  # a table's changes being shown, or waiting to
        # the clicks waiting for their answer come before the drawings that follow a move
        self.answers_first = AnswersFirst()
        # the live table of an id (a table rebuilt after a failed write is a new object)
        self.live: Callable[[int], LiveTable | None] = lambda table_id: None
        self.outbox = Outbox()
        self.shown = Memory()  # what each table's messages show (not the table's own)
        self.tables = TableMessages(client, self.outbox, self.shown)
        self.panels = Panels(self.shown, self._lock, self.outbox)
        self.posts = ChannelPosts(client, self.outbox, self.tables)
        self.notices = TurnNotices(
            client, self.shown, self.outbox, self.posts, self.player_lang, self.dm_channel
        )
        self.tables.live = lambda table_id: self.live(table_id)
        self.permissions = Permissions(default_language)
        self.tables.refused = self.permissions.refused
        self.tables.relink = self._relink_hands
        self.tables.through = self.permissions.through
        self.outbox.on_refused = self._refused

    def _lock(self, table_id: int) -> asyncio.Lock:
        """The table's presentation lock: one change shown at a time."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    def player_lang(self, table: LiveTable, player: str) -> str:
        """The player's language: their client's, last seen, else the one they joined in,
        else the table's (a kept match's seats join without a click of theirs)."""
        seat = table.seat_of(player)
        joined = table.seats[seat].lang if seat is not None else None
        known = self.shown(table).locales.get(player) or joined or table.public_lang
        return lang_for(known, self.default_language)

    def remember_locale(self, table: LiveTable, player: str, locale: discord.Locale | None) -> None:
        if locale is not None:
            self.shown(table).locales[player] = str(locale.value)

    def acted(self, table: LiveTable, interaction: Hook) -> float:
        """A person acts at ``table`` (a click, a command): the one told if Discord
        refuses the bot a permission meanwhile. When (monotonic), for ``reach``."""
        self.permissions.acted(table, interaction)
        return time.monotonic()

    async def reach(self, table: LiveTable, interaction: Hook, since: float) -> None:
        """After a click of a player of ``table`` (came at ``since``) that edited nothing
        public: its message is looked up, and posted again if it is gone."""
        await self.tables.probe(table, since, str(interaction.user.id))

    async def show_again(
        self, table: LiveTable, interaction: discord.Interaction[Any], lang: str
    ) -> str | None:
        """``/table show``: the table message posted again at the bottom of its channel.
        The answer, once Discord took it or said why not (None: a follow-up of the
        refusal gave it already)."""
        channel = table.row.channel_id
        reposted = await self.tables.repost(table)
        if reposted is Reposted.POSTED:
            return t(lang, "ok.shown", channel=channel)
        if reposted is Reposted.REFUSED:
            return self.permissions.answer(table, interaction, lang)
        later = reposted is Reposted.LATER
        return t(lang, "show.later" if later else "show.failed", channel=channel)

    async def _refused(self, delivery: Delivery, error: discord.Forbidden) -> None:
        if delivery.table is not None:
            await self.permissions.refused(delivery.table, error)

    async def hand_answered(
        self,
        table: LiveTable,
        interaction: discord.Interaction[Any],
        seat: int,
        lang: str,
        embed: discord.Embed,
        view: discord.ui.View,
    ) -> None:
        """A private hand in DMs was just updated by answering its click (``embed`` and
        ``view``): its token edits it from now on. Should the table have ended while the
        answer was on its way, the end's closing of the hands may have come and gone
        without it: it is drawn closed at once, through the token (unless the answer drew
        it so), and the end's closing, if still to come, leaves it as it is. (An end
        comes after the table's status says so: a hand kept while it does not is closed
        with the others. Not under the table's lock, which the change to show next would
        wait for.)"""
        if table.status != "ended":
            self._record_hand(table, interaction, embed, view)
            return
        answer = answered(interaction, seat, lang, embed, view)
        if await self.panels.close_answer(table, answer):
            shown, message = self.shown.kept(table), interaction.message
            ref = None if shown is None else shown.dms.get(str(interaction.user.id))
            if ref is not None and message is not None and ref.message_id == message.id:
                ref.fingerprint, ref.picture, ref.over = answer.fingerprint, answer.picture, True

    def _record_hand(
        self,
        table: LiveTable,
        interaction: discord.Interaction[Any],
        embed: discord.Embed,
        view: discord.ui.View,
    ) -> None:
        """Keep the private hand a click's answer updated, its token to edit it with. The
        interaction is kept untangled (the answer was the last use of its message and
        response): the token needs nothing of them."""
        message = interaction.message
        if message is None or not message.id or not isinstance(message.channel.id, int):
            return
        untangle(interaction)
        fingerprint, controls = panel_fingerprint(embed, view), controls_fingerprint(view)
        self.shown(table).dms[str(interaction.user.id)] = DMRef(
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
        self.shown(table).dms_waiting.discard(str(interaction.user.id))

    async def refresh_dms(self, table: LiveTable, *, gathered: bool = False) -> None:
        """Send or edit each person's private hand where what it shows changed: at once
        where what its reader may do changed, else once the window of ``DM_WINDOW``
        has passed (``gathered``: it has). A person the computer plays for keeps the
        seat and its cards: their hand follows the play and the deals as anyone's."""
        state = table.state
        if table.status != "playing" or state is None:
            self.shown(table).dms_waiting.clear()
            if table.status == "ended":
                await self._close_hands(table)
            return
        for seat, info in enumerate(table.seats):
            person = info.human or info.stand_in
            if not person or info.player in self.shown(table).dm_closed:
                continue
            await self.answers_first.wait_turn()
            try:
                await self._refresh_hand(table, seat, gathered=gathered)
            except Exception as error:
                if not passing(error):
                    log.exception("could not update the private hand of %s", info.player)
                    continue
                log.warning("could not update the private hand of %s: %s", info.player, error)
                self._hand_later(table, info.player)

    async def _refresh_hand(self, table: LiveTable, seat: int, *, gathered: bool) -> None:
        """Send or edit one private hand if what it shows changed (``refresh_dms``);
        raises when Discord says no (a DM closed aside: its player is told to use *My
        hand*)."""
        state, info = table.state, table.seats[seat]
        if state is None or info.player in self.shown(table).dm_closed:
            return
        lang = self.player_lang(table, info.player)
        embed, view = hand_panel(table, seat, lang)
        fingerprint, controls = panel_fingerprint(embed, view), controls_fingerprint(view)
        # what it was drawn from (the table may move on while it is sent)
        hand_no, over = table.hand_no, state.is_over
        ref = self.shown(table).dms.get(info.player)
        current = ref is not None and ref.hand_no == hand_no
        if ref is not None and current and ref.fingerprint == fingerprint:
            self.shown(table).dms_waiting.discard(info.player)
            return
        follows = ref is not None and current and ref.controls == controls
        if follows and not gathered and not over and self.dm_window > 0:
            self.shown(table).dms_waiting.add(info.player)  # only the play moved on: gathered
            self._gather(table)
            return
        self.shown(table).dms_waiting.discard(info.player)
        try:
            if ref is not None and current:
                try:
                    await self._edit_hand(ref, embed, view)
                    ref.fingerprint, ref.picture = fingerprint, picture_name(embed)
                    ref.controls, ref.over = controls, over
                    return
                except discord.NotFound:  # deleted: a new one is sent
                    log.info("the private hand of %s is gone: sent again", info.player)
            if ref is not None and not current and not ref.over:  # the next deal came first
                await self._last_drawing(table, ref, *hand_over_panel(table, ref.hand_no, lang))
            new = await self._send_hand(info.player, ref, embed, view)
            new.fingerprint, new.hand_no, new.controls = fingerprint, hand_no, controls
            new.over = over
            self.shown(table).dms[info.player] = new
            await self._hand_sent(table, info.player, new)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            self.shown(table).dm_closed.add(info.player)
            await self.notices.tell_dm_closed(table, info.player)

    async def _hand_sent(self, table: LiveTable, player: str, ref: DMRef) -> None:
        if self.hand_sent is None:
            return
        sent = HandMessage(table.id, player, ref.channel_id, ref.message_id, ref.hand_no)
        try:
            await self.hand_sent(sent)
        except Exception as error:  # (the database closing, say) a restart sends another
            log.warning("could not record the private hand of %s: %r", player, error)

    def known_hands(self, tables: dict[int, LiveTable], hands: list[HandMessage]) -> None:
        """After a restart, the private hands sent before it: edited from now on (what
        they show unknown, the next change redraws them), closed when the table ends;
        one of a deal over keeps its result (a hand sent since is kept)."""
        for hand in hands:
            table = tables.get(hand.table_id)
            if table is None or table.seat_of(hand.player) is None:
                continue
            state = table.state
            over = hand.hand_no != table.hand_no or state is None or state.is_over
            ref = DMRef(hand.channel_id, hand.message_id, "", hand.hand_no, over=over)
            self.shown(table).dms.setdefault(hand.player, ref)

    def _hand_later(self, table: LiveTable, player: str) -> None:
        """A private hand Discord did not take: the outbox tries it again (drawn as the
        table is then), unless a change shows it meanwhile."""
        seat = table.seat_of(player)
        self.outbox.put(
            ("hand", table.id, player),
            partial(self._hand_again, table.id, player),
            f"the private hand of {player} at table {table.id}",
            table=table,
            line=LogLine.of("log.lost.hand", seat=seat if seat is not None else -1),
        )

    async def _hand_again(self, table_id: int, player: str) -> None:
        table = self.live(table_id)
        if table is None or table.status != "playing":
            return
        async with self._lock(table_id):
            seat = table.seat_of(player)
            if seat is not None:
                await self._refresh_hand(table, seat, gathered=True)

    async def _close_hands(self, table: LiveTable) -> None:
        """An ended table: each player's last private hand says so and offers nothing
        more to click (a player the computer stood in for too), and their last turn
        notice goes."""
        for player, ref in list(self.shown(table).dms.items()):
            seat = table.seat_of(player)
            if seat is not None and player not in self.shown(table).dm_closed:
                embed, view = hand_panel(table, seat, self.player_lang(table, player))
                if ref.fingerprint != panel_fingerprint(embed, view):
                    await self._last_drawing(table, ref, embed, view)
        notices = list(self.shown(table).notices.values())  # one sent meanwhile goes itself
        self.shown(table).notices.clear()
        for notice in notices:
            await self.notices.delete(notice)
        self.shown(table).closed = True

    async def _last_drawing(
        self, table: LiveTable, ref: DMRef, embed: discord.Embed, view: discord.ui.View
    ) -> None:
        """A private hand drawn for good: nothing more will change in it (when Discord
        says no for a while, the outbox tries it again: no later change would)."""
        try:
            await self._edit_hand(ref, embed, view)
        except Exception as error:
            if not passing(error) and not isinstance(error, discord.HTTPException):
                raise
            log.warning("could not close a private hand at table %s: %s", table.id, error)
            if passing(error):
                self.outbox.put(
                    ("last", table.id, ref.message_id),
                    partial(self._edit_hand, ref, embed, view),
                    f"the last drawing of a private hand at table {table.id}",
                    table=table,
                )
            return
        ref.fingerprint, ref.picture = panel_fingerprint(embed, view), picture_name(embed)
        ref.controls, ref.over = controls_fingerprint(view), True

    async def _edit_hand(self, ref: DMRef, embed: discord.Embed, view: discord.ui.View) -> None:
        """Edit a private hand: through its reader's token while it lives, else (or when
        Discord no longer takes the token) as the bot."""
        hook = hook_of(ref)
        if hook is not None:
            try:
                await edit_by_hook(ref, hook, embed, view)
                return
            except discord.DiscordServerError:
                raise
            except discord.HTTPException as error:  # an expired or unknown token
                log.info("a private hand's token no longer serves (%s): edited as the bot", error)
                ref.hook = None
        channel = self.client.get_partial_messageable(ref.channel_id)
        old = channel.get_partial_message(ref.message_id)
        await edit_with_picture(old, embed, view, ref.picture)

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
                sent = await follow_with_picture(hook, embed, view)
                return DMRef(
                    sent.channel.id, sent.id, "", 0, picture, hook=hook, hook_at=last.hook_at
                )
            except discord.DiscordServerError:
                raise
            except discord.HTTPException as error:
                log.info("a token no longer serves (%s): the hand sent by the bot", error)
        dm = await self.dm_channel(player)
        message = await send_with_picture(dm, embed, view)
        return DMRef(dm.id, message.id, "", 0, picture)

    async def dm_channel(self, player: str) -> discord.PartialMessageable:
        """The player's DM channel with the bot, opened once (Discord is asked only the
        first time; every later hand and notice goes straight to it)."""
        channel_id = self._dm_channels.get(player)
        if channel_id is None:
            channel = await self.client.create_dm(discord.Object(int(player)))
            channel_id = self._dm_channels[player] = channel.id
        return self.client.get_partial_messageable(channel_id)

    def _relink_hands(self, table: LiveTable) -> None:
        """The table message moved (``/table show``, below a summary, posted again once
        deleted): each private hand's *Go to the table* link points to the old one, in
        the DMs and on the *My hand* panels. They are redrawn with the hands' gathered
        edits, once ``DM_WINDOW`` has passed, not at once: a change of the table
        meanwhile redraws them (each hand edited once), and a ``/table show`` asked
        again and again edits none more than once a window."""
        shown = self.shown.kept(table)
        if table.status != "playing" or shown is None:
            return
        relinked = [player for player in shown.dms if player not in shown.dm_closed]
        shown.dms_waiting.update(relinked)
        if relinked or shown.panels:
            self._gather(table)

    def _gather(self, table: LiveTable) -> None:
        """Edit the waiting private hands once the window has passed (one timer a table)."""
        task = self._waiting.get(table.id)
        if task is None or task.done():
            self._waiting[table.id] = asyncio.create_task(self._after_window(table))

    async def _after_window(self, table: LiveTable) -> None:
        await asyncio.sleep(self.dm_window)
        lock = self._lock(table.id)
        async with lock:
            await self.answers_first.wait_turn()
            if self.shown(table).dms_waiting:
                await self.refresh_dms(table, gathered=True)
            if table.status == "playing":  # a panel whose link a move of the table changed
                await self.refresh_panels(table)

    async def close(self) -> None:
        """The bot is closing: the private hands waiting for their window are left (a
        restart draws every hand from its table again), and the changes being shown get
        ``CLOSE_WAIT`` seconds to reach Discord before its session closes under them."""
        waiting = list(self._waiting.values())
        self._waiting.clear()
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)
        deadline = time.monotonic() + CLOSE_WAIT
        while self._presenting and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    async def refresh_panels(self, table: LiveTable) -> None:
        await self.panels.refresh(table)

    async def notice_turn(self, table: LiveTable) -> None:
        await self.notices.notice_turn(table)

    async def resume(self, tables: list[LiveTable]) -> None:
        """After a restart, each table message shows its table as rebuilt (play resumes):
        found first if the stopped process was posting it (``TableMessages.reclaim``);
        the summaries the bot settled but did not post before it stopped were queued as
        the tables were rebuilt (``TableService.load``)."""
        for table in tables:
            async with self._lock(table.id):  # a lobby's message too may have been on its way
                await self.tables.reclaim(table)
            if table.status != "playing":
                continue
            if table.state is not None:  # whose turn it was before: the next change tells
                self.shown(table).turn_shown = (table.hand_no, table.state.turn)
            async with self._lock(table.id):
                await self._show_table(table)

    async def after_change(self, table: LiveTable, *, answered: int | None = None) -> None:
        """Everything to show after an accepted change, except the answer to the click
        (``answered``: the table message that answer edited to show the change)."""
        lock = self._lock(table.id)
        if lock.locked() and answered is None and not self._summary_due(table):
            # the presentation of an earlier change is still going (private hands Discord
            # is slow to take): the table message does not wait for it
            self.tables.request(table)
        self._presenting[table.id] = self._presenting.get(table.id, 0) + 1
        try:
            async with lock:
                await self._after_change(table, answered)
        finally:
            left = self._presenting.pop(table.id) - 1
            if left:
                self._presenting[table.id] = left
        # the changes that came before the end and still wait to be shown find the memory
        # of what is shown, and edit nothing: forgotten once the last of them is shown
        if table.status == "ended" and not left:
            self._locks.pop(table.id, None)
            self.tables.forget(table.id)
            self.shown.forget_closed(table.id)
            self.permissions.forget(table.id)
            waiting = self._waiting.pop(table.id, None)
            if waiting is not None and waiting is not asyncio.current_task():
                waiting.cancel()

    async def _after_change(self, table: LiveTable, answered: int | None) -> None:
        wait_turn = self.answers_first.wait_turn
        if answered is not None:  # the click on the table message was answered by editing it
            self.tables.answered(table, answered)
        else:
            await wait_turn()
            await self._show_table(table)
        await self.refresh_dms(table)
        await wait_turn()
        await self.refresh_panels(table)
        await self.notice_turn(table)

    async def _show_table(self, table: LiveTable) -> None:
        """The one edit of the table message for a change; a summary on its way first
        (the table message then moves below it, showing the table as it is)."""
        summary = self.outbox.waiting(summary_key(table.id, table.hand_no))
        if summary is not None:
            await self.outbox.wait(summary)
        await self.tables.show(table)

    def _summary_due(self, table: LiveTable) -> bool:
        return self.outbox.busy(summary_key(table.id, table.hand_no))

"""Telling a player it is their turn: a new message, since an edit notifies nobody.

A turn notice goes once, when the turn has just passed to a person from someone else,
by DM (a follow-up of their last click in their private hand while its token lives) or
as a mention in the channel, as the player chose (``/settings``); each DM notice takes
the place of the one before. A reminder comes before their time runs out. A player
whose DMs are closed is told once, in the channel, to use *My hand*.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Final

import discord

from bot.delivery.channel_posts import ChannelPosts
from bot.delivery.memory import Memory, Notice
from bot.delivery.outbox import Outbox
from bot.delivery.writes import hook_of
from bot.drawing.render import table_link
from bot.game import LogLine
from bot.tables.table import LiveTable
from bot.texts.i18n import t

log = logging.getLogger(__name__)

DM_CLOSED: Final = 50007  # Discord's code: the user does not take DMs from the bot
# seconds after their own move within which a player is taken to be following the game:
# their turn coming back then is not noticed (a notice every few seconds would only nag)
NOTICE_AFTER: Final = 30.0


class TurnNotices:
    """The turn notices and reminders of the live tables."""

    def __init__(
        self,
        client: discord.Client,
        shown: Memory,
        outbox: Outbox,
        posts: ChannelPosts,
        player_lang: Callable[[LiveTable, str], str],
        dm_channel: Callable[[str], Awaitable[discord.PartialMessageable]],
    ) -> None:
        self.client = client
        self.shown = shown
        self.outbox = outbox
        self.posts = posts
        self.player_lang = player_lang
        self.dm_channel = dm_channel
        # how a player wants to be told it is their turn: dm, mention or none
        self.notify_mode: Callable[[str], Awaitable[str]] | None = None
        self.notice_after = NOTICE_AFTER

    async def tell_dm_closed(self, table: LiveTable, player: str) -> None:
        text = t(table.public_lang, "dm.closed", mention=f"<@{player}>")
        await self.posts.to_player(table, player, text, "dm-closed")

    async def remind(self, table: LiveTable, seat: int, seconds: int) -> None:
        """Ping the player to act: their time runs out in ``seconds``."""
        player = table.seats[seat].player
        text = t(
            self.player_lang(table, player),
            "remind",
            mention=f"<@{player}>",
            seconds=seconds,
            id=table.id,
        )
        moves = table.moves
        await self.posts.to_player(
            table, player, text, "remind", wanted=lambda: table.moves == moves
        )

    async def notice_turn(self, table: LiveTable) -> None:
        """Tell the player to act that it is their turn, once, when the turn has just
        passed to them from someone else (an edit notifies nobody; a new message does).

        Not at a new deal (their new hand's DM tells them), not to a computer player,
        not when the same player acts again, not to a player who moved less than
        ``notice_after`` seconds ago (they are following); a DM notice replaces the
        previous one.
        """
        state = table.state
        if table.status != "playing" or state is None or state.is_over:
            return
        shown = self.shown(table)
        key = (table.hand_no, state.turn)
        previous, shown.turn_shown = shown.turn_shown, key
        now = time.monotonic()
        if previous[0] != table.hand_no:  # a new deal: each new hand's DM told its player
            shown.acted_at = dict.fromkeys(range(len(table.seats)), now)
            return
        if previous != key and previous[1] >= 0:
            shown.acted_at[previous[1]] = now  # the turn left them: they just moved
        if previous == key:
            return
        info = table.seats[state.turn]
        if not info.human:
            return
        if now - shown.acted_at.get(state.turn, -self.notice_after) < self.notice_after:
            return  # they moved moments ago: they are following the game
        mode = "dm" if self.notify_mode is None else await self.notify_mode(info.player)
        lang = self.player_lang(table, info.player)
        text = t(lang, "notice", id=table.id, channel=table.row.channel_name or "?")
        moves = table.moves

        def wanted() -> bool:  # a notice that comes after the turn has passed would mislead
            return table.moves == moves and table.status == "playing"

        if mode == "mention":
            await self.posts.to_player(
                table, info.player, f"<@{info.player}> {text}", "notice", wanted=wanted
            )
        elif mode == "dm" and info.player not in shown.dm_closed:
            seat = table.seat_of(info.player)
            await self.outbox.send(
                ("notice", table.id, info.player),
                partial(self._by_dm, table, info.player, text),
                f"the turn notice of {info.player} at table {table.id}",
                table=table,
                line=LogLine.of("log.lost.notice", seat=seat if seat is not None else -1),
                wanted=wanted,
            )

    async def _by_dm(self, table: LiveTable, player: str, text: str) -> None:
        """A short new DM (a follow-up of the player's last click in their hand while
        its token lives), and the previous notice deleted so that they do not pile up;
        DMs closed, the player is told to use *My hand*."""
        if player in self.shown(table).dm_closed:
            return
        old = self.shown(table).notices.pop(player, None)
        if old is not None:
            await self.delete(old)
        if table.row.message_id is not None:
            text += "\n" + table_link(table)
        ref = self.shown(table).dms.get(player)
        hook = hook_of(ref)
        if ref is not None and hook is not None:
            try:
                message = await hook.followup.send(text, wait=True)
                await self._keep(
                    table, player, Notice(message.channel.id, message.id, hook, ref.hook_at)
                )
                return
            except discord.HTTPException as error:
                log.info("a token no longer serves (%s): the notice sent by the bot", error)
        dm = await self.dm_channel(player)
        try:
            sent = await dm.send(text)
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            self.shown(table).dm_closed.add(player)
            await self.tell_dm_closed(table, player)
            return
        await self._keep(table, player, Notice(dm.id, sent.id))

    async def _keep(self, table: LiveTable, player: str, notice: Notice) -> None:
        """A turn notice just sent: kept, to be deleted when the next one comes, or at
        once if the table ended while it was on its way (its hands are closed already)."""
        if table.status == "playing":
            self.shown(table).notices[player] = notice
        else:
            await self.delete(notice)

    async def delete(self, notice: Notice) -> None:
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


__all__ = ["DM_CLOSED", "NOTICE_AFTER", "TurnNotices"]

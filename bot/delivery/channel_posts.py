"""What the bot posts in a table's channel beside the table message: each hand's summary,
and short messages for one player (a reminder, DMs closed, a turn notice by mention).

Each goes through the outbox (``bot.delivery.outbox``): tried at once, and again with backoff if
Discord says no for a while. A summary is drawn when its hand is settled, as the table
stood then (a restart draws the ones not posted as it replays the log, an ended table's
too), save its last line: a table that ended before its summary was posted says so
there, not who deals next. It is posted once; once posted, the table message moves below it
(``bot.delivery.table_message``), unless the table has ended.

A summary is noted posted in the database once Discord took it; from just before it is
posted until then, the database says it is on its way (``summary_posting``). A
restart that finds it so (the stopped process was killed in between) looks for it among
the channel's newest messages (by its *Review* button, which names its table and hand)
before posting it: found, it is noted posted, not posted twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial

import discord

from bot.delivery.nonces import fresh_nonce, summary_nonce
from bot.delivery.outbox import Outbox, passing
from bot.delivery.table_message import RECLAIM_LOOK, UNKNOWN_CHANNEL, TableMessages
from bot.drawing.pictures.files import send_files
from bot.drawing.pictures.scenes import whole_hand_scene
from bot.drawing.render import hand_tricks_words
from bot.drawing.review import review_view, reviewed_hand
from bot.drawing.summary import settlement_embed, summary_footer
from bot.game import LogLine
from bot.tables.table import LiveTable
from games.ai.teacher import has_valuer
from games.tricks import PlayedTrick

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Summary:
    """A settled hand's summary, drawn as the table stood when the hand was settled."""

    table_id: int
    hand_no: int
    channel_id: int
    guild_id: int
    embed: discord.Embed
    tricks: Sequence[PlayedTrick]  # the hand's tricks, drawn when posted (none: no picture)
    names: list[str]
    lang: str
    posting: bool = False  # a process stopped while posting it: it may be there already


def summary_key(table_id: int, hand_no: int) -> tuple[str, int, int]:
    return ("summary", table_id, hand_no)


class ChannelPosts:
    """The posts of the tables' channels other than their table messages."""

    def __init__(self, client: discord.Client, outbox: Outbox, tables: TableMessages) -> None:
        self.client = client
        self.outbox = outbox
        self.tables = tables
        # told when a summary reached its channel, so that a restart does not post it again
        self.on_summary_posted: Callable[[LiveTable, int], Awaitable[None]] | None = None
        # told before a summary is posted, so that a restart before it is noted looks for it
        self.on_summary_posting: Callable[[LiveTable, int], Awaitable[None]] | None = None
        self._marked: set[tuple[int, int]] = set()  # (table, hand): noted on its way

    def settled(self, table: LiveTable, posting: bool = False) -> None:
        """A hand was settled (just now, or replayed from the log with its summary not
        posted, ``posting``: a process stopped while posting it): its summary is drawn
        now, as the table stands, and the outbox posts it."""
        if table.last is None:
            return
        lang = table.public_lang
        tricks: Sequence[PlayedTrick] = ()
        if table.pictures and table.state is not None and table.state.is_over:
            tricks = table.state.view(0).tricks_played
        embed = settlement_embed(table, table.last, lang)
        row = table.row
        summary = Summary(
            table.id,
            table.hand_no,
            row.channel_id,
            row.guild_id,
            embed,
            tricks,
            table.names,
            lang,
            posting,
        )
        self.outbox.put(
            summary_key(table.id, table.hand_no),
            partial(self._post_summary, table, summary),
            f"the summary of hand {summary.hand_no} of table {table.id}",
            table=table,
            line=LogLine.of("log.lost.summary", hand=summary.hand_no),
            coalesce=False,
        )

    async def _post_summary(self, table: LiveTable, summary: Summary) -> None:
        """Post a hand's summary (unless a stopped process posted it: ``_found``), note it
        posted (a restart does not post it again), and move the table message below it:
        the channel's latest message is the table."""
        channel = self.client.get_partial_messageable(summary.channel_id, guild_id=summary.guild_id)
        try:
            if summary.posting and await self._found(channel, summary):
                log.info(
                    "table %s: the summary of hand %s, posted before the restart, found",
                    table.id,
                    summary.hand_no,
                )
            else:
                await self._posting(table, summary)
                await self._send(table, summary, channel)
        except discord.NotFound as error:
            if error.code != UNKNOWN_CHANNEL:
                raise
            # nowhere to post it, now or after any restart: noted as done all the same,
            # or each restart would try it again for ever
            log.info(
                "table %s has no channel any more: the summary of hand %s is not posted",
                table.id,
                summary.hand_no,
            )
            await self._noted(table, summary.hand_no)
            return
        await self._noted(table, summary.hand_no)
        self.tables.below_summary(table)

    async def _send(
        self, table: LiveTable, summary: Summary, channel: discord.PartialMessageable
    ) -> None:
        """Post the summary, with its picture of the whole hand (if the table shows
        pictures) and its *Review* button (if the game values moves)."""
        embed, nonce = summary.embed, summary_nonce(table.id, summary.hand_no)
        if summary.tricks:
            words = hand_tricks_words(summary.tricks, summary.names, summary.lang)
            picture = whole_hand_scene(summary.tricks, summary.names, summary.lang, words)
            if picture is not None:
                # a whole hand takes a few times longer to draw than a trick: off the loop
                await asyncio.to_thread(lambda: picture.data)
                embed.set_image(url=picture.url)
        now = self.tables.live(table.id) or table
        if not now.deal_coming:  # the table ended while its summary was on its way
            embed.set_footer(text=summary_footer(now, summary.lang))
        if has_valuer(table.game.id):  # each player's private review of the hand
            view = review_view(table.id, summary.hand_no, summary.lang, table.pictures)
            await channel.send(embed=embed, view=view, nonce=nonce, **send_files(embed))
        else:  # a game that values no move: nothing to review
            await channel.send(embed=embed, nonce=nonce, **send_files(embed))

    async def _found(self, channel: discord.PartialMessageable, summary: Summary) -> bool:
        """Whether the bot's summary of ``summary``'s hand is among the channel's newest
        messages, known by its *Review* button (a game that values no move has none: its
        summary is posted again). Discord refusing the look for a while, the outbox tries
        again; for good, the summary is posted (twice rather than not at all)."""
        me = self.client.user
        if me is None:
            return False
        wanted = (summary.table_id, summary.hand_no)
        try:
            async for message in channel.history(limit=RECLAIM_LOOK):  # the newest first
                if message.author.id == me.id and reviewed_hand(message) == wanted:
                    return True
        except discord.HTTPException as error:
            gone = isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
            if gone or passing(error):
                raise
            log.info("could not look for the summary of table %s: %s", summary.table_id, error)
        return False

    async def _posting(self, table: LiveTable, summary: Summary) -> None:
        """The summary is on its way: the database says so until it is noted posted, so
        that a restart in between looks for it (``_found``). Once a summary: a try again
        (or a summary found so noted already) does not write it again."""
        key = (table.id, summary.hand_no)
        if self.on_summary_posting is None or summary.posting or key in self._marked:
            return
        try:
            await self.on_summary_posting(table, summary.hand_no)
        except Exception:
            log.exception("could not note that a summary of table %s is on its way", table.id)
            return
        self._marked.add(key)

    async def _noted(self, table: LiveTable, hand_no: int) -> None:
        """The summary of hand ``hand_no`` is done with: a restart does not post it again."""
        self._marked.discard((table.id, hand_no))
        if self.on_summary_posted is not None:
            try:
                await self.on_summary_posted(table, hand_no)
            except Exception:
                log.exception("could not note the summary of table %s as posted", table.id)

    async def to_player(
        self,
        table: LiveTable,
        player: str,
        text: str,
        kind: str,
        *,
        wanted: Callable[[], bool] | None = None,
    ) -> None:
        """A short message for ``player`` in the table's channel, mentioning them;
        ``wanted``: while it is still worth sending, if it has to wait."""
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        mention = discord.AllowedMentions(users=[discord.Object(int(player))])

        nonce = fresh_nonce()  # the same at each try

        async def send() -> None:
            await channel.send(text, allowed_mentions=mention, nonce=nonce)

        seat = table.seat_of(player)
        await self.outbox.send(
            (kind, table.id, player),
            send,
            f"a message ({kind}) to {player} at table {table.id}",
            table=table,
            line=LogLine.of("log.lost.notice", seat=seat if seat is not None else -1),
            wanted=wanted,
        )

"""What the bot posts in a table's channel beside the table message: each hand's summary,
and short messages for one player (a reminder, DMs closed, a turn notice by mention).

Each goes through the outbox (``bot.delivery.outbox``): tried at once, and again with backoff if
Discord says no for a while. A summary is drawn when its hand is settled, as the table
stood then (a restart draws the ones not posted as it replays the log, an ended table's
too), and posted once; once posted, the table message moves below it
(``bot.delivery.table_message``), unless the table has ended.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial

import discord

from bot.delivery.outbox import Outbox
from bot.delivery.table_message import UNKNOWN_CHANNEL, TableMessages
from bot.drawing.pictures.files import send_files
from bot.drawing.pictures.scenes import whole_hand_scene
from bot.drawing.render import hand_tricks_words
from bot.drawing.review import review_view
from bot.drawing.summary import settlement_embed
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

    def settled(self, table: LiveTable) -> None:
        """A hand was settled (just now, or replayed from the log with its summary not
        posted): its summary is drawn now, as the table stands, and the outbox posts it."""
        if table.last is None:
            return
        lang = table.public_lang
        tricks: Sequence[PlayedTrick] = ()
        if table.pictures and table.state is not None and table.state.is_over:
            tricks = table.state.view(0).tricks_played
        embed = settlement_embed(table, table.last, lang)
        row = table.row
        summary = Summary(
            table.id, table.hand_no, row.channel_id, row.guild_id, embed, tricks, table.names, lang
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
        """Post a hand's summary, note it posted (a restart does not post it again), and
        move the table message below it: the channel's latest message is the table."""
        embed = summary.embed
        if summary.tricks:
            words = hand_tricks_words(summary.tricks, summary.names, summary.lang)
            picture = whole_hand_scene(summary.tricks, summary.names, summary.lang, words)
            if picture is not None:
                # a whole hand takes a few times longer to draw than a trick: off the loop
                await asyncio.to_thread(lambda: picture.data)
                embed.set_image(url=picture.url)
        channel = self.client.get_partial_messageable(summary.channel_id, guild_id=summary.guild_id)
        try:
            if has_valuer(table.game.id):  # each player's private review of the hand
                view = review_view(table.id, summary.hand_no, summary.lang, table.pictures)
                await channel.send(embed=embed, view=view, **send_files(embed))
            else:  # a game that values no move: nothing to review
                await channel.send(embed=embed, **send_files(embed))
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

    async def _noted(self, table: LiveTable, hand_no: int) -> None:
        """The summary of hand ``hand_no`` is done with: a restart does not post it again."""
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

        async def send() -> None:
            await channel.send(text, allowed_mentions=mention)

        seat = table.seat_of(player)
        await self.outbox.send(
            (kind, table.id, player),
            send,
            f"a message ({kind}) to {player} at table {table.id}",
            table=table,
            line=LogLine.of("log.lost.notice", seat=seat if seat is not None else -1),
            wanted=wanted,
        )

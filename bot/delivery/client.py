"""The Bot: opens the database, rebuilds live tables, loads the cogs, syncs the commands."""

from __future__ import annotations

import asyncio
import logging
import traceback
from typing import Any, Final

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery.handoffs import Handoffs, Ownership, process_name
from bot.delivery.in_time import send_privately
from bot.delivery.outbox import ServerErrors
from bot.delivery.pacing import RestPacer
from bot.delivery.presenter import Presenter
from bot.delivery.table_message import UNKNOWN_CHANNEL
from bot.errors import MoveRefused, UserError
from bot.settings import Settings
from bot.tables.computer import Decider, PoolDecider
from bot.tables.service import DealSource, TableService
from bot.tables.table import LiveTable
from bot.teacher.background import BackgroundReviews
from bot.teacher.reviewer import Reviewer, inline_review
from bot.texts.i18n import lang_for, t
from bot.texts.refusals import error_text, refusal_error
from bot.texts.translator import CommandTranslator
from db import Database

log = logging.getLogger(__name__)

# Discord's code for an interaction it no longer knows: an answer past its 3 s
UNKNOWN_INTERACTION: Final = 10062

EXTENSIONS = ("cogs.tables", "cogs.play", "cogs.info", "cogs.settings", "cogs.welcome")


class BeteTree(app_commands.CommandTree["BeteBot"]):
    """Turns every slash command error into a short ephemeral answer."""

    async def on_error(
        self, interaction: discord.Interaction[BeteBot], error: app_commands.AppCommandError
    ) -> None:
        await interaction.client.answer_error(interaction, error)


class BeteBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        seed_source: Any = None,
        deal_source: DealSource | None = None,
        decider: Decider | None = None,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        # Slash commands and components need no message events: without them the gateway
        # does not send every edit of every table message and private hand back to the bot.
        intents.guild_messages = False
        intents.dm_messages = False
        plan = settings.shards
        self.pacer = RestPacer.share(settings.rest_rate, len(plan.ids), plan.count)
        trace = aiohttp.TraceConfig() if self.pacer is None else self.pacer.trace()
        server_errors = ServerErrors()  # an edit of a table message that got one gives way
        options.setdefault("http_trace", server_errors.watch(trace))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            max_messages=None,
            help_command=None,
            tree_cls=BeteTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.settings = settings
        self._seed_source = seed_source
        self._deal_source = deal_source
        self._decider = decider
        self._resumed = False
        self._rebuilt: list[int] = []  # the ids of the tables rebuilt at the start
        self._db: Database | None = None
        self._service: TableService | None = None
        self.background_reviews: BackgroundReviews | None = None  # started in setup_hook
        self._reviewer: Reviewer | None = None
        self.shard_plan = plan
        self.ownership = Ownership(self.shard_plan, process_name())
        self.handoffs = Handoffs(self, self.shard_plan)
        self.lost_shards = False  # stopped because another process may hold its shards now
        self._closing: asyncio.Task[None] | None = None
        self._ending: set[asyncio.Task[None]] = set()  # tables of gone channels ending
        self.presenter = Presenter(self, settings.default_language, settings.dm_window)
        self.presenter.tables.server_errors = server_errors

    @property
    def db(self) -> Database:
        assert self._db is not None, "the database opens in setup_hook"
        return self._db

    @property
    def service(self) -> TableService:
        assert self._service is not None, "the service starts in setup_hook"
        return self._service

    @property
    def reviewer(self) -> Reviewer:
        """The reviews of stored hands (``review_seat``), in the computer players' workers."""
        assert self._reviewer is not None, "the reviewer starts in setup_hook"
        return self._reviewer

    async def setup_hook(self) -> None:
        self._db = await Database.open(self.settings.database)
        decider = self._decider or PoolDecider(self.settings.ai_workers)
        self._service = TableService(
            self._db,
            seed_source=self._seed_source,
            deal_source=self._deal_source,
            decider=decider,
            ai_pause=self.settings.ai_pause,
        )
        pooled = decider.review if isinstance(decider, PoolDecider) else inline_review
        self._reviewer = Reviewer(self._db, pooled)
        self._service.on_change = self.presenter.after_change
        self._service.on_reminder = self.presenter.notices.remind
        self._service.on_settled = self.presenter.posts.settled
        # a lobby whose register a hand settled elsewhere changed: its message, not waited for
        self._service.lobby_register.on_changed = self.presenter.tables.request
        self.presenter.posts.on_summary_posted = self._service.summary_posted
        self.presenter.posts.on_summary_posting = self._service.summary_posting
        self.presenter.live = self._service.tables.get
        self.presenter.tables.moved = self._service.set_message
        self.presenter.tables.posting = self._service.posting_message
        self.presenter.tables.channel_gone = self._channel_lost
        self.presenter.notices.notify_mode = self._service.notify_mode
        self.presenter.hand_sent = self._service.set_hand_message
        # before the handoffs' own look (sharded): only the clicks run here count
        self.presenter.answers_first.install(self._connection.parsers)
        await self._hold_shards()
        hands = await self._service.open_hand_messages()
        count = await self._service.load()
        # known before anything is shown: the timers load set cannot fire before an await
        self.presenter.known_hands(self._service.tables, hands)
        self._rebuilt = list(self._service.tables)  # not the tables opened before on_ready
        log.info(
            "database %s open; %d live table(s) rebuilt%s",
            self.settings.database_shown,
            count,
            "" if self.settings.shard_count is None else f" ({self.shard_plan})",
        )
        # the servers that ask for it have every hand reviewed while the bot is idle
        self.background_reviews = BackgroundReviews(
            self._db,
            self._reviewer.review_seat,  # the Review button's: one review of a seat at a time
            self._service.tables,
            owns=lambda guild_id: self.service.owns(guild_id),
        )
        self.background_reviews.start()
        await self.tree.set_translator(CommandTranslator())
        for extension in EXTENSIONS:  # each registers its dynamic items
            await self.load_extension(extension)
        if self.shard_plan.syncs_commands:
            await self.sync_commands()

    async def _hold_shards(self) -> None:
        """Take this process's shards (waiting while a live process holds one) before
        rebuilding their tables; with a part of them only, route and fence. Not sharded
        (no ``SHARD_COUNT``), the bot is one process: there is nothing to share."""
        if self.settings.shard_count is None:
            return
        await self.db.hold_shards(
            self.shard_plan.ids,
            self.ownership.owner,
            on_handoff=self.handoffs.handed_to_me,
            on_lost=self._lost_shards,
        )
        if not self.shard_plan.whole:
            self.service.owns = self.shard_plan.owns
            self.service.fence = self.ownership.fence
            self.handoffs.install()

    def _lost_shards(self) -> None:
        """Another process may take the shards now: stop at once, to be started again."""
        log.critical("this process no longer holds %s: stopping", self.shard_plan)
        self.lost_shards = True
        self.close_soon()

    def close_soon(self) -> None:
        """Close the bot from a callback (a signal, the loss of its shards): ``start``
        returns once the gateway is closed, ``closed`` waits for the rest."""
        if self._closing is None:
            self._closing = asyncio.get_running_loop().create_task(self.close())

    async def closed(self) -> None:
        """The closing ``close_soon`` began is over (the database closed last)."""
        if self._closing is not None:
            await self._closing

    async def on_ready(self) -> None:
        """Once connected after a start: every rebuilt table's message says play resumes,
        and every lobby shows the server's register as it stands."""
        if self._resumed:
            return
        self._resumed = True
        log.info("ready in %d server(s)", len(self.guilds))
        await self._servers_left()
        live = self.service.tables
        rebuilt = [live[i] for i in self._rebuilt if i in live]
        await self.presenter.resume(rebuilt)
        lobbies = [t for t in rebuilt if t.status == "lobby"]
        await self._lobbies_gone(lobbies)
        for table in lobbies:
            # its message may show the register older than the rebuild read it: a hand
            # settled elsewhere just before the stop, whose redraw did not reach Discord,
            # or the register as it was at the opening, drawn by an older bot
            if table.status == "lobby" and table.guild_register is not None:
                self.presenter.tables.request(table)

    async def _lobbies_gone(self, lobbies: list[LiveTable]) -> None:
        """A lobby's seats do not change on a restart (a table in play finds its channel
        gone when its message is edited): one whose channel was deleted meanwhile ends."""
        for table in lobbies:
            channel_id = table.row.channel_id
            if self.get_channel(channel_id) is not None:
                continue
            try:
                await self.fetch_channel(channel_id)
            except discord.NotFound as error:
                if error.code == UNKNOWN_CHANNEL:
                    await self.end_in_gone_channel(channel_id)
            except discord.HTTPException as error:
                log.info("could not look up the channel of table %s: %s", table.id, error)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.end_in_gone_channel(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.end_in_gone_channel(payload.thread_id)

    async def _servers_left(self) -> None:
        """The servers that removed the bot while it was away: Discord's READY lists every
        server the bot is in (one unavailable for an outage included), so a table's server
        missing from it removed the bot, and its tables end as ``on_guild_remove``'s."""
        left = {t.row.guild_id for t in self.service.tables.values()}
        for guild_id in sorted(g for g in left if self.get_guild(g) is None):
            await self._end_server_tables(guild_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The server removed the bot (not an outage: that is ``on_guild_unavailable``)."""
        await self._end_server_tables(guild.id)

    async def _end_server_tables(self, guild_id: int) -> None:
        """The tables of a server that removed the bot end, their players' private hands
        saying so; their channels, out of reach, are not written to."""
        try:
            ended = await self.service.server_left(guild_id)
        except Exception:
            log.exception("could not end the tables of server %s, which removed the bot", guild_id)
            return
        for table in ended:
            log.info("table %s ended: its server %s removed the bot", table.id, guild_id)
            self.presenter.tables.lost(table.id)
            await self.presenter.after_change(table)

    def _channel_lost(self, table: LiveTable) -> None:
        """Discord answered that the table's channel is unknown (deleted while the bot
        was away, say): the table ends as if its deletion had been seen."""
        task = asyncio.get_running_loop().create_task(
            self.end_in_gone_channel(table.row.channel_id)
        )
        self._ending.add(task)
        task.add_done_callback(self._ending.discard)

    async def end_in_gone_channel(self, channel_id: int) -> None:
        """The table of a deleted channel ends (its players may sit elsewhere); its
        players' private hands say so."""
        try:
            table = await self.service.channel_gone(channel_id)
            if table is not None:
                log.info("table %s ended: its channel %s is gone", table.id, channel_id)
                await self.presenter.after_change(table)
        except Exception:
            log.exception("could not end the table of the deleted channel %s", channel_id)
            live = self.service.in_channel(channel_id)
            if live is not None:  # shown again: its next edit finds the channel gone anew
                self.presenter.tables.found(live.id)

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.Forbidden as error:  # the bot is not (or no longer) in it
                log.error(
                    "could not sync the commands to server %s (DEV_GUILD_ID): %s; is the bot"
                    " in that server, added with the applications.commands scope?",
                    guild_id,
                    error,
                )
                return
            log.info("synced %d commands to server %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        for ending in list(self._ending):  # none runs against a closed database
            ending.cancel()
        if self.background_reviews is not None:
            await self.background_reviews.close()
        if self._service is not None:
            await self._service.close()  # no computer player moves any more
        await self.presenter.close()  # what is being shown reaches Discord first
        await self.presenter.outbox.close()
        if self._reviewer is not None:
            await self._reviewer.close()
        await super().close()
        if self._db is not None:
            await self._db.close()
            self._db = None

    def lang(self, interaction: discord.Interaction[Any]) -> str:
        return lang_for(interaction.locale, self.settings.default_language)

    async def answer_error(self, interaction: discord.Interaction[Any], error: Exception) -> None:
        """The one error handler: refusals briefly, surprises politely (and logged)."""
        original: BaseException = error
        while isinstance(original, (app_commands.CommandInvokeError, commands.CommandInvokeError)):
            original = original.original
        if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
            log.warning(  # nothing more can be said to it: Discord no longer knows it
                "the answer to %s by %s came past Discord's 3 s",
                _what(interaction),
                interaction.user.id,
            )
            return
        lang = self.lang(interaction)
        if isinstance(original, MoveRefused):  # the engine's reason, in the game's words
            original = refusal_error(original)
        if isinstance(original, UserError):
            text = error_text(original, lang)
        elif isinstance(original, app_commands.NoPrivateMessage):
            text = t(lang, "error.guild_only")
        elif isinstance(original, app_commands.TransformerError):
            text = t(lang, "error.bad_input", text=str(original.value)[:50])
        elif isinstance(original, discord.Forbidden):
            log.warning("missing permission: %s", original)
            text = t(lang, "error.no_permission")
        else:
            log.error(
                "unexpected error in %s by %s in channel %s: %s",
                _what(interaction),
                interaction.user.id,
                interaction.channel_id,
                "".join(traceback.format_exception(original)),
            )
            text = t(lang, "error.generic")
        try:
            await send_privately(interaction, text)
        except discord.HTTPException:
            log.exception("could not answer an error to %s", interaction.user.id)


class ShardedBeteBot(BeteBot, commands.AutoShardedBot):
    """The bot on the shards of ``SHARD_IDS`` (all if unset) of ``SHARD_COUNT``."""

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        super().__init__(
            settings,
            shard_count=settings.shards.count,
            shard_ids=list(settings.shards.ids),
            **kwargs,
        )


def make_bot(settings: Settings, **kwargs: Any) -> BeteBot:
    """The bot the settings call for: sharded when ``SHARD_COUNT`` is set."""
    if settings.shard_count is None:
        return BeteBot(settings, **kwargs)
    return ShardedBeteBot(settings, **kwargs)


def _what(interaction: discord.Interaction[Any]) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: Any = interaction.data or {}
    return f"component {data.get('custom_id', '?')}"

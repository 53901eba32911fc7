"""Clicks for a table another process drives: handed to it through the database.

Discord delivers every DM interaction on shard 0, whichever guild's table the
private hand belongs to. The process holding shard 0 looks at each DM
interaction before discord.py does: if it names (by its custom_id, or by the
one table where its user sits) a table of a shard held elsewhere, the raw
interaction is handed over (``ShardRepository.hand_over``: a row and a
``NOTIFY``) and the holder runs it as if the gateway had sent it there,
answering through the interaction's own token. If nobody takes it within
``PATIENCE`` (its holder restarting), the receiver takes it back and answers
that the table is coming back: inside Discord's 3 s, and never applied twice.

``Ownership`` is the other half: the fence every write of a table passes, so a
process that lost its shard cannot drive its tables one event further.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

import discord
import orjson

from bot.errors import TableElsewhere
from bot.ids import ComponentId
from bot.settings import Settings
from bot.shards import ShardPlan
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import lang_for, t
from db import Database, Store

log = logging.getLogger(__name__)

# seconds the receiver waits for the holder to take a click: its own answer must still
# reach Discord within the interaction's 3 s
PATIENCE = 1.5
COMPONENT, MODAL = 3, 5  # the interaction types that carry a custom_id
GUILDS_KEPT = 100_000  # tables whose guild the receiver remembers (about 10 MiB)


def process_name() -> str:
    """This process as the holder of its shards: host, pid and a random part (a restarted
    process may get the same pid)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def table_named(data: dict[str, Any]) -> int | None:
    """The table a component or modal interaction names in its custom_id, if any."""
    if data.get("type") not in (COMPONENT, MODAL):
        return None
    custom_id = str((data.get("data") or {}).get("custom_id", ""))
    try:
        return ComponentId.parse(custom_id).table
    except ValueError:
        return None


class Host(Protocol):
    """What the handoffs use of the bot (``bot.delivery.client.BeteBot``)."""

    _connection: Any  # discord.py's connection state: its parsers, and new interactions
    settings: Settings

    @property
    def db(self) -> Database: ...

    @property
    def service(self) -> TableService: ...

    def add_listener(
        self, func: Callable[..., Coroutine[Any, Any, Any]], /, name: str = ...
    ) -> None: ...


class Ownership:
    """The shards this process holds, and the fence of its tables' writes."""

    def __init__(self, plan: ShardPlan, owner: str) -> None:
        self.plan = plan
        self.owner = owner

    async def fence(self, store: Store, table: LiveTable) -> None:
        """Inside a table's write: refuse it unless its shard is still this process's."""
        if await store.shards.shard_owner(self.plan.shard(table.row.guild_id)) != self.owner:
            raise TableElsewhere()


class Handoffs:
    """Routes the DM interactions of tables held elsewhere, and runs those handed here."""

    def __init__(self, bot: Host, plan: ShardPlan) -> None:
        self.bot = bot
        self.plan = plan
        self._parse: Callable[[dict[str, Any]], None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        # setup_hook is over (tables rebuilt, handlers loaded) once a shard connects; not
        # "ready", which discord.py delays by guild_ready_timeout (2 s) after a connect
        self._set_up = asyncio.Event()
        # the guild of each table a DM click named: a table never changes guild, and each
        # click of a table after its first is handed over without reading the database
        self._guilds: dict[int, int] = {}

    def install(self) -> None:
        """Look at each INTERACTION_CREATE before discord.py's own parser does."""
        parsers = self.bot._connection.parsers  # the gateway's event -> parser table
        self._parse = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self.received
        self.bot.add_listener(self._connected, "on_connect")

    async def _connected(self) -> None:
        self._set_up.set()

    def run_here(self, data: dict[str, Any]) -> None:
        assert self._parse is not None, "install() first"
        self._parse(data)

    def received(self, data: dict[str, Any]) -> None:
        """An interaction from the gateway: a guild's reaches the holder of its shard; a
        DM's is run here when its table is here, else routed."""
        if data.get("guild_id") is not None:
            self.run_here(data)
            return
        table = table_named(data)
        if table is not None and table in self.bot.service.tables:
            self.run_here(data)
            return
        self._spawn(self._route(data, table))

    def handed_to_me(self, handoff: int) -> None:
        """A NOTIFY: a click was left for one of this process's shards."""
        self._spawn(self._take(handoff))

    async def _take(self, handoff: int) -> None:
        # Clicks are heard from the moment the shards are held, before setup_hook has
        # rebuilt the tables and loaded the buttons' handlers: one taken then would be
        # run by nobody and answered by nobody. Left untaken, its receiver answers it.
        try:
            await asyncio.wait_for(self._set_up.wait(), PATIENCE)
        except TimeoutError:
            return
        async with self.bot.db.statements() as store:
            payload = await store.shards.take_handoff(handoff)
        if payload is not None:  # else its receiver took it back: too late
            self.run_here(orjson.loads(payload))

    async def _route(self, data: dict[str, Any], table: int | None) -> None:
        shard = await self._shard_for(data, table)
        if shard is None or shard in self.plan.ids:
            self.run_here(data)
            return
        async with self.bot.db.statements() as store:  # the row is in before the NOTIFY
            handoff = await store.shards.hand_over(shard, orjson.dumps(data).decode())
        await asyncio.sleep(PATIENCE)
        async with self.bot.db.statements() as store:
            untaken = await store.shards.take_handoff(handoff)
        if untaken is not None:
            log.warning("nobody took a click for shard %d in %.1f s", shard, PATIENCE)
            await self._answer_coming_back(data)

    async def _shard_for(self, data: dict[str, Any], table: int | None) -> int | None:
        """The shard of the table the interaction is about (None: answered here)."""
        if table is not None and table in self._guilds:
            return self.plan.shard(self._guilds[table])
        async with self.bot.db.reading() as store:
            if table is not None:
                row = await store.tables.table(table)
                if row is None or row.status == "ended":
                    return None
                if len(self._guilds) >= GUILDS_KEPT:
                    self._guilds.clear()  # the tables of long ago: read again if named
                self._guilds[table] = row.guild_id
                return self.plan.shard(row.guild_id)
            user = (data.get("user") or {}).get("id")
            if user is None:
                return None
            seats = await store.shards.open_tables_of(str(user))
        shards = {self.plan.shard(guild) for _, guild in seats}
        return shards.pop() if len(shards) == 1 else None

    async def _answer_coming_back(self, data: dict[str, Any]) -> None:
        interaction = discord.Interaction(data=data, state=self.bot._connection)  # type: ignore[arg-type]
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                lang = lang_for(interaction.locale, self.bot.settings.default_language)
                text = t(lang, "error.table_elsewhere")
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell %s the table is coming back", interaction.user.id)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a handed-over interaction failed", exc_info=task.exception())

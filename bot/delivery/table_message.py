"""The public table message: it shows the table as it is, and it is never lost.

Every send of a table's message goes through one key of the outbox (``bot.delivery.outbox``):
one at a time, the newest, drawn as the table is when it leaves, tried again with backoff
when Discord says no for a while. At most one edit per change, none when the message
shows that already. Each version shows every trick taken since the last version that
landed (``Shown.tricks``): tricks played while an edit was on its way are not skipped.

- An edit answered Unknown Message (10008: a moderator deleted it, or a channel purge)
  posts a new message with the table as it is, its id kept in the tables row (a restart
  edits that one), at most once per ``REPOST_GAP`` seconds a table.
- A click of a player of the table that edited nothing public (``/hand``, a refusal, a
  click in the DMs) has the message looked up (``probe``: once per player and event of
  the table, so a player's clicks cost one request until the table changes): gone, it
  is posted again.
- An edit that Discord answered 5xx is tried again by discord.py, with the same state,
  after a pause (1, 3, 5, 7 s); a newer change does not wait behind it: the edit gives
  way (``Superseded``) and the newest state is sent at once, so a burst of 5xx never
  leaves the table showing an old state (its buttons refused as stale). An edit that is
  only slow (waiting for its turn under Discord's limits) is left to finish.
- A summary, and ``/table show``, move it to the bottom of the channel: a new message,
  the old one deleted (``retire``) under a key of its own, so that a slow deletion holds
  back no later edit; a click on the old one meanwhile is answered privately. The table
  message is then the channel's latest message, just below the summary (whose footer
  names the next dealer), and a table that scrolled far up comes back.
- A new message is noted in the tables row once Discord answered with its id; from
  just before it is posted until then, the database says one is on its way
  (``TableRow.message_posting``). A restart that finds it so (the stopped process was
  killed in between) looks at the channel's messages after the row's (``reclaim``): the
  newest of the table's is its message, the others are deleted. Without it the restart
  edited the row's older message, above a summary, and the channel's latest table
  message, below it, never changed again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from enum import Enum, auto
from functools import partial
from typing import Any, Final, NamedTuple

import discord

from bot.delivery.memory import Memory, Shown
from bot.delivery.nonces import fresh_nonce
from bot.delivery.outbox import (
    Delivery,
    Later,
    Outbox,
    ServerErrors,
    Superseded,
    lacks_permission,
    passing,
)
from bot.drawing.pictures.files import UNKNOWN, edit_files, picture_name, send_files
from bot.drawing.render import panel_fingerprint, table_embed, tricks_mark
from bot.drawing.table_buttons import table_view
from bot.game import LogLine
from bot.ids import component_ids
from bot.tables.table import LiveTable

log = logging.getLogger(__name__)

UNKNOWN_MESSAGE: Final = 10008
UNKNOWN_CHANNEL: Final = 10003
REPOST_GAP: Final = 5.0  # seconds at least between two messages of a table posted unasked
RECLAIM_LOOK: Final = 50  # the channel's messages a restart looks at for a table's
OPENING: Final = 10.0  # seconds a new table's message id may be unknown (being answered)
NEVER: Final = float("-inf")


class Reposted(Enum):
    """What came of a table message asked at the bottom of its channel (``repost``)."""

    POSTED = auto()  # it is there (or was posted there a moment ago)
    REFUSED = auto()  # Discord refuses the bot a permission in the channel
    LATER = auto()  # Discord did not take it yet: the outbox tries it again
    FAILED = auto()  # not posted, and not tried again (the channel gone, say)


class Drawing(NamedTuple):
    """A table message as the table is now."""

    payload: dict[str, Any]  # its embed and buttons
    fingerprint: str
    tricks: tuple[int, int]  # (hand, tricks taken) it shows: Shown.tricks once it landed


def table_payload(table: LiveTable, since: int | None = None) -> dict[str, Any]:
    """The table message as the table is now (its embed and buttons; ``since``: the
    tricks of the hand it showed already, each one taken after them shown)."""
    lang = table.public_lang
    return {"embed": table_embed(table, lang, since), "view": table_view(table, lang)}


def table_drawing(table: LiveTable, shown: Shown) -> Drawing:
    """The table message as the table is now, for a message that shows ``shown``."""
    hand, taken = shown.tricks
    payload = table_payload(table, taken if hand == table.hand_no else 0)
    fingerprint = panel_fingerprint(payload["embed"], payload["view"])
    return Drawing(payload, fingerprint, tricks_mark(table))


def table_edit(table: LiveTable, shown: Shown, holds: str | None, drawn: Drawing) -> dict[str, Any]:
    """An edit of the table message that holds the picture ``holds``, to ``drawn``: its
    picture is uploaded only when it changed; ``shown`` remembers what the message now
    shows and holds (its tricks once the edit landed: ``landed``)."""
    payload, shown.fingerprint = drawn.payload, drawn.fingerprint
    payload = {**payload, **edit_files(payload["embed"], holds)}
    shown.picture_held = picture_name(payload["embed"])
    return payload


def shows_table(message: discord.Message, table_id: int) -> bool:
    """Whether ``message`` carries a component of table ``table_id``: a table message (a
    summary's *Review* button names no table)."""
    return any(component.table == table_id for component in component_ids(message))


def landed(shown: Shown, drawn: Drawing) -> None:
    """The table message now shows ``drawn``: its next version shows the tricks taken
    after these."""
    shown.tricks = drawn.tricks


def edit_refused(shown: Shown) -> None:
    """The edit ``table_edit`` made was refused: nothing is known of what the table
    message shows or holds, so the next change edits it whole."""
    shown.fingerprint, shown.picture_held = "", UNKNOWN


class TableMessages:
    """The public messages of the live tables."""

    def __init__(self, client: discord.Client, outbox: Outbox, shown: Memory) -> None:
        self.client = client
        self.outbox = outbox
        self.shown = shown
        # the live table of an id (a table rebuilt after a failed write is a new object)
        self.live: Callable[[int], LiveTable | None] = lambda table_id: None
        # records a table's new message id (the tables row, and the table in memory)
        self.moved: Callable[[LiveTable, int], Awaitable[None]] | None = None
        # told once a table's message moved: what links to it follows (the private hands)
        self.relink: Callable[[LiveTable], None] = lambda table: None
        # a new message of a table is on its way (the database says so until ``moved``)
        self.posting: Callable[[LiveTable], Awaitable[None]] | None = None
        # Discord refused a permission in the table's channel; a send went through again
        self.refused: Callable[[LiveTable, discord.Forbidden], Awaitable[None]] | None = None
        self.through: Callable[[int], None] = lambda table_id: None
        # Discord no longer has the table's channel: the table is to end (not awaited
        # here, inside the table's own delivery)
        self.channel_gone: Callable[[LiveTable], None] = lambda table: None
        self._moves: dict[int, bool] = {}  # a new message wanted (True: the old one retired)
        self._posted: dict[int, float] = {}  # when its message was last posted (monotonic)
        self._seen: dict[int, float] = {}  # when its message was last known to be there
        self._probed: dict[int, tuple[int, set[str]]] = {}  # the event, who looked it up
        self._lost: set[int] = set()  # tables whose channel is gone
        self._marked: set[int] = set()  # tables the database says a message is on its way for
        # the last post tried and refused: its drawing's fingerprint, and its nonce, which a
        # try of the same drawing carries again (``bot.delivery.nonces``)
        self._tried: dict[int, tuple[str, str]] = {}
        # an edit on its way: the request, when it began, its path
        self._editing: dict[int, tuple[asyncio.Task[Any], float, str]] = {}
        self.server_errors = ServerErrors()  # the client's (which watches its requests)

    def _key(self, table: LiveTable) -> tuple[str, int]:
        return ("table", table.id)

    def _put(self, table: LiveTable) -> Delivery:
        editing = self._editing.get(table.id)
        if editing is not None and self.server_errors.since(editing[2], editing[1]):
            editing[0].cancel()  # an older state, waiting for discord.py's next try
        return self.outbox.put(
            self._key(table),
            partial(self._bring_up, table),
            f"the message of table {table.id}",
            table=table,
            line=LogLine.of("log.lost.table"),
        )

    async def show(self, table: LiveTable) -> None:
        """The table message shows the table as it is now (the one edit of a change, or
        none): waited for a moment, and carried on by the outbox if Discord says no."""
        if table.id in self._lost:
            return
        await self.outbox.wait(self._put(table))

    def request(self, table: LiveTable) -> None:
        """As ``show``, without waiting."""
        if table.id not in self._lost:
            self._put(table)

    def busy(self, table: LiveTable) -> bool:
        return self.outbox.busy(self._key(table))

    async def repost(self, table: LiveTable) -> Reposted:
        """A new table message at the bottom of its channel, the old one deleted
        (``/table show``); not when one was posted less than ``REPOST_GAP`` seconds ago.
        What came of it, once known (the outbox's first wait at most)."""
        posted = self._posted.get(table.id, NEVER)
        if time.monotonic() - posted < REPOST_GAP:
            return Reposted.POSTED
        paused = self.outbox.refused_last(self._key(table))  # before this one replaces it
        self._moves[table.id] = True
        delivery = self._put(table)
        if paused is not None:  # it waits out that pause (up to a minute): say why now
            return Reposted.REFUSED if lacks_permission(paused) else Reposted.LATER
        # a change put meanwhile replaces the delivery before it is tried, and carries
        # the move (``_moves``): its own outcome is the one to wait for
        while not await self.outbox.wait(delivery) and delivery.tried.done():
            newer = self.outbox.waiting(self._key(table))
            if delivery.failure is not None or newer is None or newer is delivery:
                break
            delivery = newer
        if self._posted.get(table.id, NEVER) > posted:
            return Reposted.POSTED
        failure = delivery.failure
        if failure is not None and lacks_permission(failure):
            return Reposted.REFUSED
        return Reposted.LATER if self.busy(table) else Reposted.FAILED

    def below_summary(self, table: LiveTable) -> None:
        """A summary was just posted: the table message moves below it (a new message,
        the old one deleted), unless the table has ended."""
        live = self.live(table.id)
        if live is not None and live.status != "ended":
            self._moves[live.id] = True
            self._put(live)

    def answered(self, table: LiveTable, message_id: int) -> None:
        """A click on the table message ``message_id`` was answered by editing it: an
        edit of an older state still on its way, or a new message posted below a summary
        meanwhile (drawn before the click), is followed by one of the table as it is now."""
        self._seen[table.id] = time.monotonic()
        if self.busy(table) or table.row.message_id != message_id:
            self._put(table)

    async def probe(self, table: LiveTable, since: float, player: str) -> None:
        """After a click of ``player``, of the table: unless its message was seen since
        the click came (``since``, monotonic), look it up (once per player and event of
        the table); gone, it is posted again."""
        if (
            table.status == "ended"
            or table.id in self._lost
            or self._seen.get(table.id, NEVER) >= since
            or self.busy(table)
        ):
            return
        seq, looked = self._probed.get(table.id, (-1, set()))
        if seq != table.seq:
            seq, looked = table.seq, set()
            self._probed[table.id] = (seq, looked)
        if player in looked:
            return
        looked.add(player)
        message_id = table.row.message_id
        if message_id is None:
            if not self._opening(table):
                await self.gone(table)
            return
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        try:
            await channel.get_partial_message(message_id).fetch()
        except discord.NotFound as error:
            if error.code == UNKNOWN_MESSAGE and table.row.message_id == message_id:
                log.info("the message of table %s is gone: posted again", table.id)
                await self.gone(table)
            elif error.code == UNKNOWN_CHANNEL:
                self._lose(table, error)
            return
        except discord.Forbidden as error:
            if lacks_permission(error) and self.refused is not None:
                await self.refused(table, error)
            return
        except discord.HTTPException as error:
            log.info("could not look up the message of table %s: %s", table.id, error)
            return
        self._seen[table.id] = time.monotonic()
        self.through(table.id)

    def _lose(self, table: LiveTable, error: discord.NotFound) -> None:
        """The table's channel is gone: nothing shows it any more, and it is ended."""
        log.warning("table %s has no channel any more: %s", table.id, error)
        self._lost.add(table.id)
        self.channel_gone(table)

    def lost(self, table_id: int) -> None:
        """The table's channel can no longer be reached (its server removed the bot):
        nothing shows it any more."""
        self._lost.add(table_id)

    def found(self, table_id: int) -> None:
        """The table is to be shown again (its end for a channel gone failed)."""
        self._lost.discard(table_id)

    def forget(self, table_id: int) -> None:
        for memory in (self._moves, self._posted, self._seen, self._probed, self._tried):
            memory.pop(table_id, None)
        self._lost.discard(table_id)
        self._marked.discard(table_id)

    async def gone(self, table: LiveTable) -> None:
        """The table's message is gone (or was never known): a new one is posted."""
        self._moves.setdefault(table.id, False)
        await self.outbox.wait(self._put(table))

    async def reclaim(self, table: LiveTable) -> None:
        """On a restart, before the table is shown, when the database says a new message was
        on its way (the stopped process was killed before it noted it, perhaps before it
        posted it): the newest of the bot's messages of the table after the row's is the
        table's message, and the older ones are deleted; none found, the row's stays.
        Nothing is changed if Discord does not answer the look."""
        me = self.client.user
        if not table.row.message_posting or me is None or table.id in self._lost:
            return
        old = table.row.message_id
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        after = None if old is None else discord.Object(old)
        try:
            found = [
                message.id
                # the newest first: after the row's, discord.py would read its 50 next, and a
                # message posted again far below them (``/table show``) would be missed
                async for message in channel.history(
                    limit=RECLAIM_LOOK, after=after, oldest_first=False
                )
                if message.author.id == me.id and shows_table(message, table.id)
            ]
        except discord.HTTPException as error:
            log.info("could not look for the message of table %s: %s", table.id, error)
            return
        if not found:
            if old is not None:
                await self._moved(table, old)  # nothing was posted: the row's is the one
            return
        newest = max(found)
        log.info("table %s: its message %s, posted before the restart, found", table.id, newest)
        await self._moved(table, newest)
        for stale in {*found, *([] if old is None else [old])} - {newest}:
            self.outbox.put(
                ("retire", table.id, stale),
                partial(self._retire, table.id, channel, stale),
                f"the deletion of an old message of table {table.id}",
            )

    def _opening(self, table: LiveTable) -> bool:
        """A table just opened: the answer that carries its message is on its way."""
        return time.time() - table.row.created_at.timestamp() < OPENING

    async def _bring_up(self, given: LiveTable) -> None:
        """The delivery of a table's key: post the message anew if one is wanted, else
        edit it if it does not show the table as it is now."""
        table = self.live(given.id) or given
        if table.status == "ended":
            self._moves.pop(table.id, None)  # an ended table is not posted again
        if table.id in self._moves:
            await self._post(table)
            return
        message_id = table.row.message_id
        if message_id is None:
            if table.status != "ended" and not self._opening(table):
                self._moves[table.id] = False
                await self._post(table)
            return
        shown = self.shown(table)
        drawn = table_drawing(table, shown)
        if drawn.fingerprint == shown.fingerprint and shown.picture_held != UNKNOWN:
            return
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        payload = table_edit(table, shown, shown.picture_held, drawn)
        edit = asyncio.ensure_future(channel.get_partial_message(message_id).edit(**payload))
        path = f"/channels/{table.row.channel_id}/messages/{message_id}"
        self._editing[table.id] = (edit, time.monotonic(), path)
        try:
            await edit
        except asyncio.CancelledError:
            shown.picture_held = UNKNOWN
            current = asyncio.current_task()
            if edit.cancelled() and (current is None or not current.cancelling()):
                raise Superseded from None  # a newer state goes at once
            raise
        except discord.NotFound as error:
            shown.picture_held = UNKNOWN
            if table.row.message_id != message_id:  # posted anew meanwhile: edit that one
                await self._bring_up(table)
            elif table.status == "ended":
                pass
            elif error.code == UNKNOWN_MESSAGE:
                log.info("the message of table %s is gone: posted again", table.id)
                self._moves[table.id] = False
                await self._post(table)
            else:  # Unknown Channel: nowhere to show it
                self._lose(table, error)
            return
        except BaseException:
            shown.picture_held = UNKNOWN  # the next edit uploads its picture again
            raise
        finally:
            if self._editing.get(table.id, (None,))[0] is edit:
                del self._editing[table.id]
        landed(shown, drawn)
        self._seen[table.id] = time.monotonic()
        self.through(table.id)

    async def _post(self, table: LiveTable) -> None:
        """A new table message (the old one deleted if asked), at most once per
        ``REPOST_GAP`` when the old one is gone."""
        retire = self._moves.pop(table.id)
        wait = REPOST_GAP - (time.monotonic() - self._posted.get(table.id, NEVER))
        if not retire and wait > 0:
            self._moves[table.id] = self._moves.get(table.id, False)
            raise Later(wait)
        old = table.row.message_id
        shown = self.shown(table)
        drawn = table_drawing(table, shown)
        payload = drawn.payload
        channel = self.client.get_partial_messageable(
            table.row.channel_id, guild_id=table.row.guild_id
        )
        await self._posting(table)
        tried = self._tried.pop(table.id, None)
        nonce = tried[1] if tried is not None and tried[0] == drawn.fingerprint else fresh_nonce()
        try:
            message = await channel.send(**payload, nonce=nonce, **send_files(payload["embed"]))
        except BaseException as error:
            self._tried[table.id] = (drawn.fingerprint, nonce)  # Discord may have made it
            if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
                self._lose(table, error)
                return
            self._moves[table.id] = self._moves.get(table.id, False) or retire
            raise
        self._posted[table.id] = self._seen[table.id] = time.monotonic()
        self.through(table.id)
        shown.fingerprint, shown.picture_held = drawn.fingerprint, picture_name(payload["embed"])
        landed(shown, drawn)
        await self._moved(table, message.id)
        if retire and old is not None and old != message.id:
            # apart from the table's own deliveries: a slow deletion holds none of them
            # back (its calls, clickable meanwhile, are answered apart: ``cogs.tables``)
            self.outbox.put(
                ("retire", table.id, old),
                partial(self._retire, table.id, channel, old),
                f"the deletion of an old message of table {table.id}",
            )

    @staticmethod
    async def _retire(table_id: int, channel: discord.PartialMessageable, old: int) -> None:
        """Delete a table's old message, posted again below; tried again while Discord
        says no for a while."""
        try:
            await channel.get_partial_message(old).delete()
        except discord.HTTPException as error:
            if passing(error):
                raise
            log.info("could not delete the old message of table %s: %s", table_id, error)

    async def _posting(self, table: LiveTable) -> None:
        """A new message of the table is on its way: the database says so until it is
        noted (``_moved``), so that a restart in between looks for it (``reclaim``) rather
        than edit the old one. Written once a post: the outbox's tries of the same post
        (until its id is noted) find it written."""
        if self.posting is None or table.id in self._marked:
            return
        try:
            await self.posting(table)
        except Exception:
            log.exception("could not note that a message of table %s is on its way", table.id)
            return
        self._marked.add(table.id)

    async def _moved(self, table: LiveTable, message_id: int) -> None:
        """The table's message is ``message_id`` from now on, for this process (at once),
        for a restart (the tables row) and for what links to it."""
        table.row = replace(table.row, message_id=message_id)
        self._marked.discard(table.id)  # the row's new id goes with the mark
        self.relink(table)
        if self.moved is None:
            return
        try:
            await self.moved(table, message_id)
        except Exception:
            log.exception("could not record the new message of table %s", table.id)

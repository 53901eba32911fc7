"""The server's register of bêtes and pot as a lobby, and a table between two hands,
show them (a part of the table service): read from the database when a table opens
and when it is rebuilt (a restart), read again for the guild's tables of a game waiting
for a deal when a hand settled at one of its tables changed them, and each bête and
share of the pot a hand in progress elsewhere holds marked as such.

A lobby's figures are not of its log: they belong to the server, and another table may
pay a bête or take the pot while the lobby waits for its players (the ``deal`` event
records the register and pot each hand is dealt with).  A hand's settlement is the
only write of them (``bot.tables.settlement``); a deal elsewhere, and the end of a
table, change only which bêtes and share of the pot a hand in progress holds.  The
tables of a guild all live in the process that holds its shard, as the dealer's view
of what is held elsewhere already assumes: every lobby to tell is found here, in
memory.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

from bot.game import TableGame
from bot.tables.dealing import holdings
from bot.tables.finding import Finding
from bot.tables.guild_register import GuildRegister, Holdings
from bot.tables.readings import RegisterView, keeps_register, read_register
from bot.tables.table import LiveTable
from db import Database

log = logging.getLogger(__name__)


class LobbyRegister:
    """Keeps each lobby's ``guild_register`` as the server's register stands, reading
    ``db`` and finding the tables through ``finding``; ``on_changed`` is told of each
    lobby whose figures changed though nothing happened at it (its message is to be
    drawn again)."""

    def __init__(self, db: Database, finding: Finding) -> None:
        self.db = db
        self.finding = finding
        self.on_changed: Callable[[LiveTable], None] | None = None
        self._locks: dict[tuple[int, str], asyncio.Lock] = {}

    def reading(self, guild_id: int, game: TableGame) -> asyncio.Lock:
        """Held from a read of the guild's register of ``game`` to its lobbies being given
        it: a lobby opened while a hand is settled elsewhere is either found by the
        settlement's read or reads after it, and two settlements at once leave the later
        read last (never a lobby shown the register as it was before the last of them)."""
        return self._locks.setdefault((guild_id, game.id), asyncio.Lock())

    def show(self, lobby: LiveTable, view: RegisterView | None) -> None:
        """``lobby`` shows ``view``, read just now, and what is held elsewhere now."""
        if view is None:
            lobby.guild_register = None
            return
        lobby.guild_register = GuildRegister(view, self._held(lobby))

    async def standing(self, guild_id: int, game: TableGame) -> GuildRegister:
        """The guild's register and pot of ``game`` as they stand (empty: it keeps
        neither), and what its hands in progress hold: ``/betes`` marks them as a lobby
        does, wherever it is asked."""
        async with self.db.reading() as store:
            view = await read_register(store, guild_id, game) or RegisterView([], {})
        return GuildRegister(view, holdings(self.finding, guild_id, game.id))

    def hold(self, lobby: LiveTable) -> bool:
        """``lobby`` marks the bêtes and the pot the hands in progress elsewhere hold
        now; whether that changed what it shows."""
        shown = lobby.guild_register
        if shown is None:
            return False
        held = self._held(lobby)
        if held == shown.held:
            return False
        lobby.guild_register = replace(shown, held=held)
        return True

    async def settled_at(self, table: LiveTable) -> None:
        """A hand was just settled at ``table``: the guild's lobbies of its game show the
        register and pot it left.  A failure is logged, not raised: the hand is settled
        and stored, and each lobby reads the register again on a restart."""
        game, guild_id = table.game, table.row.guild_id
        if not keeps_register(game):
            return
        try:
            async with self.reading(guild_id, game):  # a lobby opening now: found, or after
                lobbies = self._lobbies(table, itself=True)
                if not lobbies:
                    return
                async with self.db.reading() as store:
                    view = await read_register(store, guild_id, game)
                lobbies = self._lobbies(table, itself=True)  # as they are now (one rebuilt)
                for lobby in lobbies:
                    self.show(lobby, view)
        except Exception:
            log.exception("could not read the register for the lobbies of guild %s", guild_id)
            return
        for lobby in lobbies:
            self._changed(lobby)

    def holds_changed(self, table: LiveTable) -> None:
        """A hand was dealt at ``table``, or it ended (a hand cut short with it holds
        nothing any more): the guild's lobbies of its game mark what is held now.  The
        register ``table`` showed between its hands is read again after this hand."""
        if table.status != "lobby":
            table.guild_register = None
        for lobby in self._lobbies(table):
            if self.hold(lobby):
                self._changed(lobby)

    def _held(self, lobby: LiveTable) -> Holdings:
        """What the hands in progress at the guild's other tables hold now."""
        return holdings(self.finding, lobby.row.guild_id, lobby.game.id, besides=lobby)

    def _changed(self, lobby: LiveTable) -> None:
        if self.on_changed is not None:
            self.on_changed(lobby)

    def _lobbies(self, table: LiveTable, itself: bool = False) -> list[LiveTable]:
        """The guild's tables of ``table``'s game waiting for a deal (``waiting``), but
        ``table`` unless ``itself``."""
        return [
            other
            for other in self.finding.open_in_guild(table.row.guild_id)
            if (itself or other is not table) and other.game.id == table.game.id and waiting(other)
        ]


def waiting(table: LiveTable) -> bool:
    """Whether ``table`` waits for a deal: its lobby, or between two hands with one to
    come, whose message says what the next deal plays for (a hand in progress shows
    what it was dealt with)."""
    return table.status == "lobby" or (table.between_hands and table.deal_coming)

"""Moderation: what a member with the server's *Manage Server* permission may do to any
table (the cog checks the permission): end it, or have the computer play for a player.
Each act is an event of the table's log, naming who did it, and shown on the table.
And Discord's own: a table whose channel is deleted, or whose server removed the bot,
ends."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager

from bot.errors import UserError
from bot.tables.finding import Commit, Finding
from bot.tables.table import LiveTable


class Moderation:
    """The moderators' acts (a part of the table service): finds the channel's table
    with ``finding`` and changes it through the service's ``commit``."""

    def __init__(self, finding: Finding, commit: Commit) -> None:
        self.finding = finding
        self.commit = commit

    def _held_in(self, channel_id: int) -> AbstractAsyncContextManager[LiveTable]:
        """The channel's table under its lock (``Finding.held``)."""
        table = self.finding.in_channel(channel_id)
        if table is None:
            raise UserError("error.no_table_here")
        return self.finding.held(table.id)

    async def moderator_end(self, channel_id: int, by: str, name: str) -> LiveTable:
        """End the table of a channel: the hand in progress is not settled (nothing of
        it was paid), the register carries over; the table and its log name who did it."""
        async with self._held_in(channel_id) as table:
            payload = {"reason": "moderator", "by": by, "name": name}
            await self.commit(table, [("end", payload)])
        return table

    async def channel_gone(self, channel_id: int) -> LiveTable | None:
        """End the table of a channel Discord no longer has (deleted), as a moderator's
        end does: nowhere to play it, and its players, who sit at one table per server,
        free to open another.  None if no live table was there."""
        if self.finding.in_channel(channel_id) is None:
            return None
        return await self._end_gone(channel_id, "channel_gone")

    async def server_left(self, guild_id: int) -> list[LiveTable]:
        """End the tables of a server that removed the bot, as a deleted channel's: none
        of their channels can be reached.  Its register and ledger stay, for the bot's
        return."""
        ended = []
        for table in self.finding.open_in_guild(guild_id):
            if await self._end_gone(table.row.channel_id, "server_left") is not None:
                ended.append(table)
        return ended

    async def _end_gone(self, channel_id: int, reason: str) -> LiveTable | None:
        """End the channel's table for ``reason``; None if none was left to end."""
        try:
            async with self._held_in(channel_id) as table:
                await self.commit(table, [("end", {"reason": reason})])
        except UserError:  # ended meanwhile
            return None
        return table

    async def moderator_replace(
        self, channel_id: int, by: str, name: str, player: str
    ) -> LiveTable:
        """A computer player takes ``player``'s seat (which stays theirs, with its money
        and bêtes, until they take it back), as for an absent player."""
        async with self._held_in(channel_id) as table:
            if table.status != "playing":
                raise UserError("error.not_started")
            seat = table.seat_of(player)
            if seat is None:
                raise UserError("error.not_a_player_here", name=player)
            if not table.seats[seat].human:  # said to the moderator: whom it plays for
                raise UserError("error.replaced_already", name=table.name(seat))
            strong = table.game.spec.strong
            payload = {"seat": seat, "by": by, "ai": strong, "moderator": name}
            await self.commit(table, [("replace", payload)])
        return table

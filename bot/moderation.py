"""Moderation: what a member with the server's *Manage Server* permission may do to any
table (the cog checks the permission): end it, or have the computer play for a player.
Each act is an event of the table's log, naming who did it, and shown on the table."""

from __future__ import annotations

from typing import Any

from bot.errors import UserError
from bot.finding import Finding
from bot.table import LiveTable


class Moderation(Finding):
    """The moderators' acts (a part of the table service)."""

    async def _commit(self, table: LiveTable, events: list[tuple[str, dict[str, Any]]]) -> None:
        raise NotImplementedError  # the service's: apply, then write in one transaction

    async def moderator_end(self, channel_id: int, by: str, name: str) -> LiveTable:
        """End the table of a channel: the hand in progress is not settled (nothing of
        it was paid), the register carries over; the table and its log name who did it."""
        table = self.in_channel(channel_id)
        if table is None:
            raise UserError("error.no_table")
        async with table.lock:
            payload = {"reason": "moderator", "by": by, "name": name}
            await self._commit(table, [("end", payload)])
        return table

    async def moderator_replace(
        self, channel_id: int, by: str, name: str, player: str
    ) -> LiveTable:
        """A computer player takes ``player``'s seat (which stays theirs, with its money
        and bêtes, until they take it back), as for an absent player."""
        table = self.in_channel(channel_id)
        if table is None or table.status != "playing":
            raise UserError("error.no_hand")
        async with table.lock:
            seat = table.seat_of(player)
            if seat is None:
                raise UserError("error.not_a_player_here", name=player)
            if not table.seats[seat].human:
                raise UserError("error.replaced")
            strong = table.game.spec.strong
            payload = {"seat": seat, "by": by, "ai": strong, "moderator": name}
            await self._commit(table, [("replace", payload)])
        return table

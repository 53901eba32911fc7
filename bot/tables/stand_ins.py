"""The computer playing for a person (a part of the table service): for one the others
find absent, at the request of the person themselves (``/table away``), until they take
their seat back; or the table ended over an absent player.  The seat, its money and its
bêtes stay the person's throughout.  (A moderator's ``/table replace`` is
``bot.tables.moderation``'s.)"""

from __future__ import annotations

from bot.errors import UserError
from bot.tables.finding import Commit, Events, Finding
from bot.tables.table import ABSENT_WAIT, LiveTable


class StandIns:
    """Who the computer plays for: finds the tables with ``finding`` and changes them
    through the service's ``commit``."""

    def __init__(self, finding: Finding, commit: Commit) -> None:
        self.finding = finding
        self.commit = commit

    async def replace_absent(self, table_id: int, player: str, seat: int | None) -> LiveTable:
        """Another player has the computer play for one who is absent (``absent``; ``seat``
        None: for all but themselves, the one button when theirs would not fit)."""
        async with self.finding.seated_at(table_id, player) as (table, own):
            absent = table.absent()
            if seat is not None and seat not in absent:
                raise UserError("error.not_absent", minutes=ABSENT_WAIT // 60)
            seats = [s for s in absent if s != own] if seat is None else [seat]
            if seat == own or (not seats and own in absent):  # the only one away: just play
                raise UserError("error.replace_self")
            if not seats:
                raise UserError("error.not_absent", minutes=ABSENT_WAIT // 60)
            strong = table.game.spec.strong
            events: Events = [("replace", {"seat": s, "by": player, "ai": strong}) for s in seats]
            await self.commit(table, events)
        return table

    async def step_away(self, table_id: int, player: str) -> LiveTable:
        """``player`` has the strong computer player play their seat until they take it
        back: a person called away need not keep the others waiting for their timeouts."""
        async with self.finding.seated_at(table_id, player) as (table, seat):
            if table.status != "playing":
                raise UserError("error.not_started")
            if table.seats[seat].stand_in:
                raise UserError("error.replaced")
            strong = table.game.spec.strong
            payload = {"seat": seat, "by": player, "ai": strong, "away": True}
            await self.commit(table, [("replace", payload)])
        return table

    async def take_back(self, table_id: int, player: str) -> LiveTable:
        """A replaced player takes their seat back from the computer player."""
        async with self.finding.seated_at(table_id, player) as (table, seat):
            if not table.seats[seat].stand_in:
                raise UserError("error.not_replaced")
            await self.commit(table, [("return", {"seat": seat})])
        return table

    async def abandon(self, table_id: int, player: str) -> LiveTable:
        """End the table because a player is absent: the register carries over as it is.

        A hand in progress is not settled: nothing of it was paid, so nothing is lost.
        """
        async with self.finding.seated_at(table_id, player) as (table, own):
            absent = table.absent()
            if not absent:
                raise UserError("error.not_absent", minutes=ABSENT_WAIT // 60)
            if absent == [own]:
                raise UserError("error.replace_self")
            await self.commit(table, [("end", {"reason": "abandoned"})])
        return table

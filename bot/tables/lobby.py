"""The lobby (a part of the table service): people and computer players take and leave
seats before play starts, each under a name no other seat of the table shows
(``bot.tables.names``)."""

from __future__ import annotations

from bot.errors import UserError
from bot.tables.computer import level_player
from bot.tables.finding import Commit, Events, Finding, seat_of
from bot.tables.names import computer_player, person_name, same_name
from bot.tables.table import LiveTable
from db import Store


def lobby_seat(table: LiveTable, player: str) -> int:
    """``player``'s seat at a table still in the lobby (or the refusal)."""
    seat = seat_of(table, player)
    if table.status != "lobby":
        raise UserError("error.already_started")
    return seat


def may_close(table: LiveTable, player: str) -> None:
    """Whether ``player``, seated, may close the lobby (``/table stop``), or the refusal.
    A kept match taken up again: any of its players (its seats are theirs alike, none
    may be left or added). Else its opener, or once the opener has left, anyone seated:
    the lobby is nobody's then, and one who went away must not hold the channel."""
    if table.resuming is not None:
        return
    if table.seat_of(table.row.created_by) is not None and player != table.row.created_by:
        raise UserError("error.lobby_stop")


def not_kept(table: LiveTable) -> None:
    """A kept match taken up again plays with its own seats: none added, none emptied
    (its start takes up the players it was kept with, and no others)."""
    if table.resuming is not None:
        raise UserError("error.kept_seats")


class Lobby:
    """Seats taken and left before play starts: finds its tables with ``finding`` and
    changes them through the service's ``commit``."""

    def __init__(self, finding: Finding, commit: Commit) -> None:
        self.finding = finding
        self.commit = commit

    async def join(
        self, table_id: int, player: str, name: str, lang: str, handle: str = ""
    ) -> LiveTable:
        """``player`` sits down under ``name``, their display name, or if a person seated
        shows it, that name and their username ``handle`` (``bot.tables.names``); a computer
        player of the lobby who shows it takes another name."""
        async with self.finding.held(table_id) as table:
            if table.seat_of(player) is not None:
                raise UserError("error.already_here")
            if table.status != "lobby":
                raise UserError("error.already_started")
            if table.resuming is not None:  # its players are seated already: no one else
                raise UserError("error.kept_not_yours", names=", ".join(table.names))
            if len(table.seats) >= table.game.max_seats:
                raise UserError("error.table_full")
            async with self.finding.seating(table.row.guild_id):  # nowhere else meanwhile
                elsewhere = self.finding.seat_in_guild(table.row.guild_id, player, besides=table)
                if elsewhere is not None:
                    raise UserError("error.already_seated", channel=elsewhere.row.channel_id)
                await self._sit(table, player, name, lang, handle)
        return table

    async def _sit(self, table: LiveTable, player: str, name: str, lang: str, handle: str) -> None:
        seat = len(table.seats)
        name = person_name(name, handle, (s.name for s in table.seats if s.human))
        events = self._renamed_computers(table, name)
        events.append(("join", {"player": player, "name": name, "lang": lang}))

        async def seat_rows(store: Store) -> None:
            for kind, p in events:
                if kind == "rename":
                    await store.tables.rename_seat(table.id, p["player"], p["to"], p["name"])
            await store.tables.add_seat(table.id, table.row.guild_id, seat, player, name)

        await self.commit(table, events, seat_rows)

    def _renamed_computers(self, table: LiveTable, name: str) -> Events:
        """A ``rename`` of each computer player of the lobby who shows ``name``."""
        taken, shown = self._guild_players(table), [*table.names, name]
        events: Events = []
        for seat in table.seats:
            if seat.ai is not None and same_name(seat.name, name):
                key, new = computer_player(seat.ai, taken, shown)
                taken.add(key)
                shown.append(new)
                events.append(("rename", {"player": seat.player, "to": key, "name": new}))
        return events

    def _guild_players(self, table: LiveTable) -> set[str]:
        """The players (people and computer players) seated at the guild's open tables."""
        return {s.player for t in self.finding.open_in_guild(table.row.guild_id) for s in t.seats}

    async def leave(self, table_id: int, player: str) -> LiveTable:
        async with self.finding.held(table_id) as table:
            if table.seat_of(player) is None:
                raise UserError("error.not_seated")
            if table.status != "lobby":
                raise UserError("error.leave_playing")
            if table.resuming is not None:
                raise UserError("error.leave_kept")
            events: Events = [("leave", {"player": player})]
            if not any(s.human for s in table.seats if s.player != player):
                events.append(("end", {"reason": "closed"}))

            async def seat_row(store: Store) -> None:
                await store.tables.remove_seat(table.id, player)

            await self.commit(table, events, seat_row)
        return table

    async def add_computer(self, table_id: int, player: str, level: str) -> LiveTable:
        """A seated player seats a computer player of ``level`` in the lobby (its name one
        that no table of the guild seats, chosen with the guild's seating held)."""
        held = self.finding.held(table_id)
        async with held as table, self.finding.seating(table.row.guild_id):
            lobby_seat(table, player)
            not_kept(table)
            if len(table.seats) >= table.game.max_seats:
                raise UserError("error.table_full")
            try:
                level = level_player(table.game.spec, level)  # stored: the player's name
                key, name = computer_player(level, self._guild_players(table), table.names)
            except ValueError:
                raise UserError("error.bad_input", text=level[:30]) from None
            seat = len(table.seats)

            async def seat_row(store: Store) -> None:
                await store.tables.add_seat(table.id, table.row.guild_id, seat, key, name, level)

            await self.commit(
                table, [("join", {"player": key, "name": name, "ai": level})], seat_row
            )
        return table

    async def remove_computer(self, table_id: int, player: str) -> LiveTable:
        """A seated player takes the last computer player out of the lobby."""
        async with self.finding.held(table_id) as table:
            lobby_seat(table, player)
            not_kept(table)
            computers = [s.player for s in table.seats if not s.human]
            if not computers:
                raise UserError("error.no_computer")
            key = computers[-1]

            async def seat_row(store: Store) -> None:
                await store.tables.remove_seat(table.id, key)

            await self.commit(table, [("leave", {"player": key})], seat_row)
        return table

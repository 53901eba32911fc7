"""Finding a live table (a part of the table service): by id, by channel, by player."""

from __future__ import annotations

from bot.errors import UserError
from bot.table import LiveTable


class Finding:
    tables: dict[int, LiveTable]  # the live tables of the process, by id

    def get(self, table_id: int) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None or table.status == "ended":
            raise UserError("error.table_gone")
        return table

    def in_channel(self, channel_id: int) -> LiveTable | None:
        for table in self.tables.values():
            if table.row.channel_id == channel_id and table.status != "ended":
                return table
        return None

    def of_player(self, player: str, guild_id: int | None) -> LiveTable:
        """The open table where ``player`` sits (in ``guild_id``, or anywhere if None)."""
        found = [
            t
            for t in self.tables.values()
            if t.status != "ended"
            and t.seat_of(player) is not None
            and (guild_id is None or t.row.guild_id == guild_id)
        ]
        if not found:
            raise UserError("error.no_table")
        if len(found) > 1:
            raise UserError("error.many_tables")
        return found[0]

"""What a lobby shows of the server's register of its game: a value the table keeps,
read and refreshed by ``bot.tables.lobby_register`` (here apart, so that the table
and the drawing name it without importing the service part that reads it)."""

from __future__ import annotations

from dataclasses import dataclass

from db.models import RegisterEntry


@dataclass(frozen=True, slots=True)
class GuildRegister:
    """What a lobby shows of the server's register of its game."""

    entries: list[RegisterEntry]  # unpaid, oldest first, as the database has them
    pot: dict[str, int]  # by part, as the database has it
    held: dict[int, int]  # entries a hand in progress elsewhere holds: that table's id

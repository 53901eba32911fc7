"""What a lobby shows of the server's register of its game: a value the table keeps,
read and refreshed by ``bot.tables.lobby_register`` (here apart, so that the table
and the drawing name it without importing the service part that reads it)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.tables.readings import RegisterView


@dataclass(frozen=True, slots=True)
class GuildRegister:
    """What a lobby shows of the server's register of its game: the register and pot as
    read (those ``/betes`` reads), and what the hands in progress elsewhere hold of them
    (found in memory, not read)."""

    view: RegisterView
    held: dict[int, int]  # entries a hand in progress elsewhere holds: that table's id

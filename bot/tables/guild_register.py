"""What a lobby and ``/betes`` show of the server's register of a game: values the
table keeps, read and refreshed by ``bot.tables.lobby_register`` (here apart, so that
the table and the drawing name them without importing the service part that reads
them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.tables.readings import RegisterView


@dataclass(frozen=True, slots=True)
class Holdings:
    """What the hands in progress at a guild's tables of a game hold of its register and
    pot (``bot.tables.dealing.holdings``): no other deal plays with it until they end."""

    entries: dict[int, int] = field(default_factory=dict)  # entry id -> the holding table's
    pot: dict[int, dict[str, int]] = field(default_factory=dict)  # table id -> pot it may take

    def pot_total(self) -> dict[str, int]:
        """The parts of the pot all those hands may take, summed (what a deal leaves)."""
        total: dict[str, int] = {}
        for parts in self.pot.values():
            for part, amount in parts.items():
                total[part] = total.get(part, 0) + amount
        return total


@dataclass(frozen=True, slots=True)
class GuildRegister:
    """The server's register of a game as shown: the register and pot as read, and what
    the hands in progress hold of them (found in memory, not read)."""

    view: RegisterView
    held: Holdings

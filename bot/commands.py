"""What every game's ``/table new <game>`` subcommand shares: its last options and the opener.

Each game's package builds its own subcommand, with its own options first
(``bot.games.<id>.command``), and ends it with the options every table has:
turn time, computer players and their level, the language of the public
messages.  The subcommand then calls the ``Opener`` the core gives it
(``cogs.tables``), which opens the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

import discord
from discord import app_commands
from discord.app_commands import Choice

DEFAULT_TURN_SECONDS: Final = (
    120  # long enough to think, short enough that nobody waits all evening
)

COMMON_DESCRIPTIONS: Final = {
    "turn_time": "Seconds per move (0: no limit)",
    "computers": "Computer players to seat at once (more with the table's button)",
    "level": "How well those computer players play",
    "language": "Language of the table's public messages (remembered for this server)",
}
LEVEL_CHOICES: Final = [Choice(name="Strong", value="strong"), Choice(name="Fair", value="fair")]
LANGUAGE_CHOICES: Final = [Choice(name="Français", value="fr"), Choice(name="English", value="en")]

TurnTime = app_commands.Range[int, 0, 3600]


class Opener(Protocol):
    """Opens a table of ``game_id`` with ``options`` (record form) in the user's channel."""

    async def __call__(
        self,
        interaction: discord.Interaction[Any],
        game_id: str,
        options: Mapping[str, object],
        *,
        turn_time: int,
        computers: int,
        level: str,
        language: str | None,
    ) -> None: ...

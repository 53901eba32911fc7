"""``/table new bete``: a table of La Bête for 2 to 5, with its own options (RULES.md §2)."""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.commands import (
    COMMON_DESCRIPTIONS,
    DEFAULT_TURN_SECONDS,
    LANGUAGE_CHOICES,
    LEVEL_CHOICES,
    Opener,
    TurnTime,
)
from games.bete import GAME

COMMAND_WORDS: Final = {
    "bete": "bete",
    "La Bête (1792): two to five players, contre and curieuse": (
        "La Bête (1792) : deux à cinq joueurs, contre et curieuse"
    ),
    "underruff": "sous_couper",
    "A player who cannot overtrump must still trump lower": (
        "Qui ne peut surcouper doit tout de même couper plus bas"
    ),
    "2, 1 then 2": "2, 1 puis 2",
}


def new_command(opener: Opener) -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="bete", description="La Bête (1792): two to five players, contre and curieuse"
    )
    @app_commands.describe(
        deal_pattern="Packets of the deal",
        underruff="A player who cannot overtrump must still trump lower",
        **COMMON_DESCRIPTIONS,
    )
    @app_commands.choices(
        deal_pattern=[
            Choice(name="2 then 3", value="2-3"),
            Choice(name="3 then 2", value="3-2"),
            Choice(name="2, 1 then 2", value="2-1-2"),
        ],
        language=LANGUAGE_CHOICES,
        level=LEVEL_CHOICES,
    )
    async def bete(
        interaction: discord.Interaction[Any],
        deal_pattern: str = "2-3",
        underruff: bool = False,
        turn_time: TurnTime = DEFAULT_TURN_SECONDS,
        computers: app_commands.Range[int, 0, 4] = 0,
        level: str = "strong",
        language: str | None = None,
    ) -> None:
        options = {"deal_pattern": deal_pattern, "bete_must_underruff": underruff}
        await opener(
            interaction,
            GAME,
            options,
            turn_time=turn_time,
            computers=computers,
            level=level,
            language=language,
        )

    return bete

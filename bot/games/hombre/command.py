"""``/table new hombre``: a table of L'Hombre for three, with its own options (RULES.md §3)."""

from __future__ import annotations

from typing import Final

from discord import app_commands

from bot.commands import TableCommand
from games.hombre.rules import MAX_POULES


def options(
    espadille_forcee: bool = False,
    poules: app_commands.Range[int, 0, MAX_POULES] = 0,
    jouer_les_coups: bool = False,
) -> dict[str, object]:
    """L'Hombre's variants as chosen, in record form.

    Args:
        espadille_forcee: When all pass, the holder of the espadille must play
        poules: Poules won by a hombre that end the game (0: play on until stopped)
        jouer_les_coups: Then three more deals each, or until the first bête
    """
    return {
        "espadille_forcee": espadille_forcee,
        "poules": int(poules),
        "jouer_les_coups": jouer_les_coups,
    }


COMMAND: Final = TableCommand(
    "hombre",
    "L'Hombre: three players, matadors, codille, the poule and its bêtes",
    options,
)

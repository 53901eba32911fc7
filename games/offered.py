"""The one list of the games offered: packages under ``games/`` (and, for the bot,
under ``bot/games/``), each registering itself when imported."""

from __future__ import annotations

from importlib import import_module
from typing import Final

PACKAGES: Final = ("bete_hombree", "bete", "hombre", "besigue", "besigue_haiti")
_loaded = False


def load() -> None:
    """Import every offered game's package once, so that each is registered."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for package in PACKAGES:
        import_module(f"games.{package}")

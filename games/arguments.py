"""Argument types of the command lines (``python -m games.ai``, ``bench/``): a number
out of its range, or a game that is not registered, is refused by argparse before
anything runs, with the option's name, a message and exit status 2.

``parser.add_argument("--deals", type=whole(1))``, ``type=seconds(60)``,
``type=number("actions a second", 100, zero=True)``, ``type=game_ids``, ``type=folder``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path

from games import registry


def whole(least: int = 1, most: int | None = None) -> Callable[[str], int]:
    """A whole number from ``least`` (to ``most``)."""
    span = f"from {least}" + (f" to {most}" if most is not None else " up")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least or (most is not None and value > most):
            raise argparse.ArgumentTypeError(f"a whole number {span}, not {text!r}")
        return value

    return parse


def number(unit: str, most: float, zero: bool = False) -> Callable[[str], float]:
    """A number of ``unit``, more than 0 (or 0 itself with ``zero``), at most ``most``."""
    least = "from 0" if zero else "more than 0"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (value >= 0 if zero else value > 0) or not value <= most:  # nan fails too
            raise argparse.ArgumentTypeError(f"{unit} {least} to {most:g}, not {text!r}")
        return value

    return parse


def seconds(most: float, zero: bool = False) -> Callable[[str], float]:
    """Seconds, more than 0 (or 0 itself with ``zero``) and at most ``most``."""
    return number("seconds", most, zero)


def folder(text: str) -> Path:
    """A folder to write in: one that exists, or that can be made where a folder stands."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    parent = next((p for p in path.absolute().parents if p.exists()), None)
    if not path.exists() and (parent is None or not parent.is_dir()):
        raise argparse.ArgumentTypeError(f"no folder {text!r} can be made")
    return path


def game_ids(text: str) -> list[str]:
    """Registered games' ids, comma-separated; empty: every game."""
    known = [spec.id for spec in registry.games()]
    asked = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [game for game in asked if game not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no game {', '.join(map(repr, unknown))} (known: {', '.join(known)})"
        )
    return asked or known

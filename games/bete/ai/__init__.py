"""La Bête's computer players, by name (the registry's ``players``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from games.ai import make_player

PLAYERS: Mapping[str, Callable[[], Any]] = {
    name: partial(make_player, name, game="bete") for name in ("random", "heuristic", "pimc")
}

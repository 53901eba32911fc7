"""Computer players at a table: who they are, and where their decisions are made.

The players themselves are each game's (``GameSpec.players``); a table offers
two levels, *fair* and *strong*, which the game names (``GameSpec.fair``,
``GameSpec.strong``).  Here they get a decider (their names are
``bot.tables.names``').  The bot's
decider runs each decision in a worker process (``games.ai.DecisionPool``), so
the event loop answers clicks while a computer player thinks; tests use the
in-process decider.  A player's hint (``games.ai.teacher.hint``) is worked out
by the same workers (``PoolDecider.hint``), or in process (``inline_hinter``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future
from typing import Any, Final, cast

from bot.tables.names import AI_PREFIX
from games.ai import DEFAULT_BUDGET, DecisionPool, decide
from games.ai.teacher.hint import Hint, hint
from games.registry import AnyGame

log = logging.getLogger(__name__)

LEVELS: Final = ("fair", "strong")  # as a table offers them, weakest first

Decider = Callable[[str, str, Any, int], Awaitable[Any]]  # game id, level, a seat's view, seed
Hinter = Callable[[str, Any, int, int], Awaitable[Hint | None]]  # game id, view, deals, seed


def level_player(game: AnyGame, level: str) -> str:
    """The computer player ``game`` seats for ``level`` (``fair``, ``strong``, or the
    name of one of those two players); ``ValueError`` for any other."""
    players = {"fair": game.fair, "strong": game.strong}
    if level in players:
        return players[level]
    if level in players.values():
        return level
    raise ValueError(f"unknown level {level!r}")


def level_of(game: AnyGame, player: str) -> str:
    """The level a seated computer player (by its player name) is shown as."""
    return "strong" if player == game.strong else "fair"


def key_level(game: AnyGame, player: str) -> str | None:
    """The level of the computer player whose player key is ``player`` (``ai:<its
    player name>:<name>``, ``bot.tables.names``); None for a person."""
    if not player.startswith(AI_PREFIX):
        return None
    level = player.removeprefix(AI_PREFIX).partition(":")[0]
    return level if level in LEVELS else level_of(game, level)


async def inline_decider(game: str, level: str, view: Any, seed: int) -> Any:
    """Decide in this process: for tests, where the heuristic answers at once."""
    return decide(game, level, view, DEFAULT_BUDGET, seed)


async def inline_hinter(game: str, view: Any, budget: int, seed: int) -> Hint | None:
    """A hint worked out in this process: for tests (and a decider with no workers)."""
    return hint(game, view, budget, seed)


class PoolDecider:
    """Decisions in worker processes, started at the first decision; the teacher's
    reviews run their decisions in the same workers (``review``)."""

    def __init__(self, workers: int = 1, budget: float = DEFAULT_BUDGET) -> None:
        self.workers = workers
        self.budget = budget
        self._pool: DecisionPool | None = None

    async def __call__(self, game: str, level: str, view: Any, seed: int) -> Any:
        return await self._run(lambda pool: pool.submit(game, level, view, self.budget, seed))

    async def review(
        self, record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
    ) -> dict[str, Any]:
        """One decision of a hand's review (``bot.teacher.reviewer``), in a worker."""
        return cast(
            "dict[str, Any]",
            await self._run(lambda pool: pool.submit_review(record, seat, key, budget, seed)),
        )

    async def hint(self, game: str, view: Any, budget: int, seed: int) -> Hint | None:
        """A hint for the seat of ``view``, worked out by the same workers."""
        found: Hint | None = await self._run(
            lambda pool: pool.submit_hint(game, view, budget, seed)
        )
        return found

    async def _run(self, submit: Callable[[DecisionPool], Future[Any]]) -> Any:
        if self._pool is None:
            self._pool = DecisionPool(self.workers)
        try:
            return await asyncio.wrap_future(submit(self._pool))
        except Exception:
            # a worker that died takes the pool with it: the next decision starts a new one
            pool, self._pool = self._pool, None
            if pool is not None:
                pool.close()
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None

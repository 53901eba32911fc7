"""A computer player's move comes after the same pause whether it had a choice or
not: the time it takes tells nothing of its hand (a forced move, decided at once,
would otherwise come sooner than one thought over)."""

from __future__ import annotations

import asyncio
import itertools
import statistics
from typing import Any

from bot.games.hombre import GAME
from bot.tables.service import TableService
from db import Database
from games.ai import decide
from tests.bot.test_computer_moves import computers_only

PAUSE = 0.4  # seconds between computer moves
THOUGHT = 0.15  # what a decision with a choice takes here (within the budget)
MOVES = 24


class Thinker:
    """Decides at once when one move is legal, else after ``THOUGHT`` seconds."""

    def __init__(self) -> None:
        self.forced: list[bool] = []

    async def __call__(self, game: str, level: str, view: Any, seed: int) -> Any:
        forced = len(view.legal) == 1
        self.forced.append(forced)
        if not forced:
            await asyncio.sleep(THOUGHT)
        return decide(game, "heuristic", view, 0.01, seed)


async def test_a_forced_move_comes_after_the_same_pause_as_a_chosen_one(database_target):
    thinker = Thinker()
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: 5, decider=thinker, ai_pause=3600)
    await service.load()
    played: list[float] = []  # when each computer move was played
    play = service.clock.play

    async def timed(*args: Any, **kwargs: Any) -> Any:
        played.append(asyncio.get_running_loop().time())
        return await play(*args, **kwargs)

    service.clock.play = timed
    try:
        table = await computers_only(service, GAME, "fair", GAME.max_seats, pause=PAUSE)
        while len(played) < MOVES + 1 and not table.between_hands:
            await asyncio.sleep(0.02)
    finally:
        await service.close()
        await db.close()
    gaps = [b - a for a, b in itertools.pairwise(played)]
    forced = [g for g, f in zip(gaps, thinker.forced[1:], strict=False) if f]
    chosen = [g for g, f in zip(gaps, thinker.forced[1:], strict=False) if not f]
    assert forced and chosen, "the deal had no forced move, or no choice"
    assert min(gaps) >= PAUSE - 0.01
    # without the thinking inside the pause, a chosen move came THOUGHT later
    assert abs(statistics.mean(chosen) - statistics.mean(forced)) < THOUGHT / 2

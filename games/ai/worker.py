"""Decisions in worker processes, so the caller's event loop never waits on one.

``DecisionPool.submit`` returns a ``concurrent.futures.Future``; an asyncio
caller awaits it with ``asyncio.wrap_future(pool.submit(...))``.  The workers
run ``games.ai.decide``, whose arguments (a ``HandView``, a budget, a seed)
pickle.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor

from games.bete_hombree.actions import Action
from games.bete_hombree.state import HandView


class DecisionPool:
    """A pool of worker processes running computer players' decisions."""

    def __init__(self, workers: int = 1) -> None:
        context = multiprocessing.get_context("spawn")
        self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    def submit(self, name: str, view: HandView, budget: float, seed: int) -> Future[Action]:
        from games.ai import decide

        return self._executor.submit(decide, name, view, budget, seed)

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> DecisionPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""Decisions in worker processes, so the caller's event loop never waits on one.

``DecisionPool.submit`` returns a ``concurrent.futures.Future``; an asyncio
caller awaits it with ``asyncio.wrap_future(pool.submit(...))``.  The workers
run ``games.ai.decide``, whose arguments (a game's id, a player's name, a
seat's view of that game, a budget, a seed) pickle, the teacher's hints
(``submit_hint``: ``games.ai.teacher.hint``) alike, and the teacher's
``review_decision`` (one decision of a hand's review: a record's JSON, a seat,
the decision's key, a budget, a seed), whose result is plain JSON.
Workers run at a lower priority (``niceness``) so that on a busy machine the
bot's own process keeps the processor it needs; ``warm_up`` starts them before
the first decision.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing.process import BaseProcess
from typing import Any


def _start_worker(niceness: int) -> None:
    """A worker yields the processor to the bot's own process (its event loop) first,
    and ends with it."""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(
            target=_end_with, args=(parent,), name="end-with-parent", daemon=True
        ).start()


def _end_with(parent: BaseProcess) -> None:
    """A process killed outright (SIGKILL, the machine's memory killer) cannot shut its
    pool down, and the workers would wait for work for ever: each ends when its parent
    has."""
    multiprocessing.connection.wait([parent.sentinel])
    os._exit(0)


def _ready() -> bool:
    from games import registry

    for spec in registry.games():
        spec.players()  # every game's players' modules, loaded once per worker
    return True


class DecisionPool:
    """A pool of worker processes running computer players' decisions."""

    def __init__(self, workers: int = 1, niceness: int = 5) -> None:
        context = multiprocessing.get_context("spawn")
        self._workers = workers
        self._executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(niceness,),
        )

    def warm_up(self) -> None:
        """Start every worker now (blocking), rather than on the first decisions."""
        workers = self._workers
        for future in [self._executor.submit(_ready) for _ in range(workers)]:
            future.result()

    def submit(self, game: str, name: str, view: Any, budget: float, seed: int) -> Future[Any]:
        """A decision by ``games.ai.decide`` in a worker: an action of ``game``."""
        from games.ai import decide

        return self._executor.submit(decide, game, name, view, budget, seed)

    def submit_review(
        self, record: Mapping[str, Any], seat: int, key: str, budget: int, seed: int
    ) -> Future[dict[str, Any]]:
        """One decision of a review by ``games.ai.teacher.review_decision`` in a worker:
        the decision reviewed, as a review stores it."""
        from games.ai.teacher import review_decision

        return self._executor.submit(review_decision, record, seat, key, budget, seed)

    def submit_hint(self, game: str, view: Any, budget: int, seed: int) -> Future[Any]:
        """A hint by ``games.ai.teacher.hint`` in a worker: a ``Hint`` or None."""
        from games.ai.teacher.hint import hint

        return self._executor.submit(hint, game, view, budget, seed)

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> DecisionPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""What happens at a table without a click: computer players' moves and the deadlines.

The table service (``bot.tables.service.TableService``) holds a ``TurnClock``: after
every change it schedules what comes next for the player to act, a computer
player's move after a short pause, or the end of a person's time (with a
reminder before it), and plays it under the table's lock like any move, through
the service's ``play``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from bot.tables.computer import Decider
from bot.tables.table import ABSENT_WAIT, LiveTable, away_move, default_action, hand_seed
from games.ai import DEFAULT_BUDGET

log = logging.getLogger(__name__)

ChangeListener = Callable[[LiveTable], Awaitable[None]]
ReminderListener = Callable[[LiveTable, int, int], Awaitable[None]]  # table, seat, seconds left

AI_PAUSE = 1.5  # seconds a computer player waits before its move, so people can follow
RETRY_AFTER = 5.0  # seconds before a computer move that failed is tried again


def remind_before(turn_seconds: int) -> int:
    """How long before the deadline the player to act is pinged (0: no reminder)."""
    return min(30, turn_seconds // 4) if turn_seconds >= 20 else 0


class PlayMove(Protocol):
    """The service's move of a seat, under the table's lock: persisted, the hand settled."""

    async def __call__(
        self, table: LiveTable, seat: int, action: Any, *, timeout: bool
    ) -> None: ...


class ClockSettings(Protocol):
    """What the clock reads of the service when it acts (the bot and tests set them)."""

    @property
    def decider(self) -> Decider: ...
    @property
    def ai_pause(self) -> float: ...  # seconds a computer player waits before its move
    @property
    def on_change(self) -> ChangeListener | None: ...  # after a change nobody clicked
    @property
    def on_reminder(self) -> ReminderListener | None: ...


class TurnClock:
    """Timers and computer players of the live tables (a part of the table service):
    reads the ``tables`` by id, moves through ``play``, and ``settings`` at each turn."""

    def __init__(
        self, tables: Mapping[int, LiveTable], play: PlayMove, settings: ClockSettings
    ) -> None:
        self.tables = tables
        self.play = play
        self.settings = settings
        self._timers: dict[int, asyncio.Task[None]] = {}

    def cancel(self, table_id: int) -> None:
        """No more timer for the table (unless it is the one running this)."""
        timer = self._timers.pop(table_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def close(self) -> None:
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()

    def schedule(self, table: LiveTable) -> None:
        """What happens next without a click: a computer player's move, or the deadline."""
        self.cancel(table.id)
        state = table.state
        table.deadline = None
        if table.status != "playing" or state is None or state.is_over:
            return
        seat = state.turn
        if not table.seats[seat].human:
            task = self._computer_move(table.id, table.moves, seat, self.settings.ai_pause)
        elif table.row.turn_seconds > 0:
            deadline = table.turn_started + table.row.turn_seconds
            table.deadline = int(deadline)
            task = self.expire(table.id, table.moves, seat, deadline - time.time())
        elif table.overdue == seat:
            return  # the others may replace the player already
        else:  # no time limit: the others are not held for ever by one who vanished
            wait = table.turn_started + ABSENT_WAIT - time.time()
            if wait <= 0:  # a table rebuilt, or a click that did not start a turn
                table.overdue = seat  # drawn with what called this
                return
            task = self._overdue(table.id, table.moves, seat, wait)
        self._timers[table.id] = asyncio.create_task(task, name=f"table-{table.id}-next")

    def _decision_seed(self, table: LiveTable) -> int:
        return hand_seed(table.game.id, table.row.seed, 1_000_000 + table.moves)

    async def _decide(self, table: LiveTable, seat: int, level: str) -> Any:
        """A computer player's action for ``seat``, or the move of last resort.

        Whether the action is legal is the engine's ``check``, as for a person's
        move: ``view.legal`` is what a seat is offered (a game may offer a
        representative part of its legal moves, as L'Hombre's exchange does)."""
        state = table.state
        assert state is not None
        view = state.view(seat)
        try:
            decide, seed = self.settings.decider, self._decision_seed(table)
            action = await decide(table.game.id, level, view, seed)
        except Exception:
            fallback = default_action(state, table.game.capabilities.last_resort)
            log.exception(
                "a computer player (%s) could not decide at table %s, seat %s; plays %s instead",
                level,
                table.id,
                seat,
                fallback,
            )
            return fallback
        reason = state.check(action, seat)
        if reason is not None:
            fallback = default_action(state, table.game.capabilities.last_resort)
            log.error(
                "a computer player (%s) chose %s, not legal at table %s, seat %s (%s);"
                " plays %s instead",
                level,
                action,
                table.id,
                seat,
                reason,
                fallback,
            )
            return fallback
        return action

    async def _computer_move(self, table_id: int, moves: int, seat: int, pause: float) -> None:
        # The end of the pause is the time to think: a forced move, decided at once,
        # comes after the same time as one thought over, so the time tells nothing of
        # the hand (a decision longer than its budget only says it was a hard one).
        thinking = min(pause, DEFAULT_BUDGET)
        await asyncio.sleep(pause - thinking)
        table = self.tables.get(table_id)
        if table is None or table.moves != moves:
            return
        level = table.seats[seat].ai
        if level is None:
            return
        clock = asyncio.get_running_loop()
        start = clock.time()
        action = await self._decide(table, seat, level)
        await asyncio.sleep(max(0.0, thinking - (clock.time() - start)))
        try:
            async with table.lock:
                held = self._live(table_id)  # as it is once the lock is held
                if held is None or held.moves != moves or not held.seats[seat].ai:
                    return  # a person took the seat back meanwhile, or the table moved on
                table = held
                await self.play(table, seat, action, timeout=False)
        except Exception:
            log.exception("a computer move at table %s failed; trying again", table_id)
            table = self.tables.get(table_id)
            if table is not None and table.moves == moves:
                task = self._computer_move(table_id, moves, seat, RETRY_AFTER)
                self._timers[table_id] = asyncio.create_task(task)
            return
        await self._changed(table)

    async def expire(self, table_id: int, moves: int, seat: int, delay: float) -> None:
        """``seat``'s time runs out in ``delay`` seconds, unless the table moved past
        ``moves`` meanwhile: reminded before, then its move is played for it (a pass
        where the game names one, else the fair computer player's)."""
        notice = remind_before(self._turn_seconds(table_id))
        if notice and delay > notice:
            await asyncio.sleep(delay - notice)
            delay = notice
            table = self.tables.get(table_id)
            if table is None or table.moves != moves:
                return
            remind = self.settings.on_reminder
            if remind is not None:
                try:
                    await remind(table, seat, notice)
                except Exception:
                    log.exception("reminding the player at table %s failed", table_id)
        await asyncio.sleep(max(delay, 0.0))
        table = self.tables.get(table_id)
        if table is None or table.moves != moves:
            return
        # a call passes for someone away: nobody comes back owing a contract they never bid
        action = away_move(table, seat)
        if action is None:
            action = await self._decide(table, seat, table.game.spec.fair)
        async with table.lock:
            held = self._live(table_id)  # as it is once the lock is held
            state = None if held is None else held.state
            if held is None or held.moves != moves or state is None or state.is_over:
                return
            table = held
            await self.play(table, seat, action, timeout=True)
        await self._changed(table)

    async def _overdue(self, table_id: int, moves: int, seat: int, delay: float) -> None:
        """At a table without a time limit, ``seat`` keeps the others waiting
        ``ABSENT_WAIT`` seconds unless the table moved past ``moves`` meanwhile: from
        then they may have the computer play for the player, or end the table, and the
        table message shows them how (rescheduled from the turn's logged start after a
        restart, as a deadline is)."""
        await asyncio.sleep(max(delay, 0.0))
        table = self.tables.get(table_id)
        if table is None or table.moves != moves or table.to_act != seat:
            return
        if not table.seats[seat].human:
            return
        table.overdue = seat
        await self._changed(table)

    def _live(self, table_id: int) -> LiveTable | None:
        """The table ``table_id`` if it is still in play with a hand (rebuilt after a failed
        write, it is a new object; ended, it is none)."""
        table = self.tables.get(table_id)
        if table is None or table.status == "ended" or table.state is None:
            return None
        return table

    def _turn_seconds(self, table_id: int) -> int:
        table = self.tables.get(table_id)
        return 0 if table is None else table.row.turn_seconds

    async def _changed(self, table: LiveTable) -> None:
        changed = self.settings.on_change
        if changed is not None:
            try:
                await changed(table)
            except Exception:
                log.exception("refreshing table %s failed", table.id)

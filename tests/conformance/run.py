"""A table of any game played to its end through the real table service, over a SQLite
file: random moves for the people, computer players for the other seats if asked, a
stop once enough deals were played, and restarts (a new service over the same
database) at random points, each checked to give back the same table."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

from bot.errors import MoveRefused
from bot.game import TableGame
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.refusals import refusal_error
from db import Database
from games.ai import decide
from tests.conformance.checks import Checks, snapshot
from tests.conformance.watch import PublicCards, line_cards

GUILD, CHANNEL = 10, 20
BUDGET = 0.002  # seconds a computer player searches per decision: enough to decide
RESTART = 0.04  # the chance of a restart after a move
REFUSE = 0.15  # the chance of trying a wrong move before a move
MAX_DEALS = 40  # deals after which a stopped table that has not ended is a defect (a tour
# des gueux lasts until the first dealer deals again, and a bête in play is paid)
AGREE_AFTER = 4  # deals after the stop after which everyone agrees to stop at once
WAIT = 120.0  # seconds without a computer move after which the test gives up (a hang)


async def computer(game: str, level: str, view: Any, seed: int) -> Any:
    """A computer player deciding in this process, quickly."""
    return decide(game, level, view, BUDGET, seed)


@dataclass
class TableRun:
    """One table being played; ``checks`` holds what went wrong."""

    path: str
    game: TableGame
    seats: int
    rng: random.Random
    computers: int = 0  # seats given to computer players (the last ones)
    deals: int = 1  # deals played before someone asks to stop
    db: Any = None
    service: Any = None
    table: Any = None
    checks: Any = None
    words: set[str] = field(default_factory=set)  # every move seen offered, in words
    restarts: int = 0
    moves: int = 0  # moves made by the people

    @property
    def people(self) -> list[str]:
        return [str(100 + seat) for seat in range(self.seats - self.computers)]

    async def _open_service(self) -> None:
        self.db = await Database.open(self.path)
        self.service = TableService(
            self.db, seed_source=lambda: self.rng.randrange(2**62), decider=computer, ai_pause=0
        )
        self.service.on_change = self._computer_moved
        await self.service.load()

    async def _computer_moved(self, table: LiveTable) -> None:
        self.checks.seen(table, "a computer move")

    async def open(self) -> LiveTable:
        """Open the table, seat its players and start it."""
        await self._open_service()
        game, people = self.game, self.people
        self.table = await self.service.open_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            player=people[0],
            name="Seat 1",
            game=game,
            rules=game.spec.options(),
            pictures=False,
        )
        for seat, player in enumerate(people[1:], start=2):
            await self.service.join(self.table.id, player, f"Seat {seat}", "en")
        for _ in range(self.computers):
            await self.service.add_computer(self.table.id, people[0], "fair")
        _, lines = game.port.start(self.table.players, self.table.row.seed, self.table.rules)
        self.checks = Checks(PublicCards(line_cards(lines)))
        self.table = await self.service.start(self.table.id, people[0])
        self.checks.seen(self.table, "the start")
        return self.table

    async def play(self) -> LiveTable:
        """Open, fill, start and play the table to its end; returns it as it ended."""
        await self.open()
        game = self.game
        stop_at = self.rng.randrange(1, 30)  # the move of the last deal at which to stop
        first_at = self.rng.randrange(1, 12)  # a restart at this move at least
        while self.table.status != "ended":
            table = self.table
            assert table.hand_no <= MAX_DEALS, f"{game.id}: not ended after {MAX_DEALS} deals"
            if table.between_hands:
                await self._maybe_restart()
                await self._next_deal()
            elif table.seats[table.state.turn].human:
                if table.hand_no >= self.deals and not table.session.stop_requested:
                    stop_at -= 1
                    if stop_at <= 0:
                        await self._stop()
                        continue
                await self.move()
                await self._maybe_restart(first_at)
            else:
                await self._computers_play()
        return self.table

    async def close(self) -> None:
        if self.service is not None:
            await self.service.close()
        if self.db is not None:
            await self.db.close()

    async def _next_deal(self) -> None:
        table = self.table
        assert not table.session.finished, f"{self.game.id}: its game is over, the table open"
        if table.hand_no >= self.deals and not table.session.stop_requested:
            await self._stop()
            return
        if table.session.stop_requested and table.hand_no >= self.deals + AGREE_AFTER:
            # a game that stops at its own pace (a tour des gueux, a bête in play to be
            # paid, which random players may keep failing) ends as everyone agrees
            for player in self.people:
                self.table = await self.service.vote_stop(table.id, player)
            self.checks.seen(self.table, "everyone's agreement to stop")
            return
        player = self.rng.choice(self.people)
        self.table = await self.service.next_hand(table.id, player, table.hand_no)
        self.checks.seen(self.table, f"deal {self.table.hand_no}")

    async def _stop(self) -> None:
        self.table = await self.service.stop(self.table.id, self.rng.choice(self.people))
        self.checks.seen(self.table, "the stop")

    async def move(self) -> None:
        """A person to act tries a wrong move now and then, then makes a random legal one."""
        table = self.table
        state, port = table.state, table.game.port
        seat = state.turn
        offered = list(state.legal_actions())
        assert offered, f"{self.game.id}: nothing legal for the seat to act"
        view_legal = list(state.view(seat).legal)
        self.words |= {str(a) for a in offered + view_legal}
        known = [port.parse_action(words) for words in sorted(self.words)]
        legal = [a for a in known if state.check(a, seat) is None]
        wrong = [a for a in known if state.check(a, seat) is not None]
        refused = [str(a) for a in offered + view_legal if state.check(a, seat) is not None]
        assert not refused, f"{self.game.id}: offered, yet refused by the engine: {refused}"
        by_verb: dict[str, list[Any]] = {}  # a wrong move of each kind now and then
        for wrong_move in wrong:
            by_verb.setdefault(str(wrong_move).split()[0], []).append(wrong_move)
        for moves in by_verb.values():
            if self.rng.random() < REFUSE:
                await self._refuse(self.rng.choice(moves))
        action = self.rng.choice(legal)
        self.table = await self.service.act(table.id, table.players[seat], action, table.moves)
        self.moves += 1
        self.checks.seen(self.table, f"{action} by seat {seat} in deal {table.hand_no}")

    async def _refuse(self, action: Any) -> None:
        table = self.table
        seat = table.state.turn
        reason = table.state.check(action, seat)
        before = snapshot(table)
        try:
            await self.service.act(table.id, table.players[seat], action, table.moves)
        except MoveRefused as refused:  # the engine's reason, worded by the game's texts
            words = refusal_error(refused)
            self.checks.refused(table, words, str(reason), f"{action} ({reason})")
        else:
            raise AssertionError(f"{self.game.id}: {action} accepted, yet the engine says {reason}")
        assert snapshot(self.service.get(table.id)) == before, f"a refused {action} changed it"

    async def _computers_play(self) -> None:
        """Wait for the computer players until a person is to act, or the deal is over."""
        table = self.table
        deadline = time.monotonic() + WAIT
        while table.in_deal and not table.seats[table.state.turn].human:
            assert time.monotonic() < deadline, f"{self.game.id}: the computer players hang"
            await asyncio.sleep(0.001)
        async with table.lock:  # the last move is written under the lock
            pass

    async def _maybe_restart(self, first_at: int = 0) -> None:
        if self.table.status == "ended":
            return
        if self.rng.random() < RESTART or (self.moves == first_at and not self.restarts):
            await self.restart()

    async def restart(self) -> None:
        """A new service over the same database: the table it rebuilds must be the same."""
        before = snapshot(self.table)
        await self.close()
        await self._open_service()
        self.table = self.service.get(self.table.id)
        after = snapshot(self.table)
        differ = {key: (before[key], after[key]) for key in before if before[key] != after[key]}
        assert not differ, f"{self.game.id}: rebuilt from its log, the table differs: {differ}"
        self.restarts += 1

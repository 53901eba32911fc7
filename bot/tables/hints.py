"""Hints (a part of the table service): a player asks, privately, for the best moves of
the decision in front of them (``games.ai.teacher.hint``).

Asking is checked under the table's lock (hints on, the player's own hand, their
turn, the decision the button was drawn for) and takes the seat's view; the
hint is worked out without the lock, in the computer players' workers, so that
the table plays on meanwhile; it is counted (a ``hint`` event, once per
decision) only if the decision is still the one asked about when it comes back.
The count is an event of the table's log, not a column beside it, so that it
belongs to the deal it was taken in and a restart rebuilds it with the rest.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.tables.computer import Hinter
from bot.tables.finding import Commit, Finding, seat_of
from bot.tables.table import LiveTable
from games.ai.teacher.hint import HINT_DEALS, Hint


@dataclass(frozen=True, slots=True)
class Asked:
    """A hint asked for: the table, the seat, the decision (the table's count of moves)
    and the seat's own view of it (all the hint is worked out from)."""

    table: LiveTable
    seat: int
    moves: int
    view: Any


def hint_seed(table: LiveTable, seat: int, moves: int) -> int:
    """The deals a hint draws, fixed by the table, the seat and the decision: asking
    again gives the same answer, not another throw of the dice."""
    text = f"hint:{table.game.id}:{table.row.seed}:{seat}:{moves}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class Hints:
    """Asks and counts hints: finds its tables with ``finding``, works hints out with
    ``hinter`` and counts them through the service's ``commit``."""

    def __init__(self, finding: Finding, commit: Commit, hinter: Hinter) -> None:
        self.finding = finding
        self.commit = commit
        self.hinter = hinter

    async def ask(self, table_id: int, player: str, moves: int, hand_seat: int) -> Asked:
        """``player`` asks from the hand of ``hand_seat`` drawn at ``moves``: checked, and
        the seat's view taken (``UserError`` for a refusal: nothing is worked out)."""
        async with self.finding.held(table_id) as table:
            seat = seat_of(table, player)
            if seat != hand_seat:
                raise UserError("error.hint_not_yours")
            if not table.hints:
                raise UserError("error.hints_off")
            state = table.state
            if moves != table.moves or state is None or table.to_act != seat:
                raise UserError("error.hint_stale")
            if not table.seats[seat].human:
                raise UserError("error.replaced")
            return Asked(table, seat, moves, state.view(seat))

    async def work_out(self, asked: Asked) -> Hint | None:
        """The hint (None: none for this decision), counted if the decision is still the
        one asked about; ``UserError`` if the table moved on meanwhile."""
        game = asked.table.game.id
        seed = hint_seed(asked.table, asked.seat, asked.moves)
        found = await self.hinter(game, asked.view, HINT_DEALS, seed)
        async with self.finding.held(asked.table.id) as table:  # as it is now (or ended)
            if table.moves != asked.moves or table.to_act != asked.seat:
                raise UserError("error.hint_stale")
            taken = table.hints_taken.get(asked.seat, set())
            if found is not None and asked.moves not in taken:
                await self.commit(table, [("hint", {"seat": asked.seat, "moves": asked.moves})])
        return found

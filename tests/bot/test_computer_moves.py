"""Computer moves accepted, in every offered game: tables of computer players only, at
each level a table offers, several deals through the real table service over a SQLite
file. Every decision is played as decided (none falls back to the move of last
resort, nothing of the kind in the log), and moves of several cards (discards,
exchanges, combinations) are applied and recorded as decided."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

from bot.game import TableGame
from bot.tables.computer import LEVELS
from bot.tables.service import TableService
from db import Database
from games.ai import decide
from games.cards import Card
from tests.bot.offered import offered_games

GUILD, CHANNEL = 10, 20
BUDGET = 0.005  # seconds a strong player searches per decision: a few samples, no more
DEALS = 3  # whole deals played at each table, at least
MORE_DEALS = 12  # at most, until a move of several cards comes (a game that has them)
WAIT = 300.0  # seconds without the deal ending after which the test gives up (a hang)


def tables() -> list[Any]:
    """(game, level, seats): each level a table offers, at the fewest and most seats."""
    return [
        pytest.param(game, level, seats, id=f"{game.id}-{level}-{seats}")
        for game in offered_games()
        for level in LEVELS
        for seats in sorted({game.min_seats, game.max_seats})
    ]


def cards_named(move: str) -> int:
    """How many cards a move's record words name (a discard, an exchange, a combination
    names several; a card played, one)."""
    count = 0
    for word in move.split()[1:]:
        try:
            Card.parse(word, packs=2)
        except ValueError:
            continue
        count += 1
    return count


def deal_moves(record: dict[str, Any]) -> list[str]:
    """The moves of a settled deal's record (a game's record of several deals, as
    Bésigue keeps its match, ends with that deal)."""
    deal = record["deals"][-1] if "deals" in record else record
    return list(deal["actions"])


class Recorder:
    """The decider of a table service, in this process with a small budget: each
    decision is kept (seat and record words), with whether the view offered a move of
    several cards."""

    def __init__(self) -> None:
        self.decisions: list[tuple[int, str]] = []
        self.offered_several = False

    async def __call__(self, game: str, level: str, view: Any, seed: int) -> Any:
        action = decide(game, level, view, BUDGET, seed)
        self.decisions.append((view.seat, str(action)))
        self.offered_several |= any(cards_named(str(a)) > 1 for a in view.legal)
        return action

    def several(self) -> bool:
        """A move of several cards was offered or decided: the game has such moves."""
        return self.offered_several or any(cards_named(m) > 1 for _, m in self.decisions)


async def computers_only(
    service: TableService, game: TableGame, level: str, seats: int, pause: float
) -> Any:
    """A table of ``game`` opened by a person: once play starts a moderator gives that
    seat to a computer player (the strong one, as a stand-in is), so that computer
    players alone play, ``pause`` seconds apart; until then none moves (the service is
    made with a long pause, cut short then)."""
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player="101",
        name="Sud",
        game=game,
        rules=game.spec.options(),
    )
    for _ in range(seats - 1):
        await service.add_computer(table.id, "101", level)
    await service.start(table.id, "101")
    service.ai_pause = pause
    await service.moderator_replace(CHANNEL, "999", "Modo", "101")
    assert not any(s.human for s in table.seats)
    return table


async def until_settled(table: Any) -> None:
    """Let the computer players play until the deal in progress is over."""
    deadline = time.monotonic() + WAIT
    while not (table.between_hands or table.status == "ended"):
        assert time.monotonic() < deadline, "the computer players did not finish the deal"
        await asyncio.sleep(0.01)
    async with table.lock:  # the last move is written under the lock
        pass


@pytest.mark.parametrize(("game", "level", "seats"), tables())
async def test_computer_moves_are_played_as_decided(
    database_target: str, caplog: pytest.LogCaptureFixture, game: TableGame, level: str, seats: int
) -> None:
    caplog.set_level(logging.WARNING)
    recorder = Recorder()
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: 11, decider=recorder, ai_pause=3600)
    await service.load()
    try:
        table = await computers_only(service, game, level, seats, pause=0)
        played = 0
        while True:
            await until_settled(table)
            played += 1
            enough = played >= DEALS and (recorder.several() or played >= MORE_DEALS)
            if enough or table.status == "ended":
                break
            await service.next_hand(table.id, "101")
        async with db.reading() as store:
            events = await store.tables.events(table.id)
            hands = await store.ledger.hands(GUILD, game.id)
    finally:
        await service.close()
        await db.close()

    applied = [(e.payload["seat"], e.payload["action"]) for e in events if e.kind == "action"]
    assert not [e for e in events if e.kind == "action" and e.payload["timeout"]]
    # every decision was played as decided, in order: no move of last resort
    assert recorder.decisions and recorder.decisions == applied
    complaints = [r.getMessage() for r in caplog.records if r.name.startswith("bot")]
    assert not complaints
    # each settled deal's record holds the moves applied, and replays by the rules
    assert len(hands) == played
    for hand in hands:
        game.spec.replay(hand.record)
    recorded = [move for hand in hands for move in deal_moves(hand.record)]
    assert recorded == [f"{seat} {move}" for seat, move in applied]
    several = [move for _, move in applied if cards_named(move) > 1]
    decided = [move for _, move in recorder.decisions if cards_named(move) > 1]
    if recorder.several():  # the game has moves of several cards: played, as decided
        assert several and several == decided

"""The moves the time limit made for a person are said so in the hand's record
(``timed_out``: the keys of their lines), so that a review never holds them against
that person: over every game, through the table service and a restart, each key
points at the seat's timed-out line; and a real hand's review leaves out exactly the
decision the time limit made."""

from __future__ import annotations

import random
import zlib
from pathlib import Path
from typing import Any

import pytest

from bot.game import TableGame
from bot.games import table_game, table_games
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.teacher.reviewer import Reviewer
from db import Database
from games.ai.teacher import decision_keys
from games.ai.teacher.review import own_steps
from games.ai.teacher.steps import choices, deal_lines
from games.ai.teacher.timed_out import timed_out_lines
from tests.bot.test_reviewer import Counted

GUILD, CHANNEL = 10, 20
# the games whose records leave some moves out (Bésigue's "draw": the draws follow by
# themselves), where a timed-out move is carried by the seat's next line
LEAVE_MOVES_OUT = {"besigue", "besigue-haiti"}


def drawing_first(rng: random.Random):
    """The computer move played when time runs out: "draw" where it is offered (the
    move Bésigue's records leave out), else any move offered."""

    async def decide(game: str, level: str, view: Any, seed: int) -> Any:
        offered = list(view.legal)
        unwritten = [a for a in offered if str(a) == "draw"]
        return unwritten[0] if unwritten else rng.choice(offered)

    return decide


async def service_on(path: Path, rng: random.Random) -> TableService:
    db = await Database.open(str(path))
    service = TableService(db, seed_source=lambda: 7, decider=drawing_first(rng), ai_pause=0)
    await service.load()
    return service


async def opened(service: TableService, game: TableGame, seats: int) -> LiveTable:
    people = [str(101 + seat) for seat in range(seats)]
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player=people[0], name="Seat 1", game=game,
        rules=game.spec.options(), pictures=False,
    )  # fmt: skip
    for seat, player in enumerate(people[1:], start=2):
        await service.join(table.id, player, f"Seat {seat}", "en")
    return await service.start(table.id, people[0])


def written_lines(table: LiveTable) -> list[str]:
    """The record's lines of the deal in progress, as the game writes them now."""
    assert table.session is not None and table.state is not None
    return deal_lines(table.game.spec.write_record(table.session, table.state))[-1]


async def time_out(service: TableService, table: LiveTable) -> None:
    assert table.state is not None
    await service.clock.expire(table.id, table.moves, table.state.turn, 0)


@pytest.mark.parametrize("game", table_games(), ids=lambda g: g.id)
async def test_the_record_names_the_line_of_each_move_the_time_limit_played(
    tmp_path: Path, game: TableGame
) -> None:
    """Each key of the record's ``timed_out`` is the line of a move played when the
    seat's time ran out (found from the game's own record as it stood right after
    that move). A move the record leaves out and the seat's next line, which stands for
    both, are two decisions: the one left out keyed by that line, the line's own by its
    part 1 (``deal:line.1``). A restart half-way (the table rebuilt from its log) keeps
    them."""
    rng = random.Random(zlib.crc32(game.id.encode()))
    path = tmp_path / "t.db"
    service = await service_on(path, rng)
    table = await opened(service, game, game.min_seats)
    expected: dict[int, list[str]] = {}  # by seat, the keys of the decisions timed out
    left_out: dict[int, bool] = {}  # seats whose move the record left out: was it timed
    unwritten, moves = 0, 0
    while not table.between_hands:
        assert table.state is not None
        seat = table.state.turn
        before = len(written_lines(table))
        offers_draw = any(str(a) == "draw" for a in table.state.view(seat).legal)
        timed = rng.random() < (0.6 if offers_draw else 0.25)
        if timed:
            await time_out(service, table)
        else:
            action = rng.choice(list(table.state.view(seat).legal))
            await service.act(table.id, table.players[seat], action, table.moves)
        lines = written_lines(table)  # the game's record right after the move
        if len(lines) == before:  # a move the record leaves out: its next line stands for it
            left_out[seat] = timed
            unwritten += timed
            continue
        if timed:  # the line just written is the move the time limit played
            assert lines[before] == "{} {}".format(*table.state.actions[-1])
        record = table.game.spec.write_record(table.session, table.state)
        key = f"{len(deal_lines(record)) - 1}:{before}"
        if seat in left_out:  # the line's own move is its part 1
            if left_out.pop(seat):
                expected.setdefault(seat, []).append(key)
            key += ".1"
        if timed:
            expected.setdefault(seat, []).append(key)
        moves += 1
        if moves == 4:  # a restart: the table rebuilt from its log knows them still
            known = set(table.timed_out)
            await service.close()
            await service.db.close()
            service = await service_on(path, rng)
            table = service.get(table.id)
            assert table.timed_out == known
    assert expected and moves > 4, "no move timed out, or no restart"
    assert unwritten or game.id not in LEAVE_MOVES_OUT, "no move left out timed out"
    async with service.db.reading() as store:
        [hand] = await store.ledger.hands(GUILD, game.id)
    assert hand.record["timed_out"] == {str(seat): keys for seat, keys in expected.items()}
    for seat, keys in hand.record["timed_out"].items():  # the review's own keys: left out
        own, left_out = own_steps(hand.record, int(seat), -1)
        assert set(left_out) <= set(keys) and not {step.key for step in own} & set(keys)
    await service.close()
    await service.db.close()


async def test_a_hand_with_no_timeout_has_no_key(tmp_path: Path) -> None:
    game = table_game("bete")
    rng = random.Random(3)
    service = await service_on(tmp_path / "t.db", rng)
    table = await opened(service, game, game.min_seats)
    while not table.between_hands:
        assert table.state is not None
        seat = table.state.turn
        action = rng.choice(list(table.state.view(seat).legal))
        await service.act(table.id, table.players[seat], action, table.moves)
    async with service.db.reading() as store:
        [hand] = await store.ledger.hands(GUILD, game.id)
    assert "timed_out" not in hand.record and table.timed_out == set()
    await service.close()
    await service.db.close()


async def test_a_decision_the_time_limit_made_is_not_reviewed(tmp_path: Path) -> None:
    """A real hand of La Bête: one seat's time runs out at one of its decisions; the
    hand's record names that line, and the seat's review values every decision of its
    own but that one, which it names instead."""
    game = table_game("bete")
    rng = random.Random(5)
    service = await service_on(tmp_path / "t.db", rng)
    table = await opened(service, game, game.min_seats)
    seat, timed_at = 1, None
    while not table.between_hands:
        state = table.state
        assert state is not None
        turn, view = state.turn, state.view(state.turn)
        if turn == seat and timed_at is None and choices(game.id, view) > 1:
            timed_at = len(written_lines(table))  # its first decision with a choice
            await time_out(service, table)
            continue
        action = rng.choice(list(view.legal))
        await service.act(table.id, table.players[turn], action, table.moves)
    assert timed_at is not None
    async with service.db.reading() as store:
        [hand] = await store.ledger.hands(GUILD, game.id)
    key = f"0:{timed_at}"
    assert hand.record["timed_out"] == {str(seat): [key]}
    every = decision_keys({**hand.record, "timed_out": {}}, seat)
    assert key in every  # a decision of the seat's, had it been the person's
    counted = Counted()
    stored = await Reviewer(service.db, counted, budget=1).review_seat(GUILD, hand.id, seat)
    own = [k for k in every if k != key]
    assert counted.keys == own  # the time limit's decision is never valued
    assert [d["key"] for d in stored.review["decisions"]] == own
    assert stored.review["timed_out"] == [key]
    await service.close()
    await service.db.close()


def test_lines_that_are_not_the_deals_moves_are_refused() -> None:
    """The record and the moves walked together must meet at every line: a record of
    another deal names nothing rather than the wrong lines."""
    record = {"actions": ["1 pass", "2 play-contract"]}
    moves = [(1, "pass"), (2, "play-contract")]
    assert timed_out_lines(record, moves, {1}) == {"2": ["0:1"]}
    assert timed_out_lines(record, [(0, "draw"), *moves], {0}) == {}  # nothing after it
    with pytest.raises(ValueError, match="line 1"):
        timed_out_lines(record, [(1, "pass"), (2, "pass")], {1})

"""Computer players through the table service: seats, moves, stand-ins, deadlines, restarts."""

from __future__ import annotations

import asyncio
import time

import pytest

import bot.tables.service as service_module
from bot.errors import UserError
from bot.games.bete_hombree import GAME
from bot.tables.computer import inline_decider, level_of, level_player
from bot.tables.names import NAMES, computer_player
from bot.tables.service import RESTART_GRACE, TableService
from bot.tables.turns import remind_before
from db import Database
from games.bete_hombree import Action, Rules
from tests.bot.example import example_deal, example_seed
from tests.bot.test_service import CHANNEL, GUILD, PLAYERS, seated_table

pytestmark = pytest.mark.both_backends  # SQLite and PostgreSQL


class Recorder:
    """A decider that answers as the fair player would, and remembers who asked."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    async def __call__(self, game, level, view, seed):
        self.calls.append((level, view.seat))
        return await inline_decider(game, "heuristic", view, seed)


async def make(path, decider=None, pause=0.0) -> TableService:
    db = await Database.open(path)
    service = TableService(
        db,
        seed_source=example_seed,
        deal_source=example_deal,
        decider=decider or inline_decider,
        ai_pause=pause,
    )
    await service.load()
    return service


async def until(predicate, seconds: float = 10.0) -> None:
    """Let the service's background tasks run until ``predicate()`` holds."""
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the table did not get there in time"
        await asyncio.sleep(0.01)


def test_computer_names_are_unique_in_a_guild():
    key, name = computer_player("pimc", [])
    assert key == "ai:pimc:Alexandre" and name == "🤖 Alexandre"
    taken = [computer_player("pimc", [])[0]]
    assert computer_player("pimc", taken)[0] == "ai:pimc:François"
    every = [f"ai:heuristic:{n}" for n in NAMES]
    assert computer_player("heuristic", every) == ("ai:heuristic:Alexandre 2", "🤖 Alexandre 2")


def test_a_table_offers_two_levels_named_by_the_game():
    spec = GAME.spec
    assert level_player(spec, "fair") == "heuristic" and level_player(spec, "strong") == "pimc"
    assert level_player(spec, "pimc") == "pimc"  # a stored level is the player's name
    assert level_of(spec, "pimc") == "strong" and level_of(spec, "heuristic") == "fair"
    for level in ("cheater", "random", ""):  # only the two players a table seats
        with pytest.raises(ValueError):
            level_player(spec, level)


def test_reminders_come_near_the_end_of_long_enough_turns():
    assert remind_before(120) == 30 and remind_before(40) == 10
    assert remind_before(10) == 0 and remind_before(0) == 0


async def test_three_computer_players_play_a_hand_with_one_person(database_target):
    recorder = Recorder()
    service = await make(database_target, recorder)
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player="101", name="Sud", rules=Rules()
    )
    for level in ("pimc", "heuristic", "pimc"):
        await service.add_computer(table.id, "101", level)
    assert [s.ai for s in table.seats] == [None, "pimc", "heuristic", "pimc"]
    # each shows a name of its own at the table, whatever its level
    assert [s.player for s in table.seats[1:]] == [
        "ai:pimc:Alexandre",
        "ai:heuristic:François",
        "ai:pimc:Arthur",
    ]
    with pytest.raises(UserError) as error:
        await service.add_computer(table.id, "101", "pimc")
    assert error.value.key == "error.table_full"
    await service.start(table.id, "101")
    state = table.state
    assert state is not None
    while not state.is_over:
        if state.turn == 0:
            action = await inline_decider("bete-hombree", "heuristic", state.view(0), 7)
            await service.act(table.id, "101", action)
        else:
            await until(lambda moves=table.moves: table.moves != moves)
    # every computer move was asked of the seat's own level, from that seat
    levels = {1: "pimc", 2: "heuristic", 3: "pimc"}
    assert recorder.calls and all(levels[seat] == level for level, seat in recorder.calls)
    computer_moves = sum(1 for seat, _ in state.actions if seat != 0)
    assert len(recorder.calls) == computer_moves
    async with table.lock:  # the last move, a computer's, is written under the lock
        pass
    async with service.db.reading() as store:
        hands = await store.ledger.hands(GUILD, GAME.id)
        seats = await store.tables.seats(table.id)
    assert len(hands) == 1 and hands[0].record["actions"] == [f"{s} {a}" for s, a in state.actions]
    assert [s.ai_level for s in seats] == [None, "pimc", "heuristic", "pimc"]
    await service.close()
    await service.db.close()


async def test_a_move_the_rules_refuse_is_replaced_and_said_in_the_log(database_target, caplog):
    """A computer player's move is checked by the engine; one it refuses (or a decision
    that fails) gives way to the move of last resort, and the log says so."""

    async def confused(game, level, view, seed):
        if view.seat == 1:
            return Action.parse("play 7S")  # a card, while the auction goes on
        raise RuntimeError("no idea")

    service = await make(database_target, confused)
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player="101", name="Sud", rules=Rules()
    )
    for _ in range(3):
        await service.add_computer(table.id, "101", "heuristic")
    await service.start(table.id, "101")
    assert table.state is not None and table.state.turn == 1  # a computer player speaks first
    await until(lambda: table.state is not None and table.state.turn == 0)
    assert [(seat, str(a)) for seat, a in table.state.actions] == [(s, "pass") for s in (1, 2, 3)]
    refused, failed, _ = (r for r in caplog.records if r.name == "bot.tables.turns")
    assert refused.levelname == "ERROR" and "chose play 7S, not legal" in refused.getMessage()
    assert "seat 1" in refused.getMessage() and "plays pass instead" in refused.getMessage()
    assert "could not decide" in failed.getMessage() and "plays pass instead" in failed.getMessage()
    assert failed.exc_info is not None
    await service.close()
    await service.db.close()


async def test_a_computer_player_waits_before_it_moves(database_target):
    service = await make(database_target, pause=0.3)
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player="101", name="Sud", rules=Rules()
    )
    for _ in range(3):
        await service.add_computer(table.id, "101", "heuristic")
    await service.start(table.id, "101")
    assert table.state is not None and table.state.turn == 1  # a computer player speaks first
    moves = table.moves
    await asyncio.sleep(0.1)
    assert table.moves == moves
    await until(lambda: table.moves != moves)
    await service.close()
    await service.db.close()


async def test_lobby_computers_are_removed_and_a_lobby_of_computers_closes(database_target):
    service = await make(database_target)
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player="101", name="Sud", rules=Rules()
    )
    with pytest.raises(UserError) as error:
        await service.remove_computer(table.id, "101")
    assert error.value.key == "error.no_computer"
    with pytest.raises(UserError) as error:
        await service.add_computer(table.id, "999", "pimc")
    assert error.value.key == "error.not_seated"
    with pytest.raises(UserError) as error:
        await service.add_computer(table.id, "101", "cheater")
    assert error.value.key == "error.bad_input" and len(table.seats) == 1
    await service.add_computer(table.id, "101", "pimc")
    await service.add_computer(table.id, "101", "heuristic")
    await service.remove_computer(table.id, "101")
    assert [s.ai for s in table.seats] == [None, "pimc"]
    # a computer player sits at one table of a guild at a time: the next one has another name
    other = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL + 1, player="102", name="Est", rules=Rules()
    )
    await service.add_computer(other.id, "102", "pimc")
    assert other.seats[1].player == "ai:pimc:François"
    await service.leave(table.id, "101")
    assert table.status == "ended"
    active = "SELECT table_id FROM seats WHERE guild_id = ? AND player = ? AND active = 1"
    assert await service.db.select(active, GUILD, "ai:pimc:Alexandre") == []
    await service.db.close()


async def time_out_until_absent(service: TableService, table) -> list[int]:
    while not table.absent():
        if table.between_hands:
            await service.next_hand(table.id, table.players[0])
        assert table.state is not None
        await service.clock.expire(table.id, table.moves, table.state.turn, 0)
    return table.absent()


async def test_an_absent_player_is_replaced_then_takes_the_seat_back(database_target):
    recorder = Recorder()
    path = database_target
    service = await make(path, recorder)
    table = await seated_table(service)
    await service.start(table.id, "101")
    absent = await time_out_until_absent(service, table)
    seat = absent[0]
    player = PLAYERS[seat][0]
    other = PLAYERS[(seat + 1) % 4][0]
    assert table.timeouts[seat] == 2
    with pytest.raises(UserError) as error:
        await service.replace_absent(table.id, player, seat)
    assert error.value.key == "error.replace_self"
    present = [i for i in range(4) if i not in absent]
    if present:
        with pytest.raises(UserError) as error:
            await service.replace_absent(table.id, other, present[0])
        assert error.value.key == "error.not_absent"
    with pytest.raises(UserError) as error:
        await service.take_back(table.id, player)
    assert error.value.key == "error.not_replaced"

    recorder.calls.clear()
    await service.replace_absent(table.id, other, seat)
    assert table.seats[seat].stand_in and table.seats[seat].ai == "pimc"
    assert seat not in table.absent()
    # the computer player plays that seat's turns from now on, at the strong level
    await service.close()
    await service.db.close()

    again = await make(path, recorder)
    rebuilt = again.tables[table.id]
    assert rebuilt.seats[seat].stand_in  # the replacement is in the log
    state = rebuilt.state
    assert state is not None
    while not rebuilt.between_hands and state.turn != seat:
        turn = state.turn
        assert rebuilt.seats[turn].human
        await again.clock.expire(rebuilt.id, rebuilt.moves, turn, 0)
    if not rebuilt.between_hands:
        moves = rebuilt.moves
        await until(lambda: rebuilt.moves != moves)
        assert ("pimc", seat) in recorder.calls
        state = rebuilt.state
        if not rebuilt.between_hands and state is not None and state.turn == seat:
            # never a person's action on the computer's turn
            with pytest.raises(UserError) as error:
                await again.act(rebuilt.id, player, state.legal_actions()[0])
            assert error.value.key == "error.replaced"
    await again.take_back(rebuilt.id, player)
    assert rebuilt.seats[seat].human and not rebuilt.seats[seat].stand_in
    await again.close()
    await again.db.close()


async def test_the_others_may_end_the_table_of_an_absent_player(database_target):
    service = await make(database_target)
    table = await seated_table(service)
    await service.start(table.id, "101")
    with pytest.raises(UserError) as error:
        await service.abandon(table.id, "101")
    assert error.value.key == "error.not_absent"
    absent = await time_out_until_absent(service, table)
    register_before = (await service.register(GUILD, GAME)).view.entries
    other = next(PLAYERS[i][0] for i in range(4) if [i] != absent)
    await service.abandon(table.id, other)
    assert table.status == "ended" and table.ended_reason == "abandoned"
    assert (await service.register(GUILD, GAME)).view.entries == register_before
    with pytest.raises(UserError) as error:
        service.get(table.id)
    assert error.value.key == "error.table_gone"
    await service.db.close()


async def test_deadlines_come_from_the_log_after_a_restart(database_target, monkeypatch):
    path = database_target
    service = await make(path)
    table = await seated_table(service, turn_seconds=100)
    await service.start(table.id, "101")
    assert table.deadline is not None
    dealt = table.deadline - 100
    await service.close()
    await service.db.close()

    # back 50 s later: the turn keeps its deadline
    monkeypatch.setattr(service_module.time, "time", lambda: dealt + 50)
    again = await make(path)
    assert again.tables[table.id].deadline == pytest.approx(dealt + 100, abs=1)
    await again.close()
    await again.db.close()
    # back 500 s later: the player gets a little time, not none
    monkeypatch.setattr(service_module.time, "time", lambda: dealt + 500)
    third = await make(path)
    assert third.tables[table.id].deadline == pytest.approx(dealt + 500 + RESTART_GRACE, abs=1)
    assert third.tables[table.id].log[-1].key == "log.resumed"
    await third.close()
    await third.db.close()


async def test_a_look_does_not_move_the_deadline(database_target, monkeypatch):
    service = await make(database_target)
    table = await seated_table(service, turn_seconds=100)
    await service.start(table.id, "101")
    deadline = table.deadline
    assert deadline is not None
    now = time.time()
    monkeypatch.setattr(service_module.time, "time", lambda: now + 40)
    await service.look(table.id, "103")
    assert table.deadline == deadline
    await service.act(table.id, "102", Action.parse("pass"))
    assert table.deadline == int(now + 40 + 100)
    await service.close()
    await service.db.close()


async def test_stop_now_waits_for_the_people_present_only(database_target):
    """An absent player's agreement is not waited for: the others stop at once without
    them, and a button that counted them would never reach its total."""
    service = await make(database_target)
    table = await seated_table(service)
    await service.start(table.id, "101")
    absent = await time_out_until_absent(service, table)
    await service.stop(table.id, PLAYERS[0][0])
    present = [PLAYERS[i][0] for i in range(4) if i not in absent]
    assert table.stop_voters() == set(present)
    for player in present[:-1]:
        await service.vote_stop(table.id, player)
        assert table.status == "playing"
    await service.vote_stop(table.id, present[-1])
    assert table.status == "ended" and table.ended_reason == "agreed"
    await service.db.close()


async def test_one_who_agreed_ends_the_table_once_the_others_are_absent(database_target):
    """Agreed first, then the last player not agreeing is away: a click of one who
    agreed ends the table, where it answered that they agreed already."""
    service = await make(database_target)
    table = await seated_table(service)  # no time limit: absent once 10 minutes late
    await service.start(table.id, "101")
    await service.stop(table.id, PLAYERS[0][0])
    state = table.state
    assert state is not None
    laggard = state.turn  # the one who will run out of time
    agreeing = [PLAYERS[i][0] for i in range(4) if i != laggard]
    for player in agreeing:
        await service.vote_stop(table.id, player)
    assert table.status == "playing"
    with pytest.raises(UserError) as error:
        await service.vote_stop(table.id, agreeing[0])
    assert error.value.key == "error.already_voted"
    await service.clock._overdue(table.id, table.moves, laggard, 0)  # kept them 10 minutes
    assert laggard in table.absent()
    await service.vote_stop(table.id, agreeing[0])
    assert table.status == "ended" and table.ended_reason == "agreed"
    await service.db.close()


async def test_a_player_steps_away_and_the_log_keeps_it_through_a_restart(database_target):
    path = database_target
    service = await make(path)
    table = await seated_table(service)
    with pytest.raises(UserError) as error:  # a lobby: no game to step away from
        await service.step_away(table.id, "102")
    assert error.value.key == "error.not_started"
    await service.start(table.id, "101")
    await service.step_away(table.id, "103")
    assert table.seats[2].stand_in and table.seats[2].ai == GAME.spec.strong
    assert table.log[-1].key == "log.away"
    with pytest.raises(UserError) as error:
        await service.step_away(table.id, "103")
    assert error.value.key == "error.replaced"
    assert table.stop_voters() == {"101", "102", "104"}  # not waited for to stop at once
    await service.close()
    await service.db.close()

    again = await make(path)
    rebuilt = again.tables[table.id]
    assert rebuilt.seats[2].stand_in and rebuilt.seats[2].ai == GAME.spec.strong
    await again.take_back(rebuilt.id, "103")
    assert rebuilt.seats[2].human
    await again.close()
    await again.db.close()

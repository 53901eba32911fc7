"""The table service over a fresh database, SQLite and PostgreSQL: the game flow,
persistence, restart."""

from __future__ import annotations

import asyncio

import pytest

from bot.drawing.lobby_text import lobby_text
from bot.errors import MoveRefused, UserError
from bot.games.bete_hombree import GAME
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.refusals import refusal_error
from db import Database, NewEntry
from games.bete_hombree import Action, Kind, Rules
from tests.bot.example import actions, example_deal, example_seed, expected_result

pytestmark = pytest.mark.both_backends  # SQLite and PostgreSQL

GUILD, CHANNEL = 10, 20
PLAYERS = [("101", "Sud"), ("102", "Est"), ("103", "Nord"), ("104", "Ouest")]


async def make_service(path) -> TableService:
    db = await Database.open(path)
    service = TableService(
        db, seed_source=example_seed, deal_source=example_deal, decider=inline_decider, ai_pause=0
    )
    await service.load()
    return service


async def hand_results(service: TableService) -> list[str | None]:
    """The result word stored with each settled hand (``hands.result``), in order."""
    return [r for (r,) in await service.db.select("SELECT result FROM hands ORDER BY id")]


async def seed_register(db: Database) -> None:
    async with db.transaction() as store:
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("102", "Est", 24))
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Sud", 40))


def shown_register(table: LiveTable) -> list[tuple[str, int]]:
    """The bêtes a lobby shows: the server's register as it stands."""
    assert table.guild_register is not None
    return [(e.owner_name, e.amount) for e in table.guild_register.view.entries]


async def seated_table(service: TableService, turn_seconds: int = 0, hints: bool | None = None):
    first, name = PLAYERS[0]
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player=first,
        name=name,
        rules=Rules(),
        turn_seconds=turn_seconds,
        hints=hints,
    )
    for player, pname in PLAYERS[1:]:
        await service.join(table.id, player, pname, "fr")
    return table


async def test_example1_through_the_service(database_target):
    service = await make_service(database_target)
    await seed_register(service.db)
    table = await seated_table(service)
    assert shown_register(table) == [("Est", 24), ("Sud", 40)]
    await service.start(table.id, "101")
    assert table.session is not None and table.session.dealer == 0
    for seat, words in actions():
        await service.act(table.id, PLAYERS[seat][0], Action.parse(words))
    expected = expected_result()
    assert table.last is not None
    assert list(table.last.outcome.net) == expected["payments"]
    register = (await service.register(GUILD, GAME)).view
    assert [(e.owner, e.amount) for e in register.entries] == [
        (PLAYERS[o][0], a) for o, a in ((r["owner"], r["amount"]) for r in expected["register"])
    ]
    async with service.db.reading() as store:
        payments = await store.ledger.payments(GUILD, GAME.id)
        hands = await store.ledger.hands(GUILD, GAME.id)
        board = await store.ledger.scoreboard(GUILD, GAME.id)
    assert sum(p.amount for p in payments if p.payer == "102") == 52
    assert len(hands) == 1 and hands[0].record["actions"] == [f"{s} {w}" for s, w in actions()]
    assert board[0].player == "101" and board[0].net == 28 + 28 + 52 and board[0].made == 1
    est = next(r for r in board if r.player == "102")
    assert est.net == -52 and est.hands == 1
    assert await hand_results(service) == ["made"]
    await service.db.close()


async def test_restart_mid_hand_loses_nothing(database_target):
    path = database_target
    service = await make_service(path)
    await seed_register(service.db)
    table = await seated_table(service)
    await service.start(table.id, "101")
    steps = actions()
    for seat, words in steps[:12]:
        await service.act(table.id, PLAYERS[seat][0], Action.parse(words))
    await service.look(table.id, "102")
    before = table.state
    assert before is not None
    await service.db.close()

    again = await make_service(path)
    rebuilt = again.tables[table.id]
    assert rebuilt.state is not None
    assert rebuilt.state.actions == before.actions
    assert rebuilt.state.hands == before.hands
    assert rebuilt.moves == table.moves and rebuilt.seq == table.seq
    assert not rebuilt.state.view(1).face_down  # Est's look is in the log
    assert rebuilt.state.looked == before.looked
    for seat, words in steps[12:]:
        await again.act(table.id, PLAYERS[seat][0], Action.parse(words))
    assert rebuilt.last is not None
    assert list(rebuilt.last.outcome.net) == expected_result()["payments"]
    await again.db.close()


async def test_refusals_change_nothing(database_target):
    service = await make_service(database_target)
    table = await seated_table(service)
    with pytest.raises(UserError) as error:
        await service.open_table(
            guild_id=GUILD, channel_id=CHANNEL, player="999", name="X", rules=Rules()
        )
    assert error.value.key == "error.table_exists"
    with pytest.raises(UserError) as error:
        await service.open_table(
            guild_id=GUILD, channel_id=CHANNEL + 1, player="101", name="Sud", rules=Rules()
        )
    assert error.value.key == "error.already_seated"
    assert error.value.args_["channel"] == CHANNEL  # where: there to play, or to leave
    await service.start(table.id, "101")
    seq = table.seq
    with pytest.raises(UserError) as error:
        await service.act(table.id, "103", Action.parse("pass"))
    assert error.value.key == "error.not_your_turn"
    with pytest.raises(UserError) as error:
        await service.act(table.id, "102", Action.parse("pass"), moves=table.moves - 1)
    assert error.value.key == "error.stale"
    with pytest.raises(UserError) as error:
        await service.act(table.id, "999", Action.parse("pass"))
    assert error.value.key == "error.not_seated"
    with pytest.raises(MoveRefused) as refused:
        await service.act(table.id, "102", Action.parse("play KH"))
    # a card in the auction: the refusal lists the calls open, what the hand waits for
    words = refusal_error(refused.value)  # the game's words for the engine's reason
    assert words.key == "error.calls_first"  # no card yet, not "that call"
    assert all(a.kind is not Kind.PLAY for a in words.args_["legal"])
    assert table.seq == seq
    await service.db.close()


async def test_stop_by_agreement_carries_the_register_over(database_target):
    service = await make_service(database_target)
    await seed_register(service.db)
    table = await seated_table(service)
    await service.start(table.id, "101")
    await service.stop(table.id, "102")
    assert table.session is not None and table.session.stop_requested
    for player, _ in PLAYERS:
        await service.vote_stop(table.id, player)
    assert table.status == "ended"
    async with service.db.reading() as store:
        row = await store.tables.table(table.id)
        assert row is not None and row.status == "ended"
    active = "SELECT table_id FROM seats WHERE guild_id = ? AND player = ? AND active = 1"
    assert await service.db.select(active, GUILD, "101") == []
    register = (await service.register(GUILD, GAME)).view
    assert [e.amount for e in register.entries] == [24, 40]
    again = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, player="101", name="Sud", rules=Rules()
    )
    assert shown_register(again) == [("Est", 24), ("Sud", 40)]
    await service.db.close()


async def test_an_older_lobby_log_loads_and_shows_the_register_as_it_stands(database_target):
    """Logs written before the lobby read the register as it stands kept it, and the pot,
    in their ``open`` event: such a lobby is rebuilt all the same, and shows the server's
    register and pot of now, not those of its opening."""
    service = await make_service(database_target)
    await seed_register(service.db)  # Est's 24 and Sud's 40, no pot
    opened = {"by": "101", "name": "Sud", "lang": "en", "carried": [["Gaston", 16]]}
    opened["carried_pot"] = {"": 12}
    async with service.db.transaction() as store:
        row = await store.tables.insert_table(
            guild_id=GUILD, channel_id=CHANNEL, game=GAME.id, options={}, turn_seconds=0,
            created_by="101", seed=example_seed(),
        )  # fmt: skip
        await store.tables.append_event(row.id, 1, "open", opened)
        join = {"player": "101", "name": "Sud", "lang": "en"}
        await store.tables.append_event(row.id, 2, "join", join)
        await store.tables.add_seat(row.id, GUILD, 0, "101", "Sud", None)
    await service.close()
    await service.db.close()

    service = await make_service(database_target)
    table = service.in_channel(CHANNEL)
    assert table is not None and table.status == "lobby" and table.seq == 2
    assert shown_register(table) == [("Est", 24), ("Sud", 40)]
    assert table.guild_register is not None and table.guild_register.view.pot == {}
    _, fields = lobby_text(table, "en")
    said = " ".join(value for _, value, _ in fields)
    assert "Est 24 sous (waits for its owner to sit), Sud 40 sous (first in play)." in said
    assert "Gaston" not in said and "12 sous" not in said
    await service.db.close()


def hidden(table, seat: int) -> bool:
    """``seat`` keeps its hand face down (the engine's view of it says so)."""
    assert table.state is not None
    return table.state.view(seat).face_down


async def test_blind_calls_and_looking(database_target):
    service = await make_service(database_target)
    table = await seated_table(service)
    await service.start(table.id, "101")
    assert hidden(table, 1) and hidden(table, 2) and not hidden(table, 3)
    await service.act(table.id, "102", Action.parse("sans-prejudice"))
    assert hidden(table, 2)  # second hand may still retain blind
    await service.look(table.id, "103")
    with pytest.raises(MoveRefused) as refused:
        await service.act(table.id, "103", Action.parse("retiens"))
    assert refusal_error(refused.value).key == "error.looked"
    await service.act(table.id, "103", Action.parse("bid 3"))
    assert not hidden(table, 1) and not hidden(table, 2)
    await service.db.close()


async def test_all_pass_is_a_pinandele_in_the_register_and_the_pot(database_target):
    service = await make_service(database_target)
    table = await seated_table(service)
    await service.start(table.id, "101")
    for player in ("102", "103", "104", "101"):
        await service.act(table.id, player, Action.parse("pass"))
    assert table.between_hands and table.last is not None
    register = (await service.register(GUILD, GAME)).view
    assert [(e.owner, e.amount) for e in register.entries] == [(None, 8)]
    assert register.pot == {"": 8}
    assert await hand_results(service) == [None]  # a pinandèle: nobody declared
    with pytest.raises(UserError) as error:
        await service.next_hand(table.id, "101", hand_no=0)
    assert error.value.key == "error.stale"
    await service.next_hand(table.id, "102", hand_no=1)
    assert table.hand_no == 2 and table.state is not None
    assert table.state.entry is not None and table.state.entry.owner is None  # in play
    await service.db.close()


async def test_a_turn_that_times_out_is_played_for_the_player(database_target):
    service = await make_service(database_target)
    decisions = []

    async def recording(game, level, view, seed):
        action = await inline_decider(game, level, view, seed)
        decisions.append((level, view.seat, action))
        return action

    service.decider = recording
    table = await seated_table(service)
    await service.start(table.id, "101")
    seen = []

    async def changed(t):
        seen.append(t.moves)

    service.on_change = changed
    moves = table.moves
    turn = table.state.turn
    await service.clock.expire(table.id, moves - 1, turn, 0)  # an old timer does nothing
    assert table.moves == moves and not seen and not decisions
    await service.clock.expire(table.id, moves, turn, 0)
    assert table.moves == moves + 1 and seen == [moves + 1]
    # a call: the seat whose time ran out passes, no computer player asked to bid for it
    assert not decisions
    assert table.state is not None and table.state.actions[-1] == (turn, Action.parse("pass"))
    events = []
    async with service.db.reading() as store:
        events = await store.tables.events(table.id)
    assert events[-1].kind == "action" and events[-1].payload["timeout"] is True
    await service.db.close()


async def test_the_tour_des_gueux_ends_the_table(database_target):
    """With pinandèles in the pot (not the register), passed-out deals end it: asked
    during the first dealer's own hand, that round is played out and one more (RULES.md
    §1.8: he deals once more), eight deals."""
    service = await make_service(database_target)
    first, name = PLAYERS[0]
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player=first,
        name=name,
        rules=Rules.from_dict({"pinandele": "with_next_bete"}),
    )
    for player, pname in PLAYERS[1:]:
        await service.join(table.id, player, pname, "en")
    await service.start(table.id, "101")
    await service.stop(table.id, "101")
    assert table.session is not None and table.session.deals_left == 8
    hands = 0
    while table.status != "ended":
        state = table.state
        assert state is not None and hands < 12
        if state.is_over:
            hands += 1
            await service.next_hand(table.id, "101")
            continue
        await service.act(table.id, table.players[state.turn], Action.parse("pass"))
    assert hands == 7 and table.hand_no == 8 and table.ended_reason == "finished"
    register = (await service.register(GUILD, GAME)).view
    assert register.entries == [] and register.pot == {"": 8 * 8}
    async with service.db.reading() as store:
        assert (await store.tables.table(table.id)).status == "ended"  # type: ignore[union-attr]
    await service.db.close()


async def test_a_pinandele_plays_at_one_table_at_a_time(database_target):
    service = await make_service(database_target)
    service.deal_source = None
    async with service.db.transaction() as store:
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_to_pot(GUILD, GAME.id, 8)
    first = await seated_table(service)
    await service.start(first.id, "101")
    assert first.state is not None and first.state.entry is not None
    assert first.state.entry.owner is None  # the pinandèle is in play here
    second = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL + 1, player="201", name="A", rules=Rules()
    )
    for player in ("202", "203", "204"):
        await service.join(second.id, player, player, "en")
    await service.start(second.id, "201")
    assert second.state is not None and second.state.entry is None  # it waits
    await service.db.close()


async def other_table(service: TableService, rules: Rules) -> LiveTable:
    """A second table of the guild, started, seated by four other players."""
    table = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL + 1, player="201", name="A", rules=rules
    )
    for player in ("202", "203", "204"):
        await service.join(table.id, player, player, "en")
    await service.start(table.id, "201")
    return table


async def test_a_hand_holds_only_the_pot_it_may_take(database_target):
    """Sud's bête of 40 in play at his table takes nothing from the pot: the other
    table plays the pinandèle with the pot's 8 sous meanwhile (RULES.md §1.8: the
    entry in play is the oldest whose owner is seated, or that has no owner)."""
    service = await make_service(database_target)
    service.deal_source = None
    async with service.db.transaction() as store:
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Sud", 40))
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_to_pot(GUILD, GAME.id, 8)
    first = await seated_table(service)
    await service.start(first.id, "101")
    assert first.state is not None and first.state.entry is not None
    assert first.state.entry.owner == 0 and first.state.pot_at_stake == 0
    second = await other_table(service, Rules())
    assert second.state is not None and second.pot_dealt == {"": 8}
    assert second.state.entry is not None and second.state.entry.owner is None
    assert second.state.pot_at_stake == 8
    await service.db.close()


async def test_a_table_whose_pinandeles_go_with_a_bete_leaves_those_of_the_register(
    database_target,
):
    """At a ``pinandele=with_next_bete`` table the pot goes with the next bête won, but
    not the sous of a pinandèle another table wrote in the register: those pay it."""
    service = await make_service(database_target)
    service.deal_source = None
    async with service.db.transaction() as store:
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Sud", 40))
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_to_pot(GUILD, GAME.id, 8 + 12)  # 12 of with_next_bete deals
    first = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        player="101",
        name="Sud",
        rules=Rules.from_dict({"pinandele": "with_next_bete"}),
    )
    for player, name in PLAYERS[1:]:
        await service.join(first.id, player, name, "en")
    await service.start(first.id, "101")
    assert first.state is not None and first.state.entry is not None
    assert first.state.entry.owner == 0  # Sud's bête, with the 12 sous on top of it
    assert first.pot_dealt == {"": 12} and first.state.pot_at_stake == 12
    second = await other_table(service, Rules())  # the pinandèle is paid from the 8 left
    assert second.state is not None and second.pot_dealt == {"": 8}
    assert second.state.entry is not None and second.state.entry.owner is None
    await service.db.close()


async def test_two_tables_of_one_server_settle_at_the_same_moment(database_target):
    """Example 1 at one table, a pinandèle at the other, their last moves at once: the
    register, the pot and the ledger hold both settlements, whole."""
    service = await make_service(database_target)
    await seed_register(service.db)
    first = await seated_table(service)
    second = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL + 1, player="201", name="A", rules=Rules()
    )
    for player in ("202", "203", "204"):
        await service.join(second.id, player, player, "en")
    await service.start(first.id, "101")
    await service.start(second.id, "201")
    *moves, (last_seat, last_words) = actions()
    for seat, words in moves:
        await service.act(first.id, PLAYERS[seat][0], Action.parse(words))
    order = [second.seats[(second.state.turn + i) % 4].player for i in range(4)]
    for player in order[:3]:
        await service.act(second.id, player, Action.parse("pass"))
    await asyncio.gather(
        service.act(first.id, PLAYERS[last_seat][0], Action.parse(last_words)),
        service.act(second.id, order[3], Action.parse("pass")),
    )
    assert first.between_hands and second.between_hands
    expected = expected_result()
    register = (await service.register(GUILD, GAME)).view
    owners = {i: PLAYERS[i][0] for i in range(4)}
    assert sorted((e.owner or "", e.amount) for e in register.entries) == sorted(
        [(owners[r["owner"]], r["amount"]) for r in expected["register"]] + [("", 8)]
    )
    async with service.db.reading() as store:
        payments = await store.ledger.payments(GUILD, GAME.id)
        hands = await store.ledger.hands(GUILD, GAME.id)
    net: dict[str | None, int] = {}
    for p in payments:
        net[p.payer] = net.get(p.payer, 0) - p.amount
        net[p.payee] = net.get(p.payee, 0) + p.amount
    assert [net.get(p, 0) for p, _ in PLAYERS] == list(expected["payments"])
    assert net.get(None, 0) == sum(register.pot.values())  # the pot holds what was paid in
    assert sorted(h.table_id for h in hands) == [first.id, second.id]
    await service.db.close()

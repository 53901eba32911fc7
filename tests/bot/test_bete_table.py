"""La Bête through the same table service: deals, money, the register and the pot
by part, stopping at a round's end, restart, and two tables sharing one pot."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.drawing.lobby_text import lobby_text
from bot.errors import MoveRefused, UserError
from bot.games.bete import GAME
from bot.games.bete.port import pot_of_parts
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.texts.refusals import refusal_error
from db import Database
from games.bete import Action, DealState, Rules, Session
from games.cards import Card
from games.register import Register

pytestmark = pytest.mark.both_backends  # SQLite and PostgreSQL

GUILD = 10
PLAYERS = [("101", "Sud"), ("102", "Est"), ("103", "Nord"), ("104", "Ouest"), ("105", "Centre")]


@pytest.fixture
async def make_service():
    """Services over the test's database, closed with their database after the test."""
    opened: list[TableService] = []

    async def make(path, seed: int = 7) -> TableService:
        db = await Database.open(path)
        service = TableService(db, seed_source=lambda: seed, decider=inline_decider, ai_pause=0)
        await service.load()
        opened.append(service)
        return service

    yield make
    for service in opened:
        await service.close()
        if service.db.is_open:
            await service.db.close()


async def bete_table(service: TableService, seats: int, channel: int = 20, first: int = 0):
    player, name = PLAYERS[first]
    table = await service.open_table(
        guild_id=GUILD, channel_id=channel, player=player, name=name, game=GAME, rules=Rules()
    )
    for other, oname in PLAYERS[first + 1 : first + seats]:
        await service.join(table.id, other, oname, "fr")
    return table


async def play_one(service: TableService, table, rng: random.Random) -> None:
    """The player to act makes a random legal move, through the service."""
    state = table.state
    assert isinstance(state, DealState) and not state.is_over
    player = table.seats[state.turn].player
    await service.act(table.id, player, rng.choice(state.legal_actions()))


async def play_deal(service: TableService, table, rng: random.Random) -> None:
    while not table.state.is_over:
        await play_one(service, table, rng)


def jetons(pot: dict[str, int]) -> int:
    """The jetons of the pot's parts (its ``bete`` part counts bêtes in the stake)."""
    return pot_of_parts(pot).total


async def stored_money(db: Database) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's net from the ledger, and the guild's pot by part."""
    async with db.reading() as store:
        payments = await store.ledger.payments(GUILD, GAME.id)
        pot = await store.ledger.pot_parts(GUILD, GAME.id)
    net: dict[str, int] = {}
    for p in payments:
        if p.payer is not None:
            net[p.payer] = net.get(p.payer, 0) - p.amount
        if p.payee is not None:
            net[p.payee] = net.get(p.payee, 0) + p.amount
    return net, pot


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
async def test_deals_at_every_size_keep_money_and_store_it(database_target, seats, make_service):
    service = await make_service(database_target, seed=seats)
    table = await bete_table(service, seats)
    await service.start(table.id, "101")
    rng = random.Random(seats)
    for _ in range(2 * seats):
        await play_deal(service, table, rng)
        session = table.session
        assert sum(session.balances.values()) + jetons(GAME.port.pot_of(session)) == 0
        net, pot = await stored_money(service.db)
        assert pot == {part: n for part, n in GAME.port.pot_of(session).items() if n or part in pot}
        assert {p: net.get(p, 0) for p in session.players} == session.balances
        await service.next_hand(table.id, "101")
    async with service.db.reading() as store:
        hands = await store.ledger.hands(GUILD, GAME.id)
        waiting = await store.ledger.unpaid_entries(GUILD, GAME.id)
    assert len(hands) == 2 * seats
    assert all(h.record["game"] == "bete" for h in hands)
    # each hand's result in a word: made or failed by its declarer, none for a void deal
    stored = await service.db.select("SELECT declarer, made, result FROM hands")
    words = {1: "made", 0: "failed", None: None}
    assert all(result == words[made] for _, made, result in stored), stored
    assert all((declarer is None) == (result is None) for declarer, _, result in stored)
    assert {result for *_, result in stored} & {"made", "failed"}
    # the register holds exactly the bêtes the session still has waiting
    assert sorted((e.owner, e.amount) for e in waiting) == sorted(
        (e.owner, e.amount) for e in table.session.register.entries
    )


async def test_seats_outside_two_to_five_are_refused(database_target, make_service):
    service = await make_service(database_target)
    table = await bete_table(service, 1)
    with pytest.raises(UserError) as error:
        await service.start(table.id, "101")
    assert error.value.key == "error.need_more" and error.value.args_["least"] == 2
    for player, name in PLAYERS[1:]:
        await service.join(table.id, player, name, "fr")
    with pytest.raises(UserError) as error:
        await service.join(table.id, "106", "Sixième", "fr")
    assert error.value.key == "error.table_full"
    await service.start(table.id, "101")
    assert table.session is not None and len(table.session.players) == 5


async def test_a_move_of_the_other_game_is_refused_and_changes_nothing(
    database_target, make_service
):
    service = await make_service(database_target)
    table = await bete_table(service, 3)
    await service.start(table.id, "101")
    seq = table.seq
    player = table.seats[table.state.turn].player
    # a card while the players speak: refused, with what may be said instead
    hand = table.state.view(table.state.turn).hand
    play = Action.parse(f"play {Card.from_index(hand.bit_length() - 1)}")
    with pytest.raises(MoveRefused) as refused:
        await service.act(table.id, player, play)
    words = refusal_error(refused.value)
    assert words.key == "error.calls_first"  # no card yet, not "that call"
    assert [str(a) for a in words.args_["legal"]] == ["pass", "play-contract"]
    assert table.seq == seq


async def test_stop_ends_with_the_round_and_everything_carries_over(database_target, make_service):
    service = await make_service(database_target)
    table = await bete_table(service, 3)
    await service.start(table.id, "101")
    rng = random.Random(5)
    await play_deal(service, table, rng)  # one deal of the round of three
    await service.next_hand(table.id, "102")
    await service.stop(table.id, "101")
    assert table.status == "playing" and table.session.deals_left == 2
    await play_deal(service, table, rng)
    await service.next_hand(table.id, "102")
    await play_deal(service, table, rng)
    assert table.status == "ended" and table.ended_reason == "finished"
    net, pot = await stored_money(service.db)
    assert sum(net.values()) + jetons(pot) == 0
    assert pot.get("reserve", 0) == 0  # a whole round spends its reserve
    # the next table of La Bête in the guild starts from that pot and those bêtes
    second = await bete_table(service, 2, channel=21, first=3)
    async with service.db.reading() as store:
        waiting = await store.ledger.unpaid_entries(GUILD, GAME.id)
    assert second.guild_register is not None and second.guild_register.view.entries == waiting
    # its lobby says the pot it takes over, as /betes does, beside the bêtes
    assert jetons(pot) and second.guild_register.view.pot == pot
    _, fields = lobby_text(second, "en")
    assert GAME.renderer.register_fields(pot, "en")[0] in fields
    await service.start(second.id, "104")
    assert second.state.pot.stake >= pot.get("stake", 0)
    assert second.pot_dealt == {part: pot.get(part, 0) for part in GAME.capabilities.pot_parts}


async def test_a_restart_mid_deal_rebuilds_the_same_deal(database_target, make_service):
    service = await make_service(database_target)
    table = await bete_table(service, 4)
    await service.start(table.id, "101")
    rng = random.Random(11)
    await play_deal(service, table, rng)
    await service.next_hand(table.id, "101")
    for _ in range(3):
        await play_one(service, table, rng)
    before = [table.state.view(s) for s in range(4)]
    await service.close()
    await service.db.close()
    again = await make_service(database_target)
    rebuilt = again.tables[table.id]
    assert [rebuilt.state.view(s) for s in range(4)] == before
    assert rebuilt.session.balances == table.session.balances
    await play_deal(again, rebuilt, rng)
    net, pot = await stored_money(again.db)
    assert sum(net.values()) + jetons(pot) == 0


async def test_two_tables_never_play_with_the_same_pot(database_target, make_service):
    service = await make_service(database_target)
    async with service.db.transaction() as store:
        await store.ledger.add_to_pot(GUILD, GAME.id, 40, "stake")
    first = await bete_table(service, 2)
    await service.start(first.id, "101")
    assert first.pot_dealt["stake"] == 40
    assert first.game.port.pot_at_stake(first.state, first.pot_dealt) == first.pot_dealt
    second = await bete_table(service, 2, channel=21, first=2)
    await service.start(second.id, "103")
    assert second.pot_dealt == {"reserve": 0, "stake": 0, "kings": 0, "bete": 0}
    rng = random.Random(3)
    await play_deal(service, second, rng)
    await play_deal(service, first, rng)
    net, pot = await stored_money(service.db)
    assert sum(net.values()) + jetons(pot) == 40


async def test_computer_players_play_whole_deals(database_target, make_service):
    service = await make_service(database_target)
    table = await bete_table(service, 1)
    for _ in range(2):
        await service.add_computer(table.id, "101", "fair")
    await service.add_computer(table.id, "101", "pimc")  # a player's name is a level too
    assert [s.ai for s in table.seats] == [None, "heuristic", "heuristic", "pimc"]
    await service.start(table.id, "101")
    rng = random.Random(1)
    for _ in range(3):
        for _ in range(400):
            if table.state.is_over:
                break
            if table.seats[table.state.turn].human:
                await play_one(service, table, rng)
            else:
                await asyncio.sleep(0.01)
        assert table.state.is_over
        await service.next_hand(table.id, "101")
    async with service.db.reading() as store:
        hands = await store.ledger.hands(GUILD, GAME.id)
    assert len(hands) == 3


def test_a_deal_logged_before_the_pot_said_whether_a_bete_is_in_the_stake_keeps_the_sessions():
    """A deal's pot says whether a bête is in the stake (its ``bete`` part); a deal in a
    table's log from before it said so replays with the session's own flag, as dealt."""
    session = Session(["a", "b"], dealer=0, bete_in_play=True)
    GAME.port.with_money(session, Register(), {"reserve": 0, "stake": 30, "kings": 2})
    assert session.bete_in_play and session.pot.stake == 30
    GAME.port.with_money(session, Register(), {"reserve": 0, "stake": 30, "kings": 2, "bete": 0})
    assert not session.bete_in_play
    GAME.port.with_money(session, Register(), {"stake": 30, "bete": 1})
    assert session.bete_in_play and GAME.port.pot_of(session)["bete"] == 1

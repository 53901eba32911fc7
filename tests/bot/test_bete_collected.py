"""La Bête: a bête in play is paid into the stake by its owner (RULES.md §2), and whoever
later takes the stake takes the bête with it. The scoreboard counts it among the bêtes
that player collected (another's bête; an owner who wins his own back collects none)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.bete import GAME
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from db import Database, NewEntry
from games.bete import DealState

GUILD = 10
DEALS = 15


async def test_who_takes_a_stake_holding_anothers_bete_collects_it(database_target):
    db = await Database.open(database_target)
    async with db.transaction() as store:  # a bête of seat 1's player waits from before
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Joueur 1", 12))
    service = TableService(db, seed_source=lambda: 3, decider=inline_decider, ai_pause=0)
    await service.load()
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=20,
        player="100",
        name="Sud",
        game=GAME,
        rules=GAME.spec.options_from({}),
    )
    for seat in (1, 2):
        await service.join(table.id, str(100 + seat), f"Joueur {seat}", "fr")
    await service.start(table.id, "100")
    players = table.players
    expected: Counter[str] = Counter()
    in_stake: str | None = None  # the owner of the bête in the stake
    for _ in range(DEALS):
        state = table.state
        assert isinstance(state, DealState)
        if state.entered >= 0:
            in_stake = players[state.waiting[state.entered].owner]
        while not state.is_over:
            view = state.view(state.turn)
            action = await inline_decider(GAME.id, GAME.spec.fair, view, table.moves)
            await service.act(table.id, players[state.turn], action)
        outcome = state.outcome
        assert outcome is not None
        taker = outcome.stake_winner
        if taker >= 0 and in_stake is not None:
            expected[players[taker]] += players[taker] != in_stake
            in_stake = None
        for index in outcome.collected:  # a vole collects every waiting bête
            expected[players[outcome.declarer]] += state.waiting[index].owner != outcome.declarer
        if expected.total() >= 2:
            break
        await service.next_hand(table.id, "100")
    assert expected.total() >= 1, "no stake with another's bête was taken"
    rows, _ = await service.scoreboard(GUILD, GAME.id)
    assert {row.player: row.betes_collected for row in rows} == {p: expected[p] for p in players}
    await service.close()
    await db.close()


async def play_deal(service: TableService, table) -> DealState:
    """The deal in progress at ``table``, played to its end by the fair computer player."""
    state = table.state
    assert isinstance(state, DealState)
    while not state.is_over:
        view = state.view(state.turn)
        action = await inline_decider(GAME.id, GAME.spec.fair, view, table.moves)
        await service.act(table.id, table.players[state.turn], action)
    return state


async def seated(service: TableService, channel: int, first: int = 100):
    """A table of La Bête in ``channel``, its players ``first`` (who opens it) and the two
    next ids, started."""
    opener = str(first)
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=channel,
        player=opener,
        name="Sud",
        game=GAME,
        rules=GAME.spec.options_from({}),
    )
    for seat in (1, 2):
        await service.join(table.id, str(first + seat), f"Joueur {seat}", "fr")
    await service.start(table.id, opener)
    return table


async def round_ended_with_a_bete(service: TableService, table) -> int:
    """Deals played at ``table`` until a round ends with a bête in its stake: the register
    entry the table paid in."""
    entered = None
    for _ in range(30):
        state = await play_deal(service, table)
        if state.entered >= 0:
            entered = table.session.stake_bete.id
        if table.session.bete_in_play and table.session.deals_in_round == 0:
            assert entered is not None
            return entered
        await service.next_hand(table.id, table.players[0])
    raise AssertionError("no round ended with a bête in its stake")


async def stake_taken(service: TableService, table) -> DealState:
    """Deals played at ``table`` until one's winner takes the stake: that deal."""
    for _ in range(30):
        state = await play_deal(service, table)
        if state.outcome.stake_winner >= 0:
            return state
        await service.next_hand(table.id, table.players[0])
    raise AssertionError(f"the stake was never taken at table {table.id}")


@pytest.mark.both_backends
async def test_a_bete_left_in_the_servers_stake_is_collected_by_who_takes_it_elsewhere(
    database_target,
):
    """A session stops between two rounds with a bête in the stake: the stake and its
    bête carry over with the server's pot (RULES.md §2), and the player who takes that
    stake at the next table collects the bête, though it entered at the first."""
    db = await Database.open(database_target)
    async with db.transaction() as store:  # bêtes of seats 1 and 2's players wait
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Joueur 1", 12))
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("102", "Joueur 2", 9))
    service = TableService(db, seed_source=lambda: 3, decider=inline_decider, ai_pause=0)
    await service.load()

    first = await seated(service, 20)
    entered = await round_ended_with_a_bete(service, first)
    await service.moderator_end(20, "100", "Sud")

    second = await seated(service, 21)
    state = await stake_taken(service, second)
    taker = second.players[state.outcome.stake_winner]
    async with db.reading() as store:
        entry = await store.ledger.entry(entered)
    assert entry is not None and entry.crossed_at is not None
    assert entry.crossed_by == taker, (entry.crossed_by, taker)
    await service.close()
    await db.close()


@pytest.mark.both_backends
async def test_a_bete_taken_at_another_table_is_not_collected_again_at_its_own(database_target):
    """Two tables of a server: the first pays a bête into its stake and ends a round with
    it there (the stake joins the server's pot); the second takes that stake, and its
    winner collects the bête. The first table's next deals play without it: the stake
    it next loses holds no bête, and nobody there collects this one (or, in its stead,
    another bête paid into a stake), though the first table had paid it in."""
    db = await Database.open(database_target)
    async with db.transaction() as store:  # a bête of the first table's seat 1 waits
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "Joueur 1", 12))
    service = TableService(db, seed_source=lambda: 3, decider=inline_decider, ai_pause=0)
    await service.load()

    first = await seated(service, 20, 100)
    entered = await round_ended_with_a_bete(service, first)
    second = await seated(service, 21, 200)  # its round begins with the server's pot
    state = await stake_taken(service, second)
    taker = second.players[state.outcome.stake_winner]

    await service.next_hand(first.id, "100")
    assert not first.session.bete_in_play
    assert first.session.stake_bete is None, "the first table still counts the bête as its own"
    state = await stake_taken(service, first)
    assert GAME.port.hand_result(first.session, state).collected == ()
    async with db.reading() as store:
        entry = await store.ledger.entry(entered)
    assert entry is not None and entry.crossed_by == taker, (entry.crossed_by, taker)
    await service.close()
    await db.close()

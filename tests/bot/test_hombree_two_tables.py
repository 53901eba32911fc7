"""Two tables of La Bête Hombrée in one server, their hands interleaved with a restart
between them (RULES.md §1.8: the register and the pot are the server's): the rebuilt
tables hold the same bêtes and share of the pot, a lobby opened meanwhile marks them,
and whatever order the hands settle in, the ledger and the pot hold every sou once."""

from __future__ import annotations

import random

from bot.drawing.lobby_text import lobby_text
from bot.games.bete_hombree import GAME
from bot.tables.computer import inline_decider
from bot.tables.dealing import holdings
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from db import Database, NewEntry
from games.bete_hombree import Rules

GUILD = 10


async def make(path: str) -> TableService:
    db = await Database.open(path)
    service = TableService(db, seed_source=lambda: 3, decider=inline_decider, ai_pause=0)
    await service.load()
    return service


async def shut(service: TableService) -> None:
    await service.close()
    await service.db.close()


async def seated(service: TableService, channel: int, first: int) -> LiveTable:
    table = await service.open_table(
        guild_id=GUILD, channel_id=channel, player=str(first), name=f"S{first}", rules=Rules()
    )
    for player in range(first + 1, first + 4):
        await service.join(table.id, str(player), f"S{player}", "en")
    return table


async def play_out(service: TableService, table: LiveTable, rng: random.Random) -> None:
    state = table.state
    assert state is not None
    while not state.is_over:
        await service.act(table.id, table.players[state.turn], rng.choice(state.legal_actions()))


async def money(service: TableService) -> tuple[int, int, list[int]]:
    """The players' nets summed over the ledger, the pot, and the unpaid entries' ids."""
    async with service.db.reading() as store:
        payments = await store.ledger.payments(GUILD, GAME.id)
        pot = await store.ledger.pot_parts(GUILD, GAME.id)
        unpaid = await store.ledger.unpaid_entries(GUILD, GAME.id)
    net = sum(p.amount * ((p.payee is not None) - (p.payer is not None)) for p in payments)
    return net, pot.get("", 0), [e.id for e in unpaid]


async def test_interleaved_hands_and_a_restart_keep_every_sou_once(database_target):
    service = await make(database_target)
    async with service.db.transaction() as store:
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry("101", "S101", 40))
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_entry(GUILD, GAME.id, NewEntry(None, "", 8))
        await store.ledger.add_to_pot(GUILD, GAME.id, 16)
    first, second = await seated(service, 20, 101), await seated(service, 21, 201)
    await service.start(first.id, "101")
    await service.start(second.id, "201")
    held = holdings(service.finding, GUILD, GAME.id)
    assert held.entries == {1: first.id, 2: second.id} and held.pot == {second.id: {"": 8}}
    await shut(service)

    service = await make(database_target)  # a restart, both hands in progress
    assert holdings(service.finding, GUILD, GAME.id) == held
    lobby = await seated(service, 22, 301)
    _, fields = lobby_text(lobby, "en")
    said = "\n".join(value for _, value, _ in fields)
    assert f"S101 40 sous (in play at table #{first.id})" in said
    assert f"pinandèle 8 sous (in play at table #{second.id})" in said
    assert said.count("(first in play)") == 1  # the third entry, paid from the 8 left
    assert "pinandèle 8 sous (first in play)" in said
    assert f"of which 8 sous in play at table #{second.id}" in said
    rng = random.Random(4)
    first, second = service.tables[first.id], service.tables[second.id]
    for _ in range(6):  # hands settled in turn at the two tables, the second first
        await play_out(service, second, rng)
        await play_out(service, first, rng)
        net, pot, unpaid = await money(service)
        assert net + pot == 16 and pot >= 0
        assert holdings(service.finding, GUILD, GAME.id).entries == {}
        for table in (first, second):
            assert table.session is not None
            await service.next_hand(table.id, table.players[0])
        held = holdings(service.finding, GUILD, GAME.id)
        assert len(set(held.entries)) == len(held.entries) and set(held.entries) <= set(unpaid)
    assert first.in_deal
    await service.moderator_end(20, "999", "Mod")  # ended mid-hand: what it held is let go
    assert first.id not in holdings(service.finding, GUILD, GAME.id).entries.values()
    _, fields = lobby_text(lobby, "en")
    assert f"table #{first.id}" not in "\n".join(value for _, value, _ in fields)
    net, pot, _ = await money(service)
    assert net + pot == 16
    await shut(service)

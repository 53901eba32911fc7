"""Two tables of La Bête in one server: a round under way at one table goes on with
that table's pot (RULES.md §2: its reserve holds the fiche of every deal left in the
round, its stake what the next deal's winner takes), so between two of its deals that
pot is still its own, and a round begun at the other table meanwhile does not play for
it: no jeton is won twice."""

from __future__ import annotations

import random

from bot.drawing.lobby_text import lobby_text
from bot.games.bete import GAME
from bot.games.bete.drawing import pot_text
from bot.games.bete.port import pot_of_parts
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from db import Database
from games.bete import DealState, Pot, Rules

GUILD = 10


async def two_seat_table(
    service: TableService, channel: int, first: int, start: bool = True
) -> LiveTable:
    players = [str(first), str(first + 1)]
    table = await service.open_table(
        guild_id=GUILD, channel_id=channel, player=players[0], name="P0", game=GAME, rules=Rules()
    )
    await service.join(table.id, players[1], "P1", "fr")
    if start:
        await service.start(table.id, players[0])
    return table


async def play_deal(service: TableService, table: LiveTable, rng: random.Random) -> None:
    state = table.state
    assert isinstance(state, DealState)
    while not state.is_over:
        await service.act(
            table.id, table.seats[state.turn].player, rng.choice(state.legal_actions())
        )


async def money(service: TableService) -> tuple[int, dict[str, int]]:
    """The sum of the players' nets over the ledger, and the server's pot by part."""
    async with service.db.reading() as store:
        payments = await store.ledger.payments(GUILD, GAME.id)
        pot = await store.ledger.pot_parts(GUILD, GAME.id)
    net = 0
    for p in payments:
        net += (p.payee is not None) * p.amount - (p.payer is not None) * p.amount
    return net, pot


async def test_a_round_begun_elsewhere_does_not_play_for_the_pot_of_a_round_under_way(
    database_target, service
):
    rng = random.Random(1)
    first = await two_seat_table(service, 20, 100)
    await play_deal(service, first, rng)  # the first of its round's two deals
    assert first.session is not None and first.session.deals_in_round == 1
    kept = GAME.port.pot_of(first.session)
    assert pot_of_parts(kept).total > 0  # its reserve holds the fiche of its next deal
    second = await two_seat_table(service, 21, 200)  # a round begins there meanwhile
    assert second.pot_dealt == {"reserve": 0, "stake": 0, "kings": 0, "bete": 0}
    await service.next_hand(first.id, "100")
    assert first.pot_dealt == kept  # its round goes on with its own pot
    for _ in range(6):  # both tables' deals settled in turn: nothing won twice
        await play_deal(service, second, rng)
        await play_deal(service, first, rng)
        net, pot = await money(service)
        assert net + pot_of_parts(pot).total == 0
        assert all(amount >= 0 for amount in pot.values()), pot
        for table in (second, first):
            await service.next_hand(table.id, table.seats[0].player)


async def test_after_a_restart_the_round_under_way_still_keeps_its_pot(database_target, service):
    """Rebuilt between two deals of its round, the table still keeps its pot: a lobby
    opened then says so, and the round begun there starts from an empty pot."""
    first = await two_seat_table(service, 20, 100)
    await play_deal(service, first, random.Random(1))
    await service.close()
    await service.db.close()
    db = await Database.open(database_target)
    again = TableService(db, seed_source=lambda: 7, decider=inline_decider, ai_pause=0)
    await again.load()
    try:
        second = await two_seat_table(again, 21, 200, start=False)
        _, fields = lobby_text(second, "en")
        said = "\n".join(value for _, value, _ in fields)
        assert f"The pot is in play at table #{first.id}: until its round is over" in said
        await again.start(second.id, "200")
        assert second.pot_dealt == {"reserve": 0, "stake": 0, "kings": 0, "bete": 0}
    finally:
        await again.close()
        await db.close()


async def test_between_rounds_the_pot_said_is_the_one_the_next_round_starts_from(service):
    """A round over at the first table, a round begun at the other plays for the pot it
    left: the first table's message says its next round starts from an empty pot."""
    rng = random.Random(1)
    first = await two_seat_table(service, 20, 100)
    for _ in range(2):  # a whole round of two deals
        await play_deal(service, first, rng)
        if first.session is not None and first.session.deals_in_round:
            await service.next_hand(first.id, "100")
    assert first.session is not None and first.session.deals_in_round == 0
    left = pot_text(first.session.pot, "en")
    assert pot_of_parts(GAME.port.pot_of(first.session)).total > 0
    assert GAME.renderer.session_lines(first, None, "en") == [left]
    second = await two_seat_table(service, 21, 200)
    assert second.pot_dealt == GAME.port.pot_of(first.session)  # it plays for it
    assert GAME.renderer.session_lines(first, None, "en") == [pot_text(Pot(0, 0, 0), "en")]

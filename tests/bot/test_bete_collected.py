"""La Bête: a bête in play is paid into the stake by its owner (RULES.md §2), and whoever
later takes the stake takes the bête with it. The scoreboard counts it among the bêtes
that player collected (another's bête; an owner who wins his own back collects none)."""

from __future__ import annotations

from collections import Counter

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

"""``/history`` in every game offered: a settled deal shows what it gave every seat,
its money, or its points in a game that scores points (never the names alone)."""

from __future__ import annotations

import pytest

from bot.boards import history_embed
from bot.computer import inline_decider
from bot.games import table_game, table_games
from bot.service import TableService
from db import Database


@pytest.mark.parametrize("game_id", [game.id for game in table_games()])
async def test_a_deal_in_history_shows_what_it_gave_every_seat(database_target, game_id):
    game = table_game(game_id)
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: 5, decider=inline_decider, ai_pause=0)
    await service.load()
    table = await service.open_table(
        guild_id=10,
        channel_id=20,
        player="100",
        name="Sud",
        game=game,
        rules=game.spec.options_from({}),
    )
    for seat in range(1, game.min_seats):
        await service.join(table.id, str(100 + seat), f"Joueur {seat}", "fr")
    await service.start(table.id, "100")
    state = table.state
    assert state is not None
    while not state.is_over:
        view = state.view(state.turn)
        action = await inline_decider(game.id, game.spec.fair, view, table.moves)
        await service.act(table.id, table.seats[state.turn].player, action)
    [past] = await service.history(10, game.id, None)
    for lang in ("fr", "en"):
        text = str(history_embed([past], lang).description)
        for seat in past.seats:
            if seat.points is not None:
                shown = game.renderer.money(seat.points, lang)
            else:
                assert game.capabilities.money, "a game without money reports its points"
                shown = game.renderer.money(seat.net, lang)
            assert f"{seat.name} {shown}" in text, text
    await service.close()
    await db.close()

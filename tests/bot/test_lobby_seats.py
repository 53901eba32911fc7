"""The lobby of every game offered, at every number of players: while a seat is free it
invites to *Join*; once every seat is taken it says the table is full and offers only
*Start* (neither *Join* nor *Add computer player*, which would only be refused).  Started
short of players, a table says how many its game needs: L'Hombre three, not four."""

from __future__ import annotations

import re

import discord
import pytest

from bot.drawing.render import table_embed
from bot.drawing.table_buttons import table_view
from bot.errors import UserError
from bot.game import TableGame
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from bot.texts.refusals import error_text
from tests.bot.offered import offered_games

LANGS = ("fr", "en")


def buttons(view: discord.ui.View) -> dict[str, bool]:
    """Each button's label, and whether it may be clicked."""
    return {
        str(item.label): not item.disabled
        for item in view.children
        if isinstance(item, discord.ui.Button)
    }


async def lobby(service: TableService, game: TableGame) -> LiveTable:
    """A table of ``game`` opened by Sud, in its lobby."""
    return await service.open_table(
        guild_id=10,
        channel_id=20,
        player="100",
        name="Sud",
        game=game,
        rules=game.spec.options_from({}),
    )


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_a_full_lobby_says_so_and_offers_only_start(service, game: TableGame):
    table = await lobby(service, game)
    for count in range(1, game.max_seats + 1):
        if count > 1:
            await service.join(table.id, str(100 + count), f"Joueur {count}", "fr")
        assert len(table.seats) == count
        full = count == game.max_seats
        for lang in LANGS:
            said = str(table_embed(table, lang).description)
            offered = buttons(table_view(table, lang))
            join, start, computer = (t(lang, f"btn.{b}") for b in ("join", "start", "ai"))
            assert f"*{start}*" in said and offered[start]
            assert (f"*{join}*" in said) is not full, said
            assert offered.get(join, False) is not full
            assert offered[computer] is not full
            if full:
                assert t(lang, "table.lobby.full", count=count) == said


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_a_start_short_of_players_says_how_many_the_game_needs(service, game: TableGame):
    table = await lobby(service, game)
    with pytest.raises(UserError) as refused:
        await service.start(table.id, "100")
    for lang in LANGS:
        said = error_text(refused.value, lang)
        needed = re.findall(r"(\d+) (?:joueurs|players)", said)
        assert needed == [str(game.min_seats)], said

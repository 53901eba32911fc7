"""``/history`` in every game offered: each settled deal says how it went in its game's
words (the contract played and its result, or what a deal nobody played came to), and
what it gave every seat: its money, or its points in a game that scores points (never
the names alone); nothing in it is meant for developers."""

from __future__ import annotations

from typing import Any

import pytest

from bot.drawing.boards import history_embed, history_file_name
from bot.game import TableGame
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from db.models import PastHand
from tests.bot.offered import offered_games

LANGS = ("fr", "en")
DEALS = 6  # at most, to see a contract played


@pytest.fixture
def table_seed() -> int:
    return 5


async def seated(service: TableService, game: TableGame) -> LiveTable:
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
    return table


async def play_deal(service: TableService, table: LiveTable, *, passing: bool) -> None:
    """Every seat plays the fair computer player's move; ``passing``: passes whenever
    it may (a deal nobody plays, in a game where all may pass)."""
    state = table.state
    assert state is not None
    while not state.is_over:
        view = state.view(state.turn)
        passes = [a for a in state.legal_actions() if str(a) == "pass"]
        action: Any = passes[0] if passing and passes else None
        if action is None:
            action = await inline_decider(table.game.id, table.game.spec.fair, view, table.moves)
        await service.act(table.id, table.seats[state.turn].player, action)


def result_of(past: PastHand, lang: str) -> str:
    """The line of ``past`` that says how it went (between its heading and the nets)."""
    text = str(history_embed([past], lang).description)
    rest = text.partition("\n")[2]
    return rest.partition(" · ")[0]


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_a_deal_in_history_shows_what_it_gave_every_seat(service, game):
    table = await seated(service, game)
    await play_deal(service, table, passing=False)
    [past], _ = await service.history(10, game.id, None)
    for lang in LANGS:
        text = str(history_embed([past], lang).description)
        for seat in past.seats:
            if seat.points is not None:
                shown = game.renderer.money(seat.points, lang)
            else:
                assert game.capabilities.money, "a game without money reports its points"
                shown = game.renderer.money(seat.net, lang)
            assert f"{seat.name} {shown}" in text, text


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_history_says_how_each_deal_went_in_the_games_words(service, game):
    """A deal where all passed says so (not "—"); a contract is named with its result
    (not "Sud: failed"); the record's file is named, without developer words."""
    table = await seated(service, game)
    await play_deal(service, table, passing=True)  # all pass, where the game lets them
    declared = False
    for _ in range(DEALS):
        await service.next_hand(table.id, "100")
        await play_deal(service, table, passing=False)
        declared = bool((await service.history(10, game.id, None))[0][0].declarers)
        if declared:
            break
    hands, _ = await service.history(10, game.id, None)
    assert declared or game.match is not None, "no contract was played"  # a match: none
    for past in hands:
        for lang in LANGS:
            text = str(history_embed([past], lang, records={past.hand.id}).description)
            assert "python" not in text and "replay" not in text, text
            assert f"`{history_file_name(past)}`" in text
            kept = str(history_embed([past], lang).description)  # its record not given
            assert history_file_name(past) not in kept
            assert kept.endswith(t(lang, "history.records_kept"))
            said = result_of(past, lang)
            assert said and said != "—", f"a deal said as {said!r}"
            if past.declarers and past.result is not None and game.match is None:
                bare = t(lang, f"history.result.{past.result}")
                assert said != t(lang, "labelled", label=" & ".join(past.declarers), text=bare)
                assert all(name in said for name in past.declarers), said


async def test_a_deal_of_la_bete_nobody_played_says_so_and_what_stays(service):
    game = next(g for g in offered_games() if g.id == "bete")
    table = await seated(service, game)
    await play_deal(service, table, passing=True)
    [past], _ = await service.history(10, game.id, None)
    assert past.declarers == ()
    assert result_of(past, "en") == (
        "All passed, nobody played: the antes paid stay in the pot, the stake for the next hand."
    )

"""The money on the table message adds up, in every offered game with money: the
balances its seats show plus the pot it shows sum to zero at every step of a deal and
between deals (RULES.md, conventions: every transfer is between players or between a
player and the pot).  A deal's antes and a bête paid in at its start are in the pot
shown from the start, so they are out of the seats' balances from the start too; once
the deal is settled it counts once, in the session's balances.  Read from the table
message as drawn, in each language, people in every seat playing the fair computer
player's moves through the table service over a SQLite file, in a guild whose pot
starts empty."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import discord
import pytest

from bot.drawing.render import table_embed
from bot.game import TableGame
from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from bot.texts.i18n import LANGS, t
from db import Database
from tests.bot.offered import offered_games

GUILD, CHANNEL = 10, 20
NAMES = ("Arthur", "Alexandre", "Bertrand", "Claude", "Denise")
DEALS = 4  # whole deals played at each table
LIMIT = 5000  # the largest amount a few deals move, and more


def money_games() -> list[Any]:
    return [pytest.param(g, id=g.id) for g in offered_games() if g.capabilities.money]


@cache
def money_texts(game_id: str, lang: str) -> dict[str, int]:
    """A balance as a seat shows it (signed, in the game's money) -> the amount."""
    renderer = next(g for g in offered_games() if g.id == game_id).renderer
    return {renderer.money(n, lang): n for n in range(-LIMIT, LIMIT)}


@cache
def amount_texts(game_id: str, lang: str) -> dict[str, int]:
    """An amount as the game writes it (unsigned) -> the amount."""
    renderer = next(g for g in offered_games() if g.id == game_id).renderer
    return {renderer.amount(n, lang): n for n in range(LIMIT)}


@cache
def poule_texts(lang: str) -> dict[str, int]:
    return {t(lang, "hombre.poule", amount=n): n for n in range(LIMIT)}


def lines_of(embed: discord.Embed) -> list[str]:
    texts = [embed.description or "", *(f.value or "" for f in embed.fields)]
    return [line for text in texts for line in text.splitlines()]


def hombre_pot(game: TableGame, embed: discord.Embed, table: LiveTable, lang: str) -> int:
    """The poule (the bête in play inside it), on its line of the money field."""
    found = [poule_texts(lang)[line] for line in lines_of(embed) if line in poule_texts(lang)]
    assert len(found) == 1, f"one poule shown, not {found}"
    return found[0]


def bete_pot(game: TableGame, embed: discord.Embed, table: LiveTable, lang: str) -> int:
    """The pot's three parts (reserve, stake, king jetons), on the pot's line."""
    parts = t(lang, "bete.pot_parts", reserve="{}", stake="{}", kings="{}")
    pattern = re.compile("(.+)".join(map(re.escape, t(lang, "bete.pot", parts=parts).split("{}"))))
    found = [m.groups() for line in lines_of(embed) if (m := pattern.fullmatch(line))]
    assert len(found) == 1, f"one pot shown, not {found}"
    return sum(amount_texts(game.id, lang)[part] for part in found[0])


def hombree_pot(game: TableGame, embed: discord.Embed, table: LiveTable, lang: str) -> int:
    """The pinandèles' pot, on the pot's line, whatever of it is in play this hand."""
    found = [amount for line in lines_of(embed) if (amount := hombree_pot_in(line, lang))]
    assert len(found) == 1, f"one pot shown, not {found}"
    return amount_texts(game.id, lang)[found[0]]


def hombree_pot_in(line: str, lang: str) -> str | None:
    """The pot's amount as written on ``line``, if it is the pot's line (its forms with
    a part in play first: the plain form's amount would take their whole tail)."""
    for key in ("table.pot_in_play", "table.pot_all_in_play", "table.pot"):
        form = re.escape(t(lang, key, amount="\0a", stake="\0s"))
        pattern = form.replace(re.escape("\0a"), "(.+)").replace(re.escape("\0s"), ".+")
        if m := re.fullmatch(pattern, line):
            return m.group(1)
    return None


# how a player reads each game's pot (a game with money has one, and says where)
POTS: dict[str, Callable[[TableGame, discord.Embed, LiveTable, str], int]] = {
    "hombre": hombre_pot,
    "bete": bete_pot,
    "bete-hombree": hombree_pot,
}


def shown(game: TableGame, table: LiveTable, lang: str) -> tuple[list[int], int]:
    """The seats' balances and the pot, as the table message shows them."""
    embed = table_embed(table, lang)
    seats = next(f.value or "" for f in embed.fields if f.name == t(lang, "table.seats"))
    texts = money_texts(game.id, lang)
    balances = []
    for line in seats.splitlines():
        last = re.split(" — | · ", line)[-1]
        assert last in texts, f"no balance at the end of the seat line {line!r}"
        balances.append(texts[last])
    assert len(balances) == len(table.seats)
    assert game.id in POTS, f"{game.id}: say how its pot is read (POTS)"
    return balances, POTS[game.id](game, embed, table, lang)


@pytest.mark.parametrize("game", money_games())
async def test_the_balances_and_the_pot_shown_sum_to_zero_at_every_step(
    database_target: str, game: TableGame
) -> None:
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: 7, ai_pause=3600)
    await service.load()
    try:
        table = await service.open_table(
            guild_id=GUILD,
            channel_id=CHANNEL,
            player="101",
            name=NAMES[0],
            game=game,
            rules=game.spec.options(),
            pictures=False,
        )
        for i in range(1, game.min_seats):
            await service.join(table.id, str(101 + i), NAMES[i], "fr")
        await service.start(table.id, "101")
        settled = [0] * len(table.seats)  # the settled deals' nets, by seat
        deals = steps_in_deal = 0
        while True:
            for lang in LANGS:
                balances, pot = shown(game, table, lang)
                moment = "during" if table.in_deal else "after"
                where = f"{moment} deal {table.hand_no} ({lang}): seats {balances}, pot {pot}"
                assert sum(balances) + pot == 0, where
                if not table.in_deal:  # a settled deal is counted once
                    assert balances == settled, where
            if table.in_deal:
                steps_in_deal += 1
                state = table.state
                assert state is not None
                view = state.view(state.turn)
                action = await inline_decider(game.id, game.spec.fair, view, table.moves)
                await service.act(table.id, table.seats[state.turn].player, action)
                if not table.in_deal:
                    assert table.last is not None
                    settled = [a + b for a, b in zip(settled, table.last.outcome.net, strict=True)]
                continue
            deals += 1
            if deals >= DEALS or table.status == "ended":
                break
            await service.next_hand(table.id, "101")
    finally:
        await service.close()
        await db.close()
    assert deals == DEALS and steps_in_deal

"""Playing by keyboard: ``/play move:`` and ``/hand``.

``/play`` takes any move of the table's game (a card, a call, a discard, a
declaration...), read by the game's renderer, and offers exactly the user's
legal moves by autocomplete; ``/hand`` shows the hand privately.  Each finds
the table where the user sits (in this server, or their only one from a DM)
and answers with a fresh private view of the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.errors import UserError
from bot.renderer import CardRow
from bot.tables.clicks import Click
from bot.tables.table import LiveTable
from bot.texts.parsing import matches
from games.cards import Card, PlaysOneCard

CHOICES = 25  # Discord shows 25 choices at most

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot

Interaction = discord.Interaction[Any]


def _bot(interaction: Interaction) -> BeteBot:
    return cast("BeteBot", interaction.client)


def _my_table(interaction: Interaction) -> tuple[LiveTable, int]:
    player = str(interaction.user.id)
    table = _bot(interaction).service.of_player(player, interaction.guild_id)
    seat = table.seat_of(player)
    assert seat is not None
    return table, seat


def offered_order(rows: list[CardRow], legal: Sequence[Any], typed: bool) -> list[Any]:
    """The legal moves in the order ``/play`` offers them: a card's moves in the order
    of the hand as drawn, the other moves first as the game lists them.  With nothing
    typed, each card's first move comes before its variants (L'Hombre's signals), so
    that the first ``CHOICES`` offer every card; once typed, a card's variants follow
    it, all of them within reach."""
    place = {card: i for i, card in enumerate(c for row in rows for c in row.cards)}
    seen: Counter[Card] = Counter()
    keys = []
    for action in legal:
        card = played_card(action)
        variant = seen[card] if card is not None and not typed else 0
        keys.append((variant, -1 if card is None else place.get(card, len(place))))
        if card is not None:
            seen[card] += 1
    order = sorted(range(len(legal)), key=lambda i: keys[i])
    return [legal[i] for i in order]


def played_card(action: object) -> Card | None:
    """The one card a move plays or discards, if it is about one card."""
    if isinstance(action, PlaysOneCard) and action.cards.bit_count() == 1:
        return action.card
    return None


class Play(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play a move: a card, a call, a discard...")
    @app_commands.describe(move="Your move, e.g. 10S, R♥, pass, 3 belle, je joue")
    async def play(self, interaction: Interaction, move: str) -> None:
        table, seat = _my_table(interaction)
        bot, player = self.bot, str(interaction.user.id)
        bot.presenter.remember_locale(table, player, interaction.locale)
        since = bot.presenter.acted(table, interaction)
        await bot.service.play(Click(player, table.id, notation=move))
        try:
            await bot.presenter.panels.answer(table, interaction, seat, bot.lang(interaction))
        finally:  # the move stands, its answer sent or not (Discord refuses one too late)
            await bot.presenter.after_change(table)
        await bot.presenter.reach(table, interaction, since)  # edited by the move, or looked up

    @play.autocomplete("move")
    async def move_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        try:
            table, seat = _my_table(interaction)
        except UserError:
            return []
        state = table.state
        if state is None or state.is_over or state.turn != seat:
            return []
        renderer, lang = table.game.renderer, self.bot.lang(interaction)
        view = state.view(seat)
        out = []
        for action in offered_order(
            renderer.hand_rows(view, lang), renderer.offered(view), bool(current)
        ):
            label, value = renderer.move_text(view, action, lang), str(action)
            if matches(current, label, value):
                out.append(Choice(name=label[:100], value=value[:100]))
        return out[:CHOICES]

    @app_commands.command(name="hand", description="See your hand privately")
    async def hand(self, interaction: Interaction) -> None:
        table, seat = _my_table(interaction)
        lang, presenter = self.bot.lang(interaction), self.bot.presenter
        since = presenter.acted(table, interaction)
        await presenter.panels.answer(table, interaction, seat, lang)
        await presenter.reach(table, interaction, since)  # its message gone: posted anew


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Play(bot))

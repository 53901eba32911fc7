"""Playing by keyboard: ``/play move:`` and ``/hand``.

``/play`` takes any move of the table's game (a card, a call, a discard, a
declaration...), read by the game's renderer, and offers exactly the user's
legal moves by autocomplete; ``/hand`` shows the hand privately.  Each finds
the table where the user sits (in this server, or their only one from a DM)
and answers with a fresh private view of the hand.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.delivery.in_time import defer_if_late, in_time
from bot.errors import UserError
from bot.play_choices import play_choices
from bot.tables.clicks import Click
from bot.tables.table import LiveTable
from cogs import bot_of

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot

Interaction = discord.Interaction[Any]


def _my_table(interaction: Interaction) -> tuple[LiveTable, int]:
    player = str(interaction.user.id)
    table = bot_of(interaction).service.of_player(player, interaction.guild_id)
    seat = table.seat_of(player)
    assert seat is not None
    return table, seat


class Play(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play a move: a card, a call, a discard...")
    @app_commands.describe(move="Your move, e.g. 10S, K♥, pass, 3 belle, je joue")
    async def play(self, interaction: Interaction, move: str) -> None:
        asked = time.monotonic()
        table, seat = _my_table(interaction)
        bot, player = self.bot, str(interaction.user.id)
        bot.presenter.remember_locale(table, player, interaction.locale)
        since = bot.presenter.acted(table, interaction)
        # a busy table past 2 s: "thinking…" privately, which the panel then fills in
        played = bot.service.play(Click(player, table.id, notation=move))
        await in_time(interaction, played, ephemeral=True, since=asked, acting=True)
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
        lang = self.bot.lang(interaction)
        return play_choices(table.game.renderer, state.view(seat), lang, current)

    @app_commands.command(name="hand", description="See your hand privately")
    async def hand(self, interaction: Interaction) -> None:
        table, seat = _my_table(interaction)
        lang, presenter = self.bot.lang(interaction), self.bot.presenter
        since = presenter.acted(table, interaction)
        await defer_if_late(interaction)  # the panel fills the "thinking…" in
        await presenter.panels.answer(table, interaction, seat, lang)
        await presenter.reach(table, interaction, since)  # its message gone: posted anew


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Play(bot))

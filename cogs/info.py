"""The guild's register (``/betes``), standings (``/scoreboard``) and ``/rules``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import lang_for
from bot.offered import DEFAULT_GAME, GAMES, table_game
from bot.render import register_embed, rules_embed, scoreboard_embed

if TYPE_CHECKING:
    from bot.client import BeteBot
    from bot.table import LiveTable
    from bot.tablegame import TableGame

Interaction = discord.Interaction[Any]

GAME_CHOICES = [Choice(name=game.title, value=game.id) for game in GAMES.values()]
PERIODS = {
    "all": None,
    "month": timedelta(days=30),
    "week": timedelta(days=7),
    "day": timedelta(days=1),
}


class Info(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    async def _public_lang(self, interaction: Interaction) -> str:
        if interaction.guild_id is None:
            return self.bot.lang(interaction)
        async with self.bot.db.reading() as store:
            settings = await store.guild_settings(interaction.guild_id)
        return settings.language or lang_for(
            interaction.guild_locale, self.bot.settings.default_language
        )

    @app_commands.command(name="betes", description="Show the server's register of bêtes")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=GAME_CHOICES)
    async def betes(self, interaction: Interaction, game: str | None = None) -> None:
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        chosen = _game(game, table)
        register = await self.bot.service.register(interaction.guild_id, chosen.id)
        lang = await self._public_lang(interaction)
        embed = register_embed(chosen, register.entries, register.pot, lang, table)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="scoreboard", description="Rank the server's players by sous won")
    @app_commands.describe(game="The game", period="Period")
    @app_commands.choices(
        game=GAME_CHOICES,
        period=[
            Choice(name="All time", value="all"),
            Choice(name="Last 30 days", value="month"),
            Choice(name="Last 7 days", value="week"),
            Choice(name="Last 24 hours", value="day"),
        ],
    )
    async def scoreboard(
        self, interaction: Interaction, game: str | None = None, period: str = "all"
    ) -> None:
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        if period not in PERIODS:
            raise UserError("error.bad_input", text=period[:30])
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        chosen = _game(game, table)
        span = PERIODS[period]
        since = datetime.now(UTC) - span if span is not None else None
        rows = await self.bot.service.scoreboard(interaction.guild_id, chosen.id, since)
        lang = await self._public_lang(interaction)
        embed = scoreboard_embed(chosen, rows, lang, period)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="rules", description="The rules in short")
    @app_commands.describe(game="The game", topic="Topic")
    @app_commands.choices(
        game=GAME_CHOICES,
        topic=[
            Choice(name=name, value=value)
            for name, value in (
                ("Overview", "overview"),
                ("Auction / speaking", "auction"),
                ("Declaration (La Bête Hombrée)", "declaration"),
                ("Play", "play"),
                ("Settlement", "settlement"),
                ("Register of bêtes", "register"),
            )
        ],
    )
    async def rules(
        self, interaction: Interaction, game: str | None = None, topic: str = "overview"
    ) -> None:
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        chosen = _game(game, table)
        lang = self.bot.lang(interaction)
        embed = rules_embed(chosen, topic, lang)
        await interaction.response.send_message(embed=embed, ephemeral=True)


def _game(game: str | None, table: LiveTable | None) -> TableGame:
    """The game asked for; by default the one played in this channel, else the main game."""
    if game is None:
        return table.game if table is not None else table_game(DEFAULT_GAME)
    if game not in GAMES:
        raise UserError("error.bad_input", text=game[:30])
    return table_game(game)


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Info(bot))

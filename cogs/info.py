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
from bot.render import RULE_TOPICS, register_embed, rules_embed, scoreboard_embed

if TYPE_CHECKING:
    from bot.client import BeteBot

Interaction = discord.Interaction[Any]

GAMES = [Choice(name="La Bête Hombrée", value="bete-hombree")]
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
    @app_commands.choices(game=GAMES)
    async def betes(self, interaction: Interaction, game: str = "bete-hombree") -> None:
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        register = await self.bot.service.register(interaction.guild_id, game)
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        lang = await self._public_lang(interaction)
        embed = register_embed(register.entries, register.pot, lang, table)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="scoreboard", description="Rank the server's players by sous won")
    @app_commands.describe(game="The game", period="Period")
    @app_commands.choices(
        game=GAMES,
        period=[
            Choice(name="All time", value="all"),
            Choice(name="Last 30 days", value="month"),
            Choice(name="Last 7 days", value="week"),
            Choice(name="Last 24 hours", value="day"),
        ],
    )
    async def scoreboard(
        self, interaction: Interaction, game: str = "bete-hombree", period: str = "all"
    ) -> None:
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        span = PERIODS.get(period)
        since = datetime.now(UTC) - span if span is not None else None
        rows = await self.bot.service.scoreboard(interaction.guild_id, game, since)
        lang = await self._public_lang(interaction)
        await interaction.response.send_message(embed=scoreboard_embed(rows, lang, period))

    @app_commands.command(name="rules", description="The rules in short")
    @app_commands.describe(topic="Topic")
    @app_commands.choices(
        topic=[
            Choice(name=name, value=value)
            for name, value in zip(
                ("Overview", "Auction", "Declaration", "Play", "Settlement", "Register of bêtes"),
                RULE_TOPICS,
                strict=True,
            )
        ]
    )
    async def rules(self, interaction: Interaction, topic: str = "overview") -> None:
        lang = self.bot.lang(interaction)
        await interaction.response.send_message(embed=rules_embed(topic, lang), ephemeral=True)


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Info(bot))

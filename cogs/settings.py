"""``/settings``: a player's own settings, kept in the database, in every server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.texts.i18n import t

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot

Interaction = discord.Interaction[Any]


class Settings(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your own settings, in every server")
    @app_commands.describe(notify="How to tell you it is your turn")
    @app_commands.choices(
        notify=[
            Choice(name="A direct message", value="dm"),
            Choice(name="A mention in the channel", value="mention"),
            Choice(name="Nothing", value="none"),
        ]
    )
    async def settings(self, interaction: Interaction, notify: str) -> None:
        await self.bot.service.set_notify_mode(str(interaction.user.id), notify)
        lang = self.bot.lang(interaction)
        await interaction.response.send_message(t(lang, f"ok.notify.{notify}"), ephemeral=True)


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Settings(bot))

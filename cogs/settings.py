"""``/settings``: a player's own settings, kept in the database, in every server; and the
server's, which only its managers change (every hand reviewed in the background)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery.permissions import manager_only
from bot.drawing.preferences import settings_embed
from bot.errors import UserError
from bot.texts.i18n import t
from bot.texts.translator import translated_choice

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot

Interaction = discord.Interaction[Any]
SWITCH = {"on": True, "off": False}


class Settings(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="settings", description="Your own settings, in every server, and this server's"
    )
    @app_commands.describe(
        notify="How to tell you it is your turn",
        reviews="This server: every hand reviewed in the background (server managers)",
    )
    @app_commands.choices(
        notify=[
            translated_choice("A direct message", "dm"),
            translated_choice("A mention in the channel", "mention"),
            translated_choice("Nothing", "none"),
        ],
        reviews=[translated_choice("On", "on"), translated_choice("Off", "off")],
    )
    async def settings(
        self, interaction: Interaction, notify: str | None = None, reviews: str | None = None
    ) -> None:
        service = self.bot.service
        if reviews is not None:  # refused before anything changes
            manager_only(interaction)
            if reviews not in SWITCH:
                raise UserError("error.bad_input", text=reviews[:30])
        lang = self.bot.lang(interaction)
        done = []
        if notify is not None:
            await service.set_notify_mode(str(interaction.user.id), notify)
            done.append(t(lang, f"ok.notify.{notify}"))
        if reviews is not None and interaction.guild_id is not None:
            await service.set_auto_review(interaction.guild_id, SWITCH[reviews])
            done.append(t(lang, f"ok.reviews.{reviews}"))
        if done:
            await interaction.response.send_message("\n".join(done), ephemeral=True)
            return
        mode = await service.notify_mode(str(interaction.user.id))
        guild = None
        if interaction.guild_id is not None:
            guild = await service.guild_settings(interaction.guild_id)
        embed = settings_embed(lang, mode, guild)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Settings(bot))

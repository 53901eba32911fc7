"""The bot's first word in a server that adds it: the guide (``/help``), posted in the
server's system channel, where Discord posts its own welcomes, and only there: a server
without one, or that does not let the bot write and show embeds there, gets nothing."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.drawing.guide import welcome_embed
from bot.texts.i18n import lang_for

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot

log = logging.getLogger(__name__)


class Welcome(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        channel = guild.system_channel
        if channel is None:
            return
        allowed = channel.permissions_for(guild.me)
        if not (allowed.send_messages and allowed.embed_links):
            log.info("server %s: no welcome, the bot may not write in its system channel", guild.id)
            return
        try:  # a server added back keeps the language it chose
            stored = await self.bot.service.guild_language(guild.id)
            lang = stored or lang_for(guild.preferred_locale, self.bot.settings.default_language)
            await channel.send(embed=welcome_embed(lang))
        except Exception:  # a welcome is no reason to trouble anything else
            log.exception("could not welcome server %s", guild.id)


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Welcome(bot))

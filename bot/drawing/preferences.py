"""``/settings`` shown: a player's own settings, and the server's (its public messages'
language, whether its hands are reviewed in the background)."""

from __future__ import annotations

import discord

from bot.drawing.render import COLOUR
from bot.texts.i18n import t
from db.models import GuildSettings


def settings_embed(lang: str, notify: str, guild: GuildSettings | None) -> discord.Embed:
    """``notify``: how the player is told it is their turn; ``guild``: the server's
    settings (None outside a server)."""
    embed = discord.Embed(title=t(lang, "settings.title"), colour=COLOUR)
    embed.add_field(
        name=t(lang, "settings.notify"), value=t(lang, f"settings.notify.{notify}"), inline=False
    )
    if guild is not None:
        language = t(lang, f"settings.language.{guild.language or 'none'}")
        lines = [
            t(lang, "settings.language", language=language),
            t(lang, "settings.reviews", reviews=t(lang, "yes" if guild.auto_review else "no")),
        ]
        embed.add_field(name=t(lang, "settings.server"), value="\n".join(lines), inline=False)
    embed.set_footer(text=t(lang, "settings.how"))
    return embed

"""``/table end`` and ``/table replace``: what a member who may manage the server does to
a channel's table (``bot.tables.moderation``; the permission checked here)."""

from __future__ import annotations

from typing import Any

import discord

from bot.delivery.permissions import manager_only
from bot.errors import UserError
from bot.tables.names import inert_name
from bot.texts.i18n import t
from cogs import bot_of

Interaction = discord.Interaction[Any]


async def end_table(interaction: Interaction) -> None:
    """``/table end``: a moderator ends this channel's table (the register carries over)."""
    manager_only(interaction)
    bot = bot_of(interaction)
    assert interaction.channel_id is not None
    by, name = str(interaction.user.id), inert_name(interaction.user.display_name)
    table = await bot.service.moderator_end(interaction.channel_id, by, name)
    await interaction.response.send_message(
        t(bot.lang(interaction), "ok.moderated"), ephemeral=True
    )
    await bot.presenter.after_change(table)


async def replace_player(interaction: Interaction, player: discord.Member) -> None:
    """``/table replace player:``: a moderator has the computer play for a player."""
    manager_only(interaction)
    bot = bot_of(interaction)
    assert interaction.channel_id is not None
    by, name = str(interaction.user.id), inert_name(interaction.user.display_name)
    try:
        table = await bot.service.moderator_replace(
            interaction.channel_id, by, name, str(player.id)
        )
    except UserError as error:
        if error.key == "error.not_a_player_here":
            raise UserError(error.key, name=inert_name(player.display_name)) from None
        raise
    await interaction.response.send_message(
        t(bot.lang(interaction), "ok.moderated"), ephemeral=True
    )
    await bot.presenter.after_change(table)

"""Thin Discord adapters: slash commands and views. No rules here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot


def bot_of(interaction: discord.Interaction[Any]) -> BeteBot:
    """The bot an interaction came to (its services, presenter and language)."""
    return cast("BeteBot", interaction.client)

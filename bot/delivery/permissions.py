"""The permissions the bot needs in a table's channel, and telling the person who acted,
once and privately, which of them it lacks when Discord refuses one (403: 50001 Missing
Access, 50013 Missing Permissions); and the one a member needs to moderate tables,
change the server's settings or start the review of another's seat (``manager_only``,
``is_manager``), and who may see a settled hand's hidden cards (``referee``).

What the bot may do in a channel comes with every interaction made there
(``app_permissions``); the last seen is kept for each table's channel, so that a refusal
met after a click in the DMs names the right permission too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import Any, Final

import discord

from bot.drawing.summary import names_text
from bot.errors import UserError
from bot.tables.table import LiveTable
from bot.texts.i18n import lang_for, t

log = logging.getLogger(__name__)

# what a table needs in its channel: see it, post its message and summaries, their
# embeds and pictures, and look its message up (a click that edits nothing public)
NEEDED: Final = (
    "view_channel",
    "send_messages",
    "embed_links",
    "attach_files",
    "read_message_history",
)
TOLD_FOR: Final = 14 * 60  # seconds an interaction's token may still answer (15 minutes)
TOLD: Final = "told_missing_permission"  # in an interaction's extras, once a follow-up said so


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member who acted has the server's *Manage Server* permission."""
    return interaction.guild_id is not None and interaction.permissions.manage_guild


def referee(interaction: discord.Interaction[Any], players: Iterable[str]) -> bool:
    """Whether the member who acted may see the hidden cards of a settled hand played
    by ``players`` (every hand dealt, the discards, the talon...): one who may manage
    the server and did not play it.  A player never sees what his seat did not, even
    once the hand is over."""
    return is_manager(interaction) and str(interaction.user.id) not in set(players)


def manager_only(interaction: discord.Interaction[Any]) -> None:
    """Only a member with the server's *Manage Server* permission moderates tables and
    changes the server's settings."""
    if interaction.guild_id is None:
        raise UserError("error.guild_only")
    if not is_manager(interaction):
        raise UserError("error.moderator_only")


def missing_text(lang: str, channel_id: int, permissions: discord.Permissions | None) -> str:
    """What the bot tells the person who acted: the permissions it lacks in the channel,
    as the channel's last interaction showed them; if that showed none missing (or none
    was seen), every permission a table needs there."""
    lacking = [p for p in NEEDED if permissions is not None and not getattr(permissions, p)]
    if lacking:
        names = names_text([t(lang, f"perm.{p}") for p in lacking], lang)
        return t(lang, "perm.missing", channel=channel_id, count=len(lacking), perms=names)
    needed = names_text([t(lang, f"perm.{p}") for p in NEEDED], lang)
    return t(lang, "perm.refused", channel=channel_id, perms=needed)


class Permissions:
    """Who acted last at each table, what the bot may do in each table's channel, and who
    was told already that a permission is missing."""

    def __init__(self, default_language: str) -> None:
        self.default_language = default_language
        self._actors: dict[int, tuple[Any, float]] = {}  # table: (interaction, Unix time)
        self._seen: dict[int, discord.Permissions] = {}  # channel: the bot's permissions
        self._told: dict[int, set[int]] = {}  # table: the users told since the last refusal

    def acted(self, table: LiveTable, interaction: discord.Interaction[Any]) -> None:
        """A person acts at ``table`` (a click, a command): told if Discord refuses."""
        self._actors[table.id] = (interaction, time.time())
        if interaction.channel_id == table.row.channel_id and interaction.guild_id is not None:
            self._seen[table.row.channel_id] = interaction.app_permissions

    def through(self, table_id: int) -> None:
        """Something reached the table's channel: a refusal after this is told again."""
        self._told.pop(table_id, None)

    def forget(self, table_id: int) -> None:
        self._actors.pop(table_id, None)
        self._told.pop(table_id, None)

    async def refused(self, table: LiveTable, error: discord.Forbidden) -> None:
        """Discord refused the bot a permission in the table's channel: the person who
        acted last is told which, privately, once (until something goes through again)."""
        log.warning("missing permission in the channel of table %s: %s", table.id, error)
        actor = self._actors.get(table.id)
        if actor is None or time.time() - actor[1] >= TOLD_FOR:
            return
        interaction = actor[0]
        if not interaction.response.is_done():  # its own answer comes first (the cog's)
            return
        told = self._told.setdefault(table.id, set())
        if interaction.user.id in told:
            return
        told.add(interaction.user.id)
        lang = lang_for(interaction.locale, self.default_language)
        text = missing_text(lang, table.row.channel_id, self._seen.get(table.row.channel_id))
        try:
            await interaction.followup.send(text, ephemeral=True)
            interaction.extras[TOLD] = True
        except discord.HTTPException as failure:
            log.warning("could not tell %s a permission is missing: %s", interaction.user, failure)

    def answer(
        self, table: LiveTable, interaction: discord.Interaction[Any], lang: str
    ) -> str | None:
        """What ``interaction`` answers, its own act refused for a permission the bot
        lacks in the table's channel (``/table show``): the permissions missing, unless a
        follow-up of it said so already (None). Its user counts as told: the next
        refusal, the outbox trying again, tells nobody again."""
        if interaction.extras.get(TOLD):
            return None
        self._told.setdefault(table.id, set()).add(interaction.user.id)
        return missing_text(lang, table.row.channel_id, self._seen.get(table.row.channel_id))

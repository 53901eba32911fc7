"""What players and servers chose for themselves, read and kept in the database: the
language of a server's public messages, whether a server has its hands reviewed in the
background, and how each player is told it is their turn."""

from __future__ import annotations

from bot.errors import UserError
from db import Database
from db.models import GuildSettings

NOTIFY_MODES = ("dm", "mention", "none")  # how a player is told it is their turn


class Preferences:
    """Players' and servers' own settings (a part of the table service), in ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._notify: dict[str, str] = {}  # players' notify modes as stored, read once

    async def guild_language(self, guild_id: int, language: str | None = None) -> str | None:
        """The language of the guild's public messages, set to ``language`` if given."""
        if language is not None:  # the server's choice, for its public messages from now on
            async with self.db.transaction() as store:
                await store.preferences.set_guild_language(guild_id, language)
        async with self.db.reading() as store:
            return (await store.preferences.guild_settings(guild_id)).language

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """What the guild chose: its language, whether its hands are reviewed in the
        background."""
        async with self.db.reading() as store:
            return await store.preferences.guild_settings(guild_id)

    async def set_auto_review(self, guild_id: int, on: bool) -> None:
        """Have every hand of the guild reviewed in the background when the bot is idle
        (``bot.teacher.background``), or not."""
        async with self.db.transaction() as store:
            await store.preferences.set_guild_auto_review(guild_id, on)

    async def notify_mode(self, player: str) -> str:
        """How ``player`` wants to be told it is their turn (``NOTIFY_MODES``)."""
        mode = self._notify.get(player)
        if mode is None:
            async with self.db.reading() as store:
                mode = self._notify[player] = await store.preferences.player_notify(player)
        return mode

    async def set_notify_mode(self, player: str, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise UserError("error.bad_input", text=mode[:30])
        async with self.db.transaction() as store:
            await store.preferences.set_player_notify(player, mode)
        self._notify[player] = mode

"""What players and servers chose for themselves: a server's language, how a player
is told it is their turn."""

from __future__ import annotations

from db.models import GuildSettings
from db.repository import Repository


class PreferenceRepository(Repository):
    """Guilds' and players' settings."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one("SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings(guild_id, None if row is None else row["language"])

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, language),
        )

    async def player_notify(self, player: str) -> str:
        """How ``player`` is told it is their turn: dm (the default), mention or none."""
        row = await self._one("SELECT notify FROM player_settings WHERE player = ?", (player,))
        return "dm" if row is None else str(row["notify"])

    async def set_player_notify(self, player: str, notify: str) -> None:
        await self._run(
            "INSERT INTO player_settings (player, notify) VALUES (?, ?)"
            " ON CONFLICT (player) DO UPDATE SET notify = excluded.notify",
            (player, notify),
        )

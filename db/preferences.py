"""What players and servers chose for themselves: a server's language, how a player
is told it is their turn, whether a server has its hands reviewed."""

from __future__ import annotations

from db.models import GuildSettings
from db.repository import Repository


class PreferenceRepository(Repository):
    """Guilds' and players' settings."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one(
            "SELECT language, auto_review FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return GuildSettings(guild_id, None)
        return GuildSettings(guild_id, row["language"], bool(row["auto_review"]))

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, language),
        )

    async def set_guild_auto_review(self, guild_id: int, on: bool) -> None:
        """Have every hand of the guild reviewed in the background (or not)."""
        await self._run(
            "INSERT INTO guild_settings (guild_id, auto_review) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET auto_review = excluded.auto_review",
            (guild_id, int(on)),
        )

    async def auto_review_guilds(self) -> list[int]:
        """The guilds that have every hand reviewed in the background."""
        rows = await self._all("SELECT guild_id FROM guild_settings WHERE auto_review = 1")
        return [int(row["guild_id"]) for row in rows]

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

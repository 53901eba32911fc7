"""A tiny bot that honours the same contract as ``python -m bot``, to prove the fake.

Run as ``python -m tests.e2e.standin_bot`` with the variables the real bot reads:
``DISCORD_TOKEN``, ``DATABASE_PATH``, ``DEV_GUILD_ID``, and optionally
``DISCORD_API_BASE`` / ``DISCORD_GATEWAY_URL``. It exercises what the real bot
will: slash commands (a group with a subcommand, choices, autocomplete),
public, ephemeral and deferred answers, a channel message with persistent
buttons (``DynamicItem``, so they survive a restart), a DM (with the
DMs-closed fallback), a select, a modal, and a counter kept in SQLite.
"""

from __future__ import annotations

import asyncio
import os
import re
from typing import Any

import aiosqlite
import discord
import yarl
from discord import app_commands
from discord.ext import commands


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """The two module attributes that make discord.py talk to another server."""
    if api_base:
        discord.http.Route.BASE = api_base
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class CountButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"demo:count:(?P<n>\d+)"
):
    """A persistent button: its custom_id carries the counter it was made for."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Compter ({n})", custom_id=f"demo:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CountButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, StandInBot)
        value = await bot.bump("count")
        if self.n != value - 1:
            await interaction.response.send_message("Ce bouton a vieilli.", ephemeral=True)
            return
        view = TableMessageView()
        view.add_item(CountButton(value))
        await interaction.response.edit_message(content=f"Compteur : {value}", view=view)


class HandView(discord.ui.View):
    """An ephemeral "my hand": clicking a card edits the ephemeral message."""

    def __init__(self, cards: list[str]) -> None:
        super().__init__(timeout=None)
        for card in cards:
            button: discord.ui.Button[HandView] = discord.ui.Button(
                label=card, custom_id=f"demo:hand:{card}"
            )
            button.callback = self._make_callback(card)  # type: ignore[method-assign]
            self.add_item(button)

    def _make_callback(self, card: str) -> Any:
        async def callback(interaction: discord.Interaction) -> None:
            await interaction.response.edit_message(content=f"Tu as joué {card}.", view=None)

        return callback


class RenameModal(discord.ui.Modal, title="Nom de la table"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(
        label="Nom", custom_id="demo:rename:name"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Table renommée : {self.name.value}")


class TableMessageView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ma main", custom_id="demo:myhand")
    async def my_hand(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_message(
            "Ta main :", view=HandView(["10S", "KH"]), ephemeral=True
        )

    @discord.ui.button(label="Passer", custom_id="demo:pass")
    async def pass_(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()  # type 6: nothing visible yet
        await interaction.edit_original_response(content=f"{interaction.user.display_name} passe")

    @discord.ui.button(label="Renommer", custom_id="demo:rename")
    async def rename(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_modal(RenameModal())

    @discord.ui.select(
        custom_id="demo:trump",
        placeholder="Atout",
        options=[discord.SelectOption(label=s, value=s) for s in ("S", "H", "D", "C")],
    )
    async def trump(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"Atout : {select.values[0]}")


class StandInBot(commands.Bot):
    def __init__(self, database_path: str, dev_guild_id: int | None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.1,
        )
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.db: aiosqlite.Connection | None = None

    async def setup_hook(self) -> None:
        self.db = await aiosqlite.connect(self.database_path)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS counter (name TEXT PRIMARY KEY, value INTEGER)"
        )
        await self.db.commit()
        self.add_dynamic_items(CountButton)
        self.add_view(TableMessageView())
        self.tree.add_command(demo)
        self.tree.add_command(table)
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause before re-identifying: the fake has no identify rate limit."""

    async def bump(self, name: str) -> int:
        assert self.db is not None
        await self.db.execute(
            "INSERT INTO counter VALUES (?, 1) ON CONFLICT(name) DO UPDATE SET value = value + 1",
            (name,),
        )
        await self.db.commit()
        async with self.db.execute("SELECT value FROM counter WHERE name = ?", (name,)) as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return int(row[0])

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None
        await super().close()


CARDS = ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H", "8H"]


@app_commands.command(name="demo", description="Show every kind of answer")
@app_commands.describe(mode="How to answer", card="A card")
@app_commands.choices(
    mode=[
        app_commands.Choice(name="public", value="public"),
        app_commands.Choice(name="ephemeral", value="ephemeral"),
        app_commands.Choice(name="deferred", value="deferred"),
        app_commands.Choice(name="edited", value="edited"),
    ]
)
async def demo(interaction: discord.Interaction, mode: str, card: str | None = None) -> None:
    """Answer as asked, then post a table message with buttons and DM the user."""
    text = f"Bonjour {interaction.user.display_name} ({mode})" + (f" : {card}" if card else "")
    if mode == "deferred":
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send(text)
    elif mode == "edited":
        await interaction.response.send_message(text)
        await interaction.edit_original_response(content=text + " (modifié)")
        extra = await interaction.followup.send("Note", ephemeral=True, wait=True)
        await extra.edit(content="Note modifiée")
        gone = await interaction.followup.send("Éphémère", wait=True)
        await gone.delete()
        return
    else:
        await interaction.response.send_message(text, ephemeral=mode == "ephemeral")
    channel = interaction.channel
    if isinstance(channel, discord.TextChannel):
        view = TableMessageView()
        view.add_item(CountButton(0))
        await channel.send("Compteur : 0", view=view)
    try:
        await interaction.user.send("Ta main : 10S KH", view=HandView(["10S", "KH"]))
    except discord.Forbidden:
        await interaction.followup.send(
            "Tes messages privés sont fermés : utilise « Ma main ».", ephemeral=True
        )


@demo.autocomplete("card")
async def demo_card(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in CARDS if c.startswith(current.upper())][
        :25
    ]


table = app_commands.Group(name="table", description="Tables")


@table.command(name="new", description="Open a table")
@app_commands.describe(game="The game", seats="How many seats")
async def table_new(
    interaction: discord.Interaction, game: str, seats: app_commands.Range[int, 3, 5] = 4
) -> None:
    await interaction.response.send_message(f"Table ouverte : {game}, {seats} places")


def main() -> None:
    point_discord_at(os.environ.get("DISCORD_API_BASE"), os.environ.get("DISCORD_GATEWAY_URL"))
    guild = os.environ.get("DEV_GUILD_ID")
    bot = StandInBot(os.environ["DATABASE_PATH"], int(guild) if guild else None)
    bot.run(os.environ["DISCORD_TOKEN"], log_level=20)


if __name__ == "__main__":
    main()

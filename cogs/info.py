"""The guild's register (``/betes``), standings (``/scoreboard``), a player's progress
(``/stats``), ``/history``, ``/rules`` and ``/help``."""

from __future__ import annotations

import asyncio
import io
import json
import time
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.delivery.in_time import in_time, send
from bot.delivery.permissions import referee
from bot.drawing.boards import (
    chart_players,
    history_file_name,
    history_shown,
    match_scoreboard_embed,
    nothing_played_embed,
    register_embed,
    rules_embed,
    rules_topic,
    scoreboard_embed,
)
from bot.drawing.charts import balance_chart
from bot.drawing.guide import help_embed
from bot.drawing.progress import loss_chart, no_stats_embed, stats_embed, stats_file_name
from bot.errors import UserError
from bot.game import TableGame
from bot.games import default_game, game_named, table_games
from bot.tables.names import inert_name
from bot.teacher.answer import answer_review
from bot.teacher.stats import progress_by_game
from bot.texts.fitting import EmbedMaker, fitted_together
from bot.texts.i18n import lang_for, t
from bot.texts.parsing import matches
from bot.texts.translator import command_word, translated_choice

if TYPE_CHECKING:
    from bot.delivery.client import BeteBot
    from bot.tables.table import LiveTable

Interaction = discord.Interaction[Any]
# a chart to draw: the game (its id), the file name, the series and the players shown
Chart = tuple[str, str, list[tuple[int, str, int]], list[tuple[str, str]]]
PERIODS = {
    "all": None,
    "month": timedelta(days=30),
    "week": timedelta(days=7),
    "day": timedelta(days=1),
}
PERIOD_CHOICES = [
    translated_choice("All time", "all"),
    translated_choice("Last 30 days", "month"),
    translated_choice("Last 7 days", "week"),
    translated_choice("Last 24 hours", "day"),
]


def period_start(period: str) -> datetime | None:
    """When ``period`` (of ``PERIODS``) began: None for all time."""
    if period not in PERIODS:
        raise UserError("error.bad_input", text=period[:30])
    span = PERIODS[period]
    return datetime.now(UTC) - span if span is not None else None


class Info(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    async def _public_lang(self, interaction: Interaction) -> str:
        if interaction.guild_id is None:
            return self.bot.lang(interaction)
        stored = await self.bot.service.guild_language(interaction.guild_id)
        return stored or lang_for(interaction.guild_locale, self.bot.settings.default_language)

    @app_commands.command(name="betes", description="Show the server's register of bêtes")
    @app_commands.describe(game="The game")
    async def betes(self, interaction: Interaction, game: str | None = None) -> None:
        asked = time.monotonic()
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        # no game said, and no table here whose game keeps one: every game keeping a register
        if game is None and (table is None or not table.game.capabilities.register):
            chosen = [g for g in table_games() if g.capabilities.register]
        else:
            one = _game(game, table)
            if not one.capabilities.register:
                name = one.spec.name(self.bot.lang(interaction))
                raise UserError("error.no_register", game=name)
            chosen = [one]
        service, guild_id = self.bot.service, interaction.guild_id

        async def registers() -> list[discord.Embed]:
            lang = await self._public_lang(interaction)
            makers: list[EmbedMaker] = []
            for each in chosen:
                register = await service.register(guild_id, each)
                makers.append(partial(register_embed, each, register, lang, table))
            return fitted_together(makers)

        embeds = await in_time(interaction, registers(), ephemeral=False, since=asked)
        await send(interaction, embeds=embeds)

    @app_commands.command(
        name="scoreboard", description="Rank the server's players in each game, as it keeps score"
    )
    @app_commands.describe(game="The game", period="Period")
    @app_commands.choices(period=PERIOD_CHOICES)
    async def scoreboard(
        self, interaction: Interaction, game: str | None = None, period: str = "all"
    ) -> None:
        asked = time.monotonic()
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        since = period_start(period)
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        chosen = None if game is None and table is None else _game(game, table)

        async def standings() -> tuple[str, list[tuple[EmbedMaker, Chart | None]]]:
            lang = await self._public_lang(interaction)
            return lang, await self._shown(interaction, chosen, since, lang, period)

        lang, shown = await in_time(interaction, standings(), ephemeral=False, since=asked)
        if not shown:
            await send(interaction, embed=nothing_played_embed(lang, period))
            return
        embeds = fitted_together([make for make, _ in shown])  # 6,000 characters in all
        if all(chart is None for _, chart in shown):
            await send(interaction, embeds=embeds)
            return
        if not interaction.response.is_done():
            await interaction.response.defer()  # the charts are drawn off the event loop
        files = []
        for embed, (_, chart) in zip(embeds, shown, strict=True):
            if chart is not None:
                game_id, name, series, players = chart
                png = await asyncio.to_thread(balance_chart, series, players, lang, game_id)
                embed.set_image(url=f"attachment://{name}")
                files.append(discord.File(io.BytesIO(png), name))
        await interaction.followup.send(embeds=embeds, files=files)

    async def _shown(
        self,
        interaction: Interaction,
        chosen: TableGame | None,
        since: datetime | None,
        lang: str,
        period: str,
    ) -> list[tuple[EmbedMaker, Chart | None]]:
        """The standings of ``chosen`` (None: of every game played on the server)."""
        if chosen is not None:
            one = await self._standings(interaction, chosen, since, lang, period, always=True)
            assert one is not None
            return [one]
        return [
            standing
            for each in table_games()
            if (standing := await self._standings(interaction, each, since, lang, period))
            is not None
        ]

    async def _standings(
        self,
        interaction: Interaction,
        game: TableGame,
        since: datetime | None,
        lang: str,
        period: str,
        *,
        always: bool = False,
    ) -> tuple[EmbedMaker, Chart | None] | None:
        """A game's standings on the server (made in the room it is given), and what its
        chart is drawn from (a game settled per match ranks by matches won, without a
        chart); None for a game nobody played, unless ``always``."""
        assert interaction.guild_id is not None
        service = self.bot.service
        if game.match is not None:
            standings = await service.match_scoreboard(interaction.guild_id, game.id, since)
            going = await service.matches_going_on(interaction.guild_id, game)
            if not standings and not going and not always:
                return None
            return partial(match_scoreboard_embed, game, standings, lang, period, going), None
        rows, series = await service.scoreboard(interaction.guild_id, game.id, since)
        if not rows and not always:
            return None
        players = chart_players(game, rows, lang)
        chart = (game.id, f"scoreboard-{game.id}.png", series, players) if series else None
        return partial(scoreboard_embed, game, rows, lang, period), chart

    @app_commands.command(name="stats", description="A player's progress, from the hands reviewed")
    @app_commands.describe(
        player="The player (you by default)",
        game="The game (by default every one)",
        period="Period",
    )
    @app_commands.choices(period=PERIOD_CHOICES)
    async def stats(
        self,
        interaction: Interaction,
        player: discord.Member | None = None,
        game: str | None = None,
        period: str = "all",
    ) -> None:
        asked = time.monotonic()
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        since = period_start(period)
        chosen = None if game is None else _game(game, None)
        who = player or interaction.user
        guild_id = interaction.guild_id

        async def reading() -> tuple[str, list[Any]]:
            lang = await self._public_lang(interaction)
            game_id = None if chosen is None else chosen.id
            return lang, await self.bot.service.player_reviews(
                guild_id, str(who.id), game_id, since
            )

        lang, reviews = await in_time(interaction, reading(), ephemeral=False, since=asked)
        found = {progress.game: progress for progress in progress_by_game(reviews)}
        shown = [(each, found[each.id]) for each in table_games() if each.id in found]
        if not shown:
            await send(
                interaction,
                embed=no_stats_embed(inert_name(who.display_name), lang, period, chosen),
            )
            return
        if not interaction.response.is_done():
            await interaction.response.defer()  # the charts are drawn off the event loop
        charts = await asyncio.to_thread(lambda: [loss_chart(g, p, lang) for g, p in shown])
        embeds, files = [], []
        for (each, progress), png in zip(shown, charts, strict=True):
            embed = stats_embed(each, progress, inert_name(who.display_name), lang, period)
            name = stats_file_name(each)
            embed.set_image(url=f"attachment://{name}")
            embeds.append(embed)
            files.append(discord.File(io.BytesIO(png), name))
        await interaction.followup.send(embeds=embeds, files=files)

    @app_commands.command(name="rules", description="The rules in short")
    @app_commands.describe(game="The game", topic="Topic")
    async def rules(
        self, interaction: Interaction, game: str | None = None, topic: str = "overview"
    ) -> None:
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        if table is None:  # elsewhere (a DM, another channel): the game its user plays
            try:
                table = self.bot.service.of_player(str(interaction.user.id), interaction.guild_id)
            except UserError:  # seated nowhere, or at several tables (DMs): the default
                table = None
        chosen = _game(game, table)
        lang = self.bot.lang(interaction)
        embed = rules_embed(chosen, rules_topic(chosen, topic, lang), lang, table)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="help", description="How to play here: the games and the commands")
    async def help(self, interaction: Interaction) -> None:
        embed = help_embed(self.bot.lang(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(
        name="history", description="The hands settled on this server, newest first"
    )
    @app_commands.describe(
        game="The game",
        player="Only the hands this player played",
        review="The review of this hand (its number #): yours, or player's",
        page="Older hands: page 2, 3...",
    )
    async def history(
        self,
        interaction: Interaction,
        game: str | None = None,
        player: discord.Member | None = None,
        review: app_commands.Range[int, 1] | None = None,
        page: app_commands.Range[int, 1] | None = None,
    ) -> None:
        if interaction.guild_id is None:
            raise UserError("error.guild_only")
        if review is not None:  # a hand's review, privately (bot.teacher.answer)
            asker = interaction.user if player is None else player
            lang = self.bot.lang(interaction)
            mine = asker.id == interaction.user.id
            await answer_review(
                self.bot.reviewer,
                interaction,
                review,
                str(asker.id),
                lang,
                asked_by_player=mine,
                may_see=lambda players: mine or referee(interaction, players),
            )
            return
        lang = self.bot.lang(interaction)
        chosen = []  # the choices as the user would type them again, for the next page
        if game is not None:  # as typed or picked; an unknown game is refused by name
            named = _game(game, None)
            game = named.id
            chosen.append(f"{command_word('game', lang)}:{named.command.name}")
        if player is not None:
            chosen.append(f"{command_word('player', lang)}:@{player.display_name}")
        asked = " ".join(chosen)
        who = None if player is None else str(player.id)
        page = page or 1
        hands, pages = await self.bot.service.history(interaction.guild_id, game, who, page)
        if page > max(1, pages):  # past the last page, or no page at all
            if pages == 0:
                raise UserError("history.empty_for" if asked else "history.empty", asked=asked)
            raise UserError("error.history_page", pages=pages)
        pages = max(1, pages)  # nothing settled is one empty page
        # a record holds every card dealt: for a referee only (bot.delivery.permissions)
        given = [p for p in hands if referee(interaction, (s.player for s in p.seats))]
        files = [
            discord.File(
                io.BytesIO(json.dumps(past.hand.record, ensure_ascii=False, indent=1).encode()),
                filename=history_file_name(past),
            )
            for past in given
        ]
        records = {past.hand.id for past in given}
        await interaction.response.defer(ephemeral=True, thinking=True)  # replays take a while
        embed, pictures = await asyncio.to_thread(
            history_shown, hands, lang, page, pages, records, asked
        )
        files += [picture for _, picture in pictures]
        embeds = [embed, *(shown for shown, _ in pictures)]
        await interaction.followup.send(embeds=embeds, files=files, ephemeral=True)

    @scoreboard.autocomplete("game")
    @stats.autocomplete("game")
    @rules.autocomplete("game")
    @history.autocomplete("game")
    async def game_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return _game_choices(table_games(), self.bot.lang(interaction), current)

    @betes.autocomplete("game")
    async def register_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        """Only the games that keep a register of bêtes: ``/betes`` refuses the others."""
        keeping = [game for game in table_games() if game.capabilities.register]
        return _game_choices(keeping, self.bot.lang(interaction), current)

    @rules.autocomplete("topic")
    async def topic_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        namespace: Any = interaction.namespace
        table = None
        if interaction.channel_id is not None:
            table = self.bot.service.in_channel(interaction.channel_id)
        try:
            chosen = _game(getattr(namespace, "game", None), table)
        except UserError:
            return []
        lang = self.bot.lang(interaction)
        out = []
        for topic in chosen.renderer.rule_topics:
            title = t(lang, f"rules.{chosen.id}.{topic}.title")
            if matches(current, title, topic):
                out.append(Choice(name=title[:100], value=topic))
        return out[:25]


def _game_choices(games: list[TableGame], lang: str, current: str) -> list[Choice[str]]:
    """The games of ``games`` that fit what the user typed, by any of their names."""
    return [
        Choice(name=game.spec.name(lang), value=game.id)
        for game in games
        if matches(current, game.id, game.command.name, *game.spec.names.values())
    ][:25]


def _game(game: str | None, table: LiveTable | None) -> TableGame:
    """The game asked for; by default the one played in this channel, else the first offered."""
    if game is None:
        return table.game if table is not None else default_game()
    try:
        return game_named(game)
    except KeyError:
        known = ", ".join(g.command.name for g in table_games())
        raise UserError("error.unknown_game", text=game[:30], games=known) from None


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Info(bot))

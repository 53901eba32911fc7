"""Tables in channels: ``/table new``, ``/table stop`` and every button and menu of a table.

Thin: parse the click, call the table service, answer with what the renderer
draws, and let the presenter update the table message and the private hands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final, cast

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import lang_for, t
from bot.ids import GAME_VERBS, SELECT_TEMPLATE, TEMPLATE, ComponentId
from bot.offered import DEFAULT_GAME, GAMES, table_game
from bot.render import computer_choice, hand_panel, panel_fingerprint, rules_embed
from bot.table import LiveTable

if TYPE_CHECKING:
    from bot.client import BeteBot

Interaction = discord.Interaction[Any]


def bot_of(interaction: Interaction) -> BeteBot:
    return cast("BeteBot", interaction.client)


async def component_clicked(interaction: Interaction, cid: ComponentId, values: list[str]) -> None:
    bot = bot_of(interaction)
    try:
        await _handle(bot, interaction, cid, values)
    except Exception as error:
        await bot.answer_error(interaction, error)


async def _handle(
    bot: BeteBot, interaction: Interaction, cid: ComponentId, values: list[str]
) -> None:
    service, presenter = bot.service, bot.presenter
    lang = bot.lang(interaction)
    player = str(interaction.user.id)
    table = service.get(cid.table)
    if table.seat_of(player) is not None:
        presenter.remember_locale(table, player, interaction.locale)
    message = interaction.message
    on_table = message is not None and message.id == table.row.message_id
    verb = cid.verb
    if verb == "rules":
        embed = rules_embed(table.game, "overview", lang)
        await interaction.response.send_message(embed=embed, ephemeral=True)
        return
    if verb == "ai" and not cid.arg:  # which level: asked privately, answered by a click
        _seat(table, player)
        text, view = computer_choice(table, lang)
        await interaction.response.send_message(text, view=view, ephemeral=True)
        return
    if verb == "ai":
        await service.add_computer(table.id, player, cid.arg)
        name = table.seats[-1].name
        await interaction.response.edit_message(content=t(lang, "ai.added", name=name), view=None)
        await presenter.after_change(table)
        return
    if verb == "hand":
        seat = _seat(table, player)
        embed, view = hand_panel(table, seat, lang)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        return
    if verb in ("join", "leave", "airm", "start", "next", "stop", "replace", "abandon", "back"):
        if verb == "join":
            await service.join(table.id, player, interaction.user.display_name, lang)
        elif verb == "leave":
            await service.leave(table.id, player)
        elif verb == "airm":
            await service.remove_computer(table.id, player)
        elif verb == "start":
            await service.start(table.id, player)
        elif verb == "next":
            await service.next_hand(table.id, player, cid.moves)
        elif verb == "replace":
            await service.replace_absent(table.id, player, _number(cid.arg))
        elif verb == "abandon":
            await service.abandon(table.id, player)
        elif verb == "back":
            await service.take_back(table.id, player)
        else:
            await service.vote_stop(table.id, player)
        await _answer_public(bot, interaction, table, on_table)
        return
    seat = _seat(table, player)
    if verb in GAME_VERBS and cid.moves != table.moves:
        raise UserError("error.stale")
    try:
        action = _component_action(table, seat, cid, values)
    except ValueError:  # a forged or garbled id: no action of the game reads like that
        raise UserError("error.bad_input", text=cid.arg[:30] or verb) from None
    if verb == "look":
        await service.look(table.id, player)
        await _answer_panel(bot, interaction, table, seat, lang)
        await presenter.after_change(table)
        return
    if action is None:  # one more step of the declaration to choose: only this panel changes
        step = "" if cid.arg == "back" else cid.arg
        embed, view = hand_panel(table, seat, lang, step)
        await interaction.response.edit_message(embed=embed, view=view)
        return
    await service.act(table.id, player, action, cid.moves)
    if on_table:
        await _answer_public(bot, interaction, table, True)
    else:
        await _answer_panel(bot, interaction, table, seat, lang)
        await presenter.after_change(table)


def _seat(table: LiveTable, player: str) -> int:
    seat = table.seat_of(player)
    if seat is None:
        raise UserError("error.not_seated")
    return seat


def _component_action(table: LiveTable, seat: int, cid: ComponentId, values: list[str]) -> Any:
    """The game action a component stands for (None: a declaration step, or a look).

    Raises ``ValueError`` for an argument that no button of the bot carries.
    """
    if cid.verb == "look":
        return None
    return table.game.component_action(table, seat, cid.verb, cid.arg, values)


def _number(arg: str) -> int:
    if not arg.isdigit():
        raise UserError("error.bad_input", text=arg[:30])
    return int(arg)


async def _answer_public(
    bot: BeteBot, interaction: Interaction, table: LiveTable, on_table: bool
) -> None:
    """A click on the table message: the answer is the table message's one edit."""
    if on_table:
        await interaction.response.edit_message(**bot.presenter.table_payload(table))
        await bot.presenter.after_change(table, table_done=True)
    else:
        await interaction.response.send_message(
            t(bot.lang(interaction), "ok.played"), ephemeral=True
        )
        await bot.presenter.after_change(table)


async def _answer_panel(
    bot: BeteBot, interaction: Interaction, table: LiveTable, seat: int, lang: str
) -> None:
    """A click on a private hand: that message shows the hand as it is now."""
    embed, view = hand_panel(table, seat, lang)
    await interaction.response.edit_message(embed=embed, view=view)
    message = interaction.message
    if interaction.guild_id is None and message is not None:
        bot.presenter.record_panel(
            table,
            str(interaction.user.id),
            message.channel.id,
            message.id,
            panel_fingerprint(embed, view),
        )


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Every button of every table, before and after a restart."""

    def __init__(self, cid: ComponentId) -> None:
        super().__init__(discord.ui.Button(custom_id=str(cid)))
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(ComponentId.parse(match.string))

    async def callback(self, interaction: Interaction) -> None:
        await component_clicked(interaction, self.cid, [])


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """The discard menu of the private hand."""

    def __init__(self, cid: ComponentId) -> None:
        super().__init__(
            discord.ui.Select(custom_id=str(cid), options=[discord.SelectOption(label="-")])
        )
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableSelect:
        return cls(ComponentId.parse(match.string))

    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await component_clicked(interaction, self.cid, values)


GAME_CHOICES = [Choice(name=game.title, value=game.id) for game in GAMES.values()]
DEFAULT_TURN_SECONDS = 120  # long enough to think, short enough that nobody waits all evening


class Tables(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    table = app_commands.Group(name="table", description="Open, stop and manage card tables")

    @table.command(name="new", description="Open a table in this channel")
    @app_commands.describe(
        game="The game (La Bête Hombrée, or La Bête for 2 to 5)",
        turn_time="Seconds per move (0: no limit)",
        pass_reentry="Passed players may bid again",
        premier_in_belle="An earlier seat may equal a belle bid",
        cagnote_discard="Cards the cagnoteur discards",
        stop_when_decided="End the hand once decided",
        stake_rule="How stakes are counted",
        pinandele="Where pinandèles go",
        bete_order="Which bête is in play",
        belle_on_announce="Belle changes as soon as matadors are announced",
        deal_pattern="Packets of the deal",
        underruff="La Bête: a player who cannot overtrump must still trump lower",
        language="Language of the table's public messages (remembered for this server)",
        computers="Computer players to seat at once (more with the table's button)",
        level="How well those computer players play",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        cagnote_discard=[
            Choice(name="Exactly 3", value="exactly_3"),
            Choice(name="1 to 3", value="up_to_3"),
        ],
        stake_rule=[
            Choice(name="Ameye 1976", value="ameye"),
            Choice(name="Jeux & Stratégie 1984", value="js1984"),
        ],
        pinandele=[
            Choice(name="In the register", value="queue"),
            Choice(name="With the next bête", value="with_next_bete"),
        ],
        bete_order=[
            Choice(name="Oldest first", value="oldest"),
            Choice(name="Largest first", value="largest"),
        ],
        deal_pattern=[
            Choice(name="2 then 3", value="2-3"),
            Choice(name="3 then 2", value="3-2"),
            Choice(name="2, 1 then 2 (La Bête)", value="2-1-2"),
        ],
        language=[Choice(name="Français", value="fr"), Choice(name="English", value="en")],
        level=[Choice(name="Strong", value="pimc"), Choice(name="Fair", value="heuristic")],
    )
    async def new(
        self,
        interaction: Interaction,
        game: str = DEFAULT_GAME,
        turn_time: app_commands.Range[int, 0, 3600] = DEFAULT_TURN_SECONDS,
        pass_reentry: bool = False,
        premier_in_belle: bool = False,
        cagnote_discard: str = "exactly_3",
        stop_when_decided: bool = False,
        stake_rule: str = "ameye",
        pinandele: str = "queue",
        bete_order: str = "oldest",
        belle_on_announce: bool = False,
        deal_pattern: str = "2-3",
        underruff: bool = False,
        language: str | None = None,
        computers: app_commands.Range[int, 0, 4] = 0,
        level: str = "pimc",
    ) -> None:
        guild, channel = interaction.guild, interaction.channel
        if guild is None or interaction.guild_id is None:
            raise UserError("error.guild_only")
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            raise UserError("error.bad_channel")
        if game not in GAMES:
            raise UserError("error.bad_input", text=game[:30])
        chosen = table_game(game)
        given = {
            "pass_reentry": pass_reentry,
            "premier_in_belle": premier_in_belle,
            "cagnote_discard": cagnote_discard,
            "stop_when_decided": stop_when_decided,
            "stake_rule": stake_rule,
            "pinandele": pinandele,
            "bete_order": bete_order,
            "belle_on_announce": belle_on_announce,
            "deal_pattern": deal_pattern,
            "bete_must_underruff": underruff,
        }
        try:
            rules = chosen.rules(_options_for(chosen.rules({}), given))
        except ValueError as error:
            raise UserError("error.bad_input", text=str(error)[:60]) from None
        if computers >= chosen.max_seats:
            raise UserError("error.bad_input", text=f"computers: {computers}")
        service = self.bot.service
        if language is not None:  # the server's choice, for its public messages from now on
            async with self.bot.db.transaction() as store:
                await store.set_guild_language(guild.id, language)
        async with self.bot.db.reading() as store:
            settings = await store.guild_settings(guild.id)
        public_lang = settings.language or lang_for(
            interaction.guild_locale, self.bot.settings.default_language
        )
        table = await service.open_table(
            guild_id=guild.id,
            channel_id=channel.id,
            player=str(interaction.user.id),
            name=interaction.user.display_name,
            game=chosen,
            rules=rules,
            turn_seconds=turn_time,
            lang=public_lang,
            guild_name=guild.name,
            channel_name=channel.name,
        )
        self.bot.presenter.remember_locale(table, str(interaction.user.id), interaction.locale)
        for _ in range(computers):
            await service.add_computer(table.id, str(interaction.user.id), level)
        await interaction.response.send_message(**self.bot.presenter.table_payload(table))
        message = await interaction.original_response()
        await service.set_message(table, message.id)

    @table.command(
        name="stop", description="Stop: the tour des gueux, or at once with everyone's agreement"
    )
    async def stop(self, interaction: Interaction) -> None:
        service = self.bot.service
        lang = self.bot.lang(interaction)
        table = service.of_player(str(interaction.user.id), interaction.guild_id)
        lobby = table.status == "lobby"
        await service.stop(table.id, str(interaction.user.id))
        key = "ok.closed" if lobby or table.status == "ended" else "ok.stop"
        await interaction.response.send_message(t(lang, key), ephemeral=True)
        await self.bot.presenter.after_change(table)


def _options_for(defaults: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The options a game takes, and any other one given a value other than its
    default (which the game's rules then refuse by name)."""
    known = defaults.to_dict(only_changed=False)
    return {
        name: value
        for name, value in given.items()
        if name in known or value != _OPTION_DEFAULTS.get(name)
    }


# every offered game's option defaults, in record form: /table new's defaults
_OPTION_DEFAULTS: Final = {
    name: value
    for game in GAMES.values()
    for name, value in game.rules({}).to_dict(only_changed=False).items()
}


async def setup(bot: BeteBot) -> None:
    bot.add_dynamic_items(TableButton, TableSelect)
    await bot.add_cog(Tables(bot))

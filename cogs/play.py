"""Playing by keyboard: ``/bid``, ``/pass``, ``/discard``, ``/declare``, ``/play``, ``/hand``.

Each finds the table where the user sits (in this server, or their only one
from a DM), offers the legal choices by autocomplete, and answers with a
fresh private view of the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.errors import UserError
from bot.ids import call_arg
from bot.parsing import parse_call, parse_card, parse_cards, parse_declaration
from bot.render import action_text, call_text, card_text, hand_panel
from bot.table import LiveTable, standing_rank
from games.bete_hombree import Action, Kind
from games.cards import card_mask

if TYPE_CHECKING:
    from bot.client import BeteBot

Interaction = discord.Interaction[Any]


def _bot(interaction: Interaction) -> BeteBot:
    return cast("BeteBot", interaction.client)


def _my_table(interaction: Interaction) -> tuple[LiveTable, int]:
    player = str(interaction.user.id)
    table = _bot(interaction).service.of_player(player, interaction.guild_id)
    seat = table.seat_of(player)
    assert seat is not None
    return table, seat


def _my_legal(interaction: Interaction) -> tuple[LiveTable, int, list[Action]]:
    """The user's table, seat and legal actions (empty when it is not their turn)."""
    try:
        table, seat = _my_table(interaction)
    except UserError:
        return cast(LiveTable, None), -1, []
    state = table.state
    if state is None or state.is_over or state.turn != seat:
        return table, seat, []
    return table, seat, state.legal_actions()


def _matches(text: str, *candidates: str) -> bool:
    needle = text.strip().lower()
    return not needle or any(needle in c.lower() for c in candidates)


class Play(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    async def _act(self, interaction: Interaction, action: Action) -> None:
        table, seat = _my_table(interaction)
        bot = self.bot
        bot.presenter.remember_locale(table, str(interaction.user.id), interaction.locale)
        await bot.service.act(table.id, str(interaction.user.id), action)
        embed, view = hand_panel(table, seat, bot.lang(interaction))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        await bot.presenter.after_change(table)

    @app_commands.command(name="bid", description="Make a call in the auction")
    @app_commands.describe(call="A call, e.g. 3, 3 belle, cagnote")
    async def bid(self, interaction: Interaction, call: str) -> None:
        await self._act(interaction, parse_call(call))

    @bid.autocomplete("call")
    async def bid_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        table, seat, legal = _my_legal(interaction)
        if not legal:
            return []
        lang = self.bot.lang(interaction)
        state = table.state
        assert state is not None
        standing = standing_rank(state.view(seat).calls)
        out = []
        for action in legal:
            if action.kind in (Kind.SANS_PREJUDICE, Kind.RETIENS) and not table.hidden(seat):
                continue
            label = call_text(action, standing, lang)
            if _matches(current, label, call_arg(action)):
                out.append(Choice(name=label, value=call_arg(action)))
        return out[:25]

    @app_commands.command(name="pass", description="Pass in the auction")
    async def pass_(self, interaction: Interaction) -> None:
        await self._act(interaction, Action.parse("pass"))

    @app_commands.command(
        name="discard", description="Discard cards (dealer after cagnote or tout)"
    )
    @app_commands.describe(cards="Cards, e.g. QS QD 10C")
    async def discard(self, interaction: Interaction, cards: str) -> None:
        chosen = parse_cards(cards)
        await self._act(interaction, Action.parse("discard " + " ".join(map(str, chosen))))

    @discard.autocomplete("cards")
    async def discard_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        table, seat, legal = _my_legal(interaction)
        if not legal or legal[0].kind is not Kind.DISCARD or table.state is None:
            return []
        lang = self.bot.lang(interaction)
        try:
            typed = parse_cards(current)
        except UserError:
            typed = []
        hand = table.state.view(seat).cards
        wanted = max(a.cards.bit_count() for a in legal)
        if len(typed) >= wanted:
            return [Choice(name=" ".join(card_text(c, lang) for c in typed), value=current)]
        rest = [c for c in hand if c not in typed]
        out = []
        for card in rest:
            chosen = [*typed, card]
            out.append(
                Choice(
                    name=" ".join(card_text(c, lang) for c in chosen),
                    value=" ".join(str(c) for c in chosen),
                )
            )
        return out[:25]

    @app_commands.command(name="declare", description="Declare trump, level and matadors")
    @app_commands.describe(contract="Contract, e.g. 4 S matadors 3")
    async def declare(self, interaction: Interaction, contract: str) -> None:
        await self._act(interaction, parse_declaration(contract))

    @declare.autocomplete("contract")
    async def declare_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        _, _, legal = _my_legal(interaction)
        lang = self.bot.lang(interaction)
        out = []
        for action in legal:
            if action.kind is not Kind.DECLARE:
                continue
            label = action_text(action, lang)
            value = str(action).removeprefix("declare ")
            if _matches(current, label, value):
                out.append(Choice(name=label, value=value))
        return out[:25]

    @app_commands.command(name="play", description="Play a card")
    @app_commands.describe(card="The card, e.g. 10S or KH")
    async def play(self, interaction: Interaction, card: str) -> None:
        chosen = parse_card(card)
        await self._act(interaction, Action(Kind.PLAY, cards=card_mask([chosen])))

    @play.autocomplete("card")
    async def play_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        _, _, legal = _my_legal(interaction)
        lang = self.bot.lang(interaction)
        out = []
        for action in legal:
            if action.kind is Kind.PLAY:
                label = card_text(action.card, lang)
                if _matches(current, label, str(action.card)):
                    out.append(Choice(name=label, value=str(action.card)))
        return out[:25]

    @app_commands.command(name="hand", description="See your hand privately")
    async def hand(self, interaction: Interaction) -> None:
        table, seat = _my_table(interaction)
        embed, view = hand_panel(table, seat, self.bot.lang(interaction))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def setup(bot: BeteBot) -> None:
    await bot.add_cog(Play(bot))

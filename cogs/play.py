"""Playing by keyboard: ``/bid``, ``/pass``, ``/discard``, ``/declare``, ``/play``, ``/hand``.

``/bid`` takes the calls of the table's game (La Bête Hombrée's bids, or La
Bête's je joue, contre, curieuse); ``/discard`` and ``/declare`` are La Bête
Hombrée's only, and a table of La Bête answers that it has none.

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
from bot.parsing import parse_card, parse_cards, parse_declaration
from bot.render import card_text, hand_panel
from bot.table import LiveTable

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


def _my_legal(interaction: Interaction) -> tuple[LiveTable, int, list[Any]]:
    """The user's table, seat and legal actions (empty when it is not their turn)."""
    try:
        table, seat = _my_table(interaction)
    except UserError:
        return cast(LiveTable, None), -1, []
    state = table.state
    if state is None or state.is_over or state.turn != seat:
        return table, seat, []
    return table, seat, list(state.legal_actions())


def _matches(text: str, *candidates: str) -> bool:
    needle = text.strip().lower()
    return not needle or any(needle in c.lower() for c in candidates)


class Play(commands.Cog):
    def __init__(self, bot: BeteBot) -> None:
        self.bot = bot

    async def _act(self, interaction: Interaction, text: str) -> None:
        """Play ``text`` (record notation) at the user's table, in that table's game."""
        table, seat = _my_table(interaction)
        try:
            action = table.game.parse_action(text)
        except ValueError:  # e.g. a discard at a table of La Bête, which has none
            raise UserError("error.not_this_game", game=table.game.title) from None
        bot = self.bot
        bot.presenter.remember_locale(table, str(interaction.user.id), interaction.locale)
        await bot.service.act(table.id, str(interaction.user.id), action)
        embed, view = hand_panel(table, seat, bot.lang(interaction))
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        await bot.presenter.after_change(table)

    @app_commands.command(name="bid", description="Make a call: a bid, je joue, contre...")
    @app_commands.describe(call="A call, e.g. 3, 3 belle, cagnote; je joue, contre, curieuse")
    async def bid(self, interaction: Interaction, call: str) -> None:
        table, _ = _my_table(interaction)
        await self._act(interaction, str(table.game.parse_call(call)))

    @bid.autocomplete("call")
    async def bid_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        table, seat, legal = _my_legal(interaction)
        if not legal:
            return []
        choices = table.game.call_choices(table, seat, self.bot.lang(interaction))
        return [
            Choice(name=label, value=value)
            for label, value in choices
            if _matches(current, label, value)
        ][:25]

    @app_commands.command(name="pass", description="Pass")
    async def pass_(self, interaction: Interaction) -> None:
        await self._act(interaction, "pass")

    @app_commands.command(
        name="discard", description="Discard cards (dealer after cagnote or tout)"
    )
    @app_commands.describe(cards="Cards, e.g. QS QD 10C")
    async def discard(self, interaction: Interaction, cards: str) -> None:
        chosen = parse_cards(cards)
        await self._act(interaction, "discard " + " ".join(map(str, chosen)))

    @discard.autocomplete("cards")
    async def discard_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        table, seat, legal = _my_legal(interaction)
        if not legal or not str(legal[0]).startswith("discard") or table.state is None:
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
        await self._act(interaction, str(parse_declaration(contract)))

    @declare.autocomplete("contract")
    async def declare_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        table, _, legal = _my_legal(interaction)
        lang = self.bot.lang(interaction)
        out = []
        for action in legal:
            if not str(action).startswith("declare"):
                continue
            label = table.game.action_text(action, lang)
            value = str(action).removeprefix("declare ")
            if _matches(current, label, value):
                out.append(Choice(name=label, value=value))
        return out[:25]

    @app_commands.command(name="play", description="Play a card")
    @app_commands.describe(card="The card, e.g. 10S or KH")
    async def play(self, interaction: Interaction, card: str) -> None:
        await self._act(interaction, f"play {parse_card(card)}")

    @play.autocomplete("card")
    async def play_choices(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        _, _, legal = _my_legal(interaction)
        lang = self.bot.lang(interaction)
        out = []
        for action in legal:
            if str(action).startswith("play "):
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

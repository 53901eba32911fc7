"""``/help``: how to play here, for a newcomer, in the reader's language: the games to
open with the word ``/table new`` takes, how to sit, where the hand comes, and the
commands to know; and the welcome a server gets when the bot joins it, the same guide."""

from __future__ import annotations

import discord

from bot.drawing.lobby_text import seats_wanted
from bot.drawing.render import COLOUR
from bot.games import offered_games
from bot.texts.i18n import t
from bot.texts.translator import command_word


def help_embed(lang: str) -> discord.Embed:
    """The guide: every offered game, then sitting, the hand and the other commands."""
    games = [
        t(
            lang,
            "help.game",
            word=command_word(game.command.name, lang),
            name=game.spec.name(lang),
            seats=seats_wanted(game),
        )
        for game in offered_games()
    ]
    buttons = {name: t(lang, f"btn.{name}") for name in ("join", "ai", "start")}
    lines = [
        t(lang, "help.open"),
        *(f"- {game}" for game in games),
        t(lang, "help.seat", **buttons),
        t(lang, "help.hand", my_hand=t(lang, "btn.hand")),
        t(lang, "help.more"),
    ]
    embed = discord.Embed(title=t(lang, "help.title"), description="\n".join(lines), colour=COLOUR)
    embed.set_footer(text=t(lang, "help.footer"))
    return embed


def welcome_embed(lang: str) -> discord.Embed:
    """The word posted when the bot joins a server: what it does, then the guide."""
    embed = help_embed(lang)
    embed.title = t(lang, "welcome.title")
    embed.description = t(lang, "welcome.intro") + "\n\n" + (embed.description or "")
    embed.set_footer(text=t(lang, "welcome.footer"))
    return embed

"""How a private message is written, its picture attached: as the bot, or through an
interaction's token. Discord does not count a token's requests in a bot's global limit,
for 15 minutes from the click: a player's last click in their private hand edits that
hand and posts their next hands and turn notices as its follow-ups
(``bot.delivery.presenter``); a *My hand* panel is redrawn through its own."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable
from typing import Any, cast

import discord

from bot.delivery.memory import DMRef, Notice
from bot.drawing.pictures.files import edit_files, send_files

PANEL_LIFE = 14 * 60  # seconds an interaction's token is used: it lives 15 minutes


def send_with_picture(
    channel: discord.abc.Messageable, embed: discord.Embed, view: discord.ui.View
) -> Awaitable[discord.Message]:
    """A new message, its embed's picture attached (a fresh file at each try)."""
    return channel.send(embed=embed, view=view, **send_files(embed))


def edit_with_picture(
    message: discord.PartialMessage, embed: discord.Embed, view: discord.ui.View, holds: str | None
) -> Awaitable[discord.Message]:
    """An edit of a message that holds the picture ``holds`` (uploaded only if changed)."""
    return message.edit(embed=embed, view=view, **edit_files(embed, holds))


Hook = discord.Interaction[Any]


def untangle(interaction: Hook) -> None:
    """Cut an answered interaction kept for its token from its message (most of its
    size) and from its response, which refers back to it: let go, it is then freed at
    once.  Kept that long it has reached the garbage collector's oldest generation,
    which the bot seldom collects (``bot.__main__``), and the cycle with its user,
    channel and context (2 kB) would wait there for minutes."""
    interaction.message = None
    with contextlib.suppress(AttributeError):  # no response asked for
        delattr(interaction, "_cs_response")


def hook_of(ref: DMRef | Notice | None) -> Hook | None:
    """The interaction whose token may still write for ``ref``, or None."""
    if ref is None or ref.hook is None or time.time() - ref.hook_at >= PANEL_LIFE:
        return None
    return cast(Hook, ref.hook)


def edit_by_hook(
    ref: DMRef, hook: Hook, embed: discord.Embed, view: discord.ui.View
) -> Awaitable[discord.Message]:
    """An edit of a private hand through the token of ``hook`` (its clicked message,
    or one of its follow-ups), its picture uploaded only if changed."""
    files = edit_files(embed, ref.picture)
    if ref.original:
        return hook.edit_original_response(embed=embed, view=view, **files)
    return hook.followup.edit_message(ref.message_id, embed=embed, view=view, **files)


def follow_with_picture(
    hook: Hook, embed: discord.Embed, view: discord.ui.View
) -> Awaitable[discord.WebhookMessage]:
    """A new message in the DM where ``hook`` was clicked, its embed's picture attached."""
    return hook.followup.send(embed=embed, view=view, wait=True, **send_files(embed))

"""An answer that may take a while (a hint worked out in the workers, standings read
from a busy database) reaches Discord in time: sent as the first response if it comes
within ``ANSWER_WAIT`` of the click, else the interaction is deferred ("thinking")
first and the answer follows (a click's answer that edits its message: deferred as an
update, the message then edited through the interaction's token). Discord forgets an
interaction not answered within 3 s, and its user then reads "The application did not
respond"."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from typing import Any, Final, TypeVar

import discord

ANSWER_WAIT: Final = 2.0  # seconds an answer may take before it is deferred (Discord allows 3)
# in an interaction's extras while its public "thinking…" waits for the answer
THINKING_IN_PUBLIC: Final = "thinking_in_public"

T = TypeVar("T")


async def in_time(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    *,
    ephemeral: bool,
    since: float | None = None,
    thinking: bool = True,
    acting: bool = False,
) -> T:
    """``work``'s result, the interaction deferred first should it come later than
    ``ANSWER_WAIT`` after the click (``thinking``: "thinking…" shown until the answer
    comes; else a click's deferred update: nothing shown, its message edited after).
    The time runs from the click (the interaction's age), or from ``since``
    (``time.monotonic()``) if that is longer, should this machine's clock be behind
    Discord's. ``acting``: the work changes a table, and is never cancelled halfway: a
    deferral Discord refused is raised once the work is done, and the work goes on
    alone should the command be cancelled."""
    task = asyncio.ensure_future(work)
    try:
        wait = max(0.0, ANSWER_WAIT - _age(interaction, since))
        done, _ = await asyncio.wait({task}, timeout=wait)
        if not done and not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
            if thinking and not ephemeral:
                interaction.extras[THINKING_IN_PUBLIC] = True
    except asyncio.CancelledError:
        if not acting:
            task.cancel()
        else:  # its outcome is the table's, read there; only retrieved here
            task.add_done_callback(lambda done: done.cancelled() or done.exception())
        raise
    except BaseException:  # the deferral refused: nothing to wait for, unless it acts
        if not acting:
            task.cancel()
        else:
            await asyncio.wait({task})  # done to its end; its own error, if any, after
            task.result()
        raise
    return await task


async def defer_if_late(
    interaction: discord.Interaction[Any], *, since: float | None = None
) -> None:
    """The interaction deferred at once, "thinking…" privately, should it be
    ``ANSWER_WAIT`` old already (the bot came to it late, busy): an answer drawn only now
    could reach Discord after its 3 s. (A private panel then fills it in: ``send``.)"""
    if _age(interaction, since) >= ANSWER_WAIT and not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


def _age(interaction: discord.Interaction[Any], since: float | None) -> float:
    """Seconds since the click (the interaction's age), or since ``since``
    (``time.monotonic()``) if that is longer: this machine's clock may be behind Discord's."""
    spent = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return spent if since is None else max(spent, time.monotonic() - since)


def deferred_thinking(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction was deferred with "thinking…": its token's message is that
    one, not the message clicked."""
    return interaction.response.type is discord.InteractionResponseType.deferred_channel_message


async def send(interaction: discord.Interaction[Any], **message: Any) -> None:
    """``message`` as the interaction's answer: its first response, or the follow-up that
    fills in the deferred one."""
    if interaction.response.is_done():
        await interaction.followup.send(**message)
        interaction.extras.pop(THINKING_IN_PUBLIC, None)
    else:
        await interaction.response.send_message(**message)


async def edit_answer(interaction: discord.Interaction[Any], **message: Any) -> None:
    """The message clicked, edited as the click's answer: its first response, or through
    its token once the click was deferred as an update."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.edit_message(**message)


async def send_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """``text`` to the interaction's user alone (a refusal, an error): its first
    response, or a private follow-up. A public "thinking…" still waiting is taken away
    first: filled in, it would show the refusal to the whole channel."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
        return
    if interaction.extras.pop(THINKING_IN_PUBLIC, False):
        # the first follow-up would fill the "thinking…" in public whatever its flags, and
        # Discord may refuse a follow-up once that message is deleted unfilled: filled
        # with an ellipsis first, then deleted
        with contextlib.suppress(discord.HTTPException):  # gone already: nothing to take
            await interaction.edit_original_response(content="…")
            await interaction.delete_original_response()
    await interaction.followup.send(text, ephemeral=True)


__all__ = [
    "ANSWER_WAIT",
    "defer_if_late",
    "deferred_thinking",
    "edit_answer",
    "in_time",
    "send",
    "send_privately",
]

"""A review answered privately: from the *Review* button under a hand's summary and
from ``/history review:``.

The interaction is deferred (ephemeral) at once; a review already stored is shown at
once; otherwise a progress line ("Review: 12 of 27 decisions") is the deferred
answer, edited in place as the decisions are valued, and then the result replaces it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.drawing.review import progress_text, review_shown
from bot.errors import UserError
from bot.games import table_game
from bot.tables.names import AI_PREFIX

if TYPE_CHECKING:
    from bot.teacher.reviewer import Reviewer

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]


class ProgressLine:
    """The deferred answer's content, edited as a review goes on: the latest count only,
    one edit at a time (a review is never held up by Discord's answer)."""

    def __init__(self, interaction: Interaction, lang: str) -> None:
        self.interaction = interaction
        self.lang = lang
        self._latest: tuple[int, int] | None = None
        self._shown: tuple[int, int] | None = None
        self._wake = asyncio.Event()
        self._done = False
        self._task: asyncio.Task[None] | None = None

    async def __call__(self, done: int, total: int) -> None:
        self._latest = (done, total)
        self._wake.set()
        if self._task is None:
            self._task = asyncio.create_task(self._edit())

    async def _edit(self) -> None:
        while not self._done:
            await self._wake.wait()
            self._wake.clear()
            latest = self._latest
            if latest is None or latest == self._shown or self._done:
                continue
            self._shown = latest
            try:
                await self.interaction.edit_original_response(
                    content=progress_text(*latest, self.lang)
                )
            except discord.HTTPException as error:  # the next count will try again
                log.warning("could not edit a review's progress: %s", error)

    async def stop(self) -> None:
        """No more edits: the one under way, if any, is awaited (the result comes after)."""
        self._done = True
        self._wake.set()
        if self._task is not None:
            await self._task


async def answer_review(
    reviewer: Reviewer,
    interaction: Interaction,
    hand_id: int,
    player: str,
    lang: str,
    *,
    pictures: bool = True,
    asked_by_player: bool = True,
    may_see: Callable[[list[str]], bool] = lambda players: True,
) -> None:
    """Review ``player``'s seat in this guild's hand ``hand_id`` and answer privately
    (the interaction not answered yet). A person who did not play it is refused
    (``asked_by_player``: the asker is that player), nothing computed; a computer
    player's seat is never reviewed. A review shows the seat's cards: it is refused,
    stored or not, unless the asker ``may_see`` them, given the hand's players (the
    player, or a referee: a manager who did not play it, who may also start it)."""
    guild_id = interaction.guild_id
    if guild_id is None:
        raise UserError("error.guild_only")
    await interaction.response.defer(ephemeral=True, thinking=True)
    asked = await reviewer.asked(guild_id, hand_id, player=player)
    if asked.seat is None or player.startswith(AI_PREFIX):
        if asked_by_player:
            raise UserError("review.not_player", id=hand_id)
        raise UserError("review.not_their_hand", name=f"<@{player}>", id=hand_id)
    if not may_see([seat.player for seat in asked.seats]):
        raise UserError("review.others_cards", name=f"<@{player}>", id=hand_id)
    progress = ProgressLine(interaction, lang)
    try:
        stored = await reviewer.review_of(asked, progress)
    finally:
        await progress.stop()
    game = table_game(asked.hand.game)
    name = asked.seats[asked.seat].name
    embeds, files = await asyncio.to_thread(
        review_shown, stored, game, asked.hand.record, name, lang, pictures, asked_by_player
    )
    await interaction.edit_original_response(content=None, embeds=embeds, attachments=files)

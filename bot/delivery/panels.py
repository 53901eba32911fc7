"""The *My hand* panels of the live tables: private answers to a click (``/play``,
``/hand``, the *My hand* button), kept up to date through their interactions' tokens for
as long as a token lives (15 minutes), then told they have expired, with a button that
opens a fresh one. A panel is edited only once its answer has reached Discord: a change
shown while it was on its way would find no message to edit. An edit Discord refuses for a
while goes to the outbox, drawn again as the table is when tried: no later change may come
to carry it (the panel's reader may be the one to move)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import discord

from bot.delivery.in_time import edit_answer, send
from bot.delivery.memory import Memory, Panel
from bot.delivery.outbox import Outbox, passing
from bot.delivery.writes import PANEL_LIFE, untangle
from bot.drawing.pictures.files import UNKNOWN, edit_files, held, picture_name, send_files
from bot.drawing.render import expired_panel, hand_panel, panel_fingerprint, replaced_panel
from bot.tables.table import LiveTable

log = logging.getLogger(__name__)


class Panels:
    """The live panels, by table and player (kept in the presenter's memory)."""

    def __init__(self, shown: Memory, lock: Callable[[int], asyncio.Lock], outbox: Outbox) -> None:
        self.shown = shown
        self.lock = lock  # the table's presentation lock: one change shown at a time
        self.outbox = outbox

    async def answer(
        self,
        table: LiveTable,
        interaction: discord.Interaction[Any],
        seat: int,
        lang: str,
        *,
        replace: bool = False,
    ) -> None:
        """Answer ``interaction`` with a *My hand* panel (``replace``: in place of the
        clicked message, itself a panel), kept up to date through the interaction's
        token until the token expires (``PANEL_LIFE``)."""
        embed, view, panel, replaced = self._open(table, interaction, seat, lang)
        try:
            if replace:
                files = edit_files(embed, held(interaction.message))
                await edit_answer(interaction, embed=embed, view=view, **files)
            else:  # deferred ("thinking…", privately): the panel fills it in, its @original
                await send(interaction, embed=embed, view=view, ephemeral=True, **send_files(embed))
        except Exception:
            await self._not_sent(table, interaction, replaced)
            raise
        await self._sent(table, panel)
        if replaced is not None:
            if not replace:  # the new panel is another message: the old one says so
                await self._let_go(table, replaced)
            untangle(replaced.interaction)

    def _open(
        self, table: LiveTable, interaction: discord.Interaction[Any], seat: int, lang: str
    ) -> tuple[discord.Embed, discord.ui.View, Panel, Panel | None]:
        """A *My hand* panel to answer ``interaction`` with, kept from now on (edited
        once its answer has reached Discord: ``_sent``), and the panel it replaces."""
        embed, view = hand_panel(table, seat, lang)
        player = str(interaction.user.id)
        panel = answered(interaction, seat, lang, embed, view)
        replaced = self.shown(table).panels.get(player)
        self.shown(table).panels[player] = panel
        return embed, view, panel, replaced

    async def _let_go(self, table: LiveTable, panel: Panel) -> None:
        """A panel a newer one replaced, drawn once more: it no longer follows the
        table (or shows its end), so that no older state stays on the screen with
        buttons to click."""
        if not panel.sent or time.time() - panel.opened >= PANEL_LIFE:
            return  # never shown, or its token is gone
        try:
            async with self._drawing(table):  # after any redraw of it still going
                if table.status == "ended":
                    await self._draw(panel, *hand_panel(table, panel.seat, panel.lang))
                else:
                    await self._draw(panel, *replaced_panel(table, panel.lang))
        except discord.HTTPException as error:
            log.warning("could not let go of a panel at table %s: %s", table.id, error)

    def _drawing(self, table: LiveTable) -> AbstractAsyncContextManager[object]:
        """The table's lock, to draw a panel apart from a change; none once the table
        has ended (its lock is gone with it, and nothing is shown any more)."""
        if table.status == "ended":
            return contextlib.nullcontext()
        return self.lock(table.id)

    @staticmethod
    async def _draw(panel: Panel, embed: discord.Embed, view: discord.ui.View) -> None:
        """Edit ``panel`` through its token to show ``embed`` and ``view``."""
        files = edit_files(embed, panel.picture)
        await panel.interaction.edit_original_response(embed=embed, view=view, **files)
        panel.fingerprint, panel.picture = panel_fingerprint(embed, view), picture_name(embed)

    async def _not_sent(
        self, table: LiveTable, interaction: discord.Interaction[Any], replaced: Panel | None
    ) -> None:
        """The answer carrying a panel never reached Discord (too late, say): the panel
        it was to replace, still there, is kept again, and shows what changed meanwhile
        (a change skips a panel on its way), the end of the table too."""
        player = str(interaction.user.id)
        if table.status != "ended":
            panels = self.shown(table).panels
            kept = panels.get(player)
            if kept is not None and kept.interaction is interaction:
                if replaced is None:
                    del panels[player]
                else:
                    panels[player] = replaced
        if replaced is not None and replaced.sent:
            await self._sent(table, replaced)

    async def _sent(self, table: LiveTable, panel: Panel) -> None:
        """The answer carrying a *My hand* panel reached Discord: its
        token edits it from now on, and a change that came while it was on its way (which
        found nothing yet to edit) shows at once; the end of the table too."""
        player = str(panel.interaction.user.id)
        if table.status != "ended":
            if self.shown(table).panels.get(player) is panel:
                panel.sent = True  # there at once, should it be given back (`_not_sent`)
            async with self.lock(table.id):
                if table.status != "ended":
                    if self.shown(table).panels.get(player) is panel:
                        await self._refresh(table, player, panel, time.time())
                    return
        await self.close_answer(table, panel)  # the table ended meanwhile

    async def close_answer(self, table: LiveTable, answer: Panel) -> bool:
        """The private hand a click's answer drew (a panel, or the hand in DMs), drawn
        closed through the click's token: the table ended while the answer was on its
        way, and the end's closing of the hands may have come before it. Left as it is
        when it shows the end already (drawn after the end, or closed by the end's
        redraw since): a second drawing of the same is a request for nothing. Whether
        it shows the end now."""
        closed, nothing = hand_panel(table, answer.seat, answer.lang)
        if answer.fingerprint == panel_fingerprint(closed, nothing):
            return True
        try:
            await self._draw(answer, closed, nothing)
        except discord.HTTPException as error:
            log.warning("could not close a private hand at table %s: %s", table.id, error)
            return False
        return True

    async def refresh(self, table: LiveTable) -> None:
        """Redraw each live *My hand* panel whose content changed; one whose token is
        about to expire says so, with a button to open a fresh one."""
        now = time.time()
        for player, panel in list(self.shown(table).panels.items()):
            if panel.sent:  # else its answer is on its way, and shows the change once there
                await self._refresh(table, player, panel, now)

    async def _refresh(self, table: LiveTable, player: str, panel: Panel, now: float) -> None:
        expired = now - panel.opened >= PANEL_LIFE
        if expired:
            embed, view = expired_panel(table, panel.lang)
            del self.shown(table).panels[player]
        else:
            embed, view = hand_panel(table, panel.seat, panel.lang)
            if panel_fingerprint(embed, view) == panel.fingerprint:
                return
        try:
            await self._draw(panel, embed, view)
        except discord.NotFound:  # dismissed by its reader, or its token is gone
            self.shown(table).panels.pop(player, None)
        except Exception as error:
            if not passing(error) and not isinstance(error, discord.HTTPException):
                raise
            panel.picture = UNKNOWN  # the next redraw uploads its picture again
            panel.fingerprint = ""  # and draws it, whatever it shows then
            log.warning("could not refresh the panel of %s at table %s", player, table.id)
            if passing(error) and not expired:
                self._later(table, player, panel)
        if self.shown(table).panels.get(player) is not panel:  # let go: it expired, or is gone
            untangle(panel.interaction)

    def _later(self, table: LiveTable, player: str, panel: Panel) -> None:
        """A panel's edit Discord refused for a while: the outbox draws it again (as
        the table is then) while it is still the player's panel, or closed once the
        table has ended (its memory gone with it)."""

        def wanted() -> bool:
            return table.status == "ended" or self.shown(table).panels.get(player) is panel

        async def again() -> None:
            async with self._drawing(table):
                if not wanted():
                    return
                embed, view = hand_panel(table, panel.seat, panel.lang)
                if panel.fingerprint != panel_fingerprint(embed, view):  # else drawn since
                    await self._draw(panel, embed, view)

        self.outbox.put(
            ("panel", table.id, player),
            again,
            f"the panel of {player} at table {table.id}",
            wanted=wanted,
        )


def answered(
    interaction: discord.Interaction[Any],
    seat: int,
    lang: str,
    embed: discord.Embed,
    view: discord.ui.View,
) -> Panel:
    """The private hand that answering ``interaction`` drew (``embed`` and ``view``), as a
    panel its token edits."""
    return Panel(
        interaction, seat, lang, time.time(), panel_fingerprint(embed, view), picture_name(embed)
    )

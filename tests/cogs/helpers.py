"""Driving a table like four players would: clicks on the table message and in DMs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord

from bot.games.bete_hombree.codec import call_arg
from bot.ids import ComponentId
from bot.tables.table import LiveTable
from games.bete_hombree import Action, Kind
from tests.cogs.conftest import World


def live(world: World) -> LiveTable:
    table = world.bot.service.in_channel(world.channel.id)
    assert table is not None
    return table


def last_dm(world: World, seat: int) -> discord.Message:
    """The last private hand sent to ``seat`` (turn notices, plain text, aside)."""
    hands = [m for m in world.members[seat].user.dm_channel.history() if m.embeds]
    assert hands, f"no DM for seat {seat}"
    return max(hands, key=lambda m: m.id)


def hand_paths(world, table, seat: int) -> set[str]:
    """The paths of the requests that edit ``seat``'s private hand: as the bot, or
    through the token of its reader's last click (its message, or a follow-up)."""
    ref = world.bot.presenter.shown(table).dms[table.seats[seat].player]
    paths = {f"/channels/{ref.channel_id}/messages/{ref.message_id}"}
    if ref.hook is not None:
        hook = f"/webhooks/{ref.hook.application_id}/{ref.hook.token}/messages/"
        paths.add(hook + ("@original" if ref.original else str(ref.message_id)))
    return paths


def notices(world: World, seat: int) -> list[discord.Message]:
    """The turn notices in ``seat``'s DMs (text only), oldest first."""
    texts = [m for m in world.members[seat].user.dm_channel.history() if not m.embeds]
    return sorted(texts, key=lambda m: m.id)


def custom_ids(message: Any) -> list[str]:
    out = []
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if getattr(item, "custom_id", None):
                out.append(item.custom_id)
    return out


def labels(message: Any) -> list[str]:
    out = []
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if getattr(item, "label", None):
                out.append(item.label)
    return out


def message_text(message: Any) -> str:
    """All a message says: its content, its embeds (their pictures aside) and its labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts.append(str({k: v for k, v in data.items() if k != "image"}))
    parts.extend(labels(message))
    return "\n".join(parts)


def disabled(message: Any, label: str) -> bool:
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if getattr(item, "label", None) == label:
                return bool(item.disabled)
    raise AssertionError(f"no button {label!r}")


async def act_in_dm(world: World, seat: int, action: Action) -> Any:
    """Do ``action`` the way a player does it in the DM: buttons, steps, menu."""
    table = live(world)
    user = world.members[seat].user
    message = last_dm(world, seat)
    cid = ComponentId(table.id, table.moves, "x")
    if action.kind is Kind.PLAY:
        return await user.click(
            message, custom_id=str(ComponentId(cid.table, cid.moves, "play", str(action.card)))
        )
    if action.kind is Kind.DISCARD:
        values = str(action).split()[1:]
        return await user.select(
            message,
            values,
            custom_id=str(ComponentId(cid.table, cid.moves, "discard", select=True)),
        )
    if action.kind is Kind.DECLARE:
        suit = "SHDC"[action.suit]
        await user.click(message, custom_id=str(ComponentId(cid.table, cid.moves, "decl", suit)))
        message = last_dm(world, seat)
        step = f"{suit}:{action.level}"
        result = await user.click(
            message, custom_id=str(ComponentId(cid.table, cid.moves, "decl", step))
        )
        if live(world).moves != cid.moves:
            return result
        message = last_dm(world, seat)
        step = f"{step}:{action.matadors}"
        return await user.click(
            message, custom_id=str(ComponentId(cid.table, cid.moves, "decl", step))
        )
    return await user.click(
        message, custom_id=str(ComponentId(cid.table, cid.moves, "call", call_arg(action)))
    )


@contextmanager
def collector_off() -> Iterator[None]:
    """No garbage collection meanwhile: what is freed is freed by its references."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def tokens_in_cycles() -> list[str]:
    """The tokens of the interactions that only a collection frees (one is run)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return [o.token for o in gc.garbage if isinstance(o, discord.Interaction)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


async def kept_match(world, game: str, members, scores, options=None, **state) -> int:
    """A match of ``game`` between ``members`` kept for later at ``scores`` (stopped at
    an older table), its first member dealing next, ``state`` added to what is kept
    (Haitian Bésigue's ``match``); its id."""
    ids = [str(m.id) for m in members]
    async with world.bot.db.transaction() as store:
        row = await store.tables.insert_table(
            guild_id=world.guild.id, channel_id=999, game=game, options={},
            turn_seconds=0, created_by=ids[0], seed=1,
        )  # fmt: skip
        await store.tables.set_table_status(row.id, "ended")
        return await store.matches.keep_match(
            guild_id=world.guild.id, game=game, table_id=row.id, options=options or {},
            seats=[(i, m.user.name, None) for i, m in zip(ids, members, strict=True)],
            state={"scores": scores, "dealer": 0, **state}, summary="",
        )  # fmt: skip

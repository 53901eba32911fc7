"""Commands that reach a table at the same moment: each is answered as if it came alone
after the others (refused where one before it changed what it needs), never with an
error the player cannot read, and nothing is written twice."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import pytest

from bot.errors import UserError
from bot.tables.service import TableService
from db import Database
from games.bete_hombree import Rules
from tests.bot.test_service import CHANNEL, GUILD, make_service, seated_table

pytestmark = pytest.mark.both_backends


@pytest.fixture
async def service(database_target: str) -> AsyncIterator[TableService]:
    service = await make_service(database_target)
    yield service
    await service.close()
    await service.db.close()


async def kinds(db: Database, table_id: int) -> list[str]:
    async with db.reading() as store:
        return [e.kind for e in await store.tables.events(table_id)]


async def waiting_for(lock: asyncio.Lock, *commands: Coroutine[Any, Any, Any]) -> list[Any]:
    """Each command's result (or refusal), all of them started while ``lock`` was held
    (a move being written), so that each finds the table as the ones before it left it."""
    async with lock:
        tasks = [asyncio.create_task(command) for command in commands]
        await asyncio.sleep(0.01)  # every one of them waiting for the lock
    return await asyncio.gather(*tasks, return_exceptions=True)


def opening(service: TableService, channel: int, player: str, name: str) -> Any:
    """``player`` typing ``/table new`` in ``channel`` (La Bête Hombrée)."""
    return service.open_table(
        guild_id=GUILD, channel_id=channel, player=player, name=name, rules=Rules()
    )


def refused(result: Any) -> str:
    """The refusal's key (``result`` must be one)."""
    assert isinstance(result, UserError), result  # a refusal, never another error
    return result.key


async def test_what_waited_for_a_table_ended_meanwhile_is_refused(service):
    table = await seated_table(service)
    await service.start(table.id, "101")
    results = await waiting_for(
        table.lock,
        service.moderator_end(CHANNEL, "900", "Modo"),
        service.moderator_replace(CHANNEL, "901", "Modo2", "102"),
        service.stop(table.id, "101"),
        service.moderator_end(CHANNEL, "901", "Modo2"),
        service.next_hand(table.id, "103"),
    )
    assert results[0] is table
    assert {refused(r) for r in results[1:]} == {"error.table_gone"}
    logged = await kinds(service.db, table.id)
    assert logged[-1] == "end" and logged.count("end") == 1, logged
    assert table.id not in service.tables  # ended: not put back by a failed write
    # the channel is free for the next table
    again = await opening(service, CHANNEL, "101", "Sud")
    assert {t.status for t in service.tables.values()} == {"lobby"} and again.id != table.id


async def test_two_new_tables_in_one_channel_at_once(service):
    opened = await asyncio.gather(
        *(
            opening(service, CHANNEL, player, name)
            for player, name in (("101", "Sud"), ("102", "Est"))
        ),
        return_exceptions=True,
    )
    assert [refused(r) for r in opened if not hasattr(r, "id")] == ["error.table_exists"]
    assert len(service.tables) == 1


async def test_one_player_opening_two_tables_at_once(service):
    opened = await asyncio.gather(
        *(opening(service, channel, "101", "Sud") for channel in (CHANNEL, CHANNEL + 1)),
        return_exceptions=True,
    )
    assert [refused(r) for r in opened if not hasattr(r, "id")] == ["error.already_seated"]
    assert len(service.tables) == 1


async def test_one_player_opening_a_table_and_joining_another_at_once(service):
    other = await opening(service, CHANNEL + 1, "102", "Est")
    results = await asyncio.gather(
        opening(service, CHANNEL, "101", "Sud"),
        service.join(other.id, "101", "Sud", "fr"),
        return_exceptions=True,
    )
    assert [refused(r) for r in results if not hasattr(r, "id")] == ["error.already_seated"]
    seated = [t for t in service.tables.values() if t.seat_of("101") is not None]
    assert len(seated) == 1

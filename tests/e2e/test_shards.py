"""Two bot processes on one fake Discord with two shards, over one PostgreSQL database.

Each process is ``python -m tests.e2e.seeded_bot`` with ``SHARD_COUNT=2``: the
first holds shard 0 (the main guild, and every DM interaction, as Discord
delivers them), the second shard 1 (the guild *Le Bouchon*). A table of *Le
Bouchon* is the second process's; the clicks its players make in their DMs
reach the first, which hands them over through the database. The game played
that way, or with either process SIGKILLed mid-deal and started again, must end
exactly as the same seeded game played straight through by one process (moves,
event log, money, register, pot), with no hidden card shown and every summary
posted. A click made while the table's process is down, or still starting, is
answered by the receiver (the table is coming back) and never applied; the
commands are synced once, by the holder of shard 0.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.delivery.handoffs import PATIENCE
from bot.texts.i18n import t
from tests.e2e.fake import BotProcess, FakeDiscord, FakeGuild, NotConnected, SimInteraction
from tests.e2e.fake.model import DM
from tests.e2e.kills import KillPoint, arm, nth_call, nth_play
from tests.e2e.outcome import count_rows, counts, reading
from tests.e2e.played import SeededGame
from tests.e2e.players import WAIT, TablePlayers, find_button, new_command

SEED = "17920214"  # La Bête's e2e game (test_bete_game): a contre, then a curieuse
NAMES = ("arthur", "bertrand", "edmond")
PLAYED = SeededGame("bete", SEED, NAMES, deals=2)
COMING_BACK = t("fr", "error.table_elsewhere")


@dataclass
class Fleet:
    """The fake, its guild on each shard, and the process holding each shard."""

    server: FakeDiscord
    guilds: list[FakeGuild]  # by shard
    bots: list[BotProcess]  # by shard
    database: str  # the PostgreSQL URL both processes share

    def outputs(self) -> str:
        return "\n".join(bot.output() for bot in self.bots)


@pytest.fixture
async def fleet(postgres: Any, tmp_path: Path) -> AsyncIterator[Fleet]:
    name = postgres.new_database()
    url = postgres.server.url(name)
    try:
        async with FakeDiscord(shards=2) as server:
            other = server.add_guild("Le Bouchon", shard=1)
            server.add_channel("comptoir", guild=other)
            bots = [
                BotProcess(
                    server,
                    database_url=url,
                    module="tests.e2e.seeded_bot",
                    log_dir=tmp_path,
                    name=f"shard-{shard}",
                    # no DEV_GUILD_ID: commands synced globally, for the guilds of both
                    # shards and the DMs
                    env={
                        **PLAYED.env,
                        "SHARD_COUNT": "2",
                        "SHARD_IDS": str(shard),
                        "DEV_GUILD_ID": "",
                    },
                    wait_for_sync=shard == 0,
                )
                for shard in (0, 1)
            ]
            try:
                await asyncio.gather(*(bot.start() for bot in bots))
                yield Fleet(server, [server.guild, other], bots, url)
            finally:
                for bot in bots:
                    await bot.stop()
    finally:
        postgres.drop(name)


def rebuilt(bot: BotProcess, start: int) -> str:
    """The line in which one start of ``bot`` says how many tables it rebuilt."""
    lines = [line for line in bot.output(start).splitlines() if "live table(s) rebuilt" in line]
    assert len(lines) == 1, lines
    return lines[0]


def dm_clicks(players: TablePlayers) -> list[SimInteraction]:
    return [ix for ix in players.interactions if ix.channel.type == DM]


def delivered_to(server: FakeDiscord, ix: SimInteraction) -> set[int]:
    """The shards whose gateway sessions were sent ``ix``."""
    shards = set()
    for session in server.sessions.values():
        for _, text in session.events:
            frame = json.loads(text)
            if frame["t"] == "INTERACTION_CREATE" and int(frame["d"]["id"]) == ix.id:
                shards.add(session.shard_id)
    return shards


def untaken_handoffs(database: str) -> int:
    return count_rows(database, "handoffs")


async def test_commands_are_synced_once_and_each_process_rebuilds_its_own_tables(
    fleet: Fleet,
) -> None:
    server, (first, second) = fleet.server, fleet.bots
    assert [scope for scope, _ in server.command_syncs] == [None], "once, globally"
    assert "global commands" in first.output() and "synced" not in second.output()
    assert rebuilt(first, 1).endswith("0 live table(s) rebuilt (shards 0 of 2)")
    assert rebuilt(second, 1).endswith("0 live table(s) rebuilt (shards 1 of 2)")

    # a table in each guild, each opened by the process of its shard
    for guild in fleet.guilds:
        (user,) = server.add_users(f"hôte-{guild.name}", guild=guild)
        ix = await user.slash(new_command("bete"))
        table = await ix.wait_done(WAIT)
        assert table is not None and not table.ephemeral, ix.text()
        assert server.channels[table.channel_id].guild_id == guild.id
    with reading(fleet.database) as con:
        guilds = [int(g) for (g,) in con.execute("SELECT guild_id FROM tables ORDER BY id")]
    assert guilds == [g.id for g in fleet.guilds]

    # each process, started again, rebuilds its own guild's table only; only the
    # holder of shard 0 syncs the commands again
    await second.restart()
    assert rebuilt(second, 2).endswith("1 live table(s) rebuilt (shards 1 of 2)")
    assert server.sync_count(everywhere=True) == 1
    await first.restart()
    assert rebuilt(first, 2).endswith("1 live table(s) rebuilt (shards 0 of 2)")
    assert server.sync_count(everywhere=True) == 2, "one sync per start of shard 0's holder"
    assert "synced" not in second.output()
    assert "Traceback" not in fleet.outputs()
    assert server.problems() == []


async def test_dm_clicks_are_handed_to_the_tables_process_and_applied_once(
    fleet: Fleet, tmp_path: Path
) -> None:
    expected = await PLAYED.reference(tmp_path)
    server = fleet.server
    # the same game at a table of each process at once: on shard 1, its DM clicks are
    # handed over; on shard 0, they are the receiver's own
    elsewhere = PLAYED.players(server, fleet.guilds[1])
    here = PLAYED.players(server, fleet.guilds[0])
    await asyncio.gather(elsewhere.play(PLAYED.deals), here.play(PLAYED.deals))
    await asyncio.gather(elsewhere.finish(), here.finish())

    for players in (elsewhere, here):
        game = await PLAYED.ended(players, fleet.database)
        PLAYED.assert_as_expected(game, expected, server, players, fleet.bots)
        clicks = dm_clicks(players)
        assert len(clicks) > 10, "most moves are made in the DMs"
        for ix in clicks:  # every DM click reached shard 0 only, and was answered
            assert delivered_to(server, ix) == {0}, ix
            assert ix.latency is not None and ix.latency < 3.0, ix
    assert untaken_handoffs(fleet.database) == 0
    assert "nobody took a click" not in fleet.outputs()
    assert all(bot.starts == 1 for bot in fleet.bots)


async def click_while_down(server: FakeDiscord, players: TablePlayers) -> SimInteraction | None:
    """The player whose turn it is clicks his move in his DM (if it is there)."""
    offer = players.offer()
    if offer is None or server.channels[offer.message.channel_id].type != DM:
        return None
    button = offer.components[0]
    user = players.users[offer.seat]
    ix = await user.click(offer.message, str(button["custom_id"]), timeout=WAIT)
    await ix.wait_ack(WAIT)
    return ix


async def test_sigkill_of_the_tables_process_loses_nothing(fleet: Fleet, tmp_path: Path) -> None:
    expected = await PLAYED.reference(tmp_path)
    server, owner = fleet.server, fleet.bots[1]
    players = PLAYED.players(server, fleet.guilds[1])
    refused: list[SimInteraction] = []

    async def while_down(_move: object) -> None:
        # a DM click reaches the receiver, which finds nobody to take it: it answers
        # in time that the table is coming back, and applies nothing
        before = counts(fleet.database)
        ix = await click_while_down(server, players)
        assert ix is not None, "the next move is offered in a DM"
        refused.append(ix)
        assert ix.ephemeral and ix.text() == COMING_BACK, ix.text()
        assert ix.latency is not None and PATIENCE <= ix.latency < 3.0, ix.latency
        # a click on the table message, in the guild, is not delivered at all
        table = players.require_table()
        hand = find_button(table, "hand")
        assert hand is not None
        with pytest.raises(NotConnected):
            await players.users[0].click(table, hand, timeout=WAIT)
        assert counts(fleet.database) == before
        assert untaken_handoffs(fleet.database) == 0

    # the second card of the second trick of the first deal, once the next player's
    # hand offers its cards: he clicks it while the table's process is down, then
    # again, from the same message, once it is back
    kill = KillPoint(nth_play(1, len(NAMES) + 2), presented=True, old_button=True)
    chosen = arm(server, owner, players, kill, while_down=while_down)
    await players.play(PLAYED.deals)
    await players.finish()

    assert chosen and refused and owner.starts == 2 and fleet.bots[0].starts == 1
    assert "1 live table(s) rebuilt (shards 1 of 2)" in rebuilt(owner, 2)
    game = await PLAYED.ended(players, fleet.database)
    # the refused click was never applied, later or twice: the same button, clicked
    # after the restart, made the move, and the game is the one played straight
    PLAYED.assert_as_expected(game, expected, server, players, fleet.bots)
    assert untaken_handoffs(fleet.database) == 0


def shard_owner(database: str, shard: int) -> str:
    with reading(database) as con:
        row = con.execute("SELECT owner FROM shard_owners WHERE shard_id = ?", (shard,)).fetchone()
    assert row is not None
    return str(row[0])


async def test_a_click_handed_while_the_tables_process_starts_again_waits_for_it(
    fleet: Fleet, tmp_path: Path
) -> None:
    """The restarted holder hears of clicks as soon as it holds its shard, before its
    tables are rebuilt and its buttons' handlers loaded: it must not take one it cannot
    run yet (nobody would answer it), but leave it to the receiver's refusal."""
    expected = await PLAYED.reference(tmp_path)
    server, owner = fleet.server, fleet.bots[1]
    players = PLAYED.players(server, fleet.guilds[1])
    await players.open()
    while True:  # up to the first move offered in a DM
        offer = await server.wait_for(players.offer, WAIT, "a player's turn")
        if server.channels[offer.message.channel_id].type == DM:
            break
        await players.act(offer)
    await owner.kill()
    before, killed = counts(fleet.database), shard_owner(fleet.database, 1)
    user, button = players.users[offer.seat], str(offer.components[0]["custom_id"])

    # the tables' log locked: the process holds its shard, then waits to rebuild them
    connection = await asyncpg.connect(fleet.database)
    try:
        async with connection.transaction():
            await connection.execute("LOCK TABLE table_events IN ACCESS EXCLUSIVE MODE")
            starting = asyncio.create_task(owner.start())
            await server.wait_for(
                lambda: shard_owner(fleet.database, 1) != killed, WAIT, "shard 1 held again"
            )
            ix = await user.click(offer.message, button, timeout=WAIT)
            await ix.wait_ack(WAIT)
            assert ix.ephemeral and ix.text() == COMING_BACK, ix.text()
        await starting
    finally:
        await connection.close()
    assert "1 live table(s) rebuilt (shards 1 of 2)" in rebuilt(owner, 2)
    await server.settle()
    assert counts(fleet.database) == before, "the refused click was applied"

    # the same click again, now answered by the table's process, and the game goes on
    await players.act(offer)
    for number in range(1, PLAYED.deals + 1):
        await players.play_hand()
        if number < PLAYED.deals:
            await players.next_hand()
    await players.finish()
    game = await PLAYED.ended(players, fleet.database)
    PLAYED.assert_as_expected(game, expected, server, players, fleet.bots)
    assert untaken_handoffs(fleet.database) == 0


async def test_sigkill_of_the_dm_receiver_loses_nothing(fleet: Fleet, tmp_path: Path) -> None:
    expected = await PLAYED.reference(tmp_path)
    server, receiver = fleet.server, fleet.bots[0]
    players = PLAYED.players(server, fleet.guilds[1])
    down: list[bool] = []

    async def while_down(_move: object) -> None:
        # nobody receives DM interactions: Discord does not deliver them
        before = counts(fleet.database)
        with pytest.raises(NotConnected, match="DM"):
            await click_while_down(server, players)
        down.append(True)
        assert counts(fleet.database) == before

    # the contre that ends the speaking of the first deal, once the first player's
    # hand offers its cards: he plays from that DM after the receiver's restart
    kill = KillPoint(nth_call(1, 2), presented=True, old_button=True)
    chosen = arm(server, receiver, players, kill, while_down=while_down)
    await players.play(PLAYED.deals)
    await players.finish()

    assert chosen and down and receiver.starts == 2 and fleet.bots[1].starts == 1
    assert server.sync_count(everywhere=True) == 2, "one sync per start of shard 0's holder"
    game = await PLAYED.ended(players, fleet.database)
    PLAYED.assert_as_expected(game, expected, server, players, fleet.bots)
    assert untaken_handoffs(fleet.database) == 0

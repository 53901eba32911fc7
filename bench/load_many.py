"""Part 2 of the load benchmark: many tables brought mid-hand straight through the table
service (the bot's own code), each with its table message in the fake; the bot processes
are started, SIGKILLed, and their restart timed until every table answers a click.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.load_fleet import Fleet, Postgres, bench_guilds, database_target, share_commands
from bench.load_players import TableDriver, build_world, forget_history
from bench.load_restart import RestartFigures, mib, restart_line, timed_restart
from bot.drawing.render import table_embed
from bot.drawing.table_buttons import table_view
from bot.games import table_game
from bot.tables.service import TableService
from bot.tables.table import LiveTable
from db import Database
from tests.e2e.fake import FakeDiscord

TARGET_RESTART_1000 = 5.0


async def bring_mid_hand(
    target: str, drivers: list[TableDriver], server: FakeDiscord, seed: int, game_id: str
) -> None:
    """Open, fill and start every table through the table service, then play a few moves
    of its first hand; post its table message in the fake, as the bot would have."""
    rng = random.Random(seed)
    db = await Database.open(target)
    try:
        service = TableService(db, seed_source=lambda: rng.getrandbits(62))
        game = table_game(game_id)
        for driver in drivers:
            guild = server.guilds[driver.guild_id]
            ids = [str(p.id) for p in driver.players]
            table = await service.open_table(
                guild_id=guild.id,
                channel_id=driver.channel.id,
                player=ids[0],
                name=driver.players[0].name,
                game=game,
                rules=game.spec.options_from({}),
                guild_name=guild.name,
                channel_name=driver.channel.name,
            )
            for player in driver.players[1:]:
                await service.join(table.id, str(player.id), player.name, "fr")
            await service.start(table.id, ids[0])
            for _ in range(rng.randint(1, 12)):
                await play_one(service, table, ids, rng)
            embed, view = (
                table_embed(table, table.public_lang),
                table_view(table, table.public_lang),
            )
            body = {"embeds": [embed.to_dict()], "components": view.to_components()}
            driver.message = server.create_message(driver.channel, body, via="bench seeding")
            await service.set_message(table, driver.message.id)
        await service.close()
    finally:
        await db.close()


async def play_one(
    service: TableService, table: LiveTable, ids: list[str], rng: random.Random
) -> None:
    state = table.state
    if table.between_hands or state is None or state.is_over:
        await service.next_hand(table.id, ids[0])
        return
    action = rng.choice(state.legal_actions())
    await service.act(table.id, ids[state.turn], action)


@dataclass
class ManyFigures:
    tables: int
    processes: int
    database: str
    machine_load: str
    seed_s: float
    rss_empty_kib: int
    rss_with_tables_kib: int
    per_table_bytes: float
    warm: RestartFigures
    restart: RestartFigures


async def many_tables(
    args: argparse.Namespace, folder: Path, postgres: Postgres | None, machine_load: str
) -> ManyFigures:
    count = args.restart_tables
    target = await database_target(args.database, folder, "restart", postgres)
    async with FakeDiscord(**args.fake_options) as server:
        guilds = bench_guilds(server, args.guilds, args.processes)
        drivers = build_world(server, count, args.seed, guilds=guilds, game=args.game)
        # no global limit here (the restart alone is measured): the bots not paced either
        env = {"REST_RATE": "0"}
        fleet = Fleet(server, target, folder, processes=args.processes, name="restart-bot", env=env)
        await fleet.start(timeout=60)
        share_commands(server, guilds)
        await server.settle(quiet=1.0, timeout=30)
        empty = fleet.memory()
        await fleet.kill(range(fleet.count))
        print(f"bringing {count} tables mid-hand", file=sys.stderr)
        started = time.perf_counter()
        if args.database == "sqlite":
            for suffix in ("", "-wal", "-shm"):  # a stale WAL would win over the copy
                Path(f"{target}{suffix}").unlink(missing_ok=True)
            # the seeding's commits need no fsync: it writes a copy in memory, moved in place
            shm = Path("/dev/shm")
            scratch = Path(tempfile.mkdtemp(dir=shm if shm.is_dir() else folder))
            try:
                await bring_mid_hand(
                    str(scratch / "seed.db"), drivers, server, args.seed, args.game
                )
                shutil.copyfile(scratch / "seed.db", target)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
        else:  # the throwaway server runs without fsync already
            await bring_mid_hand(target, drivers, server, args.seed, args.game)
        seeded = time.perf_counter() - started
        try:
            print(
                f"starting {fleet.count} bot process(es) on {count} live tables, "
                "then SIGKILL and restart",
                file=sys.stderr,
            )
            warm = await timed_restart(fleet, drivers)
            forget_history(server)
            restart = await timed_restart(fleet, drivers)
        finally:
            await fleet.stop()
    return ManyFigures(
        tables=count,
        processes=args.processes,
        database=args.database,
        machine_load=machine_load,
        seed_s=seeded,
        rss_empty_kib=empty["VmRSS"],
        rss_with_tables_kib=warm.rss_after_kib,
        per_table_bytes=1024 * (warm.rss_after_kib - empty["VmRSS"]) / max(1, count),
        warm=warm,
        restart=restart,
    )


def report_many(many: ManyFigures) -> None:
    restart = many.restart
    restart_ok = restart.all_answered_s <= TARGET_RESTART_1000 and restart.with_hand == many.tables
    print(
        f"\n== restart with {many.tables} live tables "
        f"({many.processes} process(es), {many.database}) =="
    )
    print(f"machine load: {many.machine_load}")
    print(f"{many.tables} tables brought mid-hand by the table service in {many.seed_s:.1f} s")
    print(
        f"bot memory: RSS {mib(many.rss_empty_kib)} with no table, "
        f"{mib(many.rss_with_tables_kib)} with {many.tables} live: "
        f"{many.per_table_bytes / 1024:.1f} KiB per table"
    )
    print("first start: " + restart_line(many.warm))
    print(
        restart_line(restart)
        + f"  [target <= {TARGET_RESTART_1000:g} s: {'met' if restart_ok else 'MISSED'}]"
    )

"""Part 1 of ``bench.load``: live tables of four simulated players played by clicks on
the bot's real processes, a measured window at a time, then the restart or the mid-game
kill and the move ledger; with the helpers every configuration of ``--compare`` shares
(the work folder, the layout of processes and guilds, no collector pauses)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.load_fleet import (
    CpuMeter,
    Fleet,
    Postgres,
    bench_guilds,
    database_target,
    share_commands,
    tracebacks,
)
from bench.load_ledger import LedgerFigures, Window, check, read_logs
from bench.load_players import (
    SETUP_VERBS,
    Answer,
    LatencyFigures,
    LoopLag,
    TableDriver,
    answering,
    build_world,
    forget_history,
    request_kind,
    table_of,
    write_answers,
)
from bench.load_restart import KillFigures, RestartFigures, kill_mid_game, timed_restart
from bench.load_split import Splitter, probe_env
from tests.e2e.fake import FakeDiscord

GLOBAL_LIMIT = 50  # REST requests a second Discord allows a bot, interaction answers aside
TARGET_P99 = 0.050
SETTLE = 1.0  # seconds between forgetting the fake's history and opening a window


# ---- one measured window ----------------------------------------------------------------


@dataclass
class StepFigures:
    rate_per_table: float
    duration_s: float
    latency: LatencyFigures
    interactions_per_s: float
    by_verb: dict[str, LatencyFigures]
    moves: int  # clicks that made a move (an action, a deal, a hand turned up)
    refused: int
    refusals: list[str]
    slowest: list[str]  # seconds into the window, verb, latency
    stuck_waits: int
    bot_cpu_ms_per_interaction: float  # every bot process
    rest_per_interaction: float  # REST calls to Discord besides the interaction's answer
    rest_per_move: float
    rest_per_s: float
    rest_by_kind: dict[str, float]  # the same, per interaction, by what they did
    token_per_move: float  # requests through interactions' tokens, their answers aside
    global_429: int  # requests Discord's global limit sent back (429)
    bot_cpu_share: float  # of one core, every bot process, during play
    postgres_cpu_share: float | None  # the PostgreSQL server's processes
    driver_cpu_share: float  # this process: the fake Discord and the players
    driver_worst_lag_ms: float  # this process's event loop, during play
    cpu_share_by_process: list[float]  # process k holds shard k (DMs come to shard 0)
    latency_by_process: list[LatencyFigures]  # the tables each process holds
    split: dict[str, list[float]] = field(default_factory=dict)  # --split-latency, ms

    @property
    def within_target(self) -> bool:
        lat = self.latency
        return lat.count > 0 and lat.p99_ms <= 1000 * TARGET_P99 and not lat.unanswered


@dataclass
class Sample:
    """What a window leaves to count once every answer is in."""

    rate: float
    start: float  # perf_counter
    end: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)  # bots, postgres, driver
    lag: float = 0.0
    stuck: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    rest: int = 0
    tokens: int = 0  # requests through interactions' tokens (not counted by Discord)
    global_429: int = 0


class Meter:
    """The CPU of the bots, the PostgreSQL server and this process, read at a window's ends."""

    def __init__(self, fleet: Fleet, postgres: Postgres | None) -> None:
        self.fleet = fleet
        self.postgres = postgres
        self.pg_cpu = CpuMeter()

    def read(self) -> dict[str, float]:
        each = self.fleet.cpu_by_process()
        out = {"bots": sum(each), "driver": time.process_time()}
        out.update({f"bot{k}": used for k, used in enumerate(each)})
        if self.postgres is not None and self.postgres.pids():
            out["postgres"] = self.pg_cpu.read(self.postgres.pids())
        return out


async def measure(
    server: FakeDiscord, meter: Meter, drivers: list[TableDriver], rate: float, seconds: float
) -> Sample:
    """A window of ``seconds``: its CPU and REST requests now, its answers later."""
    forget_history(server)
    # forgetting holds this process's loop a moment: the answers it held up come in
    # before the window opens, not counted as the bot's lateness
    await asyncio.sleep(SETTLE)
    sample = Sample(rate, time.perf_counter(), cpu=meter.read())
    sample.stuck = sum(d.stuck for d in drivers)
    start_mono = time.monotonic()
    lag = LoopLag()
    lag.start()
    await asyncio.sleep(seconds)
    sample.lag = lag.stop()
    sample.end = time.perf_counter()
    after = meter.read()
    sample.cpu = {k: after[k] - v for k, v in sample.cpu.items() if k in after}
    sample.stuck = sum(d.stuck for d in drivers) - sample.stuck
    end_mono = time.monotonic()
    # Discord's global limit counts these, not the answers to interactions
    counted = [
        r
        for r in server.requests
        if not answering(r.path) and r.status != 429 and start_mono <= r.at < end_mono
    ]
    dm_channels = {channel.id for channel in server.dm_channels.values()}
    sample.kinds = Counter(request_kind(r, dm_channels) for r in counted)
    sample.rest = len(counted)
    sample.tokens = sum(
        1
        for r in server.requests
        if "/webhooks/" in r.path and r.status != 429 and start_mono <= r.at < end_mono
    )
    sample.global_429 = sum(1 for hit in server.rate_limit_hits if hit.is_global)
    return sample


def step_figures(
    sample: Sample,
    answers: list[Answer],
    owners: dict[int, int] | None = None,
    splitter: Splitter | None = None,
) -> StepFigures:
    """The figures of a window; ``owners``: the process holding each table."""
    elapsed = sample.end - sample.start
    start = sample.start
    window = [a for a in answers if start <= a.dispatched < sample.end and a.verb != "hand"]
    count = max(1, len(window))
    moves = sum(1 for a in window if a.made_move)
    refusals = [f"{a.verb}: {a.refused}" for a in window if a.refused]
    cpu = sample.cpu
    return StepFigures(
        rate_per_table=sample.rate,
        duration_s=elapsed,
        latency=LatencyFigures.of(window),
        interactions_per_s=len(window) / elapsed,
        by_verb={
            verb: LatencyFigures.of([a for a in window if a.verb == verb])
            for verb, _ in Counter(a.verb for a in window).most_common()
        },
        moves=moves,
        refused=len(refusals),
        refusals=refusals[:10],
        slowest=[
            f"{a.dispatched - start:.1f} s {a.verb} {1000 * (a.latency or 0):.0f} ms"
            for a in sorted(window, key=lambda a: -(a.latency or 10.0))[:10]
        ],
        stuck_waits=sample.stuck,
        bot_cpu_ms_per_interaction=1000 * cpu["bots"] / count,
        rest_per_interaction=sample.rest / count,
        rest_per_move=sample.rest / max(1, moves),
        rest_per_s=sample.rest / elapsed,
        rest_by_kind={kind: n / count for kind, n in sample.kinds.most_common()},
        token_per_move=sample.tokens / max(1, moves),
        global_429=sample.global_429,
        bot_cpu_share=cpu["bots"] / elapsed,
        postgres_cpu_share=cpu["postgres"] / elapsed if "postgres" in cpu else None,
        driver_cpu_share=cpu["driver"] / elapsed,
        driver_worst_lag_ms=1000 * sample.lag,
        cpu_share_by_process=[
            cpu[f"bot{k}"] / elapsed for k in range(len(cpu)) if f"bot{k}" in cpu
        ],
        latency_by_process=[
            LatencyFigures.of([a for a in window if (owners or {}).get(table_of(a)) == k])
            for k in sorted(set((owners or {}).values()))
        ]
        if owners and len(set(owners.values())) > 1
        else [],
        split=splitter.figures(window) if splitter is not None else {},
    )


# ---- part 1: live tables under load ----------------------------------------------------


@dataclass
class LoadFigures:
    tables: int
    processes: int
    database: str
    guilds: int
    machine_load_before: str
    machine_load_after: str
    setup: LatencyFigures
    steps: list[StepFigures]
    rss_before_tables_kib: int
    rss_with_tables_kib: int
    hwm_kib: int
    per_table_bytes: float
    restart: RestartFigures | None
    kill: KillFigures | None
    ledger: LedgerFigures | None
    problems: list[str]

    @property
    def best(self) -> StepFigures | None:
        """The step of most interactions a second whose p99 stayed within 50 ms."""
        within = [s for s in self.steps if s.within_target]
        return max(within, key=lambda s: s.interactions_per_s, default=None)


async def live_tables(
    args: argparse.Namespace, folder: Path, postgres: Postgres | None
) -> LoadFigures:
    load_before = machine_load()
    target = await database_target(args.database, folder, "load", postgres)
    async with FakeDiscord(**args.fake_options) as server:
        if args.global_limit:  # Discord's, on the bot's REST requests
            server.limit_globally(args.global_limit, 1.0)
        guilds = bench_guilds(server, args.guilds, args.processes)
        drivers = build_world(
            server, args.tables, args.seed, not args.no_pictures, guilds, args.game
        )
        splitter = Splitter(folder / "probes") if args.split_latency else None
        # the bots pace their own requests by the limit the fake enforces (0: neither)
        env = {"REST_RATE": str(args.global_limit)}
        if splitter is not None:
            env.update(probe_env(splitter.folder))
        fleet = Fleet(server, target, folder, processes=args.processes, env=env)
        meter = Meter(fleet, postgres)
        await fleet.start(timeout=60)
        share_commands(server, guilds)
        restart = kill = ledger = None
        samples: list[Sample] = []
        windows: list[Window] = []
        try:
            await server.settle(quiet=1.0, timeout=30)
            before = fleet.memory()
            answers = drivers[0].answers.done

            gate = asyncio.Semaphore(args.open_concurrency)
            rate = [args.rates[0]]
            end = [float("inf")]  # when the players stop
            dealt = asyncio.Event()
            opened: list[TableDriver] = []

            def think() -> float:
                return 1.0 / rate[0] if rate[0] > 0 else 0.0

            async def open_and_play(index: int, driver: TableDriver) -> None:
                # tables opened all at once would end their hands all at once too
                await asyncio.sleep(args.ramp * index / len(drivers))
                async with gate:
                    await driver.open(pause=0.05)
                    if args.spread:  # a head start, so that the tables' hands are not in step
                        quick = random.Random(f"{args.seed}:spread:{index}")
                        await driver.play(
                            lambda: 0.0, lambda: end[0], quick.randint(0, args.spread)
                        )
                opened.append(driver)
                if len(opened) == len(drivers):
                    dealt.set()
                await driver.play(think, lambda: end[0])

            players = asyncio.gather(*(open_and_play(i, d) for i, d in enumerate(drivers)))
            waiting: asyncio.Future[Any] = asyncio.ensure_future(dealt.wait())
            await asyncio.wait([waiting, players], return_when=asyncio.FIRST_COMPLETED)
            if players.done():  # a table failed to open: say why
                waiting.cancel()
                await players
            setup = LatencyFigures.of([a for a in answers if a.verb in SETUP_VERBS])
            owners = {d.table_id(): fleet.owner(d.guild_id) for d in drivers}
            print(
                f"{args.tables} tables dealt on {fleet.count} process(es), {args.database}; "
                f"rates {', '.join(f'{r:g}' for r in args.rates)} a table a second, "
                f"{args.warmup:.0f} s of play then {args.duration:.0f} s measured each",
                file=sys.stderr,
            )
            over = 0  # steps in a row over the target
            for number, step_rate in enumerate(args.rates):
                rate[0] = step_rate
                # the head starts leave the bots a backlog of messages to edit: let it go
                first = number == 0 and args.spread
                await asyncio.sleep(3 * args.warmup if first else args.warmup)
                sample = await measure(server, meter, drivers, step_rate, args.duration)
                samples.append(sample)
                figures = step_figures(sample, answers, owners)
                print(
                    f"  rate {step_rate:g}: {figures.interactions_per_s:.1f} a second, "
                    f"p99 {figures.latency.p99_ms:.1f} ms; slowest: "
                    + ", ".join(figures.slowest[:3]),
                    file=sys.stderr,
                )
                over = 0 if figures.within_target else over + 1
                if args.stop_above and over == 2:
                    break  # two steps over in a row: the next rates would be later still
            with_tables = fleet.memory()
            if args.restart == "mid-game":
                # back to a load the bots carry (the last step may have been past it)
                best = [step_figures(s, answers, owners) for s in samples]
                within = [f for f in best if f.within_target]
                rate[0] = within[-1].rate_per_table if within else args.rates[0]
                await asyncio.sleep(args.warmup)
                which = args.kill_process % fleet.count
                print(f"SIGKILL of process {which + 1} mid-game", file=sys.stderr)
                kill, window = await kill_mid_game(fleet, drivers, answers, which, args.after_kill)
                windows.append(window)
            end[0] = time.monotonic()
            for driver in drivers:  # the players waiting for a move stop waiting
                driver.changed.set()
            await players
            await server.settle(quiet=0.5, timeout=60)
            problems = server.problems()
            forget_history(server)
            if args.restart == "idle":
                print(f"restarting with {args.tables} live tables", file=sys.stderr)
                restart = await timed_restart(fleet, drivers)
            problems += server.problems()
        finally:
            await fleet.stop()
        output = fleet.output()
        problems += [line for line in output.splitlines() if " ERROR " in line][:10]
        problems += [f"the bots printed a traceback: {last}" for last in tracebacks(output)]
        if args.workdir is not None:
            write_answers(folder / "answers.csv", answers)
        if splitter is not None:
            splitter.load(answers)
        opened_ids = [d.table_id() for d in drivers if d.message is not None]
        logs = await read_logs(target, opened_ids)
        ledger = check(drivers, answers, logs, windows)
    return LoadFigures(
        tables=args.tables,
        processes=args.processes,
        database=args.database,
        guilds=len(guilds),
        machine_load_before=load_before,
        machine_load_after=machine_load(),
        setup=setup,
        steps=[step_figures(s, answers, owners, splitter) for s in samples],
        rss_before_tables_kib=before["VmRSS"],
        rss_with_tables_kib=with_tables["VmRSS"],
        hwm_kib=with_tables["VmHWM"],
        per_table_bytes=1024 * (with_tables["VmRSS"] - before["VmRSS"]) / max(1, args.tables),
        restart=restart,
        kill=kill,
        ledger=ledger,
        problems=problems[:20],
    )


# ---- the run ---------------------------------------------------------------------------


@contextmanager
def workdir(path: str | Path | None) -> Iterator[Path]:
    if path is not None:
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        yield folder
        return
    with tempfile.TemporaryDirectory(prefix="bench-load-") as scratch:
        yield Path(scratch)


def machine_load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min), {os.cpu_count()} CPUs"


def set_layout(args: argparse.Namespace, processes: int) -> None:
    """Processes, and the guilds and fake they need: one guild for one process, else four
    a process (eight in all with --compare, whatever the configuration)."""
    if not hasattr(args, "guilds_given"):
        args.guilds_given = args.guilds
    args.processes = processes
    if args.guilds_given:
        args.guilds = args.guilds_given
    elif args.compare:
        args.guilds = 8
    else:
        args.guilds = 1 if processes == 1 else 4 * processes
    args.fake_options = {"shards": processes} if processes > 1 else {}


@contextmanager
def no_collector_pauses() -> Iterator[None]:
    """The fake keeps every version of every message: a full collection of this process
    stops its event loop for a good part of a second, and the callbacks it timestamps
    meanwhile would count as the bot's lateness. The run is bounded: reference counting
    alone frees what it must."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()

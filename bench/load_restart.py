"""Restarts in the load benchmark: SIGKILL bot processes, start them again, and time until
every table of theirs answers a click; either with the players idle, or mid-game with
everyone still playing (the other processes' tables on, this one's clicks failing
meanwhile, which the move ledger then checks were never applied).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass

from bench.load_fleet import Fleet
from bench.load_ledger import Window
from bench.load_players import Answer, LatencyFigures, TableDriver, table_of


@dataclass
class RestartFigures:
    tables: int
    ready_s: float  # process start -> gateway identified (tables rebuilt, commands synced)
    all_answered_s: float  # process start -> a My hand click answered at every table
    answered: int
    with_hand: int  # answers that showed the hand (the table was live)
    refusals: dict[str, int]  # what the other answers said
    rss_after_kib: int
    hwm_kib: int


async def _restart(
    fleet: Fleet, drivers: list[TableDriver], which: list[int]
) -> tuple[RestartFigures, float]:
    """Start the killed processes ``which``; time their tables' first answers. Also when
    (perf_counter) they had identified."""
    started = time.perf_counter()
    await fleet.start_some(which)
    ready = time.perf_counter() - started
    mine = [d for d in drivers if fleet.owner(d.guild_id) in which]
    probes = await asyncio.gather(*(driver.probe() for driver in mine))
    answered = [p for p in probes if p.latency is not None]
    last = max((p.dispatched + (p.latency or 0.0) for p in answered), default=started)
    memory = fleet.memory(which)
    figures = RestartFigures(
        tables=len(mine),
        ready_s=ready,
        all_answered_s=last - started,
        answered=len(answered),
        with_hand=sum(1 for p in answered if not p.refused),
        refusals=dict(Counter(p.refused for p in probes if p.refused).most_common(3)),
        rss_after_kib=memory["VmRSS"],
        hwm_kib=memory["VmHWM"],
    )
    return figures, started + ready


async def timed_restart(
    fleet: Fleet, drivers: list[TableDriver], which: list[int] | None = None
) -> RestartFigures:
    """SIGKILL the processes ``which`` (all by default) with the players idle, start them
    again, and time it; then wait for the bot to go quiet."""
    chosen = list(range(fleet.count)) if which is None else which
    fleet.cpu_seconds()  # the last reading of the processes about to die
    await fleet.kill(chosen)
    figures, _ = await _restart(fleet, drivers, chosen)
    await fleet.server.settle(quiet=0.5, timeout=120)
    memory = fleet.memory(chosen)
    figures.rss_after_kib, figures.hwm_kib = memory["VmRSS"], memory["VmHWM"]
    return figures


@dataclass
class KillFigures:
    process: int
    processes: int
    down_s: float  # SIGKILL -> the new process identified
    restart: RestartFigures
    moved_after: int  # its tables that made a move after the restart, within after_s
    after_s: float
    failed_while_down: int  # its tables' clicks that failed meanwhile
    others: LatencyFigures | None  # the other processes' tables, from the kill to 5 s after
    others_failed: dict[str, int]  # why their clicks failed meanwhile (DMs come by shard 0)


async def kill_mid_game(
    fleet: Fleet, drivers: list[TableDriver], answers: list[Answer], which: int, after: float
) -> tuple[KillFigures, Window]:
    """SIGKILL process ``which`` while every table plays on, start it again at once, time
    its tables' answers, and let play go on for ``after`` seconds."""
    fleet.cpu_seconds()
    killed = time.perf_counter()
    await fleet.kill([which])
    restart, ready = await _restart(fleet, drivers, [which])
    await asyncio.sleep(after)
    guilds = frozenset(d.guild_id for d in drivers if fleet.owner(d.guild_id) == which)
    mine = {d.table_id() for d in drivers if d.guild_id in guilds and d.message is not None}
    window = Window(killed, ready, guilds)
    moved: set[int] = set()
    failed = 0
    others: list[Answer] = []
    for answer in answers:
        table = table_of(answer)
        if table in mine:
            if answer.made_move and answer.dispatched >= ready:
                moved.add(table)
            if killed <= answer.dispatched < ready and not answer.accepted:
                failed += 1
        elif killed <= answer.dispatched < ready + 5.0:
            others.append(answer)
    figures = KillFigures(
        process=which,
        processes=fleet.count,
        down_s=ready - killed,
        restart=restart,
        moved_after=len(moved),
        after_s=after,
        failed_while_down=failed,
        others=LatencyFigures.of(others) if fleet.count > 1 else None,
        others_failed=dict(
            Counter(a.refused or "unanswered" for a in others if not a.accepted).most_common(3)
        ),
    )
    return figures, window


def mib(kib: int) -> str:
    return f"{kib / 1024:.1f} MiB"


def restart_line(r: RestartFigures) -> str:
    return (
        f"restart after SIGKILL, {r.tables} tables: identified after {r.ready_s:.2f} s, "
        f"every table answered after {r.all_answered_s:.2f} s "
        f"({r.with_hand}/{r.tables} showed the hand; RSS {mib(r.rss_after_kib)}, "
        f"peak {mib(r.hwm_kib)})"
        + "".join(f"\n  {n} answered: {text}" for text, n in r.refusals.items())
    )


TARGET_BACK = 5.0  # seconds from a process's restart to every table of its answering


def kill_lines(k: KillFigures) -> list[str]:
    r = k.restart
    back_ok = r.all_answered_s <= TARGET_BACK and r.with_hand == r.tables
    lines = [
        f"SIGKILL of process {k.process + 1} of {k.processes} mid-game ({r.tables} of its "
        f"tables), started again at once: down {k.down_s:.2f} s; identified "
        f"{r.ready_s:.2f} s after its start, every table of it answered after "
        f"{r.all_answered_s:.2f} s ({r.with_hand}/{r.tables} showed the hand)"
        f"  [target <= {TARGET_BACK:g} s: {'met' if back_ok else 'MISSED'}]",
        f"  its tables: {k.failed_while_down} clicks failed while it was down; "
        f"{k.moved_after}/{r.tables} made a move in the {k.after_s:.0f} s after",
    ]
    if k.others is not None:
        o = k.others
        failed = ", ".join(f"{n} {why}" for why, n in k.others_failed.items()) or "none"
        lines.append(
            f"  the other processes' tables meanwhile (to 5 s after): {o.count} answers, "
            f"p50 {o.p50_ms:.1f} ms, p99 {o.p99_ms:.1f} ms, max {o.max_ms:.1f} ms; "
            f"clicks failed: {failed}"
        )
    lines += [f"  {n} answered: {text}" for text, n in r.refusals.items()]
    return lines

"""``bench.load --compare``: part 1 for 1 process on SQLite, 1 process on PostgreSQL and
2 processes on PostgreSQL, one after the other on the same machine, and what they compare
to: the most interactions a second each carries with p99 within 50 ms (a ladder of rates
on the same tables), and the multi-process targets.

The fake Discord and the players run in this process and take CPU too (printed with each
step): on a 2-core machine they share the cores with the bots and PostgreSQL.
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
from dataclasses import asdict
from typing import Any

from bench.load_fleet import Postgres
from bench.load_report import TARGET_REST_PER_MOVE, report_load, verdict
from bench.load_restart import TARGET_BACK
from bench.load_tables import (
    LoadFigures,
    StepFigures,
    live_tables,
    no_collector_pauses,
    set_layout,
    workdir,
)

CONFIGS = ((1, "sqlite"), (1, "postgresql"), (2, "postgresql"))
TARGET_SPEEDUP = 1.6
CORES = os.cpu_count() or 1


def machine_cores(step: StepFigures) -> float:
    """The cores the whole machine used during the step: bots, PostgreSQL, fake and players."""
    return step.bot_cpu_share + (step.postgres_cpu_share or 0.0) + step.driver_cpu_share


def label(load: LoadFigures) -> str:
    return f"{load.processes} process{'es' if load.processes > 1 else ''}, {load.database}"


async def compare(args: argparse.Namespace) -> dict[str, Any]:
    postgres = await Postgres.start()
    results: list[LoadFigures] = []
    try:
        with workdir(args.workdir) as folder:
            for processes, database in CONFIGS:
                conf = copy.copy(args)
                conf.database = database
                set_layout(conf, processes)
                sub = folder / f"{processes}-{database}"
                sub.mkdir(parents=True, exist_ok=True)
                print(f"\n-- {processes} process(es), {database} --", file=sys.stderr)
                with no_collector_pauses():
                    load = await live_tables(conf, sub, postgres if database != "sqlite" else None)
                results.append(load)
                if not args.json:
                    report_load(load)
    finally:
        postgres.stop()
    if not args.json:
        summary(results)
    return {"compare": [asdict(load) for load in results]}


def summary(results: list[LoadFigures]) -> None:
    print("\n== comparison ==")
    print(
        f"{'configuration':<26} {'ix/s':>6} {'rate':>5} {'p99 ms':>7} {'>1s':>4} "
        f"{'CPU ms/ix':>9} {'REST/move':>9} {'KiB/table':>9} {'back s':>6} {'ledger':>8}"
    )
    for load in results:
        best = load.best
        over = sum(s.latency.over_1s + s.latency.unanswered for s in load.steps)
        back = (
            load.kill.restart.all_answered_s
            if load.kill is not None
            else load.restart.all_answered_s
            if load.restart is not None
            else float("nan")
        )
        ledger = "clean" if load.ledger is not None and load.ledger.clean else "NOT CLEAN"
        if best is None:
            print(f"{label(load):<26} {'none within 50 ms':>20}")
            continue
        print(
            f"{label(load):<26} {best.interactions_per_s:6.1f} {best.rate_per_table:5.3g} "
            f"{best.latency.p99_ms:7.1f} {over:4d} {best.bot_cpu_ms_per_interaction:9.1f} "
            f"{best.rest_per_move:9.2f} {load.per_table_bytes / 1024:9.1f} {back:6.2f} "
            f"{ledger:>8}"
        )
    print("(ix/s: the most interactions a second with p99 within 50 ms, at that rate per table;")
    print(" >1s: answers over 1 s or never given, in every step; back: a SIGKILLed process's")
    print(" start to every table of it answering)")
    by = {(load.processes, load.database): load for load in results}
    one_pg, two_pg, one_lite = (
        by.get((1, "postgresql")),
        by.get((2, "postgresql")),
        by.get((1, "sqlite")),
    )
    if one_pg is None or two_pg is None:
        return
    base, multi = one_pg.best, two_pg.best
    if base is not None and multi is not None:
        ratio = multi.interactions_per_s / base.interactions_per_s
        against = ""
        if one_lite is not None and one_lite.best is not None:
            against = (
                f" ({multi.interactions_per_s / one_lite.best.interactions_per_s:.2f} x "
                "one process on SQLite)"
            )
        print(
            f"2 processes on PostgreSQL carry {ratio:.2f} x the interactions a second of one"
            f"{against}  [target >= {TARGET_SPEEDUP:g} x: {verdict(ratio >= TARGET_SPEEDUP)}]"
        )
        ceiling(base, two_pg)
    else:
        print(f"2 processes against 1: no step within 50 ms to compare  [{verdict(False)}]")
    late = [
        s.latency.over_1s + s.latency.unanswered
        for s in two_pg.steps
        if multi is None or s.interactions_per_s <= multi.interactions_per_s
    ]
    print(
        f"{two_pg.tables} live tables on 2 processes: {sum(late)} answers late (> 1 s) or never "
        f"given up to the most they carry  [target none: {verdict(bool(late) and not sum(late))}]"
    )
    rest = [
        f"{label(load)} {load.best.rest_per_move:.2f}" for load in results if load.best is not None
    ]
    rest_ok = all(
        load.best.rest_per_move <= TARGET_REST_PER_MOVE for load in results if load.best is not None
    )
    print(
        f"REST requests per move (answers aside): {', '.join(rest)}"
        f"  [target <= {TARGET_REST_PER_MOVE:g}: {verdict(rest_ok and bool(rest))}]"
    )
    kill = two_pg.kill
    if kill is not None and two_pg.ledger is not None:
        r = kill.restart
        back_ok = r.all_answered_s <= TARGET_BACK and r.with_hand == r.tables
        print(
            f"SIGKILL of one of 2 processes mid-game ({r.tables} tables): every table back "
            f"{r.all_answered_s:.2f} s after its restart, {two_pg.ledger.lost} moves lost, "
            f"{two_pg.ledger.doubled} doubled, {two_pg.ledger.applied_unaccepted} applied "
            f"without acceptance  [target <= {TARGET_BACK:g} s, none lost or doubled: "
            f"{verdict(back_ok and two_pg.ledger.clean)}]"
        )


def ceiling(base: StepFigures, two_pg: LoadFigures) -> None:
    """What the target asks of this machine: 1.6 x one process's best, at the CPU per
    interaction (every process of the machine) of the 2 processes' busiest step."""
    busiest = max(two_pg.steps, key=lambda s: s.interactions_per_s)
    per_ix = machine_cores(busiest) / busiest.interactions_per_s
    wanted = TARGET_SPEEDUP * base.interactions_per_s
    print(
        f"the whole machine (bots, PostgreSQL, the fake and its players): "
        f"{machine_cores(base):.2f} cores at one process's best, "
        f"{machine_cores(busiest):.2f} at 2 processes' {busiest.interactions_per_s:.1f} a "
        f"second; {TARGET_SPEEDUP:g} x ({wanted:.1f} a second) would take about "
        f"{wanted * per_ix:.2f} of the machine's {CORES} cores ({1000 * per_ix:.1f} ms each)"
    )

"""What the load benchmark prints for part 1: the setup, each measured step, memory, the
restart or the mid-game kill, and the move ledger; with the targets' verdicts."""

from __future__ import annotations

from bench.load_ledger import LedgerFigures
from bench.load_restart import kill_lines, mib, restart_line
from bench.load_split import split_line
from bench.load_tables import LoadFigures, StepFigures

TARGET_P99_MS = 50.0
TARGET_MAX_MS = 1000.0
TARGET_BYTES_PER_TABLE = 100 * 1024
TARGET_REST_PER_MOVE = 2.0


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def cpu_line(step: StepFigures) -> str:
    postgres = (
        ""
        if step.postgres_cpu_share is None
        else f", PostgreSQL {100 * step.postgres_cpu_share:.0f} %"
    )
    return (
        f"CPU during play: bots {100 * step.bot_cpu_share:.0f} % of a core "
        f"({step.bot_cpu_ms_per_interaction:.1f} ms per interaction){postgres}, "
        f"fake Discord and players {100 * step.driver_cpu_share:.0f} % "
        f"(their event loop at worst {step.driver_worst_lag_ms:.0f} ms late)"
    )


def process_lines(step: StepFigures) -> list[str]:
    """Each process: its CPU and its tables' answers (every DM click comes to shard 0's
    process first, which hands the other processes' on)."""
    if len(step.cpu_share_by_process) < 2:
        return []
    lines = []
    for k, share in enumerate(step.cpu_share_by_process):
        lat = step.latency_by_process[k] if k < len(step.latency_by_process) else None
        answers = (
            ""
            if lat is None
            else f"; its tables' answers: {lat.count}, p50 {lat.p50_ms:.1f} ms, "
            f"p99 {lat.p99_ms:.1f} ms, max {lat.max_ms:.1f} ms"
        )
        lines.append(f"  process {k + 1} (shard {k}): {100 * share:.0f} % of a core{answers}")
    return lines


def step_lines(step: StepFigures) -> list[str]:
    lat = step.latency
    verbs = ", ".join(f"{verb} {figures.count}" for verb, figures in step.by_verb.items())
    latency_ok = lat.p99_ms < TARGET_P99_MS and lat.max_ms <= TARGET_MAX_MS
    lines = [
        f"play: {lat.count} interactions in {step.duration_s:.1f} s = "
        f"{step.interactions_per_s:.1f} per second ({verbs}); {step.moves} moves",
        f"answer latency: p50 {lat.p50_ms:.1f} ms, p99 {lat.p99_ms:.1f} ms, "
        f"max {lat.max_ms:.1f} ms, {lat.over_1s} over 1 s, {lat.unanswered} unanswered"
        f"  [target p99 < 50 ms, none over 1 s: {verdict(latency_ok and not lat.unanswered)}]",
    ]
    for verb, figures in step.by_verb.items():
        lines.append(
            f"  {verb:>8}: p50 {figures.p50_ms:.1f} ms, p99 {figures.p99_ms:.1f} ms, "
            f"max {figures.max_ms:.1f} ms"
        )
    lines += [
        f"REST requests to Discord per interaction, besides its answer: "
        f"{step.rest_per_interaction:.2f} ("
        + ", ".join(f"{kind} {n:.2f}" for kind, n in step.rest_by_kind.items())
        + f"); sent back by the global limit (429): {step.global_429}",
        f"REST requests per move: {step.rest_per_move:.2f}, {step.rest_per_s:.1f} a second"
        f"  [target <= {TARGET_REST_PER_MOVE:g} a move: "
        f"{verdict(step.rest_per_move <= TARGET_REST_PER_MOVE)}]",
        f"requests through the players' interaction tokens per move (private hands, their"
        f" follow-ups and notices; not counted by Discord's global limit): "
        f"{step.token_per_move:.2f}",
        cpu_line(step),
        *process_lines(step),
        *([split_line(step.split)] if step.split else []),
        f"refused answers: {step.refused}; waits over 15 s for a move: {step.stuck_waits}",
        f"slowest answers: {', '.join(step.slowest)}",
    ]
    lines += [f"  refused: {line}" for line in step.refusals]
    return lines


def ladder_lines(steps: list[StepFigures]) -> list[str]:
    lines = [
        " rate/table  ix/s   p50 ms   p99 ms   max ms  >1s  unans    bots%  pg%  drv%"
        "  CPU ms/ix  REST/ix  REST/move  REST/s"
    ]
    for s in steps:
        lat = s.latency
        pg = "  -" if s.postgres_cpu_share is None else f"{100 * s.postgres_cpu_share:3.0f}"
        mark = "*" if s.within_target else " "
        shares = s.cpu_share_by_process
        bots = "+".join(f"{100 * x:.0f}" for x in shares) if len(shares) > 1 else ""
        bots = bots or f"{100 * s.bot_cpu_share:.0f}"
        lines.append(
            f"{mark}{s.rate_per_table:9.3g} {s.interactions_per_s:6.1f} {lat.p50_ms:8.1f} "
            f"{lat.p99_ms:8.1f} {lat.max_ms:8.1f} {lat.over_1s:4d} {lat.unanswered:6d} "
            f"{bots:>8} {pg:>4} {100 * s.driver_cpu_share:5.0f} "
            f"{s.bot_cpu_ms_per_interaction:10.1f} {s.rest_per_interaction:8.2f} "
            f"{s.rest_per_move:10.2f} {s.rest_per_s:7.1f}"
        )
    lines.append("(* p99 within 50 ms, none unanswered; bots%: each process's share of a core)")
    return lines


def ledger_lines(ledger: LedgerFigures) -> list[str]:
    lines = [
        f"move ledger, {ledger.tables} tables' logs against the clicks: "
        f"{ledger.accepted_moves} moves accepted, {ledger.found} found once, "
        f"{ledger.lost} lost, {ledger.doubled} doubled, "
        f"{ledger.applied_unaccepted} applied without being accepted"
        f"  [target none lost or doubled: {verdict(ledger.clean)}]",
        f"  {ledger.in_flight_applied} applied from clicks in flight at a SIGKILL (never "
        f"answered); {ledger.late_applied} from clicks answered after Discord's 3 s; "
        f"{ledger.failed_clicks} clicks failed ({ledger.failed_while_down} while "
        f"their process was down); {ledger.timeouts} moves played by the bot at a timeout; "
        f"{ledger.idle_looks} Looks with no hand face down any more",
    ]
    lines += [f"  failed clicks: {n} {text}" for text, n in ledger.failures.items()]
    lines += [f"  {text}" for text in ledger.examples]
    return lines


def report_load(load: LoadFigures) -> None:
    setup = load.setup
    rate = ", ".join(f"{s.rate_per_table:g}" for s in load.steps)
    where = (
        f"{load.processes} process(es), {load.database}, {load.guilds} guild(s)"
        if load.processes > 1 or load.database != "sqlite" or load.guilds > 1
        else ""
    )
    print(
        f"\n== {load.tables} live tables, {rate} actions/s per table"
        + (f" ({where})" if where else "")
        + " =="
    )
    print(f"machine load before: {load.machine_load_before}")
    print(f"machine load after:  {load.machine_load_after}")
    print(
        f"setup (open, join x3, start): {setup.count} interactions, "
        f"p50 {setup.p50_ms:.1f} ms, p99 {setup.p99_ms:.1f} ms, max {setup.max_ms:.1f} ms"
    )
    if len(load.steps) > 1:
        for line in ladder_lines(load.steps):
            print(line)
        best = load.best
        if best is None:
            print("no step kept p99 within 50 ms; the first step:")
            best = load.steps[0]
        else:
            print(
                f"the most interactions a second with p99 within 50 ms: "
                f"{best.interactions_per_s:.1f} (rate {best.rate_per_table:g}); that step:"
            )
        for line in step_lines(best):
            print(line)
    elif load.steps:
        for line in step_lines(load.steps[0]):
            print(line)
    memory_ok = load.per_table_bytes <= TARGET_BYTES_PER_TABLE
    print(
        f"bot memory: RSS {mib(load.rss_before_tables_kib)} before any table, "
        f"{mib(load.rss_with_tables_kib)} with {load.tables} live, "
        f"peak (VmHWM) {mib(load.hwm_kib)}" + (" (all processes)" if load.processes > 1 else "")
    )
    print(
        f"memory per live table: {load.per_table_bytes / 1024:.1f} KiB"
        f"  [target <= 100 KiB: {verdict(memory_ok)}]"
    )
    if load.restart is not None:
        print(restart_line(load.restart))
    if load.kill is not None:
        for line in kill_lines(load.kill):
            print(line)
    if load.ledger is not None:
        for line in ledger_lines(load.ledger):
            print(line)
    for line in load.problems:
        print(f"  problem: {line}")

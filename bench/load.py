"""Load on the bot's real processes: live tables of four simulated players, on loopback.

The fake Discord of the end-to-end tests (REST and gateway on 127.0.0.1) runs
in this process with the simulated players; ``python -m bot`` runs as child
processes pointed at it (``--processes``, one shard each), on a fresh SQLite
file or a fresh database of a throwaway PostgreSQL server (``--database``),
with a fake token.

Part 1 (``--tables``): every table is opened, joined and started by clicks,
the openings spread over ``--ramp`` seconds (opened together, tables would
end their hands together too); then each table's players act every
``1 / --rate`` seconds on average (a uniform think time of 0.5 to 1.5 times
that, counted from the moment the table offers its next move): calls,
discards, declarations, cards from the private hands in DMs, *Next hand* on
the table. After ``--warmup`` seconds of play, ``--duration`` seconds are
measured: the interaction latency (INTERACTION_CREATE leaving the fake's
gateway to the callback reaching its REST), interactions per second, the
bots' CPU, peak memory and memory per live table. ``--ladder`` measures a
step per rate instead (each after ``--warmup``), stopping after two in a row
whose p99 is over 50 ms; each table then first makes up to ``--spread`` moves
at once, so that the steps do not each meet the hands in another phase. Then
the bot is SIGKILLed and started again with the players idle (``--restart
idle``), and the restart is timed from the new
process's start until a *My hand* click on every table has been answered
with that hand; or one process is SIGKILLed while everyone plays on
(``--restart mid-game``, ``--kill-process``). Last, the move ledger
(``bench/load_ledger.py``): every move the players saw accepted must be in
its table's log in the database once, and no other.

The fake enforces Discord's global limit on the bot's REST requests
(``--global-limit``, 50 a second; the answers to interactions are not counted):
beyond it, 429 with ``retry_after``, which discord.py waits out; how many
requests it sent back is printed with the requests per interaction and per move.

Part 2 (``--restart-tables``, ``bench/load_many.py``): as many tables are
brought mid-hand straight through the table service, each with its table
message in the fake; the bots are started, SIGKILLed, and their restart timed.

``--compare`` runs part 1 for 1 process on SQLite, 1 on PostgreSQL and 2 on
PostgreSQL (``bench/load_compare.py``) and compares them.

    .venv/bin/python -m bench.load [--tables 200] [--rate 0.5] [--duration 60] [--ramp 60]
                                   [--processes 1] [--database sqlite|postgresql]
                                   [--ladder 0.05,0.1,...] [--restart idle|mid-game|none]
                                   [--restart-tables 1000] [--no-pictures] [--global-limit 50]
                                   [--compare] [--json] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a file: the fake Discord lives in the repository's tests
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load_compare import compare
from bench.load_fleet import (
    BACKENDS,
    Postgres,
)
from bench.load_many import ManyFigures, many_tables, report_many
from bench.load_report import report_load
from bench.load_tables import (
    GLOBAL_LIMIT,
    live_tables,
    machine_load,
    no_collector_pauses,
    set_layout,
    workdir,
)
from bot.games import table_games
from games.arguments import folder, number, seconds, whole

GAME_IDS = [game.id for game in table_games()]
HOUR = 3600.0  # the longest a measured step or a pause may be asked
RATE = number("actions a second a table", 100, zero=True)
PAUSE = seconds(HOUR, zero=True)


def rates(text: str) -> list[float]:
    """Rates of play as ``--rate`` takes each (from 0 to 100: not nan, nor infinity)."""
    try:
        values = [RATE(part) for part in text.split(",") if part.strip()]
    except argparse.ArgumentTypeError:
        values = []
    if not values:
        raise argparse.ArgumentTypeError(
            f"rates a table a second from 0 to 100, e.g. 0.1,0.2: not {text!r}"
        )
    return values


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add = parser.add_argument
    add("--tables", type=whole(0), help="live tables (0: skip part 1); 200, or 400 with --compare")
    add("--rate", type=RATE, default=0.5, help="actions per second per table (0: no think time)")
    add("--ladder", type=rates, help="a measured step per rate (e.g. 0.05,0.1,0.2)")
    add(
        "--keep-climbing",
        action="store_true",
        help="measure every step of --ladder, not stopping after two over p99 50 ms",
    )
    add("--duration", type=seconds(HOUR), help="seconds measured (a step); 60, or 20 with a ladder")
    add("--ramp", type=PAUSE, default=60.0, help="seconds over which the tables open")
    add(
        "--spread",
        type=whole(0),
        help="each table first makes up to this many moves at once, so that the hands are "
        "not all in the same phase when measured (0, or 30 with a ladder)",
    )
    add("--warmup", type=PAUSE, help="seconds of play before measuring; 10, or 5 with a ladder")
    add("--processes", type=whole(1, 64), default=1, help="bot processes, one shard each")
    add("--database", choices=BACKENDS, default="sqlite", help="the bots' database")
    add("--guilds", type=whole(1), help="guilds the tables spread over (1, or 4 per process)")
    add("--restart", choices=("idle", "mid-game", "none"), help="after play (default idle)")
    add("--kill-process", type=int, default=-1, help="the process killed mid-game (last)")
    add("--after-kill", type=PAUSE, default=10.0, help="seconds of play after a mid-game kill")
    add("--restart-tables", type=whole(0), help="tables of part 2 (0: skip it); 1000")
    add("--no-restart", action="store_true", help="no restart in part 1 (--restart none)")
    add("--no-pictures", action="store_true", help="tables with cards as text")
    add(
        "--global-limit",
        type=whole(0),
        help="REST requests a second the fake allows the bots, as Discord (0: no limit); "
        f"{GLOBAL_LIMIT}, or none with --compare",
    )
    add(
        "--split-latency",
        action="store_true",
        help="time each answer inside the bots too (a probe in discord.py, at start-up)",
    )
    add("--open-concurrency", type=whole(1), default=20, help="tables opened at once")
    add("--compare", action="store_true", help="1 process SQLite, 1 and 2 PostgreSQL")
    add("--seed", type=int, default=1)
    add("--game", choices=GAME_IDS, default="bete-hombree", help="the game every table plays")
    add(
        "--workdir",
        type=folder,
        help="keep the databases, the bots' logs and the answers (CSV) here",
    )
    add("--json", action="store_true", help="print the figures as JSON")
    return resolve(parser.parse_args(argv))


def resolve(args: argparse.Namespace) -> argparse.Namespace:
    """The defaults that depend on other flags."""
    compare = args.compare
    laddered = args.ladder is not None or compare
    if args.tables is None:
        args.tables = 400 if compare else 200
    if args.ladder is None and compare:
        # high enough for 2 processes to show 1.6 x one process's best on a fast hour (one
        # process has carried 117 a second at 400 tables: 0.3); a ladder stops after two
        # steps in a row over p99 50 ms, so steps above cost nothing where not reached
        fine = [0.05, 0.0625, 0.075, 0.0875, 0.1, 0.125, 0.15, 0.175, 0.2]
        args.ladder = [*fine, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]
    args.rates = args.ladder or [args.rate]
    args.stop_above = laddered and not args.keep_climbing
    if args.duration is None:
        args.duration = 20.0 if laddered else 60.0
    if args.spread is None:
        # the steps of a ladder follow each other: with hands in step, each would measure
        # another phase of the game (an auction's calls cost less than a trick's cards)
        args.spread = 30 if laddered else 0
    if args.warmup is None:
        args.warmup = 5.0 if laddered else 10.0
    if args.restart is None:
        args.restart = "mid-game" if compare else "idle"
    if args.no_restart:
        args.restart = "none"
    if args.restart_tables is None:
        args.restart_tables = 0 if compare else 1000
    if args.global_limit is None:
        args.global_limit = 0 if compare else GLOBAL_LIMIT
    if args.processes > 1 and args.database == "sqlite" and not compare:
        raise SystemExit("several processes need --database postgresql")
    set_layout(args, args.processes)
    return args


async def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.compare:
        return await compare(args)
    postgres = await Postgres.start() if args.database == "postgresql" else None
    try:
        with workdir(args.workdir) as folder:
            with no_collector_pauses():
                load = await live_tables(args, folder, postgres) if args.tables > 0 else None
            many: ManyFigures | None = None
            if args.restart_tables > 0:
                with no_collector_pauses():
                    many = await many_tables(args, folder, postgres, machine_load())
    finally:
        if postgres is not None:
            postgres.stop()
    if not args.json:
        if load is not None:
            report_load(load)
        if many is not None:
            report_many(many)
    return {
        "load": None if load is None else asdict(load),
        "restart": None if many is None else asdict(many),
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.workdir is not None:
        try:
            args.workdir.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # no access, a read-only disk: a line, not a traceback
            print(f"error: cannot make the folder {args.workdir}: {error}", file=sys.stderr)
            return 1
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Command line: ``python -m games.ai duel --a pimc --b heuristic --deals N --seed S``."""

from __future__ import annotations

import argparse
import json
import sys

from .duel import DuelConfig, format_summary, run, summarize

PLAYERS = ("random", "heuristic", "cheater", "pimc")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.ai", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    duel = commands.add_parser("duel", help="duplicate evaluation of two player types")
    duel.add_argument("--a", required=True, choices=PLAYERS, help="the candidate")
    duel.add_argument("--b", required=True, choices=PLAYERS, help="the baseline")
    duel.add_argument("--deals", type=int, default=100)
    duel.add_argument("--seed", type=int, default=1)
    duel.add_argument("--budget", type=float, default=0.25, help="seconds per decision")
    duel.add_argument("--ref", choices=PLAYERS, help="also measure a reference (e.g. cheater)")
    duel.add_argument(
        "--entry", type=int, default=8, help="pinandèle in play each deal, sous (0: none)"
    )
    duel.add_argument(
        "--bete-weight",
        type=float,
        default=0.0,
        help="value of a bête made, as a share of its amount (0: payments only)",
    )
    duel.add_argument("--workers", type=int, default=1, help="processes")
    duel.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    config = DuelConfig(
        a=args.a,
        b=args.b,
        deals=args.deals,
        seed=args.seed,
        budget=args.budget,
        ref=args.ref,
        entry=args.entry,
        bete_weight=args.bete_weight,
        workers=args.workers,
    )
    summary = summarize(config, run(config))
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        print(format_summary(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())

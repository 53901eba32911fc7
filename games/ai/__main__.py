"""Command line: ``python -m games.ai duel --a pimc --b heuristic --deals N --seed S``.

``--game bete --seats N`` duels La Bête's players (``games.ai.bete_duel``);
the default is La Bête Hombrée (``games.ai.duel``).
"""

from __future__ import annotations

import argparse
import json
import sys

from . import bete_duel
from .duel import DuelConfig, format_summary, run, summarize

PLAYERS = ("random", "heuristic", "cheater", "pimc")
BETE_PLAYERS = ("random", "heuristic", "pimc")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.ai", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    duel = commands.add_parser("duel", help="duplicate evaluation of two player types")
    duel.add_argument(
        "--game", choices=("bete_hombree", "bete"), default="bete_hombree", help="the game"
    )
    duel.add_argument("--seats", type=int, default=3, help="La Bête: players (2-5)")
    duel.add_argument(
        "--bete", type=int, default=0, help="La Bête: a waiting bête entering each deal, jetons"
    )
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
    if args.game == "bete":
        return _bete(parser, args)
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


def _bete(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    for name in (args.a, args.b):
        if name not in BETE_PLAYERS:
            parser.error(f"La Bête has no {name!r} player (known: {', '.join(BETE_PLAYERS)})")
    if not 2 <= args.seats <= 5:
        parser.error("--seats must be 2 to 5")
    config = bete_duel.BeteDuelConfig(
        a=args.a,
        b=args.b,
        deals=args.deals,
        seed=args.seed,
        seats=args.seats,
        budget=args.budget,
        bete=args.bete,
        workers=args.workers,
    )
    summary = bete_duel.summarize(config, bete_duel.run(config))
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        print(bete_duel.format_summary(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Command line: ``python -m games.ai duel --game ID --a pimc --b heuristic --deals N``,
and ``python -m games.ai review RECORD --seat N [--json]`` (the teacher's review of
a seat's decisions in a record, ``games.ai.teacher``).

Any registered game (``games.registry``) with a duel arena; ``--seats`` for a
game played by several table sizes, ``--set NAME=VALUE`` for the game's own
settings of the duel (the fields of its arena's ``Settings``, in
``games/<game>/ai/duel.py``; an unknown name is refused with the known ones).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import fields

from games import registry
from games.arguments import seconds, whole

from .duel import DuelConfig, arena_of, format_summary, run, summarize
from .teacher.command import add_review, run_review

MOST_WORKERS = 64  # processes a duel may spread over
MOST_BUDGET = 60.0  # seconds a decision may take


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.ai", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    duel = commands.add_parser("duel", help="duplicate evaluation of two player types")
    ids = [spec.id for spec in registry.games()]
    duel.add_argument("--game", choices=ids, default=ids[0], help="the game's id")
    duel.add_argument("--seats", type=int, default=0, help="players (0: the game's default)")
    duel.add_argument("--a", required=True, help="the candidate")
    duel.add_argument("--b", required=True, help="the baseline")
    duel.add_argument("--ref", help="also measure a reference (e.g. cheater)")
    duel.add_argument("--deals", type=whole(1, 1_000_000), default=100)
    duel.add_argument("--seed", type=int, default=1)
    duel.add_argument(
        "--budget", type=seconds(MOST_BUDGET), default=0.25, help="seconds per decision"
    )
    duel.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting of the game's duel (repeatable)",
    )
    duel.add_argument("--workers", type=whole(1, MOST_WORKERS), default=1, help="processes")
    duel.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_review(commands)
    args = parser.parse_args(argv)
    if args.command == "review":
        return run_review(args)
    settings: list[tuple[str, str]] = []
    for item in args.set:
        name, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--set takes NAME=VALUE, not {item!r}")
        if any(name.strip() == known for known, _ in settings):
            parser.error(f"--set {name.strip()} is given twice")
        settings.append((name.strip(), value.strip()))
    try:
        arena = arena_of(args.game, args.seats, dict(settings))
        for name in (args.a, args.b, args.ref):
            if name is not None:
                registry.game(args.game).check_player(name)
    except ValueError as error:
        parser.error(str(error))
    # the duel's options are named as the config's fields; --set is read above
    same = {f.name: getattr(args, f.name) for f in fields(DuelConfig) if f.name != "settings"}
    config = DuelConfig(**same, settings=tuple(settings))
    summary = summarize(config, run(config))
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        print(format_summary(summary, arena))
    return 0


if __name__ == "__main__":
    sys.exit(main())

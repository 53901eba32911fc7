"""Command line: ``python -m games replay RECORD.json`` prints a hand's result."""

from __future__ import annotations

import argparse
import json
import sys

from games.records import RecordError, load
from games.replay import replay_result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a hand record and print its result as JSON")
    replay.add_argument("record", help="path of a hand record (JSON)")
    args = parser.parse_args(argv)
    if args.command == "replay":
        try:
            result = replay_result(load(args.record))
        except RecordError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

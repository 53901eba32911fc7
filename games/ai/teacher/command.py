"""``python -m games.ai review RECORD --seat N [--json] [--budget DEALS] [--seed S]``:
a seat's review of any record (RULES.md §5), in words or as JSON.  A bad record,
seat or budget is refused in a line on stderr, with exit code 2."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from games.arguments import whole
from games.records import RecordError, load

from .evaluate import DEFAULT_DEALS, MOST_DEALS
from .review import review_record
from .text import review_text


def add_review(commands: Any) -> None:
    """The ``review`` subcommand's arguments."""
    review = commands.add_parser("review", help="review a seat's decisions in a record")
    review.add_argument("record", help="a record's JSON file (RULES.md §5)")
    review.add_argument(
        "--seat", type=whole(0), required=True, help="the seat reviewed (0, 1, ...)"
    )
    review.add_argument("--json", action="store_true", help="print the review as JSON")
    review.add_argument(
        "--budget",
        type=whole(1, MOST_DEALS),
        default=DEFAULT_DEALS,
        help=f"deals drawn per decision (1 to {MOST_DEALS})",
    )
    review.add_argument("--seed", type=int, default=0, help="the seed of the deals drawn")


def run_review(args: argparse.Namespace) -> int:
    try:
        data = load(args.record)
        review = review_record(data, args.seat, args.budget, args.seed)
    except RecordError as error:
        print(f"review: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        print(review_text(review))
    return 0


__all__ = ["add_review", "run_review"]

"""Cards as pictures: the time to draw one picture, and the bot's CPU per interaction
with and without pictures.

Part 1 draws (and encodes as PNG) the pictures of seeded random La Bête Hombrée
hands, as the table would, without the cache: every private hand at every
move, the trick on the table at every card, the whole hand at its end; it prints
p50/p95/max per kind, against the budget of 10 ms.

Part 2 (unless ``--no-load``) runs ``bench/load.py`` twice on the same seed,
tables with pictures then tables with text only, and prints the bot's CPU per
interaction of each (the budget: pictures cost at most 1.5 × text only).

    .venv/bin/python -m bench.render [--hands 200] [--no-load] [--tables 100]
                                     [--duration 30] [--rate 0.5] [--json]
    .venv/bin/python -m bench.render --save docs    # the README's pictures
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a file: the load benchmark lives beside it
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from bot.drawing.pictures.files import encode
from bot.drawing.pictures.layouts import hand_picture, trick_picture
from bot.drawing.pictures.whole_hand import whole_hand_picture
from bot.game import CardRow
from games.arguments import folder, number, seconds, whole
from games.bete_hombree import Phase, Session

BUDGET_MS = 10.0
NAMES = ("Arthur", "🤖 Alexandre", "🤖 François", "Zoé")  # the whole hand's names
CPU_RATIO = 1.5
HOUR = 3600.0  # the longest a measured run or its ramp may be asked


def timed(draw: Callable[[], Image.Image], into: list[float]) -> None:
    start = time.perf_counter()
    encode(draw())
    into.append(1000 * (time.perf_counter() - start))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def draw_hands(hands: int, seed: int) -> dict[str, list[float]]:
    """Each picture of ``hands`` random hands, drawn and encoded afresh (no cache)."""
    times: dict[str, list[float]] = {"hand": [], "trick": [], "whole hand": []}
    rng = random.Random(seed)
    session = Session(("a", "b", "c", "d"), dealer=0, belle=1)
    for _ in range(hands):
        state = session.deal(rng.getrandbits(32))
        while not state.is_over:
            view = state.view(state.turn)
            playing = view.phase is Phase.PLAY
            playable = frozenset(a.card for a in view.legal) if playing else None
            cards = tuple(view.cards)
            timed(partial(hand_picture, [CardRow(cards, playable)], "fr"), times["hand"])
            if view.trick or view.tricks_played:
                last = view.tricks_played[-1] if view.tricks_played else None
                draw = partial(trick_picture, view.trick, view.winning, last, "fr", 4)
                timed(draw, times["trick"])
            state.apply(rng.choice(state.legal_actions()))
        tricks = state.view(0).tricks_played
        if tricks:
            timed(partial(whole_hand_picture, tricks, NAMES, "fr"), times["whole hand"])
        session.settle(state)
    return times


def save_examples(folder: Path, seed: int) -> list[Path]:
    """The README's pictures: a random hand's table at its third trick, the hand of the
    player to act there (unplayable cards greyed), and the whole hand at its end."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    session = Session(("a", "b", "c", "d"), dealer=0, belle=1)
    while True:
        state = session.deal(rng.getrandbits(32))
        saved: list[Path] = []
        while not state.is_over:
            view = state.view(state.turn)
            if view.phase is Phase.PLAY and len(view.tricks_played) == 2 and len(view.trick) == 2:
                playable = frozenset(a.card for a in view.legal)
                last = view.tricks_played[-1]
                table = trick_picture(view.trick, view.winning, last, "fr", 4)
                hand = hand_picture([CardRow(tuple(view.cards), playable)], "fr")
                saved += [folder / "table.png", folder / "hand.png"]
                table.save(saved[0])
                hand.save(saved[1])
            state.apply(rng.choice(state.legal_actions()))
        tricks = state.view(0).tricks_played
        session.settle(state)
        if saved and len(tricks) == 5:
            saved.append(folder / "whole-hand.png")
            whole_hand_picture(tricks, NAMES, "fr").save(saved[-1])
            return saved


def load_cpu(args: argparse.Namespace, pictures: bool) -> dict[str, Any]:
    """The bot's CPU per interaction in a ``bench/load.py`` run of its own process."""
    argv = [
        f"--tables={args.tables}",
        f"--duration={args.duration}",
        f"--rate={args.rate}",
        f"--ramp={args.ramp}",
        "--restart-tables=0",
        "--no-restart",
        "--json",
    ]
    argv += [] if pictures else ["--no-pictures"]
    done = subprocess.run(
        [sys.executable, "-m", "bench.load", *argv],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        check=True,
    )
    run = json.loads(done.stdout)["load"]
    return {
        "cpu_ms_per_interaction": run["bot_cpu_ms_per_interaction"],
        "interactions_per_s": run["interactions_per_s"],
        "p50_ms": run["latency"]["p50_ms"],
        "p99_ms": run["latency"]["p99_ms"],
        "rest_per_interaction": run["rest_per_interaction"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=whole(1), default=200, help="random hands drawn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-load", action="store_true", help="skip the bot's CPU part")
    parser.add_argument("--tables", type=whole(1), default=100)
    parser.add_argument("--duration", type=seconds(HOUR), default=30.0)
    parser.add_argument("--rate", type=number("actions a second", 100), default=0.5)
    parser.add_argument("--ramp", type=seconds(HOUR, zero=True), default=20.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--save", metavar="DIR", type=folder, help="only write the README's pictures there"
    )
    args = parser.parse_args(argv)
    if args.save:
        try:
            saved = save_examples(Path(args.save), args.seed)
        except OSError as error:
            parser.exit(1, f"error: cannot write the pictures in {args.save}: {error}\n")
        for path in saved:
            print(path)
        return 0

    times = draw_hands(args.hands, args.seed)
    figures: dict[str, Any] = {
        kind: {
            "count": len(values),
            "p50_ms": percentile(values, 0.5),
            "p95_ms": percentile(values, 0.95),
            "max_ms": max(values),
        }
        for kind, values in times.items()
        if values
    }
    if not args.no_load:
        figures["load"] = {
            "pictures": load_cpu(args, True),
            "text only": load_cpu(args, False),
        }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"one picture, drawn and encoded (budget {BUDGET_MS:.0f} ms):")
    for kind, f in figures.items():
        if kind == "load":
            continue
        verdict = "within" if f["p95_ms"] <= BUDGET_MS else "OVER"
        print(
            f"  {kind:<10} {f['count']:>5} drawn  p50 {f['p50_ms']:5.1f} ms  "
            f"p95 {f['p95_ms']:5.1f} ms  max {f['max_ms']:5.1f} ms  ({verdict} budget at p95)"
        )
    if "load" in figures:
        on, off = figures["load"]["pictures"], figures["load"]["text only"]
        ratio = on["cpu_ms_per_interaction"] / off["cpu_ms_per_interaction"]
        print(f"the bot's CPU per interaction, {args.tables} tables at {args.rate}/s each:")
        for name, f in (("pictures", on), ("text only", off)):
            print(
                f"  {name:<10} {f['cpu_ms_per_interaction']:5.2f} ms  "
                f"({f['interactions_per_s']:.1f} interactions/s, p50 {f['p50_ms']:.1f} ms, "
                f"p99 {f['p99_ms']:.1f} ms, {f['rest_per_interaction']:.1f} REST requests each)"
            )
        verdict = "within" if ratio <= CPU_RATIO else "OVER"
        print(f"  ratio {ratio:.2f} × ({verdict} the budget of {CPU_RATIO} ×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

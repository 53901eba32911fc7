"""The teacher's benchmark: does the review tell a weak player from a strong one,
and how long does a hand's review take?

For each game and seeded deal (the game's duel arena deals it), one table has
``random`` in one seat (it turns with the deal) and ``pimc`` in the others, and
one table ``heuristic`` in that seat; the decisions of the ``random`` seat, of
the ``heuristic`` seat and of the next seat (a ``pimc``) are reviewed.  Printed
per game: the mean loss per valued decision of each, the ratio random / pimc
(the issue's target: at least 3), the heuristic's losses' percentiles (from
which the thresholds of ``games.ai.teacher.review`` are chosen), and the time
of one seat's whole review of a deal (mean and largest).  Then the hand records of
tests/records of each game, every seat, reviewed as the bot does it: the decisions'
keys read, then one decision at a time (``review_decision``, a worker's unit), each
replaying from the record's JSON; the mean and largest time of a seat's review.

    python -m bench.teacher --deals 10 [--games bete,hombre] [--budget 16]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.ai.duel import act, arena_of
from games.ai.stats import percentile
from games.ai.teacher.evaluate import DEFAULT_DEALS, MOST_DEALS
from games.ai.teacher.review import decision_keys, review_decision, review_steps
from games.ai.teacher.steps import Step, judged_as, seats_of
from games.arguments import game_ids, seconds, whole


def play(game: str, seed: int, index: int, names: Sequence[str], budget: float) -> list[list[Step]]:
    """Deal ``index`` played by ``names`` per seat: each seat's decisions."""
    arena = arena_of(game)
    state = arena.deal(seed, index)
    players = [arena.player(name) for name in names]
    found: list[list[Step]] = [[] for _ in names]
    step = 0
    while not state.is_over:
        seat = state.turn
        rng = random.Random(f"{seed}:{index}:{seat}:{step}")
        action = act(players[seat], state, rng, budget)
        if len(state.legal_actions()) > 1:
            found[seat].append(Step(0, step, state.view(seat), action))
        state.apply(action)
        step += 1
    return found


RECORDS = Path(__file__).resolve().parents[1] / "tests" / "records"


def bench_records(game: str, budget: int, seed: int) -> tuple[int, float, float]:
    """The game's stored records reviewed seat by seat as the bot does: the seats
    reviewed, the mean and the largest time of one (seconds)."""
    times: list[float] = []
    for path in sorted(RECORDS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("game") is None or judged_as(data) != game:
            continue
        for seat in range(seats_of(data)):
            start = time.perf_counter()
            for key in decision_keys(data, seat, -1):
                review_decision(data, seat, key, budget, seed)
            times.append(time.perf_counter() - start)
    return len(times), sum(times) / max(1, len(times)), max(times, default=0.0)


def bench_game(game: str, deals: int, seed: int, budget: int, play_budget: float) -> dict[str, Any]:
    seats = arena_of(game).seats
    losses: dict[str, list[float]] = {"random": [], "heuristic": [], "pimc": []}
    times: list[float] = []
    for index in range(deals):
        weak = index % seats
        strong = (weak + 1) % seats
        for name in ("random", "heuristic"):
            names = ["pimc"] * seats
            names[weak] = name
            found = play(game, seed, index, names, play_budget)
            reviewed = [(name, weak)] + ([("pimc", strong)] if name == "random" else [])
            for who, seat in reviewed:
                start = time.perf_counter()
                review = review_steps(game, found[seat], seat, who, budget, seed)
                times.append(time.perf_counter() - start)
                losses[who] += [d.loss for d in review.valued]
    mean = {k: sum(v) / len(v) if v else 0.0 for k, v in losses.items()}
    heuristic = sorted(losses["heuristic"])
    return {
        "game": game,
        "unit": arena_of(game).unit,
        "deals": deals,
        "decisions": {k: len(v) for k, v in losses.items()},
        "mean_loss": mean,
        "ratio": mean["random"] / mean["pimc"] if mean["pimc"] else float("inf"),
        "heuristic_percentiles": {
            p: percentile(heuristic, p / 100) if heuristic else 0.0 for p in (80, 85, 90, 97)
        },
        "heuristic_losing": sum(1 for x in heuristic if x > 0) / max(1, len(heuristic)),
        "review_seconds": (sum(times) / len(times), max(times)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.teacher", description=__doc__)
    parser.add_argument("--deals", type=whole(1), default=10)
    parser.add_argument(
        "--games", type=game_ids, default="", help="ids, comma-separated (default: all)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=whole(1, MOST_DEALS), default=DEFAULT_DEALS, help="deals per decision"
    )
    parser.add_argument("--play-budget", type=seconds(60), default=0.1, help="players' seconds")
    args = parser.parse_args(argv)
    for game in args.games:
        r = bench_game(game, args.deals, args.seed, args.budget, args.play_budget)
        m, p = r["mean_loss"], r["heuristic_percentiles"]
        print(
            f"{game}: {r['deals']} deals, loss per decision in {r['unit']}: "
            f"random {m['random']:.2f}, heuristic {m['heuristic']:.2f}, pimc {m['pimc']:.2f} "
            f"(random/pimc {r['ratio']:.1f}x; decisions {r['decisions']}); heuristic's "
            f"losses p80/p85/p90/p97 {p[80]:.2f}/{p[85]:.2f}/{p[90]:.2f}/{p[97]:.2f} "
            f"({100 * r['heuristic_losing']:.0f}% above 0); "
            f"review of a hand {r['review_seconds'][0]:.1f} s mean, "
            f"{r['review_seconds'][1]:.1f} s max",
            flush=True,
        )
        seats, mean, most = bench_records(game, args.budget, args.seed)
        print(
            f"{game}: {seats} seats of tests/records reviewed one decision at a time, as the "
            f"bot does: {mean:.1f} s mean, {most:.1f} s max",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

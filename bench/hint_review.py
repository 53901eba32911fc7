"""Does the review blame a player for following the hint?

A hint values a decision's moves on ``HINT_DEALS`` deals, a review on fewer (16 by
default) with another seed: the noise of either can make the hint's best move look
like a loss to the review.  Per game, seeded deals (the game's duel arena deals them,
seed 1) are played by the fair player (``heuristic``, deterministic, so every run
measures the same positions) in every seat, until ``--decisions`` decisions with a
hint are found; at each, the hint is worked out as a table does (``HINT_DEALS``, a
seed from the deal, the seat and the decision), and the review values the decision as
the bot does (``review_step``, the deal's number as the hand's, ``--budget`` deals) for
the move played and, had it been played, the hint's best.  Printed per game: the
decisions, those whose move played the review classifies (by class) and those it
valued again on more deals to confirm a loss, those where it would classify the
hint's best, and the time of a seat's review of a deal (its decisions' reviews summed:
mean and largest).

    python -m bench.hint_review [--decisions 400] [--games bete,hombre] [--budget 16]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections import Counter
from typing import Any

from games.ai.duel import act, arena_of
from games.ai.teacher.evaluate import DEFAULT_DEALS, MOST_DEALS
from games.ai.teacher.hint import HINT_DEALS, hint
from games.ai.teacher.review import CLASSES, review_step, thresholds_of
from games.ai.teacher.steps import Step
from games.arguments import game_ids, whole

SEED = 1  # of the arena's deals


def hint_seed(game: str, index: int, seat: int, step: int) -> int:
    """A hint's seed as a table makes one (``bot.tables.hints.hint_seed``): fixed by the
    deal, the seat and the decision, and unrelated to the review's."""
    text = f"hint:{game}:{SEED}:{index}:{seat}:{step}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def bench_game(game: str, decisions: int, budget: int) -> dict[str, Any]:
    arena = arena_of(game)
    player = arena.player("heuristic")
    thresholds = thresholds_of(game)
    counts: Counter[str] = Counter()
    seat_times: dict[tuple[int, int], float] = {}
    index = 0
    while counts["decisions"] < decisions:
        state = arena.deal(SEED, index)
        step = 0
        while not state.is_over:
            seat = state.turn
            action = act(player, state, random.Random(f"{SEED}:{index}:{seat}:{step}"), 0.05)
            view = state.view(seat)
            advised = None
            if len(state.legal_actions()) > 1:
                advised = hint(game, view, HINT_DEALS, hint_seed(game, index, seat, step))
            if advised is not None:
                # the review's seed is the hand's number, as the bot's (a hand id from 1)
                start = time.perf_counter()
                played = review_step(game, Step(0, step, view, action), budget, index + 1)
                spent = time.perf_counter() - start
                seat_times[index, seat] = seat_times.get((index, seat), 0.0) + spent
                best = advised.moves[0]
                if str(best) != str(action):
                    followed = review_step(game, Step(0, step, view, best), budget, index + 1)
                else:
                    followed = played
                counts["decisions"] += 1
                counts["valued"] += played.evaluation is not None
                counts["valued again"] += played.revalued
                counts[f"played {played.to_json(thresholds).get('class')}"] += 1
                counts["hint best"] += bool(followed.to_json(thresholds).get("class"))
            state.apply(action)
            step += 1
        index += 1
    times = list(seat_times.values())
    return {
        "deals": index,
        "counts": counts,
        "review_seconds": (sum(times) / max(1, len(times)), max(times, default=0.0)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hint_review", description=__doc__)
    parser.add_argument(
        "--decisions", type=whole(1), default=400, help="decisions with a hint per game"
    )
    parser.add_argument(
        "--games", type=game_ids, default="", help="ids, comma-separated (default: all)"
    )
    parser.add_argument(
        "--budget", type=whole(1, MOST_DEALS), default=DEFAULT_DEALS, help="a review's deals"
    )
    args = parser.parse_args(argv)
    for game in args.games:
        r = bench_game(game, args.decisions, args.budget)
        c, (mean, most) = r["counts"], r["review_seconds"]
        n = c["decisions"]
        classes = ", ".join(f"{c[f'played {name}']} {name}" for name in CLASSES)
        played = sum(c[f"played {name}"] for name in CLASSES)
        print(
            f"{game}: {n} decisions ({r['deals']} deals, {c['valued']} valued); classified: "
            f"the move played {played} ({100 * played / n:.1f} %: {classes}; "
            f"{c['valued again']} valued again), the hint's best "
            f"{c['hint best']} ({100 * c['hint best'] / n:.1f} %); "
            f"a seat's review of a deal {mean:.2f} s mean, {most:.2f} s max",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How long a hint takes: p50, p95 and the largest, per game, at the table's budget.

Positions come from real deals: each game's duel arena deals them (seeded), the
table's strong player (``pimc``) plays every seat, and every decision with a
choice (more than one sensible move, valued by the game) is a position; ``--positions`` of them per
game, drawn evenly over the deals, are hinted in this process (one core, as a
worker of the table's pool hints), at ``HINT_DEALS`` deals unless
``--budget`` says otherwise.  The target: p95 within 1.5 s for every game.  Also
timed: the private hand's check that a hint can be given (``offers_hint``, in the
bot's own process at each drawing of the hand of the player to act).

    python -m bench.hints [--positions 60] [--deals 12] [--games bete,hombre] [--budget 16]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from games.ai.duel import act, arena_of
from games.ai.stats import percentile
from games.ai.teacher.evaluate import MOST_DEALS
from games.ai.teacher.hint import HINT_DEALS, hint, offers_hint
from games.arguments import game_ids, whole


def positions(game: str, deals: int, seed: int) -> list[Any]:
    """Every view with a choice in ``deals`` deals played by the strong player."""
    arena = arena_of(game)
    found: list[Any] = []
    for index in range(deals):
        state = arena.deal(seed, index)
        players = [arena.player("pimc") for _ in range(arena.seats)]
        step = 0
        while not state.is_over:
            seat = state.turn
            view = state.view(seat)
            if offers_hint(game, view):
                found.append(view)
            rng = random.Random(f"{seed}:{index}:{step}")
            state.apply(act(players[seat], state, rng, 0.05))
            step += 1
    return found


def bench_game(game: str, count: int, deals: int, seed: int, budget: int) -> dict[str, Any]:
    views = positions(game, deals, seed)
    chosen = views[:: max(1, len(views) // count)][:count]
    times: list[float] = []
    checks: list[float] = []  # the panel's question: is there a hint to offer here?
    for i, view in enumerate(chosen):
        start = time.perf_counter()
        offers_hint(game, view)
        checks.append(time.perf_counter() - start)
        start = time.perf_counter()
        if hint(game, view, budget, seed + i) is None:
            raise AssertionError(f"{game}: a hint offered and not given")
        times.append(time.perf_counter() - start)
    times.sort()
    checks.sort()
    return {
        "game": game,
        "budget": budget,
        "positions": len(times),
        "p50": percentile(times, 0.5),
        "p95": percentile(times, 0.95),
        "max": times[-1] if times else 0.0,
        "check_p95": percentile(checks, 0.95),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hints", description=__doc__)
    parser.add_argument("--positions", type=whole(1), default=60, help="hints timed per game")
    parser.add_argument("--deals", type=whole(1), default=12, help="deals the positions come from")
    parser.add_argument(
        "--games", type=game_ids, default="", help="ids, comma-separated (default: all)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=whole(0, MOST_DEALS), default=0, help="deals per hint (0: the table's)"
    )
    args = parser.parse_args(argv)
    for game in args.games:
        budget = args.budget or HINT_DEALS
        r = bench_game(game, args.positions, args.deals, args.seed, budget)
        print(
            f"{game}: {r['positions']} hints at {r['budget']} deals: "
            f"p50 {r['p50']:.2f} s, p95 {r['p95']:.2f} s, max {r['max']:.2f} s; "
            f"the panel's check p95 {1000 * r['check_p95']:.1f} ms",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

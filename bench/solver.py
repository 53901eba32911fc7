"""Double-dummy solver benchmark: nodes per second and solve times of full deals.

Each position is a freshly dealt hand with a random declarer, level and trump
(the auction skipped), solved from the first card with an empty table; then the
same for positions after a few random cards, and the per-card values of the
first lead (what the PIMC player asks of every deal it draws).

    python bench/solver.py [--deals N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from games.arguments import whole
from games.bete_hombree import HandState, Rules
from games.bete_hombree.actions import PASS, bid, declare
from games.bete_hombree.ai.solver import HombreePosition as Position
from games.bete_hombree.ai.solver import Solver
from games.bete_hombree.session import shuffled_deal
from games.dealing import DealPattern


def position(rng: random.Random, cards_played: int) -> Position:
    dealer, belle = rng.randrange(4), rng.randrange(4)
    hands, cagnot = shuffled_deal(rng, dealer, belle, DealPattern.TWO_THREE)
    state = HandState(Rules(), dealer, belle, hands, cagnot)
    declarer, level, trump = rng.randrange(4), rng.randint(2, 5), rng.randrange(4)
    while state.phase == 0:
        state.apply(bid(level, trump == belle) if state.turn == declarer else PASS)
    state.apply(declare(level, trump))
    for _ in range(cards_played):
        state.apply(rng.choice(state.legal_actions()))
    return Position.from_state(state)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def measure(label: str, positions: list[Position], values: bool) -> None:
    times = []
    nodes = 0
    for p in positions:
        solver = Solver.for_position(p)
        start = time.perf_counter()
        if values:
            solver.move_values(p)
        else:
            solver.solve(p)
        times.append(time.perf_counter() - start)
        nodes += solver.nodes
    total = sum(times)
    print(
        f"{label}: {len(positions)} positions, mean {1000 * total / len(times):.2f} ms, "
        f"p95 {1000 * pct(times, 0.95):.2f} ms, max {1000 * max(times):.2f} ms, "
        f"{nodes / len(times):.0f} nodes each, {nodes / total:,.0f} nodes/s"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=whole(1), default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    full = [position(rng, 0) for _ in range(args.deals)]
    measure("full deal, solve", full, values=False)
    measure("full deal, value of every first card", full, values=True)
    measure("after 6 cards, solve", [position(rng, 6) for _ in range(args.deals)], values=False)


if __name__ == "__main__":
    main()

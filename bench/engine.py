"""Engine benchmark: complete random hands of La Bête Hombrée per second, on one core.

Each hand is dealt from a seed, played to the end by choosing uniformly among
``legal_actions()`` (auction, exchange, declaration and cards), settled by the
engine and applied to the session (register, pot, balances, belle).  It also
times ``legal_actions()`` + ``apply()`` per call, and ``--profile`` shows where
the time goes.

    python bench/engine.py [--hands N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from games.arguments import whole
from games.bete_hombree import Session

PLAYERS = ("Sud", "Est", "Nord", "Ouest")
SESSION_LENGTH = 100  # random play fails often; a fresh register keeps it at a realistic size


def play_hands(count: int, seed: int) -> tuple[int, int]:
    """Play ``count`` random hands; return (hands, engine calls)."""
    rng = random.Random(seed)
    random_ = rng.random
    calls = 0
    session = Session(PLAYERS, dealer=0, belle=1)
    for i in range(count):
        if i % SESSION_LENGTH == 0:
            session = Session(PLAYERS, dealer=rng.randrange(4), belle=rng.randrange(4))
        state = session.deal(rng.getrandbits(32))
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[int(random_() * len(actions))])
            calls += 1
        session.settle(state)
    return count, calls


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=whole(1), default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile")
    args = parser.parse_args(argv)

    play_hands(min(args.hands, 500), args.seed + 1)  # warm-up
    start = time.perf_counter()
    hands, calls = play_hands(args.hands, args.seed)
    elapsed = time.perf_counter() - start
    print(
        f"complete random hands: {hands} in {elapsed:.2f} s"
        f" = {hands / elapsed:,.0f} hands/s (one core)"
    )
    print(
        f"engine calls (legal_actions + apply): {calls} = {calls / hands:.1f} per hand, "
        f"{elapsed / calls * 1e6:.2f} µs per call including dealing and settlement"
    )

    # legal_actions + apply alone, on recorded positions
    rng = random.Random(args.seed)
    session = Session(PLAYERS, dealer=0, belle=1)
    states = [session.deal(rng.getrandbits(32)) for _ in range(2000)]
    start = time.perf_counter()
    n = 0
    for state in states:
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[0])
            n += 1
    pure = time.perf_counter() - start
    print(f"legal_actions + apply alone: {pure / n * 1e6:.2f} µs per call ({n} calls)")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_hands(min(args.hands, 5000), args.seed)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()

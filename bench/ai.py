"""Computer players' decision latency, and an event loop kept free by the pool.

Part 1 plays ``--hands`` seeded deals of ``--game`` (any registered game, dealt
as its duel deals them) with the chosen player in every seat and times every
decision that has a choice (one legal action is answered at once), by phase,
with the default budget.

Part 2 (``--loop``) plays hands the way the bot will: an asyncio loop awaits
each decision from a ``DecisionPool`` of worker processes while a ticker task
records how late it wakes up; the worst lateness shows whether a decision
ever blocked the loop.

    python bench/ai.py [--game ID] [--seats N] [--player pimc] [--hands N] [--budget S]
                       [--seed S] [--loop]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections import defaultdict
from typing import Any

from games import registry
from games.ai import DEFAULT_BUDGET, DecisionPool
from games.ai.duel import Arena, DuelState, arena_of
from games.arguments import seconds, whole


def deal(arena: Arena, seed: int, index: int) -> DuelState:
    return arena.deal(seed, index)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def line(label: str, times: list[float]) -> str:
    return (
        f"{label:>8}: {len(times):5d} decisions, p50 {1000 * pct(times, 0.5):6.1f} ms, "
        f"p95 {1000 * pct(times, 0.95):6.1f} ms, p99 {1000 * pct(times, 0.99):6.1f} ms, "
        f"max {1000 * max(times):6.1f} ms"
    )


def latency(game: str, arena: Arena, name: str, hands: int, budget: float, seed: int) -> None:
    player = registry.game(game).player(name)
    by_phase: dict[str, list[float]] = defaultdict(list)
    for index in range(hands):
        state: Any = deal(arena, seed, index)
        step = 0
        while not state.is_over:
            view = state.view(state.turn)
            rng = random.Random(f"{seed}:{index}:{step}")
            start = time.perf_counter()
            action = player.act(view, rng, budget)
            elapsed = time.perf_counter() - start
            if len(view.legal) > 1:
                by_phase[state.phase.name.lower()].append(elapsed)
                by_phase["all"].append(elapsed)
            state.apply(action)
            step += 1
    print(f"{game}: {name}, budget {budget} s, {hands} deals, {arena.seats} seats:")
    for phase, times in by_phase.items():
        if phase != "all":
            print(line(phase, times))
    print(line("all", by_phase["all"]))


async def loop_check(
    game: str, arena: Arena, name: str, hands: int, budget: float, seed: int, workers: int
) -> None:
    lateness: list[float] = []
    running = True

    async def ticker() -> None:
        period = 0.005
        while running:
            start = time.perf_counter()
            await asyncio.sleep(period)
            lateness.append(time.perf_counter() - start - period)

    decisions: list[float] = []
    with DecisionPool(workers) as pool:
        pool.warm_up()  # the bot starts its workers at startup, before any table
        tick = asyncio.create_task(ticker())
        for index in range(hands):
            state = deal(arena, seed, index)
            step = 0
            while not state.is_over:
                start = time.perf_counter()
                future = pool.submit(game, name, state.view(state.turn), budget, step)
                action = await asyncio.wrap_future(future)
                decisions.append(time.perf_counter() - start)
                state.apply(action)
                step += 1
    running = False
    await tick
    print(f"event loop with a pool of {workers} worker(s), {hands} hands of {name}:")
    print(line("awaited", decisions))
    print(
        f"  loop lateness over {len(lateness)} ticks: p50 {1000 * pct(lateness, 0.5):.1f} ms, "
        f"p99 {1000 * pct(lateness, 0.99):.1f} ms, max {1000 * max(lateness):.1f} ms"
    )
    idle: list[float] = []
    for _ in range(len(lateness)):
        start = time.perf_counter()
        await asyncio.sleep(0.005)
        idle.append(time.perf_counter() - start - 0.005)
    print(
        f"  the same loop idle, for comparison: p50 {1000 * pct(idle, 0.5):.1f} ms, "
        f"p99 {1000 * pct(idle, 0.99):.1f} ms, max {1000 * max(idle):.1f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    ids = [spec.id for spec in registry.games()]
    parser.add_argument("--game", choices=ids, default=ids[0], help="the game's id")
    parser.add_argument("--seats", type=int, default=0, help="players (0: the game's default)")
    parser.add_argument("--player", default="pimc", help="a player of the game")
    parser.add_argument("--hands", type=whole(1), default=200)
    parser.add_argument("--budget", type=seconds(60), default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loop", action="store_true", help="also run the event-loop check")
    parser.add_argument(
        "--workers", type=whole(1, 64), default=1, help="worker processes of the loop check"
    )
    args = parser.parse_args(argv)
    try:
        registry.game(args.game).check_player(args.player)
        arena = arena_of(args.game, args.seats)
    except ValueError as error:
        parser.error(str(error))
    latency(args.game, arena, args.player, args.hands, args.budget, args.seed)
    if args.loop:
        hands = max(1, args.hands // 10)
        asyncio.run(
            loop_check(args.game, arena, args.player, hands, args.budget, args.seed, args.workers)
        )


if __name__ == "__main__":
    main()

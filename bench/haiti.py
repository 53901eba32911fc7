"""Haitian Bésigue's speed (RULES.md §4.1), on one core.

Part 1, replay: a whole 2-player deal (57 tricks of phase 1, the combinations
laid after them, then 9 tricks of phase 2) replayed from its record, as a
restarted table or ``/history`` replays it: reading the record and replaying it
(``BesigueRecord.from_json`` then ``replay``: every action checked by the
engine's ``check`` and applied), for the hand-written whole deal of
tests/records and for deals played by the rules of thumb from seeds; the median
and the slowest against the target of 50 ms a deal.

Part 2, a click at a table of four (partners): the bot's own work for one move,
without Discord or the database: the engine's check and apply, the public
table's lines and fields, the trick's picture, and the private hand (its lines,
buttons and picture) of the player who moved and of the next to move, each
picture encoded as the bot sends it; p50, p95 and the slowest move of deals
played by the rules of thumb (``bench/load --game besigue-haiti`` measures the
whole bot, on a fake Discord and with its database).

    python bench/haiti.py [--deals N] [--repeat R] [--table-deals N]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.drawing.pictures.files import encode
from bot.drawing.pictures.layouts import hand_picture, trick_picture
from bot.games.besigue_haiti.drawing import HaitiRenderer
from games.arguments import whole
from games.besigue.haiti.ai.heuristic import HaitiHeuristicPlayer
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import HAITI_GAME, BesigueRecord, record_of, replay
from games.besigue.rules import Rules, Variant

TARGET_MS = 50.0
RECORD = Path(__file__).resolve().parents[1] / "tests" / "records" / "haiti_whole_deal.json"


def played(seed: int) -> dict[str, Any]:
    """The record of a whole 2-player deal played by the rules of thumb from ``seed``."""
    session = HaitiSession.start(["A", "B"], seed, Rules(variant=Variant.HAITI))
    state = session.deal(seed)
    player = HaitiHeuristicPlayer()
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(player.act(state.view(state.turn), rng))
    return record_of(session, state).to_json()


def replay_ms(record: dict[str, Any], repeat: int) -> float:
    """The best of ``repeat`` replays of ``record``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = replay(BesigueRecord.from_json(record))
        best = min(best, time.perf_counter() - start)
        assert result.state.is_over
    return best * 1000


def click_ms(deals: int) -> list[float]:
    """The bot's work for each move of ``deals`` deals at a table of four partners."""
    renderer = HaitiRenderer()
    names = ["Arthur", "🤖 Alexandre", "Zoé", "🤖 François"]
    rules = Rules(variant=Variant.HAITI, partnerships=True)
    times = []
    for seed in range(1, deals + 1):
        session = HaitiSession.start(names, seed, rules)
        state = session.deal(seed)
        table = SimpleNamespace(
            id=1, moves=0, names=names, session=session, between_hands=False,
            status="playing", hand_no=1, row=SimpleNamespace(game=HAITI_GAME),
        )  # fmt: skip
        player = HaitiHeuristicPlayer()
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.turn
            action = player.act(state.view(seat), rng)
            start = time.perf_counter()
            assert state.check(action, seat) is None
            state.apply(action, seat)
            table.moves += 1
            public = renderer.public_view(state.view(max(state.turn, 0)))
            renderer.status_lines(table, public, "fr")
            renderer.public_fields(table, public, "fr")
            last = public.tricks_played[-1] if public.tricks_played else None
            encode(trick_picture(public.trick, public.winning, last, "fr", 4))
            for shown in {seat, max(state.turn, 0)}:
                own = state.view(shown)
                renderer.hand_body(table, own, shown, "fr", "")
                encode(hand_picture(renderer.hand_rows(own, "fr"), "fr"))
            times.append(1000 * (time.perf_counter() - start))
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=whole(0), default=20, help="deals played from seeds")
    parser.add_argument("--repeat", type=whole(1), default=5, help="replays of each, the best kept")
    parser.add_argument("--table-deals", type=whole(0), default=3, help="deals of part 2 (0: none)")
    args = parser.parse_args(argv)
    records = [json.loads(RECORD.read_text(encoding="utf-8"))]
    records += [played(seed) for seed in range(1, args.deals + 1)]
    complete = [len(replay(BesigueRecord.from_json(r)).state.history) == 57 + 9 for r in records]
    times = [replay_ms(r, args.repeat) for r in records]
    actions = [len(r["deals"][-1]["actions"]) for r in records]
    print(
        f"2-player deals replayed: {len(records)}, {sum(complete)} of them whole (57 + 9 tricks),"
        f" {min(actions)}-{max(actions)} actions"
    )
    print(f"the hand-written deal (tests/records/haiti_whole_deal.json): {times[0]:.1f} ms")
    print(
        f"median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms"
        f" (target: under {TARGET_MS:.0f} ms a deal)"
    )
    print("OK" if max(times) < TARGET_MS else "SLOWER THAN THE TARGET")
    if args.table_deals:
        click_ms(1)  # warm-up: each card face is drawn once per size, then pasted
        clicks = sorted(click_ms(args.table_deals))
        p50, p95 = clicks[len(clicks) // 2], clicks[int(0.95 * len(clicks))]
        print(
            f"a click at a table of four partners, the bot's own work: {len(clicks)} moves,"
            f" p50 {p50:.1f} ms, p95 {p95:.1f} ms, slowest {clicks[-1]:.1f} ms"
        )


if __name__ == "__main__":
    main()

"""Does the review blame a player for following the hint?

A hint values a decision's moves on ``HINT_DEALS`` deals, a review on fewer (16 by
default) with another seed: the noise of either can make the hint's best move look
like a loss to the review, which is why the review confirms a loss on more deals
before it classifies it (``games.ai.teacher.review.confirmed``), and the hint its
close calls before it orders them (``games.ai.teacher.hint``).

Per game, seeded deals (the game's duel arena deals them, seed 1) are played by the
fair player (``heuristic``, deterministic, so every run measures the same positions)
in every seat, until ``--decisions`` decisions with a hint are found.  At each, the
hint is worked out as a table does (``HINT_DEALS``, a seed from the deal, the seat
and the decision), and the review values the decision as the bot does (the deal's
number as the hand's, ``--budget`` deals), for the move played and, had it been
played, for the hint's best: first on the budget's deals alone, then confirmed.
Printed per game, on the budget's deals alone -> confirmed: the decisions whose move
played the review classifies (and how many it valued again), those where it would
classify the hint's best, and the time of a seat's review of a deal (its decisions'
reviews summed: mean and largest) in CPU seconds: a review is one process's work, and
its wall time on a machine shared with other work says more of that work than of it.

With ``--against DEALS``, each loss the budget's deals classify (deals drawn) is valued
once more on ``DEALS`` deals of another seed, the reference: printed, per move (played,
hint's best), how many of those losses the reference does not classify, how many of
them are still classified once confirmed, and how many the confirmation cleared that
the reference classifies.  It costs much more.

    python -m bench.hint_review [--decisions 400] [--games bete,hombre] [--budget 16]
                               [--against 256]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.ai.duel import act, arena_of
from games.ai.teacher.evaluate import DEFAULT_DEALS, MOST_DEALS
from games.ai.teacher.hint import HINT_DEALS, hint
from games.ai.teacher.review import Reviewed, classify, confirmed, first_valuation, thresholds_of
from games.ai.teacher.steps import Step
from games.arguments import game_ids, whole

SEED = 1  # of the arena's deals


def hint_seed(game: str, index: int, seat: int, step: int) -> int:
    """A hint's seed as a table makes one (``bot.tables.hints.hint_seed``): fixed by the
    deal, the seat and the decision, and unrelated to the review's."""
    text = f"hint:{game}:{SEED}:{index}:{seat}:{step}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass(frozen=True, slots=True)
class Judged:
    """A move as the review judges it: its valuation on the budget's deals, the one the
    review keeps (confirmed), the CPU seconds of each, and the reference's valuation
    (``--against``) where the first classified a loss on deals drawn."""

    first: Reviewed
    final: Reviewed
    seconds: tuple[float, float]  # the first valuation's, the confirmation's
    reference: Reviewed | None = None


def judge(game: str, step: Step, budget: int, seed: int) -> Judged:
    """The move ``step.played`` reviewed as the bot reviews it (``review_step``)."""
    start = time.process_time()
    first = first_valuation(game, step, budget, seed)
    middle = time.process_time()
    final = confirmed(game, step, first, budget, seed)
    return Judged(first, final, (middle - start, time.process_time() - middle))


def with_reference(game: str, step: Step, judged: Judged, deals: int, seed: int) -> Judged:
    """``judged`` with its reference, valued on ``deals`` deals, where its first valuation
    classified a loss on deals drawn (an exact valuation needs none)."""
    first = judged.first
    if first.evaluation is None or first.evaluation.samples == 0:
        return judged
    if classify(first.loss, thresholds_of(game)) is None:
        return judged
    # another seed than the review's (a hand's number, from 1) and its confirmation's
    reference = first_valuation(game, step, deals, -seed)
    return Judged(first, judged.final, judged.seconds, reference)


def tally(counts: Counter[str], who: str, judged: Judged, game: str) -> None:
    """The move classified on the budget's deals and once confirmed; against the
    reference: the losses checked, those it does not classify, those of them still
    classified once confirmed, and those confirming cleared that it does classify."""
    thresholds = thresholds_of(game)
    first = classify(judged.first.loss, thresholds) is not None
    kept = classify(judged.final.loss, thresholds) is not None
    counts[f"{who} first"] += first
    counts[f"{who} final"] += kept
    if judged.reference is None:
        return
    real = classify(judged.reference.loss, thresholds) is not None
    counts[f"{who} checked"] += 1
    counts[f"{who} first wrong"] += not real
    counts[f"{who} final wrong"] += kept and not real
    counts[f"{who} cleared"] += real and not kept


def bench_game(game: str, decisions: int, budget: int, against: int = 0) -> dict[str, Any]:
    arena = arena_of(game)
    player = arena.player("heuristic")
    counts: Counter[str] = Counter()
    seat_times: dict[tuple[int, int], tuple[float, float]] = {}
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
                seed = index + 1  # the review's: the hand's number, as the bot's (from 1)
                moved = Step(0, step, view, action)
                judged = judge(game, moved, budget, seed)
                first, then = seat_times.get((index, seat), (0.0, 0.0))
                seat_times[index, seat] = (first + judged.seconds[0], then + judged.seconds[1])
                if against:  # not timed: no part of a review
                    judged = with_reference(game, moved, judged, against, seed)
                followed = judged
                if str(advised.moves[0]) != str(action):
                    advised_step = Step(0, step, view, advised.moves[0])
                    followed = judge(game, advised_step, budget, seed)
                    if against:
                        followed = with_reference(game, advised_step, followed, against, seed)
                counts["decisions"] += 1
                counts["valued again"] += judged.final.revalued
                tally(counts, "played", judged, game)
                tally(counts, "hint", followed, game)
            state.apply(action)
            step += 1
        index += 1
    alone = [first for first, _ in seat_times.values()]
    whole_review = [first + then for first, then in seat_times.values()]
    return {
        "deals": index,
        "counts": counts,
        "seconds_alone": (sum(alone) / max(1, len(alone)), max(alone, default=0.0)),
        "seconds": (sum(whole_review) / max(1, len(whole_review)), max(whole_review, default=0.0)),
    }


def share(count: int, total: int) -> str:
    return f"{count} ({100 * count / max(1, total):.1f} %)"


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
    parser.add_argument(
        "--against", type=whole(0, MOST_DEALS), default=0, help="the reference's deals (0: none)"
    )
    args = parser.parse_args(argv)
    for game in args.games:
        r = bench_game(game, args.decisions, args.budget, args.against)
        c, n = r["counts"], r["counts"]["decisions"]
        (alone, alone_most), (mean, most) = r["seconds_alone"], r["seconds"]
        print(
            f"{game}: {n} decisions ({r['deals']} deals); classified on {args.budget} deals "
            f"alone -> confirmed: the move played {share(c['played first'], n)} -> "
            f"{share(c['played final'], n)} ({c['valued again']} valued again), the hint's "
            f"best {share(c['hint first'], n)} -> {share(c['hint final'], n)}; a seat's review "
            f"of a deal, CPU {alone:.2f} s mean, {alone_most:.2f} s max -> {mean:.2f} s mean, "
            f"{most:.2f} s max",
            flush=True,
        )
        if args.against:
            print(f"{game}: against {args.against} deals, " + "; ".join(
                f"{label}: {c[f'{who} checked']} losses classified on {args.budget} deals, "
                f"{c[f'{who} first wrong']} of them not on {args.against}, "
                f"{c[f'{who} final wrong']} of those still classified once confirmed, "
                f"{c[f'{who} cleared']} cleared though {args.against} deals classify them"
                for who, label in (("played", "the move played"), ("hint", "the hint's best"))
            ), flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

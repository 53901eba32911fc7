"""A review in words, for the command line (``python -m games.ai review``)."""

from __future__ import annotations

from typing import Any

from .review import REVALUE, Review

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def review_text(review: Review) -> str:
    """Every decision on a line (its move, the best, the loss and its class), then
    the totals, the decisions the time limit made (left out), and the three costliest
    decisions."""
    data: dict[str, Any] = review.to_json()
    unit = review.unit
    lines = [
        f"Review of {review.player} (seat {review.seat}), {review.game}: "
        f"{len(review.decisions)} decisions, {review.budget} deals each "
        f"({review.budget * REVALUE} to confirm a loss), seed {review.seed}",
        "thresholds ({}): inaccuracy {}, mistake {}, blunder {}".format(
            unit, *(f"{t:g}" for t in review.thresholds)
        ),
        "",
    ]
    for decision in data["decisions"]:
        head = f"{decision['key']:>7} {decision['phase']:<9} {decision['played']:<24}"
        if not decision["evaluated"]:
            lines.append(f"{head} (no valuation of this decision yet)")
            continue
        kind = decision["class"]
        mark = f" {MARKS[kind]} {kind}" if kind else ""
        if decision["loss"] > 0:
            lines.append(
                f"{head} best {decision['best']:<24} loss {decision['loss']:.2f} "
                f"± {decision['loss_stderr']:.2f}{mark}"
            )
        else:
            lines.append(f"{head} best")
    accuracy = data["accuracy"]
    counts = data["counts"]
    lines += [
        "",
        f"total loss {data['total_loss']:.2f} {unit} over {data['valued']} valued decisions; "
        f"accuracy {'-' if accuracy is None else f'{accuracy:.0f}%'}",
        f"inaccuracies {counts['inaccuracy']}, mistakes {counts['mistake']}, "
        f"blunders {counts['blunder']}",
    ]
    if review.timed_out:  # not the player's: the time limit's, played by a computer
        lines.append(f"not reviewed, played when the time ran out: {', '.join(review.timed_out)}")
    costly = review.costliest()
    if costly:
        lines.append("costliest: " + "; ".join(
            f"{d.key} {d.played} (best {d.best}, -{d.loss:.2f})" for d in costly
        ))  # fmt: skip
    return "\n".join(lines)


__all__ = ["review_text"]

"""The review of a hand's record for one seat: each of its decisions valued from
what it saw, the move played against the best, the loss classified.

At each decision of the seat (more than one legal action; ``steps``) its
sensible moves and the one it played are valued from its view
(``evaluate``); the *loss* is the best move's value minus the played one's
(≥ 0), in the game's unit, and a loss at or above the game's thresholds
(``THRESHOLDS``: inaccuracy, mistake, blunder; how they were chosen is in
docs/teacher.md) is classified.  The hand's *accuracy* is the share of its
valued decisions with no classified loss.  The decisions the time limit made
for the seat (a person whose time ran out: ``timed_out``) are not its own: they
are left out, and only named (``Review.timed_out``).

A review is plain data (``to_json`` / ``from_json``), built decision by
decision with a progress callback, and resumable: decisions already valued
(from a stored partial review, by their place in the record) are kept, not
valued again.  With the same budget and seed it is the same on any machine.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.numerals import digits
from games.records import RecordError

from .evaluate import DEFAULT_DEALS, Evaluation, evaluate, valuer_of
from .steps import Step, deal_lines, judged_as, player_of, steps
from .timed_out import timed_out_keys

CLASSES: Final = ("inaccuracy", "mistake", "blunder")
# per game (its registered id), in its unit: the least loss of each class (docs/teacher.md)
THRESHOLDS: Final[dict[str, tuple[float, float, float]]] = {
    "bete-hombree": (0.2, 0.8, 6.0),  # sous
    "bete": (0.65, 1.2, 2.5),  # jetons
    "hombre": (0.2, 0.5, 1.6),  # jetons
    "besigue": (16.0, 22.0, 42.0),  # points
    "besigue-haiti": (12.0, 16.0, 40.0),  # points
}
DEFAULT_THRESHOLDS: Final = (1.0, 4.0, 10.0)
COSTLIEST: Final = 3

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


def thresholds_of(game: str) -> tuple[float, float, float]:
    return THRESHOLDS.get(game, DEFAULT_THRESHOLDS)


def classify(loss: float, thresholds: tuple[float, float, float]) -> str | None:
    """The class of a loss: the highest threshold it reaches, or None."""
    found = None
    for name, least in zip(CLASSES, thresholds, strict=True):
        if loss >= least:
            found = name
    return found


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One decision reviewed: where, what was played, the best, the loss and its
    class; ``evaluation`` None when the decision has no valuation yet."""

    key: str  # "deal:action" in the record
    phase: str
    played: str
    evaluation: Evaluation | None

    @property
    def played_index(self) -> int:
        assert self.evaluation is not None
        return self.evaluation.moves.index(self.played)

    @property
    def best(self) -> str | None:
        return None if self.evaluation is None else self.evaluation.moves[self.evaluation.best]

    @property
    def loss(self) -> float:
        return 0.0 if self.evaluation is None else self.evaluation.loss(self.played_index)

    def to_json(self, thresholds: tuple[float, float, float]) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "phase": self.phase, "played": self.played}
        if self.evaluation is None:
            data["evaluated"] = False
            return data
        data.update(
            evaluated=True,
            best=self.best,
            loss=round(self.loss, 4),
            loss_stderr=round(self.evaluation.gap_stderr[self.played_index], 4),
            **{"class": classify(self.loss, thresholds)},
            evaluation=self.evaluation.to_json(),
        )
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reviewed:
        evaluation = data.get("evaluation")
        return cls(
            str(data["key"]),
            str(data["phase"]),
            str(data["played"]),
            None if evaluation is None else Evaluation.from_json(evaluation),
        )


@dataclass(slots=True)
class Review:
    """A seat's review of a record (see the module docstring)."""

    game: str
    seat: int
    player: str
    budget: int
    seed: int
    unit: str
    thresholds: tuple[float, float, float]
    decisions: list[Reviewed] = field(default_factory=list)
    timed_out: list[str] = field(default_factory=list)  # keys left out: the time limit's

    @property
    def valued(self) -> list[Reviewed]:
        return [d for d in self.decisions if d.evaluation is not None]

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.valued)

    @property
    def accuracy(self) -> float | None:
        """The share (percent) of valued decisions with no classified loss."""
        valued = self.valued
        if not valued:
            return None
        clean = sum(1 for d in valued if classify(d.loss, self.thresholds) is None)
        return 100.0 * clean / len(valued)

    def costliest(self, n: int = COSTLIEST) -> list[Reviewed]:
        """The ``n`` decisions that cost most (a loss above zero), costliest first."""
        losing = [d for d in self.valued if d.loss > 0]
        return sorted(losing, key=lambda d: -d.loss)[:n]

    def counts(self) -> dict[str, int]:
        found = dict.fromkeys(CLASSES, 0)
        for d in self.valued:
            name = classify(d.loss, self.thresholds)
            if name is not None:
                found[name] += 1
        return found

    def to_json(self) -> dict[str, Any]:
        accuracy = self.accuracy
        return {
            "game": self.game,
            "seat": self.seat,
            "player": self.player,
            "budget": self.budget,
            "seed": self.seed,
            "unit": self.unit,
            "thresholds": dict(zip(CLASSES, self.thresholds, strict=True)),
            "decisions": [d.to_json(self.thresholds) for d in self.decisions],
            "valued": len(self.valued),
            "total_loss": round(self.total_loss, 4),
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "counts": self.counts(),
            "costliest": [d.key for d in self.costliest()],
            "timed_out": list(self.timed_out),
        }


def review_steps(
    game: str,
    found: Sequence[Step],
    seat: int,
    player: str,
    budget: int = DEFAULT_DEALS,
    seed: int = 0,
    progress: Progress | None = None,
    done: Sequence[Mapping[str, Any]] = (),
) -> Review:
    """The review of the decisions ``found`` of ``seat`` (see the module docstring);
    ``done``: decisions of a partial review with the same budget and seed."""
    valuer = valuer_of(game)
    review = Review(game, seat, player, budget, seed, valuer.unit, thresholds_of(game))
    kept = {str(d["key"]): Reviewed.from_json(d) for d in done}
    total = len(found)
    for n, step in enumerate(found):
        reviewed = kept.get(step.key)
        if reviewed is None or reviewed.played != str(step.played):
            reviewed = review_step(game, step, budget, seed)
        review.decisions.append(reviewed)
        if progress is not None:
            progress(n + 1, total)
    return review


def review_step(game: str, step: Step, budget: int, seed: int) -> Reviewed:
    """One decision valued: the game's sensible moves and the one played."""
    moves = valuer_of(game).candidates(step.view)
    if step.played not in moves:
        moves.append(step.played)
    words = [str(m) for m in moves]
    # one move per record notation (L'Hombre's defenders' signals are said apart)
    unique = [m for i, m in enumerate(moves) if str(m) not in words[:i]]
    deal, index = step.deal, step.index
    evaluation = evaluate(game, step.view, unique, budget, seed * 1_000_003 + deal * 1_009 + index)
    phase = step.view.phase.name.lower()
    return Reviewed(step.key, phase, str(step.played), evaluation)


def own_steps(
    data: Mapping[str, Any], seat: int, deal: int | None = None
) -> tuple[list[Step], list[str]]:
    """The seat's decisions in a record (as ``steps``) that are its own, and the keys of
    those the time limit made for it (the record's ``timed_out``), left out."""
    timed_out = timed_out_keys(data, seat)
    found = steps(data, seat, deal)
    own = [step for step in found if step.key not in timed_out]
    return own, [step.key for step in found if step.key in timed_out]


def decision_keys(data: Mapping[str, Any], seat: int, deal: int | None = None) -> list[str]:
    """The keys (``deal:action``) of the seat's own decisions in a record (in its deal
    ``deal`` only, as ``steps``; the time limit's left out, as ``own_steps``), in order:
    what a caller running one decision at a time (``review_decision``) iterates over."""
    return [step.key for step in own_steps(data, seat, deal)[0]]


def review_decision(
    data: Mapping[str, Any], seat: int, key: str, budget: int = DEFAULT_DEALS, seed: int = 0
) -> dict[str, Any]:
    """One decision of a record reviewed, as the JSON a review stores (``done``):
    a worker's unit of work, its arguments and result plain data."""
    game = judged_as(data)
    deal, _, _ = key.partition(":")  # its deal alone replayed to find it
    known = digits(deal) and int(deal) < len(deal_lines(data))
    text = json.dumps(data, sort_keys=True) if known else ""
    step = (
        next((s for s in _deal_steps(text, seat, int(deal)) if s.key == key), None)
        if known
        else None
    )
    if step is None:
        raise RecordError(f"seat {seat} has no decision {key!r} in this record")
    return review_step(game, step, budget, seed).to_json(thresholds_of(game))


@functools.lru_cache(maxsize=4)
def _deal_steps(record: str, seat: int, deal: int) -> tuple[Step, ...]:
    """The seat's decisions in one deal of a record (its JSON text), kept for the next
    decision of the same review: a worker is asked for them one at a time, and replaying
    the record for each would double a review's time (views are frozen: sharing is safe)."""
    return tuple(steps(json.loads(record), seat, deal))


def review_record(
    data: Mapping[str, Any],
    seat: int,
    budget: int = DEFAULT_DEALS,
    seed: int = 0,
    progress: Progress | None = None,
    done: Sequence[Mapping[str, Any]] = (),
    deal: int | None = None,
) -> Review:
    """The review of a record's JSON (RULES.md §5) for ``seat``, of its deal ``deal``
    only if given (as ``steps``), the decisions the time limit made left out
    (``own_steps``); ``RecordError`` for a bad record or seat."""
    found, timed_out = own_steps(data, seat, deal)
    player = player_of(data, seat)
    review = review_steps(judged_as(data), found, seat, player, budget, seed, progress, done)
    review.timed_out = timed_out
    return review


__all__ = [
    "CLASSES",
    "THRESHOLDS",
    "Review",
    "Reviewed",
    "classify",
    "decision_keys",
    "own_steps",
    "review_decision",
    "review_record",
    "review_step",
    "review_steps",
    "thresholds_of",
]

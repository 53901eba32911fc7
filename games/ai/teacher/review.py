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

A loss that would be classified is first confirmed, unless it is clearly beyond the
least threshold (by ``CLEAR`` standard errors): the decision is valued again on
``REVALUE`` times the budget's deals, drawn afresh (a seed derived from the
review's), and that valuation, kept in place of the first, classifies it.  On the
budget's few deals alone the review blamed a player for following the hint (valued
on four times as many) in up to one decision in eight (docs/teacher.md).  The fresh
deals are not the ones that made the loss look large, so a move merely unlucky on
them comes out clean, while a move really worse stays as bad: even one never better
and worse in a single deal of sixteen, whose loss is about its own standard error,
which is why a loss near its standard error is valued again rather than dismissed.
Only the decisions that would be classified, and not clearly, cost more.

A review is plain data (``to_json`` / ``from_json``), built decision by
decision with a progress callback, and resumable: decisions already valued
(from a stored partial review, by their place in the record) are kept, not
valued again.  With the same budget and seed it is the same on any machine.
"""

from __future__ import annotations

import functools
import hashlib
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
# a loss that would be classified is valued again on this many times the budget's deals:
# with the default 16, the 64 of a hint (``HINT_DEALS``), so that the review's verdict on
# a move rests on as many deals as the hint's advice
REVALUE: Final = 4
# standard errors beyond the least threshold that classify a loss on the budget's deals
# alone: more deals would not clear it, only cost (La Bête Hombrée's contracts are valued
# in batches, at four times the price).  Of 1,986 decisions valued on 256 deals too, every
# loss so clear was one there, and none was of the hint's best move; at 2, two such
# losses of the hint's best move were no loss on 256 deals
CLEAR: Final = 3.0

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


def thresholds_of(game: str) -> tuple[float, float, float]:
    return THRESHOLDS.get(game, DEFAULT_THRESHOLDS)


def unclear(gap: float, stderr: float, least: float) -> bool:
    """Whether a difference between two moves' values (``gap``, with the standard error
    ``stderr`` of the deals drawn) lies within ``CLEAR`` standard errors of the least
    loss classified (``least``): which side of it the difference truly lies, those deals
    do not tell.  The review confirms such a loss (``Reviewed.needs_revaluing``); a hint,
    a runner-up's lead over its best so close (``games.ai.teacher.hint``)."""
    return abs(gap - least) < CLEAR * stderr


def fresh_seed(*parts: object) -> int:
    """A seed for deals drawn afresh, fixed by ``parts`` only (their words joined by
    colons, hashed): the same on any machine, unrelated to the seed they come from."""
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


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
    class; ``evaluation`` None when the decision has no valuation yet; ``revalued``
    when it is the valuation on more deals that confirmed (or cleared) a loss."""

    key: str  # "deal:action" in the record
    phase: str
    played: str
    evaluation: Evaluation | None
    revalued: bool = False

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
        if self.revalued:  # absent otherwise: a decision stored before reads the same
            data["revalued"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reviewed:
        evaluation = data.get("evaluation")
        return cls(
            str(data["key"]),
            str(data["phase"]),
            str(data["played"]),
            None if evaluation is None else Evaluation.from_json(evaluation),
            bool(data.get("revalued", False)),
        )

    def needs_revaluing(self, thresholds: tuple[float, float, float]) -> bool:
        """Whether this valuation's loss would be classified, but not clearly, on the
        budget's deals: deals were drawn (an exact valuation is not noisy), it is not
        already the valuation on more deals, and the loss is less than ``CLEAR``
        standard errors beyond the least threshold."""
        evaluation = self.evaluation
        if evaluation is None or self.revalued or evaluation.samples == 0:
            return False
        loss = self.loss
        if classify(loss, thresholds) is None:
            return False
        return unclear(loss, evaluation.gap_stderr[self.played_index], thresholds[0])


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
        """The ``n`` decisions that cost most, costliest first: a loss said in hundredths
        at least (one that would be said "0 jetons" is none to the reader)."""
        losing = [d for d in self.valued if round(d.loss, 2) > 0]
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
        else:  # kept, unless a version that confirmed no loss stored it: confirmed now
            reviewed = confirmed(game, step, reviewed, budget, seed)
        review.decisions.append(reviewed)
        if progress is not None:
            progress(n + 1, total)
    return review


def review_step(game: str, step: Step, budget: int, seed: int) -> Reviewed:
    """One decision valued: the game's sensible moves and the one played, on the budget's
    deals, and again on more if its loss would be classified (the module docstring)."""
    return confirmed(game, step, first_valuation(game, step, budget, seed), budget, seed)


def first_valuation(game: str, step: Step, budget: int, seed: int) -> Reviewed:
    """The decision valued on the budget's deals only, its loss not yet confirmed."""
    seed_here = seed * 1_000_003 + step.deal * 1_009 + step.index + step.part * 7_919
    evaluation = evaluate(game, step.view, _moves(game, step), budget, seed_here)
    phase = step.view.phase.name.lower()
    return Reviewed(step.key, phase, str(step.played), evaluation)


def confirmed(game: str, step: Step, first: Reviewed, budget: int, seed: int) -> Reviewed:
    """``first`` as it is, or, if its loss would be classified but not clearly
    (``needs_revaluing``), the decision valued again on ``REVALUE`` times the deals,
    drawn afresh: the deals that made the loss look large are not drawn again, so that a
    move unlucky on them is not blamed twice.  The seed is derived from the review's and
    the decision's place only: a review is the same on any machine."""
    if not first.needs_revaluing(thresholds_of(game)):
        return first
    # "revalue:seed:deal:index" (a line's part 1: "deal:index.1"), as it always was
    fresh = fresh_seed("revalue", seed, step.key)
    evaluation = evaluate(game, step.view, _moves(game, step), budget * REVALUE, fresh)
    return Reviewed(first.key, first.phase, first.played, evaluation, revalued=True)


def _moves(game: str, step: Step) -> list[Any]:
    """The moves a decision is valued by: the game's sensible ones and the one played."""
    moves = valuer_of(game).candidates(step.view)
    if step.played not in moves:
        moves.append(step.played)
    words = [str(m) for m in moves]
    # one move per record notation (L'Hombre's defenders' signals are said apart)
    return [m for i, m in enumerate(moves) if str(m) not in words[:i]]


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


def is_final(decision: Mapping[str, Any], game: str) -> bool:
    """Whether a decision stored under way (``review_decision``'s JSON) is as this
    version reviews it: not a loss that would be classified but was stored before losses
    were confirmed on more deals (valued again, it comes out as an uninterrupted review's)."""
    return not Reviewed.from_json(decision).needs_revaluing(thresholds_of(game))


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
    "CLEAR",
    "REVALUE",
    "THRESHOLDS",
    "Review",
    "Reviewed",
    "classify",
    "confirmed",
    "decision_keys",
    "first_valuation",
    "fresh_seed",
    "is_final",
    "own_steps",
    "review_decision",
    "review_record",
    "review_step",
    "review_steps",
    "thresholds_of",
    "unclear",
]

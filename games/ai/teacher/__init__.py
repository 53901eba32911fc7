"""The teacher: the value of a seat's moves from its view (``evaluate``), and the
review of a hand's record for a seat (``review``), in each game's own unit.

For a bot: ``hint`` (``games.ai.teacher.hint``: the best moves valued by
``evaluate``) and ``review_decision`` (one decision of a
review) take and return plain data, so that they run in worker processes;
``decision_keys`` lists a seat's decisions, ``review_record(done=...)``
assembles (or resumes) a review from the decisions already stored, and ``is_final``
says whether a stored decision is as this version would value it.
"""

from __future__ import annotations

from .evaluate import (
    DEFAULT_DEALS,
    MOST_DEALS,
    Evaluation,
    Valuation,
    Valuer,
    evaluate,
    has_valuer,
    register_valuer,
)
from .review import Review, decision_keys, is_final, review_decision, review_record

__all__ = [
    "DEFAULT_DEALS",
    "MOST_DEALS",
    "Evaluation",
    "Review",
    "Valuation",
    "Valuer",
    "decision_keys",
    "evaluate",
    "has_valuer",
    "is_final",
    "register_valuer",
    "review_decision",
    "review_record",
]

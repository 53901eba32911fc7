"""The teacher: the value of a seat's moves from its view (``evaluate``), and the
review of a hand's record for a seat (``review``), in each game's own unit."""

from __future__ import annotations

from .evaluate import DEFAULT_DEALS, Evaluation, Valuation, Valuer, evaluate, register_valuer

__all__ = ["DEFAULT_DEALS", "Evaluation", "Valuation", "Valuer", "evaluate", "register_valuer"]

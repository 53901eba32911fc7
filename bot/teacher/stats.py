"""A player's progress over the hands reviewed (``/stats``): per game, the average loss
per decision in the game's unit, the blunders, mistakes and inaccuracies per hand, the
accuracy, and the loss per decision hand by hand (the chart).  Pure: stored reviews in,
figures out.

A hand counts when its review valued at least one decision (a hand where the seat
had only forced moves teaches nothing, and would only dilute the figures per hand).
The accuracy is the share of all the valued decisions with no classified loss, as a
hand's own accuracy is of its decisions: a hand of thirty decisions weighs more than
a hand of three."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from db.models import ReviewFigures

WINDOW: Final = 5  # hands in the chart's rolling mean


@dataclass(frozen=True, slots=True)
class Progress:
    """A player's reviewed hands of one game (an id), in the order they were played."""

    game: str
    hands: int
    decisions: int  # valued
    total_loss: float  # in the game's unit
    inaccuracies: int
    mistakes: int
    blunders: int
    clean: int  # valued decisions with no classified loss
    losses: tuple[float, ...]  # the loss per decision of each hand, in the order played

    @property
    def loss_per_decision(self) -> float:
        return self.total_loss / self.decisions

    @property
    def blunders_per_hand(self) -> float:
        return self.blunders / self.hands

    @property
    def mistakes_per_hand(self) -> float:
        return self.mistakes / self.hands

    @property
    def inaccuracies_per_hand(self) -> float:
        return self.inaccuracies / self.hands

    @property
    def accuracy(self) -> float:
        """The percentage of valued decisions with no classified loss."""
        return 100.0 * self.clean / self.decisions


def clean_decisions(review: ReviewFigures) -> int:
    """A hand's valued decisions with no classified loss (its accuracy is their share,
    stored rounded to a tenth of a percent: the count comes back exactly)."""
    if review.accuracy is None:
        return 0
    return round(review.accuracy * review.valued / 100.0)


def progress_by_game(reviews: Iterable[ReviewFigures]) -> list[Progress]:
    """Each game's figures from a player's ``reviews`` (in the order the hands were
    played), the games in the order first played; a game none of whose hands had a
    valued decision is left out."""
    by_game: dict[str, list[ReviewFigures]] = {}
    for review in reviews:
        if review.valued > 0:
            by_game.setdefault(review.game, []).append(review)
    return [_progress(game, hands) for game, hands in by_game.items()]


def _progress(game: str, hands: Sequence[ReviewFigures]) -> Progress:
    return Progress(
        game=game,
        hands=len(hands),
        decisions=sum(r.valued for r in hands),
        total_loss=sum(r.total_loss for r in hands),
        inaccuracies=sum(r.inaccuracies for r in hands),
        mistakes=sum(r.mistakes for r in hands),
        blunders=sum(r.blunders for r in hands),
        clean=sum(clean_decisions(r) for r in hands),
        losses=tuple(r.total_loss / r.valued for r in hands),
    )


def rolling_mean(values: Sequence[float], window: int = WINDOW) -> list[float]:
    """The mean of each value and the ``window - 1`` before it (fewer at the start)."""
    out = []
    for index in range(len(values)):
        last = values[max(0, index - window + 1) : index + 1]
        out.append(sum(last) / len(last))
    return out

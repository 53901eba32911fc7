"""What one seat may see of a Bésigue deal, alike in the classic game and in
Haiti: ``SeatView`` holds it, and ``seat_view`` reads it from a deal's course
(``games.besigue.flow``).  Each game's view adds what only it shows (its trump,
its sevens, ...): ``games.besigue.state.DealView``, ``games.besigue.haiti.deal.HaitiView``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from games.besigue.actions import Action
from games.besigue.flow import DealFlow, LaidCard, Phase, laid_cards, laid_from
from games.besigue.melds import Laid, Meld
from games.besigue.rules import Rules
from games.besigue.score import Outcome
from games.cards import Card
from games.duties import Duty
from games.tricks import PlayedTrick

ViewT = TypeVar("ViewT", bound="SeatView")


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat's own hand, and what is face up; nothing of the others' hidden
    cards or of the stock's order.  ``melds`` is the deal's public record of the
    combinations laid (in phase 2 their cards are back in the hands, as every
    player saw them go)."""

    rules: Rules
    seat: int
    phase: Phase
    turn: int  # -1 once the deal is over
    dealer: int
    turned: Card | None  # the card under the stock (None once drawn, or none turned)
    stock: int  # hidden cards left in the stock
    hand: int  # this seat's cards that are not laid (a bit set)
    laid: tuple[tuple[LaidCard, ...], ...]  # each seat's laid cards
    melds: tuple[tuple[Meld, ...], ...]  # each seat's combinations of this deal, in order
    declarer: int  # the seat declaring (phase DECLARE), else -1
    melded: bool  # the declarer has laid his combination for this trick
    trick: tuple[tuple[int, Card], ...]
    winning: int
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    duty: Duty | None  # what keeps some of this seat's cards from the trick now
    legal: tuple[Action, ...]
    deal_points: tuple[int, ...]  # per seat so far (combinations and sevens; all at the end)
    teams: tuple[int, ...]  # each seat's side
    scores: tuple[int, ...]  # by side: the game's scores with this deal's points so far
    target: int
    hand_sizes: tuple[int, ...]  # every seat's cards, laid or not
    outcome: Outcome | None

    def laid_of(self, seat: int) -> Laid:
        """A seat's laid cards as ``games.besigue.melds`` reads them."""
        return laid_from(self.laid[seat])

    @property
    def cards(self) -> int:
        """This seat's cards, laid or not (a bit set)."""
        return self.hand | sum(laid.card.bit for laid in self.laid[self.seat])


def seat_view(deal: DealFlow, seat: int, view: Callable[..., ViewT], **own: object) -> ViewT:
    """``view`` (a ``SeatView`` of one game) of ``seat`` in ``deal``: what both games
    show, read here, and ``own``, the fields only that game's view has."""
    outcome = deal.outcome
    over = deal.is_over
    return view(
        **deal.seen_by(seat),
        rules=deal.rules,
        phase=deal.phase,
        turned=None if deal.turned < 0 else Card.from_index(deal.turned),
        stock=deal.stock_left,
        hand=deal.unlaid(seat),
        laid=tuple(laid_cards(laid) for laid in deal.laid),
        melds=tuple(tuple(m) for m in deal.melds),
        declarer=deal.declarer,
        melded=deal.melded and deal.phase is Phase.DECLARE,
        legal=tuple(deal.legal_actions()) if seat == deal.turn and not over else (),
        deal_points=outcome.points if outcome is not None else tuple(deal.meld_points),
        teams=deal.teams,
        scores=deal.side_scores(),
        target=deal.target,
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        outcome=outcome,
        **own,
    )

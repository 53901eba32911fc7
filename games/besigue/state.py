"""One deal of the classic Bésigue (RULES.md §4): its cards, its combinations
(``games.besigue.melds``), the sevens of each phase-1 trick's winner and the
count; the course of the deal is the game's (``games.besigue.flow``).

Decisions where RULES.md is silent: each physical 7 of trump scores once
(shown or exchanged); a shown 7 stays in the hand (a 7 is in no combination,
so it is never laid); the exchange takes the 7 from the hand and gives the
turned card; a turned 7 gives the dealer 10 at once, and like any seven it
ends the game at once if it takes his side to the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.besigue.actions import SEVEN_EXCHANGE, SEVEN_SHOW, Action, Kind
from games.besigue.flow import (
    DealFlow,
    LaidCard,
    Phase,
    canonical_copies,
    laid_cards,
    laid_from,
)
from games.besigue.melds import Laid, Meld, legal_melds, resolve
from games.besigue.refusals import Refused as R
from games.besigue.rules import Rules, deck_for, trick_rules
from games.besigue.score import Outcome, count_deal
from games.cards import Card, Rank, Suit, bits_of
from games.refusals import IllegalActionError, Refusal
from games.tricks import PlayedTrick, TrickRules

SEVEN_POINTS = 10
__all__ = [
    "DealState",
    "DealView",
    "IllegalActionError",
    "LaidCard",
    "Phase",
    "canonical_copies",
]


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may see of a deal: its own hand, and what is face up.

    Nothing of the others' hidden cards or of the stock's order; ``melds`` is
    the deal's public record of the combinations laid (in phase 2 their cards
    are back in the hands, as every player saw them go).
    """

    rules: Rules
    seat: int
    phase: Phase
    turn: int  # -1 once the deal is over
    dealer: int
    trump: Suit
    turned: Card | None  # the card under the stock (None once drawn)
    stock: int  # hidden cards left in the stock
    hand: int  # this seat's cards that are not laid (a bit set)
    laid: tuple[tuple[LaidCard, ...], ...]  # each seat's laid cards
    melds: tuple[tuple[Meld, ...], ...]  # each seat's combinations of this deal, in order
    sevens: tuple[tuple[int, Kind], ...]  # (seat, SEVEN_SHOW or SEVEN_EXCHANGE), in order
    turned_seven: bool  # the turned card was a 7: 10 to the dealer
    declarer: int  # the seat declaring (phase DECLARE), else -1
    melded: bool  # the declarer has laid his combination for this trick
    seven_done: bool  # ...and done his seven action
    trick: tuple[tuple[int, Card], ...]
    winning: int
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
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


class DealState(DealFlow):
    """A deal of the classic game being played, from the deal to the count."""

    declared = ("a combination or a seven", "combinations or sevens")

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        turned: int,
        stock: Sequence[int],
        scores: Sequence[int] | None = None,
    ) -> None:
        """``hands`` are bit sets by seat (2 to 4 seats, one pack each); ``turned`` the
        card turned up for trump (a bit number); ``stock`` the hidden cards, top first;
        ``scores`` the game's scores before the deal, by side (zeros by default)."""
        if rules.haiti:
            raise ValueError("a deal of variant=haiti is a HaitiDeal")
        seats = len(hands)
        if turned < 0:
            raise ValueError("the classic game turns a card for trump")
        self._setup(rules, dealer, hands, turned, stock, scores, deck_for(seats))
        self.trump = Suit(Card.from_index(self.turned).suit)
        self.sevens: list[tuple[int, Kind]] = []
        self.sevens_scored = 0  # the physical 7s of trump that scored
        self.exchanged = False
        self.turned_seven = Card.from_index(self.turned).rank == Rank.SEVEN
        self.seven_done = False
        self.trick_rules = trick_rules(self.trump, False)
        self.sevens_mask = sum(Card(self.trump, Rank.SEVEN, c).bit for c in range(seats))
        if self.turned_seven:
            self._score(dealer, SEVEN_POINTS)

    def copy(self) -> DealState:
        other = super().copy()
        assert isinstance(other, DealState)
        other.sevens = list(self.sevens)
        return other

    # ---- the classic game's own -----------------------------------------------------

    def _rules_for(self, phase2: bool) -> TrickRules:
        return trick_rules(self.trump, phase2, self.rules.phase2_must_win)

    def _melds_for(self, seat: int) -> list[Meld]:
        return legal_melds(self.hands[seat], self.laid[seat], self.trump, self.rules.reuse)

    def _resolve(self, seat: int, action: Action) -> Meld:
        assert action.meld is not None
        return resolve(action.meld, action.cards, self.hands[seat], self.laid[seat], self.trump,
                       self.rules.reuse)  # fmt: skip

    def _new_declaring(self) -> None:
        self.seven_done = False

    def _sevens_held(self, seat: int) -> int:
        """The seat's 7s of trump that have not scored."""
        return self.hands[seat] & self.sevens_mask & ~self.sevens_scored

    def _calls(self) -> list[Action]:
        return [s for s in (SEVEN_SHOW, SEVEN_EXCHANGE) if self._check_call(s.kind) is None]

    def _check_call(self, kind: Kind) -> Refusal | None:
        # (only while the turned card is under the stock: always so while declaring,
        # since the draws come after)
        if self.seven_done:
            return Refusal(R.ONE_SEVEN, "one seven (show or exchange) per trick won")
        held = self._sevens_held(self.declarer)
        seven = Card(self.trump, Rank.SEVEN)
        if kind is Kind.SEVEN_SHOW:
            if held:
                return None
            return Refusal(R.SEVEN_NOT_HELD, f"no 7 of trump ({seven}) to show that has not scored")
        if self.exchanged:
            return Refusal(R.ONE_EXCHANGE, "one exchange of the 7 per deal")
        if self.turned_seven:
            return Refusal(R.SEVEN_TURNED, "the turned card is a 7: it is not exchanged")
        if held:
            return None
        return Refusal(R.SEVEN_NOT_HELD, f"no 7 of trump ({seven}) to exchange that has not scored")

    def _apply_call(self, seat: int, action: Action) -> None:
        seven = bits_of(self._sevens_held(seat))[0]
        self.sevens_scored |= 1 << seven
        if action.kind is Kind.SEVEN_EXCHANGE:
            self.hands[seat] = self.hands[seat] & ~(1 << seven) | 1 << self.turned
            self.turned = seven
            self.exchanged = True
        self.sevens.append((seat, action.kind))
        self.seven_done = True
        self._score(seat, SEVEN_POINTS)

    def _count(self, reached: int | None) -> Outcome:
        return count_deal(
            trump=self.trump,
            melds=self.meld_points,
            laid=self.melds,
            history=self.history,
            tricks=self.tricks,
            teams=self.teams,
            scores_before=self.scores_before,
            target=self.target,
            reached_at_once=reached,
        )

    # ---- what a seat sees --------------------------------------------------------

    def view(self, seat: int) -> DealView:
        legal = tuple(self.legal_actions()) if seat == self.turn else ()
        outcome = self.outcome
        points = outcome.points if outcome is not None else tuple(self.meld_points)
        return DealView(
            rules=self.rules,
            seat=seat,
            phase=self.phase,
            turn=-1 if self.is_over else self.turn,
            dealer=self.dealer,
            trump=self.trump,
            turned=None if self.turned < 0 else Card.from_index(self.turned),
            stock=self.stock_left,
            hand=self.unlaid(seat),
            laid=tuple(laid_cards(laid) for laid in self.laid),
            melds=tuple(tuple(m) for m in self.melds),
            sevens=tuple(self.sevens),
            turned_seven=self.turned_seven,
            declarer=self.declarer,
            melded=self.melded and self.phase is Phase.DECLARE,
            seven_done=self.seven_done and self.phase is Phase.DECLARE,
            trick=self._trick_cards(),
            winning=self._winning_seat(),
            tricks_played=tuple(self.history),
            tricks_won=tuple(self.tricks),
            legal=legal if not self.is_over else (),
            deal_points=points,
            teams=self.teams,
            scores=self.side_scores(),
            target=self.target,
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            outcome=outcome,
        )

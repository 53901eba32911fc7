"""One deal of the classic Bésigue (RULES.md §4): its cards, its combinations
(``games.besigue.melds``), the sevens of each phase-1 trick's winner and the
count; the course of the deal is the game's (``games.besigue.flow``).

Decisions where RULES.md is silent: each physical 7 of trump scores once
(shown or exchanged); a shown 7 stays in the hand (a 7 is in no combination,
so it is never laid); the exchange takes the 7 from the hand and gives the
turned card; a turned 7 gives the dealer 10 at once.  A 7 is no combination:
its points never end the game at once (only "a combination that takes a player
past the target" does, §4, as §4.1 says of the Haitian 7); a side they take to
the target wins at the end of the deal, as by its brisques.
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
)
from games.besigue.melds import Meld, legal_melds, resolve
from games.besigue.refusals import Refused as R
from games.besigue.rules import Rules, deck_for, trick_rules
from games.besigue.seen import SeatView, seat_view
from games.cards import Card, Rank, Suit, bits_of
from games.refusals import IllegalActionError, Refusal
from games.tricks import TrickRules

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
class DealView(SeatView):
    """What one seat may see of a classic deal (``SeatView``), with its trump and sevens."""

    trump: Suit
    sevens: tuple[tuple[int, Kind], ...]  # (seat, SEVEN_SHOW or SEVEN_EXCHANGE), in order
    turned_seven: bool  # the turned card was a 7: 10 to the dealer
    seven_done: bool  # the declarer has done his seven action for this trick

    def seven_may_be_called(self) -> bool:
        """Whether the declarer may still show or exchange a 7, as everyone can tell (his
        hand unseen): not after his seven of this trick, nor when no pack's 7 of trump can
        be in a hand without having scored. Each pack's 7 is accounted for once it scored
        (shown; exchanged or turned: under the stock), or was played (a 7 shown may be
        played after, so a played 7 is one that did not score only beyond those shown)."""
        if self.seven_done:
            return False
        tricks = [*(trick.cards for trick in self.tricks_played), self.trick]
        played = sum(
            card.suit == self.trump and card.rank == Rank.SEVEN
            for cards in tricks
            for _, card in cards
        )
        exchanged = sum(kind is Kind.SEVEN_EXCHANGE for _, kind in self.sevens)
        shown = len(self.sevens) - exchanged  # scored, and still in a hand until played
        unscored_played = max(0, played - shown)
        packs = len(self.hand_sizes)
        return packs - self.turned_seven - len(self.sevens) - unscored_played > 0


class DealState(DealFlow):
    """A deal of the classic game being played, from the deal to the count."""

    declared = ("a combination or a seven", "combinations or sevens")
    trump: Suit  # turned up at the deal

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
            self._score(dealer, SEVEN_POINTS, at_once=False)

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
        self._score(seat, SEVEN_POINTS, at_once=False)

    # ---- what a seat sees --------------------------------------------------------

    def view(self, seat: int) -> DealView:
        return seat_view(
            self,
            seat,
            DealView,
            trump=self.trump,
            sevens=tuple(self.sevens),
            turned_seven=self.turned_seven,
            seven_done=self.seven_done and self.phase is Phase.DECLARE,
        )

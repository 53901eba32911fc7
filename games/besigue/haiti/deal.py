"""One deal of Bésigue as played in Haiti (RULES.md §4.1): 132 cards with four
jokers, 9 each, trump fixed by the first marriage laid (or by a card turned,
``trump=turned``), the Haitian combinations (``games.besigue.haiti.melds``),
jokers in tricks (``games.besigue.haiti.tricks``), the 7 of trump scoring when
played, and the count (``games.besigue.haiti.count``).  The course of the deal
is the game's (``games.besigue.flow``).

Decisions where RULES.md is silent (§4.1 names most of them): a 7 of trump
scores when its trick is complete, under the trump fixed then (a 7 played
before the first marriage scores nothing; trump is fixed between tricks, so
this is the trump it was played under); its points count toward the target
at the end of the deal only, so a combination ends the partie at once when
the marque without this deal's 7s reaches the target.  With ``trump=turned``
the turned card lies face up under the stock, the last card drawn, and
nothing is exchanged for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.besigue.actions import Action
from games.besigue.flow import (
    DealFlow,
)
from games.besigue.haiti.count import haiti_brisques
from games.besigue.haiti.melds import Context, legal_melds, resolve
from games.besigue.haiti.tricks import haiti_tricks
from games.besigue.melds import Meld, MeldKind
from games.besigue.rules import Rules, Seven, TrumpBy, deck_for
from games.besigue.score import BrisqueRule
from games.besigue.seen import SeatView, seat_view
from games.cards import Card, Rank, Suit
from games.tricks import PlayedTrick, TrickRules

SEVEN_POINTS = 10
TURNED = -2  # ``trump_by`` when a turned card fixed trump


@dataclass(frozen=True, slots=True)
class HaitiView(SeatView):
    """What one seat may see of a Haitian deal (``SeatView``), with its trump and sevens.

    ``trump`` is None until the first marriage fixes it (``trump_by`` the seat
    that laid it, ``TURNED`` for a card turned, -1 while not fixed); ``turned``
    is the card under the stock with ``trump=turned`` only.
    """

    trump: Suit | None
    trump_by: int
    sevens: tuple[tuple[int, int], ...]  # (seat, trick number) of each 7 of trump that scored
    besigue_laid: bool  # a bésigue was laid in this deal (``first_besigue``)

    @property
    def context(self) -> Context:
        """What the seat's combinations depend on now."""
        return Context(self.trump, self.rules, self.besigue_laid)

    def at_target_by_sevens(self, target: int) -> bool:
        """Whether a side's marque shows ``target`` reached only with this deal's 7s of
        trump, which count toward it at the end of the deal (so play goes on)."""
        sevens = [0] * len(self.scores)
        for seat, _ in self.sevens:
            sevens[self.teams[seat]] += SEVEN_POINTS
        return any(s >= target > s - seven for s, seven in zip(self.scores, sevens, strict=True))

    def meld_of(self, action: Action) -> Meld:
        """The combination a legal ``meld`` action of this seat lays (cards and points)."""
        assert action.meld is not None
        seat = self.seat
        return resolve(action.meld, action.cards, self.cards, self.laid_of(seat),
                       self.melds[seat], self.context)  # fmt: skip


class HaitiDeal(DealFlow):
    """A Haitian deal being played, from the deal to the count."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        stock: Sequence[int],
        scores: Sequence[int] | None = None,
        turned: int = -1,
    ) -> None:
        """``hands`` are bit sets by seat (2 to 4 seats, 9 cards each); ``stock`` the
        hidden cards, top first; ``scores`` the marque before the deal, by side;
        ``turned`` the card turned for trump with ``trump=turned`` (else -1)."""
        if not rules.haiti:
            raise ValueError("a HaitiDeal plays variant=haiti")
        by_turned = rules.trump is TrumpBy.TURNED
        if by_turned != (turned >= 0):
            raise ValueError("a card is turned for trump with trump=turned, and only then")
        if by_turned and Card.from_index(turned).is_joker:
            raise ValueError("a joker turned goes back into the stock: trump is a suit")
        seats = len(hands)
        self._setup(rules, dealer, hands, turned, stock, scores, deck_for(seats, rules.variant))
        self.trump: Suit | None = Suit(Card.from_index(self.turned).suit) if by_turned else None
        self.trump_by = TURNED if by_turned else -1
        self.besigue_laid = False
        self.sevens: list[tuple[int, int]] = []
        self.seven_points = [0] * self.seats
        self.trick_rules = haiti_tricks(self.trump, False)

    def copy(self) -> HaitiDeal:
        other = super().copy()
        assert isinstance(other, HaitiDeal)
        other.sevens = list(self.sevens)
        other.seven_points = list(self.seven_points)
        return other

    @property
    def context(self) -> Context:
        return Context(self.trump, self.rules, self.besigue_laid)

    # ---- the Haitian game's own -----------------------------------------------------

    def _rules_for(self, phase2: bool) -> TrickRules:
        return haiti_tricks(self.trump, phase2)

    def _melds_for(self, seat: int) -> list[Meld]:
        return legal_melds(self.hands[seat], self.laid[seat], self.melds[seat], self.context)

    def _resolve(self, seat: int, action: Action) -> Meld:
        assert action.meld is not None
        return resolve(action.meld, action.cards, self.hands[seat], self.laid[seat],
                       self.melds[seat], self.context)  # fmt: skip

    def _laid(self, seat: int, meld: Meld) -> None:
        if self.trump is None:  # the first marriage: the trump marriage
            self.trump = meld.cards[0].suit
            self.trump_by = seat
            self.trick_rules = haiti_tricks(self.trump, False)
        if meld.kind is MeldKind.BESIGUE:
            self.besigue_laid = True

    def _trick_scored(self, played: PlayedTrick) -> None:
        trump, rule = self.trump, self.rules.seven
        if trump is None or rule is Seven.NONE:
            return
        number = len(self.history)
        for seat, card in played.cards:
            if card.suit == trump and card.rank is Rank.SEVEN:
                scorer = seat if rule is Seven.PLAYER else played.winner
                self.sevens.append((scorer, number))
                self.seven_points[scorer] += SEVEN_POINTS
                self._score(scorer, SEVEN_POINTS, at_once=False)

    def _reaching(self, side: int) -> int:
        """The 7s of trump count toward the target at the end of the deal only."""
        sevens = sum(p for seat, p in enumerate(self.seven_points) if self.teams[seat] == side)
        return self.side_scores()[side] - sevens

    def _brisques(self) -> BrisqueRule:
        return haiti_brisques(self.rules.brisques)

    # ---- what a seat sees --------------------------------------------------------

    def view(self, seat: int) -> HaitiView:
        return seat_view(
            self,
            seat,
            HaitiView,
            trump=self.trump,
            trump_by=self.trump_by,
            sevens=tuple(self.sevens),
            besigue_laid=self.besigue_laid,
        )

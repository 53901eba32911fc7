"""The exchange with the cagnot and the declaration of La Bête Hombrée (RULES.md §1.4).

After *je cagnote* the dealer discards blind and takes as many cagnot cards;
after *je prends le tout* he takes the whole cagnot, then discards three.  The
declarer then names trump and level within what his call allows, and the
matadors he holds if he announces them.
"""

from __future__ import annotations

from games.bete_hombree.actions import Action, Kind, declare
from games.bete_hombree.auction import Auction
from games.bete_hombree.hand import CAGNOT_SIZE, Phase, Refused, matadors_held, rank_text
from games.bete_hombree.rules import (
    MAX_RANK,
    MIN_RANK,
    CagnoteDiscard,
    bid_rank,
    rank_belle,
    rank_level,
)
from games.cards import Suit, cards_of
from games.obligations import FollowBeatTrump
from games.refusals import Refusal, Rule


class Declaration(Auction):
    """The dealer's exchange, then the declaration of the contract."""

    __slots__ = ()

    # ---- exchange ------------------------------------------------------------

    def _discard_counts(self) -> tuple[int, ...]:
        if self.call is Kind.CAGNOTE and self.rules.cagnote_discard is CagnoteDiscard.UP_TO_3:
            return (1, 2, 3)
        return (CAGNOT_SIZE,)

    def _check_discard(self, cards: int) -> Refusal | None:
        hand = self.hands[self.turn]
        if cards & ~hand:
            foreign = " ".join(map(str, cards_of(cards & ~hand)))
            return Refusal(Rule.NOT_HELD, f"cannot discard cards not in hand: {foreign}")
        counts = self._discard_counts()
        if cards.bit_count() not in counts:
            wanted = "exactly 3" if counts == (3,) else "1 to 3"
            return Refusal(
                Refused.DISCARD_COUNT, f"discard {wanted} cards, not {cards.bit_count()}"
            )
        return None

    def _discard_candidates(self) -> list[Action]:
        hand = self.hands[self.turn]
        bits = [1 << i for i in range(64) if hand >> i & 1]
        out: list[Action] = []
        for count in self._discard_counts():
            for combo in _combinations(bits, count):
                out.append(Action(Kind.DISCARD, cards=combo))
        return out

    def _do_discard(self, cards: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~cards
        self.discarded = cards
        if self.call is Kind.CAGNOTE:
            # blind discard first, then as many cagnot cards, in the cagnot's order
            for index in self.cagnot[: cards.bit_count()]:
                self.cagnot_taken |= 1 << index
            self.hands[seat] |= self.cagnot_taken
        self.phase = Phase.DECLARE

    # ---- declaration ---------------------------------------------------------

    def _check_declare(self, action: Action) -> Refusal | None:
        rank = bid_rank(action.level, action.suit == self.belle)
        if not self.allowed_ranks >> rank & 1:
            return Refusal(
                Refused.NOT_OPEN,
                f"{action} is not open to this contract; allowed: {self._allowed_text()}",
            )
        if action.matadors:
            held = matadors_held(self.hands[self.turn], action.suit)
            if action.matadors not in (3, 4, 5) or action.matadors > held:
                return Refusal(
                    Refused.MATADORS,
                    f"cannot announce {action.matadors} matadors: "
                    f"{'none are' if not held else f'{held} are'} held in {Suit(action.suit).name}",
                )
        return None

    def _allowed_text(self) -> str:
        return ", ".join(
            rank_text(r) for r in range(MIN_RANK, MAX_RANK + 1) if self.allowed_ranks >> r & 1
        )

    def _declare_candidates(self) -> list[Action]:
        hand = self.hands[self.turn]
        out = []
        for rank in range(MIN_RANK, MAX_RANK + 1):
            if not self.allowed_ranks >> rank & 1:
                continue
            level = rank_level(rank)
            suits = [self.belle] if rank_belle(rank) else [s for s in Suit if s != self.belle]
            for suit in suits:
                out.append(declare(level, suit, 0))
                out.extend(declare(level, suit, m) for m in range(3, matadors_held(hand, suit) + 1))
        return out

    def _do_declare(self, action: Action) -> None:
        self.level = action.level
        self.trump = action.suit
        self.trick_rules = FollowBeatTrump(action.suit, True)
        self.matadors = action.matadors
        self.phase = Phase.PLAY
        self.turn = self.first
        self.leader = self.first


def _combinations(bits: list[int], count: int) -> list[int]:
    """Bit sets of ``count`` of the given single bits, in a fixed order."""
    if count == 0:
        return [0]
    out: list[int] = []
    for i in range(len(bits) - count + 1):
        out.extend(bits[i] | rest for rest in _combinations(bits[i + 1 :], count - 1))
    return out

"""The auction of a hand of La Bête Hombrée (RULES.md §1.3).

Calls from first hand round to the dealer: bids (plain or en belle), the blind
calls (*sans préjudice*, *je retiens*, not after a look at one's hand), and the
dealer's *je cagnote* and *je prends le tout*; all passing is a pinandèle.
"""

from __future__ import annotations

from typing import Final

from games.bete_hombree.actions import (
    BIDS,
    CAGNOTE,
    PASS,
    RETIENS,
    SANS_PREJUDICE,
    TOUT,
    Action,
    Kind,
)
from games.bete_hombree.hand import SEATS, Phase, rank_text
from games.bete_hombree.hand import Refused as R
from games.bete_hombree.play import Play
from games.bete_hombree.rules import MAX_RANK, MIN_RANK, bid_rank, rank_belle, stands_as
from games.refusals import Refusal, Rule

# Legal bids from a lowest rank upwards, in order.
_BIDS_FROM: Final = {
    low: [BIDS[r] for r in range(max(low, MIN_RANK), MAX_RANK + 1)] for low in range(MAX_RANK + 2)
}


class Auction(Play):
    """The auction's legality and its effect; closing it opens the contract."""

    __slots__ = ()

    def position(self, seat: int) -> int:
        """Place in the rotation counted from first hand (0) to the dealer (3)."""
        return (seat - self.first) % SEATS

    def _lowest_bid(self) -> int:
        """The lowest rank a bid may have now: above the standing bid, or equal to it
        when *premier* (an earlier seat than its holder, over a plain bid)."""
        standing = self.standing
        if standing == 0:
            return MIN_RANK
        if self.position(self.turn) < self.position(self.holder) and (
            not standing & 1 or self.rules.premier_in_belle
        ):
            return standing
        return standing + 1

    def _may_sans_prejudice(self) -> bool:
        return self.turn == self.first and not self.actions and not self.looked >> self.turn & 1

    def _may_retiens(self) -> bool:
        actions = self.actions
        return (
            self.turn == (self.first + 1) % SEATS
            and len(actions) == 1
            and actions[0][1].kind is Kind.SANS_PREJUDICE
            and not self.looked >> self.turn & 1
        )

    def _may_cagnote(self) -> bool:
        return self.turn == self.dealer and self.standing < bid_rank(5, False)

    def _may_tout(self) -> bool:
        return self.turn == self.dealer and self.standing < bid_rank(5, False)

    def blind_call_open(self, seat: int) -> bool:
        """Could ``seat`` still say sans préjudice or je retiens this hand (whose
        turn it is or not)?  Only first hand before any call, and second hand
        before any call or right after first hand's sans préjudice."""
        if self.phase is not Phase.AUCTION:
            return False
        actions = self.actions
        if seat == self.first:
            return not actions
        if seat == (self.first + 1) % SEATS:
            return not actions or (len(actions) == 1 and actions[0][1].kind is Kind.SANS_PREJUDICE)
        return False

    def face_down(self, seat: int) -> bool:
        """Whether ``seat`` still keeps its hand face down: a blind call may still be
        open to it and it has not looked."""
        return not self.looked >> seat & 1 and self.blind_call_open(seat)

    def look(self, seat: int) -> None:
        """``seat`` turns up its hand: from now on it may make no blind call.

        Not an action of the record: it changes nothing but what the seat may
        call, so a seat may look whenever it likes, its turn or not.
        """
        if not 0 <= seat < SEATS:
            raise ValueError(f"no seat {seat}")
        self.looked |= 1 << seat

    def _auction_legal(self) -> list[Action]:
        out = [PASS]
        if self._may_sans_prejudice():
            out.append(SANS_PREJUDICE)
        if self._may_retiens():
            out.append(RETIENS)
        out.extend(_BIDS_FROM[self._lowest_bid()])
        if self.turn == self.dealer:
            if self._may_cagnote():
                out.append(CAGNOTE)
            if self._may_tout():
                out.append(TOUT)
        return out

    def _check_auction(self, action: Action) -> Refusal | None:
        seat = self.turn
        kind = action.kind
        if kind is Kind.PASS:
            return None
        standing = rank_text(self.standing)
        if kind is Kind.BID:
            rank = bid_rank(action.level, action.belle)
            if rank >= self._lowest_bid():
                return None
            if rank < self.standing:
                return Refusal(R.BELOW_STANDING, f"{action} is lower than the standing {standing}")
            if rank_belle(rank) and not self.rules.premier_in_belle:
                return Refusal(
                    R.EQUALS_STANDING,
                    f"{action} only equals a belle bid ({standing}): only a higher level beats it",
                )
            return Refusal(
                R.EQUALS_STANDING,
                f"{action} only equals the standing {standing}; 'premier' needs a seat"
                " earlier in the rotation than its holder",
            )
        if kind is Kind.SANS_PREJUDICE:
            if self._may_sans_prejudice():
                return None
            if seat != self.first:
                return Refusal(
                    R.SANS_PREJUDICE, "only first hand (the dealer's right) may say sans préjudice"
                )
            if self.looked >> seat & 1:
                return Refusal(
                    R.LOOKED, "sans préjudice is said blind: this hand has been looked at"
                )
            return Refusal(R.SANS_PREJUDICE, "sans préjudice is only first hand's first call")
        if kind is Kind.RETIENS:
            if self._may_retiens():
                return None
            if seat != (self.first + 1) % SEATS:
                return Refusal(R.RETIENS, "only second hand may say je retiens")
            if self.looked >> seat & 1:
                return Refusal(R.LOOKED, "je retiens is said blind: this hand has been looked at")
            return Refusal(
                R.RETIENS, "je retiens only answers first hand's sans préjudice, as a first call"
            )
        if kind is Kind.CAGNOTE:
            if self._may_cagnote():
                return None
            if seat != self.dealer:
                return Refusal(R.CAGNOTE, "only the dealer may cagnoter")
            return Refusal(R.CAGNOTE, f"nothing is left to cagnoter over the standing {standing}")
        if kind is Kind.TOUT:
            if self._may_tout():
                return None
            if seat != self.dealer:
                return Refusal(R.TOUT, "only the dealer may prendre le tout")
            return Refusal(R.TOUT, f"je prends le tout (5) does not beat the standing {standing}")
        if kind is Kind.PLAY:
            return Refusal(Rule.CALLS_FIRST, "no card before the auction is over")
        return Refusal(R.CALL_EXPECTED, f"'{action}' is not a call of the auction")

    def _do_auction(self, seat: int, action: Action) -> None:
        kind = action.kind
        self.auction_ranks.append(self.standing)
        if kind is Kind.PASS:
            self.passed |= 1 << seat
            self.passes_in_row += 1
        else:
            self.passes_in_row = 0
            self.holder = seat
            self.call = kind
            if kind is Kind.CAGNOTE:
                self.cagnote_over = self.standing
            self.standing = stands_as(action, self.standing)
        if self._auction_over():
            self._close_auction()
            return
        self.turn = self._next_bidder(seat)

    def _auction_over(self) -> bool:
        if self.rules.pass_reentry:
            if self.holder >= 0:
                return self.passes_in_row >= SEATS - 1
            return self.passes_in_row >= SEATS
        passed = self.passed.bit_count()
        return passed == SEATS or (passed == SEATS - 1 and self.holder >= 0)

    def _next_bidder(self, seat: int) -> int:
        for step in range(1, SEATS + 1):
            nxt = (seat + step) % SEATS
            if self.rules.pass_reentry or not self.passed >> nxt & 1:
                return nxt
        raise AssertionError("no bidder left")  # _auction_over() prevents this

    def _close_auction(self) -> None:
        if self.holder < 0:
            self._settle_pinandele()
            return
        declarer = self.holder
        self.declarer = declarer
        self.turn = declarer
        call = self.call
        all_ranks = sum(1 << r for r in range(MIN_RANK, MAX_RANK + 1))
        if call is Kind.BID:
            self.allowed_ranks = 1 << self.standing
        elif call is Kind.SANS_PREJUDICE:
            self.allowed_ranks = all_ranks
        elif call is Kind.RETIENS:
            self.allowed_ranks = all_ranks & ~((1 << bid_rank(2, True)) - 1)
        elif call is Kind.CAGNOTE:
            self.allowed_ranks = all_ranks & ~((1 << (self.cagnote_over + 1)) - 1)
        else:  # TOUT: takes the cagnot now, discards after
            self.allowed_ranks = (1 << bid_rank(5, False)) | (1 << bid_rank(5, True))
            for index in self.cagnot:
                self.cagnot_taken |= 1 << index
            self.hands[declarer] |= self.cagnot_taken
        self.phase = Phase.DISCARD if call in (Kind.CAGNOTE, Kind.TOUT) else Phase.DECLARE

"""What a seat knows of the other hands: the cards it has seen (``knowledge_of``)
and what the auction says of them, read with the heuristic's bidding model.

A seat that bid rank r is taken to hold a hand the rules of thumb value above
their bidding threshold, at a rank of at least r; a seat that passed over a
standing rank s, one that does not (``HeuristicPlayer._auction``).  A deal
whose hands break one of these readings is not impossible (other players bid
otherwise), only less likely: each broken reading multiplies the deal's weight
by ``MISFIT``.  Blind calls, je cagnote and je prends le tout say nothing here,
and a dealer who exchanged no longer holds the hand he bid with.

The hand a seat bid with is its hand now plus the cards it has played since.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.ai.knowledge import Knowledge
from games.ai.sampling import played_by_seat, tricks_seen
from games.bete_hombree import HandView
from games.bete_hombree.actions import Kind
from games.bete_hombree.rules import MAX_RANK, MIN_RANK, bid_rank
from games.bete_hombree.state import SEATS, deck_for
from games.cards import SUIT_BITS
from games.obligations import FollowBeatTrump

from .heuristic import BID_THRESHOLD, best_contract

OUT = SEATS  # the bucket of cards out of play (cagnot or discards), after the hands
MISFIT = 0.15  # weight factor of a deal for each call it does not explain
ALL_RANKS = tuple(range(MIN_RANK, MAX_RANK + 1))


def knowledge_of(view: HandView) -> Knowledge:
    """What the seat of ``view`` knows; announced matadors are the declarer's."""
    seat = view.seat
    unknown = deck_for(view.belle) & ~view.visible_cards()
    contract = view.contract
    rules = None if contract is None else FollowBeatTrump(int(contract.trump), True)
    known = [0] * SEATS
    if contract is not None and contract.matadors and contract.declarer != seat:
        base = SUIT_BITS * int(contract.trump)
        known[contract.declarer] = sum(1 << (base + r) for r in range(contract.matadors))
    tricks = tricks_seen(view.tricks_played, view.trick)
    return Knowledge.of(seat, view.hand, view.hand_counts, unknown, tricks, rules, known)


@lru_cache(maxsize=16384)
def bidding_strength(hand: int, belle: int) -> int:
    """The highest rank the rules of thumb would bid with ``hand`` (0: none)."""
    value, rank, _ = best_contract(hand, belle, ALL_RANKS)
    return rank if value > BID_THRESHOLD else 0


@dataclass(frozen=True, slots=True)
class AuctionReading:
    """Per seat, what its calls require of its hand: (at least, below) a rank.

    ``at_least[s]``: the highest rank seat s bid (0: none); ``passed_over[s]``:
    the lowest standing rank seat s passed over (``MAX_RANK + 1``: none), so
    its strength is at most that rank.
    """

    belle: int
    at_least: tuple[int, ...]
    passed_over: tuple[int, ...]
    played: tuple[int, ...]  # cards each seat has played, to rebuild its hand

    @classmethod
    def from_view(cls, view: HandView) -> AuctionReading:
        at_least = [0] * SEATS
        passed_over = [MAX_RANK + 1] * SEATS
        # the rank the auction stood at before each call is the engine's
        for (seat, action), standing in zip(view.calls, view.call_ranks, strict=True):
            if action.kind is Kind.BID:
                at_least[seat] = max(at_least[seat], bid_rank(action.level, action.belle))
            elif action.kind is Kind.PASS:
                passed_over[seat] = min(passed_over[seat], standing)
        exchanged = (
            view.declarer if any(a.kind in (Kind.CAGNOTE, Kind.TOUT) for _, a in view.calls) else -1
        )
        played = played_by_seat(SEATS, view.tricks_played, view.trick)
        for seat in (view.seat, exchanged):
            if seat >= 0:
                at_least[seat] = 0
                passed_over[seat] = MAX_RANK + 1
        return cls(int(view.belle), tuple(at_least), tuple(passed_over), played)

    @property
    def informative(self) -> bool:
        return any(self.at_least) or any(r <= MAX_RANK for r in self.passed_over)

    def weight(self, hands: list[int]) -> float:
        """How likely the calls made are with these hands, relative to a perfect fit."""
        weight = 1.0
        for seat in range(SEATS):
            low = self.at_least[seat]
            high = self.passed_over[seat]
            if not low and high > MAX_RANK:
                continue
            strength = bidding_strength(hands[seat] | self.played[seat], self.belle)
            if strength < low:
                weight *= MISFIT
            if strength > high:
                weight *= MISFIT
        return weight

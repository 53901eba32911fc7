"""What a seat of L'Hombre knows of the hidden cards, and what the calls and the
exchanges say of them.

The cards a seat has not seen lie in the other two hands and in the *out* pile
(the talon not drawn and the others' discards), ``games.ai.knowledge``: its
hand and discards, the cards played, voids and the matador privilege's
refusals shown in the play, the rest of the talon when shown, the partner's
hand when the defenders see each other's.

The other players' decisions are read with the rules of thumb's model
(``heuristic``), softly: a deal whose hands break a reading is not impossible
(players differ), each broken reading multiplies its weight by ``MISFIT``.

* A call: a seat that said prendre held a hand the rules of thumb take with,
  one that said sans-prendre a hand they play without exchanging; a seat that
  passed with nothing standing did not, one that passed over a prendre would
  not have played sans prendre.  Read on the hand it called with (its hand
  now and the cards it played) until it has exchanged.
* The hombre once his exchange is made: a hand worth taking with his trump.
* An exchange: a seat that discarded ``n`` cards (fewer than the rules of
  thumb's most) kept its ``9 - n`` trumps and kings, so it holds at least as
  many of them now, drawn cards besides.  Its discards were its weak cards:
  when the talon's rest matters (a defender about to draw), the others'
  discards are drawn from the out pile weak cards first (``split_out``).

Showing the rest of the talon shows its cards (they leave the unknown ones);
hiding it says nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games.ai.knowledge import Knowledge
from games.ai.sampling import played_by_seat, tricks_seen
from games.cards import Suit, bits_of
from games.hombre.actions import Kind
from games.hombre.rules import DECK_MASK, HAND_SIZE, SEATS, trick_rules
from games.hombre.state import DealView
from games.tricks import played_mask

from .heuristic import (
    DEFENDER_MOST,
    KINGS,
    PRENDRE_SCORE,
    SANS_PRENDRE_SCORE,
    best_trump,
    trump_score,
)

MISFIT: Final = 0.2  # weight factor of a deal for each reading it breaks
NO_BOUND: Final = 99  # a ``trump_score`` no hand reaches
# how likely a card is to be among a player's discards, against a weak card's 1
DISCARDED_KING: Final = 0.15
DISCARDED_TRUMP: Final = 0.04


def knowledge_of(view: DealView) -> Knowledge:
    """What the seat of ``view`` knows of the other hands and the rest (talon, discards)."""
    seen = view.hand | view.discarded | played_mask(view.trick, view.tricks_played)
    if view.talon_shown is not None:
        seen |= view.talon_shown
    known: list[int] = [0] * SEATS
    if view.partner_hand is not None:
        partner = next(s for s in range(SEATS) if s not in (view.seat, view.hombre))
        known[partner] = view.partner_hand
    rules = trick_rules(view.trump) if view.trump >= 0 else None
    tricks = tricks_seen(view.tricks_played, view.trick)
    unknown = DECK_MASK & ~seen
    return Knowledge.of(view.seat, view.hand, view.hand_counts, unknown, tricks, rules, known)


def strong_count(hand: int, trump: int) -> int:
    """The trumps and kings of ``hand``: what the rules of thumb keep at the exchange."""
    return (hand & (trick_rules(trump).trump_mask | KINGS)).bit_count()


def _level_score(kind: Kind) -> int:
    """The least ``trump_score`` the rules of thumb make the call ``kind`` with."""
    return SANS_PRENDRE_SCORE if kind >= Kind.SANS_PRENDRE else PRENDRE_SCORE


@dataclass(frozen=True, slots=True)
class Reading:
    """The readings of the other seats' calls and exchanges, for one view.

    ``at_least[s]`` / ``below[s]``: bounds on the ``trump_score`` of the hand seat
    s called with (0 and ``NO_BOUND``: none), read with the suit ``suits[s]``
    (-1: the hand's best; the hombre's trump once named); ``kept[s]``: trumps and
    kings seat s holds at least since its exchange (0: nothing read), with the
    deal's ``trump``; ``played`` the cards each seat has played, to rebuild the
    hand it held.
    """

    at_least: tuple[int, ...]
    below: tuple[int, ...]
    suits: tuple[int, ...]
    trump: int
    kept: tuple[int, ...]
    played: tuple[int, ...]

    @classmethod
    def from_view(cls, view: DealView) -> Reading:
        played = played_by_seat(SEATS, view.tricks_played, view.trick)
        at_least = [0] * SEATS
        below = [NO_BOUND] * SEATS
        exchanged = {seat for seat, _ in view.exchanged}
        standing = Kind.PASS
        for seat, action in view.calls:
            kind = action.kind
            if seat != view.seat and seat not in exchanged:
                if kind is Kind.PASS:
                    if standing < Kind.SANS_PRENDRE:
                        below[seat] = min(below[seat], _level_score(Kind(standing + 1)))
                else:
                    at_least[seat] = max(at_least[seat], _level_score(kind))
            standing = max(standing, kind)
        kept = [0] * SEATS
        suits = [-1] * SEATS
        hombre = view.hombre
        if hombre >= 0 and hombre != view.seat and view.trump >= 0:
            suits[hombre] = view.trump
            if hombre in exchanged:
                at_least[hombre] = PRENDRE_SCORE  # his hand now, with his trump
        if view.trump >= 0:
            for seat, drawn in view.exchanged:
                most = HAND_SIZE if seat == hombre else DEFENDER_MOST
                if seat != view.seat and drawn < most:
                    kept[seat] = HAND_SIZE - drawn
        return cls(tuple(at_least), tuple(below), tuple(suits), view.trump, tuple(kept), played)

    @property
    def informative(self) -> bool:
        return any(self.at_least) or any(b < NO_BOUND for b in self.below) or any(self.kept)

    def weight(self, hands: list[int]) -> float:
        """How likely the calls and exchanges seen are with these hands, relative to
        a deal that explains them all (the hands, then the out pile)."""
        weight = 1.0
        for seat in range(SEATS):
            low, high, kept = self.at_least[seat], self.below[seat], self.kept[seat]
            if not low and high >= NO_BOUND and not kept:
                continue
            hand = hands[seat] | self.played[seat]
            if low or high < NO_BOUND:
                suit = self.suits[seat]
                score = best_trump(hand)[1] if suit < 0 else trump_score(hand, Suit(suit))
                if score < low:
                    weight *= MISFIT
                if score >= high:
                    weight *= MISFIT
            if kept and strong_count(hand, self.trump) < kept:
                weight *= MISFIT
        return weight


def split_out(
    out: int, discards: dict[int, int], trump: int, rng: random.Random
) -> tuple[dict[int, int], list[int]]:
    """The out pile shared between the other seats' discards (``discards``: seat ->
    how many) and the talon's rest, in drawing order.  Discards are drawn weak
    cards first: a king and a trump are rarely thrown away."""
    rules = trick_rules(trump)
    pool = bits_of(out)
    taken: dict[int, int] = {}
    for seat, count in discards.items():
        mask = 0
        for _ in range(min(count, len(pool))):
            weights = [_discard_weight(c, rules.trump_mask) for c in pool]
            pick = rng.choices(range(len(pool)), weights)[0]
            mask |= 1 << pool.pop(pick)
        taken[seat] = mask
    rng.shuffle(pool)
    return taken, pool


def _discard_weight(card: int, trumps: int) -> float:
    if trumps >> card & 1:
        return DISCARDED_TRUMP
    if KINGS >> card & 1:
        return DISCARDED_KING
    return 1.0


__all__ = ["MISFIT", "Reading", "knowledge_of", "split_out", "strong_count"]

"""What a Haitian hand is worth in phase 1 beyond the points it has scored, read
fast enough to judge thousands of positions a decision (the strong player's
lookahead, ``games.besigue.haiti.ai.lookahead``).

* ``best_meld``: the most points a seat may lay now, by counting the cards
  that may serve in each kind (``games.besigue.haiti.melds.barred``), the
  jokers standing in as the option allows, the first marriage fixing trump;
  the engine's ``legal_melds`` (exact, slower) decides at the table.
* ``worth``: the cards held, in points: brisques and trumps (they take tricks
  and are taken), jokers (a stand-in in a carré, four make 200, and led one
  takes a trick unless trumped), and the combinations half made (pairs of a
  marriage, the bésigue, three of a carré), each at a share of its points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.besigue.haiti.melds import TRUMP_FOURS, barred, free_marriages
from games.besigue.melds import FOURS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Laid, Meld, MeldKind
from games.besigue.rules import Rules
from games.cards import MAX_PACKS, PACK_BITS, Card, Rank, Suit, joker_mask

M = MeldKind
JOKERS: Final = joker_mask()
COPIES: Final = tuple(sum(1 << (f + PACK_BITS * c) for c in range(MAX_PACKS)) for f in range(64))
RANK_ALL: Final = {
    rank: sum(COPIES[Card(s, rank).index] for s in Suit)
    for rank in (Rank.A, Rank.K, Rank.Q, Rank.J)
}
QS: Final = COPIES[QUEEN_OF_SPADES.index]
JD: Final = COPIES[JACK_OF_DIAMONDS.index]
FOUR_POINTS: Final = {M.ACES: 100, M.KINGS: 80, M.QUEENS: 60, M.JACKS: 40}
TRUMP_FOUR_POINTS: Final = {M.TRUMP_ACES: 200, M.TRUMP_KINGS: 160, M.TRUMP_QUEENS: 120,
                            M.TRUMP_JACKS: 80}  # fmt: skip


def copies(mask: int, face: int) -> int:
    return (mask & COPIES[face]).bit_count()


@dataclass(frozen=True, slots=True)
class Weights:
    """The valuation's parameters (points)."""

    ace: float = 12.0
    ten: float = 6.0
    trump: float = 10.0  # (duels of 24 deals: 4 lost 30-40 points a deal to 10 at 3 and 4)
    trump_ace: float = 8.0
    trump_ten: float = 5.0
    joker: float = 30.0
    half: float = 0.3  # share of a combination's points for a combination half made
    no_trump_pair: float = 12.0  # a K Q pair before trump: the marriage that fixes it


WEIGHTS: Final = Weights()


def best_meld(
    cards: int, laid: Laid, own: list[Meld], trump: int, rules: Rules, besigue_laid: bool
) -> int:
    """The most points the seat holding ``cards`` (laid or not) may lay now (0: none);
    ``trump`` -1 before the first marriage."""
    unlaid = cards & ~laid.cards
    if not unlaid:
        return 0

    def usable(kind: MeldKind) -> int:
        return unlaid | (laid.cards & ~barred(kind, laid))

    best = 0
    for suit in Suit:
        k, q = Card(suit, Rank.K).index, Card(suit, Rank.Q).index
        kind = M.TRUMP_MARRIAGE if trump < 0 or suit == trump else M.MARRIAGE
        mask = usable(kind)
        if copies(mask, k) and copies(mask, q) and (unlaid & (COPIES[k] | COPIES[q])):
            best = max(best, rules.trump_marriage if kind is M.TRUMP_MARRIAGE else 20)
    if trump < 0:
        return best
    mask = usable(M.BESIGUE)
    if mask & QS and mask & JD and unlaid & (QS | JD):
        best = max(best, 40 if besigue_laid else rules.first_besigue)
    if free_marriages(own, laid):
        mask = usable(M.QUINTE)
        adds = [Card(Suit(trump), r).index for r in (Rank.A, Rank.TEN, Rank.J)]
        if all(copies(mask, a) for a in adds):
            best = max(best, 250)
    jokers_free = usable(M.ACES) & JOKERS
    for kind, rank in FOURS.items():
        mask = usable(kind)
        real = (mask & RANK_ALL[rank]).bit_count()
        stand_in = min(rules.jokers_per_quartet, (mask & JOKERS).bit_count(), 3)
        if real and real + stand_in >= 4 and unlaid & (RANK_ALL[rank] | jokers_free):
            best = max(best, FOUR_POINTS[kind])
    for kind, rank in TRUMP_FOURS.items():
        face = Card(Suit(trump), rank).index
        mask = usable(kind)
        if copies(mask, face) >= 4 and unlaid & COPIES[face]:
            best = max(best, TRUMP_FOUR_POINTS[kind])
    if (unlaid & JOKERS).bit_count() >= 4:
        best = max(best, 200)
    return best


def worth(cards: int, laid: Laid, trump: int, rules: Rules, weights: Weights = WEIGHTS) -> float:
    """What the cards held are worth beyond the points scored (see the module)."""
    w = weights
    value = (cards & JOKERS).bit_count() * w.joker
    for suit in Suit:
        a = copies(cards, Card(suit, Rank.A).index)
        t = copies(cards, Card(suit, Rank.TEN).index)
        if suit == trump:
            n = 0
            for rank in (Rank.K, Rank.Q, Rank.J, Rank.NINE, Rank.EIGHT, Rank.SEVEN):
                n += copies(cards, Card(suit, rank).index)
            value += a * (w.ace + w.trump_ace) + t * (w.ten + w.trump_ten) + (n + a + t) * w.trump
        else:
            value += a * w.ace + t * w.ten
        k = copies(cards, Card(suit, Rank.K).index)
        q = copies(cards, Card(suit, Rank.Q).index)
        pairs = min(k, q)
        if trump < 0:
            value += pairs * w.no_trump_pair
        elif pairs:
            points = rules.trump_marriage if suit == trump else 20
            value += w.half * points * pairs
    if trump >= 0:
        value += w.half * 40 * min(copies(cards, QUEEN_OF_SPADES.index),
                                   copies(cards, JACK_OF_DIAMONDS.index))  # fmt: skip
    jokers = min((cards & JOKERS).bit_count(), rules.jokers_per_quartet)
    for kind, rank in FOURS.items():
        held = (cards & ~laid.served[_number(kind)] & RANK_ALL[rank]).bit_count()
        if held + jokers >= 3 and held:
            value += w.half * FOUR_POINTS[kind] * (1.0 if held + jokers >= 4 else 0.5)
    return value


_NUMBERS: Final = {kind: n for n, kind in enumerate(MeldKind)}


def _number(kind: MeldKind) -> int:
    return _NUMBERS[kind]

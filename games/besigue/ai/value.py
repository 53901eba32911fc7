"""What a Bésigue hand is worth in phase 1 beyond the points it has scored.

The strong player's lookahead (``games.besigue.ai.lookahead``) plays one trick
and its declaring and draws, then judges each seat by its points so far plus
``Valuer.worth`` of its cards:

* combinations it holds and has not laid, each worth its points times the
  chance of winning a trick to lay it before the stock runs out (one per
  trick won: the k-th largest needs k tricks, of the ``future`` tricks of
  phase 1 left, a seat winning its share of them);
* combinations it may still complete, worth their points times the chance of
  drawing the missing cards from the stock (``pool``: how many copies of each
  card the stock holds, each drawn by this seat with probability ``draw``)
  and of laying them then, a smaller share;
* the cards that take tricks, in phase 1 as in phase 2: aces and tens, which
  are brisques, and trumps.

A card counts in a combination where the rules let it serve (``melds.barred``:
not twice in one kind, and under ``reuse=class`` not in a lower kind of its
family), so laying a combination turns its worth into points and leaves the
worth of the other kinds its cards may still serve in.  ``best_meld`` is the
same reading used to choose which combination a seat lays in the lookahead
(the engine's ``legal_melds``, exact but slower, decides at the table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Final

from games.besigue.melds import KINDS, POINTS, Laid, MeldKind, barred
from games.besigue.rules import Reuse
from games.cards import MAX_PACKS, PACK_BITS, SUITED_RANKS, Card, Rank, Suit

# every pack's copies of a card, by the first pack's bit number
COPIES: Final = tuple(sum(1 << (f + PACK_BITS * c) for c in range(MAX_PACKS)) for f in range(64))
RANK_COPIES: Final = {
    rank: sum(COPIES[Card(suit, rank).index] for suit in Suit) for rank in SUITED_RANKS
}  # fmt: skip
NUMBER: Final = {kind: n for n, kind in enumerate(KINDS)}
FOURS: Final = (
    (MeldKind.ACES, Rank.A),
    (MeldKind.KINGS, Rank.K),
    (MeldKind.QUEENS, Rank.Q),
    (MeldKind.JACKS, Rank.J),
)
QS: Final = Card(Suit.S, Rank.Q).index
JD: Final = Card(Suit.D, Rank.J).index


@dataclass(frozen=True, slots=True)
class Weights:
    """The valuation's parameters (points)."""

    lay: float = 0.9  # share of a combination held that gets laid, tricks permitting
    share: float = 0.5  # of the tricks left, the share a seat expects to win with two
    # players (with more, as many times less: a third with three)
    complete: float = 0.55  # share of a combination still to complete that gets laid
    # (duels of variants: an ace held at 6 and a ten at 3 lost 20 to 30 points a
    # deal to these; from 10 to 20 for an ace the duels hardly move)
    ace: float = 12.0  # an ace of a plain suit held
    ten: float = 6.0  # a ten of a plain suit held
    trump: float = 4.0  # any trump held (its brisques add theirs)
    trump_ace: float = 8.0
    trump_ten: float = 5.0


WEIGHTS: Final = Weights()


@dataclass(frozen=True, slots=True)
class Combo:
    """A combination to make: its kind and the copies of each card it needs."""

    kind: MeldKind
    need: tuple[tuple[int, int], ...]  # (card's first-pack bit, copies)
    repeat: bool  # several may be made of the packs' copies (marriages, bésigue)

    @property
    def points(self) -> int:
        return POINTS[self.kind]


@lru_cache(maxsize=4)
def combos_of(trump: int) -> tuple[Combo, ...]:
    """Every combination under ``trump`` but the fours, largest first."""
    t = Suit(trump)
    out = [
        Combo(MeldKind.DOUBLE_BESIGUE, ((QS, 2), (JD, 2)), False),
        Combo(
            MeldKind.SEQUENCE,
            tuple((Card(t, r).index, 1) for r in (Rank.A, Rank.TEN, Rank.K, Rank.Q, Rank.J)),
            False,
        ),
        Combo(
            MeldKind.TRUMP_MARRIAGE, ((Card(t, Rank.K).index, 1), (Card(t, Rank.Q).index, 1)), True
        ),
        Combo(MeldKind.BESIGUE, ((QS, 1), (JD, 1)), True),
    ]
    for suit in Suit:
        if suit != t:
            pair = ((Card(suit, Rank.K).index, 1), (Card(suit, Rank.Q).index, 1))
            out.append(Combo(MeldKind.MARRIAGE, pair, True))
    return tuple(out)


@lru_cache(maxsize=64)
def tails(draw: float, most: int = 4 * MAX_PACKS) -> tuple[tuple[float, ...], ...]:
    """``tails[c][m]``: the chance of drawing at least ``m`` of ``c`` copies, each
    drawn with probability ``draw``."""
    out = []
    for c in range(most + 1):
        exact = [comb(c, k) * draw**k * (1 - draw) ** (c - k) for k in range(c + 1)]
        row = [sum(exact[m:]) if m <= c else 0.0 for m in range(5)]
        out.append(tuple(row))
    return tuple(out)


class Valuer:
    """One judgement's context: trump, the reuse rule, what the stock holds, how
    likely a seat draws each of its cards, and the tricks of phase 1 left."""

    __slots__ = ("_cache", "combos", "drawing", "future", "packs", "pool", "rank_pool", "reuse",
                 "tail", "trump", "weights", "wins")  # fmt: skip

    def __init__(
        self,
        trump: int,
        reuse: Reuse,
        packs: int,
        pool: Sequence[int],
        draw: float,
        future: float,
        weights: Weights = WEIGHTS,
        drawing: bool = True,
    ) -> None:
        """``pool[f]``: copies of the card of first-pack bit ``f`` a seat may still
        draw; ``draw`` the chance it draws each; ``future`` the tricks of phase 1
        still to come (after each, its winner may lay a combination); ``drawing``:
        the cards valued include this trick's draws (else ``pool`` holds them)."""
        self.drawing = drawing
        self.trump = trump
        self.reuse = reuse
        self.packs = packs
        self.pool = pool
        self.rank_pool = {rank: sum(pool[Card(s, rank).index] for s in Suit) for _, rank in FOURS}
        self.tail = tails(draw) if future > 0 else tails(0.0)
        self.future = future
        self.weights = weights
        self.wins = future * weights.share * 2 / packs  # one pack per player
        self.combos = combos_of(trump)
        self._cache: dict[tuple[int, int, tuple[int, ...]], float] = {}

    def available(self, cards: int, laid: Laid, kind: MeldKind) -> int:
        """The cards that may serve in ``kind``."""
        if not laid.cards:
            return cards
        return cards & ~barred(kind, laid, self.reuse)

    def worth(self, cards: int, laid: Laid) -> float:
        """The seat's cards (all of them, laid or not) valued (module docstring)."""
        key = (cards, laid.cards, laid.served)
        found = self._cache.get(key)
        if found is not None:
            return found
        value = self._holding(cards) + self._combinations(cards, laid)
        self._cache[key] = value
        return value

    def _holding(self, cards: int) -> float:
        w = self.weights
        trump = self.trump
        aces = cards & RANK_COPIES[Rank.A]
        tens = cards & RANK_COPIES[Rank.TEN]
        trumps = cards & _TRUMP_MASKS[trump]
        return (
            w.ace * (aces & ~trumps).bit_count()
            + w.ten * (tens & ~trumps).bit_count()
            + w.trump * trumps.bit_count()
            + w.trump_ace * (aces & trumps).bit_count()
            + w.trump_ten * (tens & trumps).bit_count()
        )

    def _combinations(self, cards: int, laid: Laid) -> float:
        complete: list[int] = []
        potential = 0.0
        tail, pool = self.tail, self.pool
        for combo in self.combos:
            avail = self.available(cards, laid, combo.kind)
            rounds = self.packs if combo.repeat else 1
            for i in range(1, rounds + 1):
                chance = 1.0
                for face, copies in combo.need:
                    missing = i * copies - (avail & COPIES[face]).bit_count()
                    if missing > 0:
                        chance *= tail[pool[face]][missing] if missing <= 4 else 0.0
                if chance >= 1.0:
                    complete.append(combo.points)
                elif chance > 0.01:
                    potential += chance * combo.points
                else:
                    break
        for kind, rank in FOURS:
            held = (self.available(cards, laid, kind) & RANK_COPIES[rank]).bit_count()
            if held >= 4:
                complete.append(POINTS[kind])
            else:
                potential += tail[self.rank_pool[rank]][4 - held] * POINTS[kind]
        w = self.weights
        value = 0.0
        if complete:
            complete.sort(reverse=True)
            for k, points in enumerate(complete):
                value += points * w.lay * min(1.0, max(0.0, self.wins - k))
        room = min(1.0, max(0.0, (self.wins - len(complete)) / 1.5))
        return value + potential * w.complete * room

    def best_meld(self, cards: int, laid: Laid) -> tuple[int, Laid] | None:
        """The largest combination the seat may lay now (points, laid after), as
        this valuation reads the cards (laid copies serve first)."""
        best: tuple[int, MeldKind, int] | None = None
        for combo in self.combos:
            if best is not None and combo.points <= best[0]:
                break
            avail = self.available(cards, laid, combo.kind)
            chosen = 0
            for face, copies in combo.need:
                found = _take(avail & COPIES[face], laid.cards, copies)
                if found is None:
                    break
                chosen |= found
            else:
                best = (combo.points, combo.kind, chosen)
        for kind, rank in FOURS:
            if best is not None and POINTS[kind] <= best[0]:
                continue
            found = _take(self.available(cards, laid, kind) & RANK_COPIES[rank], laid.cards, 4)
            if found is not None:
                best = (POINTS[kind], kind, found)
        if best is None:
            return None
        points, kind, mask = best
        served = list(laid.served)
        served[NUMBER[kind]] |= mask
        return points, Laid(laid.cards | mask, tuple(served))


def _take(mask: int, laid: int, copies: int) -> int | None:
    """``copies`` cards of ``mask``, laid ones first; None if too few."""
    if mask.bit_count() < copies:
        return None
    out = 0
    for part in (mask & laid, mask & ~laid):
        while part and copies:
            low = part & -part
            out |= low
            part ^= low
            copies -= 1
    return out


_TRUMP_MASKS: Final = tuple(
    sum(COPIES[Card(suit, rank).index] for rank in SUITED_RANKS) for suit in Suit
)  # fmt: skip


def pool_of(cards: Sequence[int] | int) -> list[int]:
    """Copies of each card (by first-pack bit) among ``cards`` (bit numbers or a set)."""
    pool = [0] * 64
    if isinstance(cards, int):
        mask = cards
        while mask:
            low = mask & -mask
            pool[(low.bit_length() - 1) % PACK_BITS] += 1
            mask ^= low
        return pool
    for index in cards:
        pool[index % PACK_BITS] += 1
    return pool


__all__ = ["WEIGHTS", "Combo", "Valuer", "Weights", "combos_of", "pool_of", "tails"]

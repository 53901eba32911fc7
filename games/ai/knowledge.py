"""What one seat knows of the hidden cards, and deals drawn consistently with it.

Built by each game from a seat's view (``Knowledge.of``: the seat, its hand,
how many cards each seat holds, the cards it has not seen, the tricks played
and the rules object of the trick play).  The cards a seat has not seen lie in
the other hands and in the *out* pile (the last bucket: La Bête Hombrée's
cagnot or the declarer's discards, La Bête's talon under the turned card).
Play reveals more: a seat that did not follow suit is void in it, one that did
not beat when following held nothing that beats, one that did not trump held no
trump, one that did not overtrump held no higher trump.  Every such fact is "a
seat lacked these cards", read straight from the game's ``TrickRules.legal``: a
card c was legal in a hand only if, for each other card x of that hand, c is
legal in the pair {c, x} (the obligations of the games here are a priority
order of card classes), so the cards x that would have made c illegal are the
ones the seat cannot hold.  Cards known to be in a hand (La Bête Hombrée's
announced matadors) are given as ``known``.

Deals are drawn *uniformly* among those consistent with this knowledge, by
exact counting over classes of cards with the same possible places; the same
count says when there are few enough deals to enumerate them all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from games.cards import Card, bits_of
from games.tricks import TrickRules


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The hidden cards of one seat's view and where each may lie.

    Buckets are the seats' hands then the out pile (bucket ``out``, the last).
    ``fixed[b]`` are cards known to be in bucket b (the seat's own hand, the
    matadors in the declarer's); ``caps[b]`` how many *more* cards bucket b
    takes; ``allowed[i]`` the buckets (bit set) card ``cards[i]`` may go to.
    """

    seat: int
    cards: tuple[int, ...]
    allowed: tuple[int, ...]
    caps: tuple[int, ...]
    fixed: tuple[int, ...]

    @property
    def out(self) -> int:
        """The out pile's bucket (after the seats' hands)."""
        return len(self.caps) - 1

    @classmethod
    def of(
        cls,
        seat: int,
        hand: int,
        hand_counts: Sequence[int],
        unknown: int,
        tricks: Sequence[Sequence[tuple[int, Card]]],
        rules: TrickRules | None,
        known: Sequence[int] = (),
    ) -> Knowledge:
        """The knowledge of ``seat`` holding ``hand``.

        ``hand_counts`` are the cards each seat holds now; ``unknown`` the cards
        the seat has not seen (in the other hands or out); ``tricks`` the tricks
        played, the one in progress last, each as (seat, card) in play order,
        read with the trick play's ``rules`` (None: no card played yet);
        ``known[s]`` unknown cards known to be in seat s's hand.
        """
        seats = len(hand_counts)
        out = seats
        fixed = [0] * (seats + 1)
        fixed[seat] = hand
        caps = [0] * (seats + 1)
        for s in range(seats):
            if s != seat:
                caps[s] = hand_counts[s]
        caps[out] = unknown.bit_count() - sum(caps[:seats])
        if caps[out] < 0:
            raise ValueError("inconsistent view: more cards in hands than unseen")
        lacks = _lacks(seat, seats, tricks, rules, unknown) if rules is not None else [0] * seats
        for s, needed in enumerate(known):
            needed &= unknown
            if s != seat and needed:
                fixed[s] |= needed
                caps[s] -= needed.bit_count()
                unknown &= ~needed
        cards = []
        allowed = []
        every = (1 << (seats + 1)) - 1
        for card in bits_of(unknown):
            mask = every
            for s in range(seats):
                if s == seat or caps[s] == 0 or lacks[s] >> card & 1:
                    mask &= ~(1 << s)
            if caps[out] == 0:
                mask &= ~(1 << out)
            cards.append(card)
            allowed.append(mask)
        return cls(seat, tuple(cards), tuple(allowed), tuple(caps), tuple(fixed))

    # ---- counting and drawing ----------------------------------------------

    def _classes(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        groups: dict[int, list[int]] = {}
        for card, mask in zip(self.cards, self.allowed, strict=True):
            groups.setdefault(mask, []).append(card)
        return tuple(sorted((m, tuple(c)) for m, c in groups.items()))

    def count(self) -> int:
        """How many deals (placements of the hidden cards) fit this knowledge."""
        classes = self._classes()
        return _count(tuple((m, len(c)) for m, c in classes), 0, self.caps)

    def sample(self, rng: random.Random) -> list[int]:
        """One consistent deal, uniformly: the cards of each bucket (hands then out)."""
        classes = self._classes()
        sizes = tuple((m, len(c)) for m, c in classes)
        caps = self.caps
        total = _count(sizes, 0, caps)
        if total == 0:
            raise ValueError("no deal fits what this seat has seen")
        result = list(self.fixed)
        for index, (mask, cards) in enumerate(classes):
            options = []
            weights = []
            for split in _splits(len(cards), mask, caps):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                ways = _multinomial(split) * _count(sizes, index + 1, rest)
                if ways:
                    options.append(split)
                    weights.append(ways)
            split = rng.choices(options, weights)[0]
            order = list(cards)
            rng.shuffle(order)
            pos = 0
            for bucket, k in enumerate(split):
                for card in order[pos : pos + k]:
                    result[bucket] |= 1 << card
                pos += k
            caps = tuple(c - k for c, k in zip(caps, split, strict=True))
        return result

    def enumerate(self) -> Iterator[list[int]]:
        """Every consistent deal, in a fixed order."""
        cards = self.cards
        allowed = self.allowed
        result = list(self.fixed)
        caps = list(self.caps)
        buckets = len(caps)

        def place(i: int) -> Iterator[list[int]]:
            if i == len(cards):
                yield list(result)
                return
            bit = 1 << cards[i]
            for bucket in range(buckets):
                if allowed[i] >> bucket & 1 and caps[bucket]:
                    caps[bucket] -= 1
                    result[bucket] |= bit
                    yield from place(i + 1)
                    result[bucket] &= ~bit
                    caps[bucket] += 1

        yield from place(0)

    def deals(self, rng: random.Random, samples: int) -> tuple[list[list[int]], bool]:
        """All consistent deals if there are at most ``samples``, else that many drawn.

        The flag says whether the list is the exhaustive enumeration.
        """
        if self.count() <= samples:
            return list(self.enumerate()), True
        return [self.sample(rng) for _ in range(samples)], False


def _lacks(
    me: int,
    seats: int,
    tricks: Sequence[Sequence[tuple[int, Card]]],
    rules: TrickRules,
    unknown: int,
) -> list[int]:
    """Per seat, the unknown cards it cannot hold, from the plays it made."""
    lacks = [0] * seats
    candidates = list(bits_of(unknown))
    for trick in tricks:
        lead = -1
        winner = -1
        for seat, card in trick:
            index = card.index
            if lead >= 0 and seat != me:
                for x in candidates:
                    legal = rules.legal(card.bit | 1 << x, lead, winner)
                    if not legal >> index & 1:
                        lacks[seat] |= 1 << x
            if lead < 0:
                lead = winner = index
            elif rules.beats(index, winner):
                winner = index
    return lacks


@lru_cache(maxsize=4096)
def _splits(k: int, mask: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Ways to share k cards among the buckets of ``mask`` within ``caps``."""
    buckets = [b for b in range(len(caps)) if mask >> b & 1 and caps[b] > 0]
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(buckets):
            if left == 0:
                out.append(tuple(acc))
            return
        b = buckets[i]
        for take in range(min(left, caps[b]) + 1):
            acc[b] = take
            rec(i + 1, left - take, acc)
        acc[b] = 0

    rec(0, k, [0] * len(caps))
    return tuple(out)


def _multinomial(split: tuple[int, ...]) -> int:
    total = 0
    ways = 1
    for k in split:
        total += k
        ways *= comb(total, k)
    return ways


@lru_cache(maxsize=65536)
def _count(sizes: tuple[tuple[int, int], ...], index: int, caps: tuple[int, ...]) -> int:
    if index == len(sizes):
        return 1 if not any(caps) else 0
    mask, k = sizes[index]
    total = 0
    for split in _splits(k, mask, caps):
        rest = tuple(c - s for c, s in zip(caps, split, strict=True))
        total += _multinomial(split) * _count(sizes, index + 1, rest)
    return total

"""The Haitian combinations (RULES.md §4.1 "Combinations"): what a player may lay.

| kind | cards | points |
|---|---|---|
| marriage | K Q of a plain suit | 20 |
| trump-marriage | K Q of trump | 40 (``trump_marriage``) |
| besigue | Q♠ J♦ | 40 (``first_besigue``: the deal's first 100) |
| quinte | A 10 J of trump on one's own trump marriage still laid | 250 |
| aces, kings, queens, jacks | any four of the rank, jokers standing in | 100 80 60 40 |
| trump-aces ... trump-jacks | four of the rank, all of trump | 200 160 120 80 |
| jokers | four jokers | 200 |

Trump is fixed by the first marriage laid: until then a marriage (written
``marriage`` or ``trump-marriage``, of any suit) is the only combination, and
it is the trump marriage (``fixes_trump``).

The reuse limits: a laid card may serve again in a combination of another
kind, never twice in one kind; a king or queen in one marriage only (plain
or trump), a Q♠ or J♦ in one bésigue, a joker in one combination only.  A
quinte takes the K Q of one of the player's trump marriages whose two cards
are still laid and have served in no quinte; a second quinte needs another
trump marriage.  Every combination takes at least one card from the hand.

Records name the cards by their codes (``meld aces AS AH AD JK``); the
physical cards are found as in the classic game (``games.besigue.melds``): a
named card comes from the laid cards when a copy there may serve in the
kind (the one that served in the most kinds, then the lowest), otherwise
from the hand; when that would take every card from the laid ones, the last
named card the hand holds comes from the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations_with_replacement
from typing import Final

from games.besigue.melds import (
    FOURS,
    JACK_OF_DIAMONDS,
    KINDS,
    POINTS,
    QUEEN_OF_SPADES,
    Laid,
    Meld,
    MeldKind,
    besigue_error,
    holds,
    marriage_error,
    not_held,
    served_once,
)
from games.besigue.refusals import Refused as R
from games.besigue.rules import Rules, card_order
from games.cards import MAX_PACKS, Card, Rank, Suit, copies_in, face_of
from games.refusals import IllegalActionError, Refusal

M = MeldKind
JOKER: Final = Card.joker()
TRUMP_FOURS: Final = {
    M.TRUMP_ACES: Rank.A,
    M.TRUMP_KINGS: Rank.K,
    M.TRUMP_QUEENS: Rank.Q,
    M.TRUMP_JACKS: Rank.J,
}
HAITI_KINDS: Final = (
    M.MARRIAGE,
    M.TRUMP_MARRIAGE,
    M.BESIGUE,
    M.QUINTE,
    M.ACES,
    M.KINGS,
    M.QUEENS,
    M.JACKS,
    *TRUMP_FOURS,
    M.JOKERS,
)
MARRIAGES: Final = (M.MARRIAGE, M.TRUMP_MARRIAGE)
QUINTE_ADDS: Final = (Rank.A, Rank.TEN, Rank.J)  # laid on the trump marriage's K Q
_NUMBER: Final = {kind: n for n, kind in enumerate(KINDS)}
# best first when points are equal, as listed: the order of the table above
_PLACE: Final = {kind: n for n, kind in enumerate(HAITI_KINDS)}


@dataclass(frozen=True, slots=True)
class Context:
    """What a combination's legality and points depend on besides the player's cards:
    trump (None until the first marriage), the options, and whether a bésigue was
    laid earlier in the deal (by anyone: ``first_besigue``)."""

    trump: Suit | None
    rules: Rules
    besigue_laid: bool = False

    def points(self, kind: MeldKind) -> int:
        if kind is M.TRUMP_MARRIAGE:
            return self.rules.trump_marriage
        if kind is M.BESIGUE and not self.besigue_laid:
            return self.rules.first_besigue
        return POINTS[kind]


def fixes_trump(kind: MeldKind, context: Context) -> bool:
    """Whether laying ``kind`` now fixes trump (the first marriage, whatever its suit)."""
    return context.trump is None and kind in MARRIAGES


def barred(kind: MeldKind, laid: Laid) -> int:
    """The laid cards that may not serve in ``kind``: those that served in it (in
    either marriage for a marriage), and every joker that served at all."""
    served = laid.served
    out = served[_NUMBER[kind]]
    if kind in MARRIAGES:
        out |= served[_NUMBER[M.MARRIAGE]] | served[_NUMBER[M.TRUMP_MARRIAGE]]
    jokers = laid.cards & _JOKERS
    return out | jokers


_JOKERS: Final = sum(Card.joker(c).bit for c in range(MAX_PACKS))


def free_marriages(own: Sequence[Meld], laid: Laid) -> list[Meld]:
    """The player's trump marriages a quinte may be laid on: both cards still laid,
    neither has served in a quinte (in the order laid)."""
    quinte = laid.served[_NUMBER[M.QUINTE]]
    return [
        meld
        for meld in own
        if meld.kind is M.TRUMP_MARRIAGE
        and meld.mask & laid.cards == meld.mask
        and not meld.mask & quinte
    ]


def shape_error(kind: MeldKind, faces: Sequence[Card], context: Context) -> Refusal | None:
    """Why these cards (by code) are not a ``kind`` now, or None."""
    trump = context.trump
    if kind not in HAITI_KINDS:
        return Refusal(R.MELD_UNKNOWN, f"no {kind.value} in Bésigue as played in Haiti")
    if trump is None and kind not in MARRIAGES:
        return Refusal(
            R.TRUMP_UNFIXED,
            "trump is not fixed yet: the first combination is a marriage, which fixes it",
        )
    jokers = sum(c.is_joker for c in faces)
    if jokers and kind not in FOURS and kind is not M.JOKERS:
        return Refusal(
            R.JOKER, "a joker stands in for a card of four aces, kings, queens or jacks only"
        )
    if kind in MARRIAGES:
        return marriage_error(kind, faces, trump)  # no trump yet: the first marriage fixes it
    assert trump is not None
    if kind is M.BESIGUE:
        return besigue_error(faces)
    if kind is M.QUINTE:
        wanted = sorted(Card(trump, r).index for r in (Rank.K, Rank.Q, *QUINTE_ADDS))
        if sorted(c.index for c in faces) != wanted:
            return Refusal(R.MELD_SHAPE, f"the quinte is A 10 K Q J of trump ({trump.symbol})")
        return None
    if kind is M.JOKERS:
        if len(faces) != 4 or jokers != 4:
            return Refusal(R.MELD_SHAPE, "four jokers")
        return None
    if kind in TRUMP_FOURS:
        rank = TRUMP_FOURS[kind]
        if len(faces) != 4 or any(c.rank != rank or c.suit != trump for c in faces):
            return Refusal(
                R.MELD_SHAPE,
                f"{kind.value} are four {rank.text} of trump ({trump.symbol}), no joker",
            )
        return None
    rank = FOURS[kind]
    if len(faces) != 4 or any(c.rank != rank for c in faces if not c.is_joker):
        return Refusal(
            R.MELD_SHAPE, f"{kind.value} are four cards of rank {rank.text} (jokers standing in)"
        )
    allowed = context.rules.jokers_per_quartet
    if jokers > allowed:
        return Refusal(
            R.JOKERS_MANY,
            f"at most {allowed} joker{'s' if allowed > 1 else ''} in four of a rank",
        )
    return None


def resolve(
    kind: MeldKind,
    faces: Sequence[Card],
    hand: int,
    laid: Laid,
    own: Sequence[Meld],
    context: Context,
) -> Meld:
    """The physical cards of ``meld KIND C…`` for a player holding ``hand`` (every
    card of his, laid or not), with ``laid`` and his combinations of the deal
    ``own``; ``ValueError`` naming the rule when it cannot be.  The first marriage
    comes out as the trump marriage."""
    codes = [c.face for c in faces]
    error = shape_error(kind, codes, context)
    if error:
        raise IllegalActionError(error)
    if fixes_trump(kind, context):
        kind = M.TRUMP_MARRIAGE
    unlaid = hand & ~laid.cards
    usable = laid.cards & ~barred(kind, laid)
    chosen: list[Card] = []
    if kind is M.QUINTE:
        marriages = free_marriages(own, laid)
        if not marriages:
            raise IllegalActionError(
                Refusal(
                    R.QUINTE_MARRIAGE,
                    "a quinte is laid on one's own trump marriage still on the table",
                )
            )
        chosen.extend(sorted(marriages[0].cards, key=card_order))
        codes = [c for c in codes if c.rank not in (Rank.K, Rank.Q)]
    for face, count in sorted(Counter(codes).items(), key=lambda p: card_order(p[0])):
        from_laid = copies_in(usable, face)
        from_laid.sort(key=lambda c: (-len(laid.kinds_of(c)), c.copy))
        copies = from_laid + copies_in(unlaid, face)
        if len(copies) < count:
            raise IllegalActionError(_missing(kind, face, count, hand, laid))
        chosen.extend(copies[:count])
    if not any(unlaid & c.bit for c in chosen):
        chosen = _one_from_hand(chosen, unlaid)
    return Meld(kind, tuple(chosen), context.points(kind))


def _one_from_hand(chosen: list[Card], unlaid: int) -> list[Card]:
    """The same combination with its last card the hand holds taken from the hand."""
    for n in range(len(chosen) - 1, -1, -1):
        spare = copies_in(unlaid, chosen[n].face)
        if spare:
            return [*chosen[:n], spare[0], *chosen[n + 1 :]]
    raise IllegalActionError(
        Refusal(R.FROM_HAND, "a combination takes at least one card from the hand")
    )


def _missing(kind: MeldKind, face: Card, count: int, hand: int, laid: Laid) -> Refusal:
    held = len(copies_in(hand, face))
    name = "joker" if face.is_joker else str(face)
    if held < count:
        return not_held(kind, count, name, held)
    if face.is_joker:
        return Refusal(R.JOKER_SERVED, "a joker serves in one combination only")
    if kind in MARRIAGES:
        return Refusal(
            R.MELD_SERVED, f"{face} has already served in a marriage: a king or queen in one only"
        )
    return served_once(face, kind)


def _forms(kind: MeldKind, context: Context, counts: dict[int, int]) -> Iterator[tuple[Card, ...]]:
    """Every record form of ``kind`` that ``counts`` (the copies of each code that
    may serve in it) allows, codes in ``card_order``."""
    trump = context.trump

    have = partial(holds, counts)

    if kind in MARRIAGES:
        if trump is None and kind is M.MARRIAGE:
            return  # the first marriage is listed once, as the trump marriage
        for suit in Suit:
            plain = trump is not None and suit != trump
            if (kind is M.MARRIAGE) != plain:
                continue
            pair = (Card(suit, Rank.K), Card(suit, Rank.Q))
            if have(*pair):
                yield pair
        return
    if trump is None:
        return
    if kind is M.BESIGUE:
        if have(QUEEN_OF_SPADES, JACK_OF_DIAMONDS):
            yield (QUEEN_OF_SPADES, JACK_OF_DIAMONDS)
    elif kind is M.QUINTE:
        adds = tuple(Card(trump, r) for r in QUINTE_ADDS)
        if have(*adds):
            yield tuple(sorted((*adds, Card(trump, Rank.K), Card(trump, Rank.Q)), key=card_order))
    elif kind is M.JOKERS:
        if have(JOKER, JOKER, JOKER, JOKER):
            yield (JOKER,) * 4
    elif kind in TRUMP_FOURS:
        four = (Card(trump, TRUMP_FOURS[kind]),) * 4
        if have(*four):
            yield four
    else:
        rank = FOURS[kind]
        real = [Card(s, rank) for s in Suit if counts.get(Card(s, rank).index, 0)]
        most = min(context.rules.jokers_per_quartet, counts.get(JOKER.index, 0))
        for jokers in range(most + 1):
            for part in combinations_with_replacement(real, 4 - jokers):
                form = (*part, *(JOKER,) * jokers)
                if have(*form):
                    yield form


def legal_melds(hand: int, laid: Laid, own: Sequence[Meld], context: Context) -> list[Meld]:
    """Every combination a player holding ``hand`` (all his cards, laid or not) with
    ``laid`` and his combinations ``own`` may lay now: one per distinct record
    form, resolved as ``resolve`` does, the most points first (then the order of
    the table, then the codes)."""
    unlaid = hand & ~laid.cards
    if not unlaid:
        return []
    out: list[Meld] = []
    for kind in HAITI_KINDS:
        if kind is M.QUINTE and not free_marriages(own, laid):
            continue
        counts: dict[int, int] = {}
        remaining = unlaid | (laid.cards & ~barred(kind, laid))
        while remaining:
            low = remaining & -remaining
            face = face_of(low.bit_length() - 1)
            counts[face] = counts.get(face, 0) + 1
            remaining ^= low
        for form in _forms(kind, context, counts):
            try:
                out.append(resolve(kind, form, hand, laid, own, context))
            except ValueError:
                continue  # every card of it laid already: none from the hand
    out.sort(key=lambda m: (-m.points, _PLACE[m.kind]))
    return out

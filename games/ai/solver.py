"""Double-dummy solver for the card play of La Bête Hombrée.

Once trump and level are declared, a hand's payments depend only on whether
the contract is made, so the solver answers one yes/no question: with every
card known and both sides playing perfectly, does the declarer make it?  The
declarer plays against the three defenders as one team; the simple demande's
race rule (RULES.md §1.6) needs each seat's trick count, which the position
carries.

The search is a boolean alpha-beta (a node is won as soon as one move wins for
the side to move), with

* a transposition table at trick boundaries (the position is then the four
  hands, the leader and the trick counts that still matter),
* equivalent-card pruning: two cards of one hand and suit with no card of
  another hand still in play between them are the same move,
* move ordering by simple trick-winning rules,
* early decisions when the contract is made or can no longer be made, and a
  direct evaluation of the last trick, where every play is forced.

Which cards may be played comes from ``games.tricks.legal_plays`` and who wins
from ``games.tricks.beats``: one place defines the play obligations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from games.bete_hombree.state import SEATS, HandState, Phase
from games.cards import bits_of
from games.obligations import beats, legal_plays

RANK_MASK: Final = 15


@dataclass(slots=True)
class Position:
    """A card-play position, all hands known.

    ``trick`` holds the cards (bit numbers) of the trick in progress, in play
    order from ``leader``.  ``tricks`` counts the tricks each seat has won.
    ``race_won``: the declarer took his second trick before any opponent took
    two (meaningful once he has two).
    """

    hands: list[int]
    leader: int
    trick: list[int]
    tricks: list[int]
    declarer: int
    level: int
    trump: int
    race_won: bool = False

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % SEATS

    @classmethod
    def from_state(cls, state: HandState) -> Position:
        """The position of a hand being played (phase PLAY)."""
        if state.phase is not Phase.PLAY:
            raise ValueError("the hand is not in its card play")
        return cls(
            hands=list(state.hands),
            leader=state.leader,
            trick=[index for _, index in state.trick],
            tricks=list(state.tricks),
            declarer=state.declarer,
            level=state.level,
            trump=state.trump,
            race_won=state.race_won,
        )

    def copy(self) -> Position:
        return Position(
            list(self.hands),
            self.leader,
            list(self.trick),
            list(self.tricks),
            self.declarer,
            self.level,
            self.trump,
            self.race_won,
        )

    def legal(self) -> int:
        """The legal cards of the seat to play, as a bit set."""
        led, winner = trick_led_winner(self.trick, self.trump)
        return legal_plays(self.hands[self.turn], led, winner, self.trump, True)

    def play(self, card: int) -> None:
        """Play a card (bit number) for the seat to play; completes tricks."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < SEATS:
            return
        _, winner = trick_led_winner(self.trick, self.trump)
        wseat = (self.leader + self.trick.index(winner)) % SEATS
        self.tricks[wseat] += 1
        if wseat == self.declarer and self.tricks[wseat] == 2:
            self.race_won = self._max_opp() < 2
        self.trick = []
        self.leader = wseat

    def _max_opp(self) -> int:
        return max(t for s, t in enumerate(self.tricks) if s != self.declarer)


def trick_led_winner(trick: list[int], trump: int) -> tuple[int, int]:
    """Suit led and winning card of a trick in progress (-1, -1 when empty)."""
    if not trick:
        return -1, -1
    winner = trick[0]
    for card in trick[1:]:
        if beats(card, winner, trump):
            winner = card
    return trick[0] >> 4, winner


def decided(level: int, taken: int, max_opp: int, race_won: bool, remaining: int) -> bool | None:
    """The contract's result if it can no longer change, else None (RULES.md §1.6)."""
    if level >= 3:
        if taken >= level:
            return True
        return False if taken + remaining < level else None
    if taken >= 3:
        return True
    can_make = taken + remaining >= 3 or (
        taken + remaining == 2 and (race_won or max_opp < 2) and max_opp < 3
    )
    can_fail = taken < 2 or not race_won or max_opp + remaining >= 3
    if can_make and can_fail:
        return None
    return can_make


@dataclass(slots=True)
class Solver:
    """Solves positions of one contract; keep one per contract to reuse its table."""

    declarer: int
    level: int
    trump: int
    nodes: int = 0
    table: dict[tuple[int, ...], bool] = field(default_factory=dict)

    @classmethod
    def for_position(cls, position: Position) -> Solver:
        return cls(position.declarer, position.level, position.trump)

    # ---- public ------------------------------------------------------------

    def solve(self, position: Position) -> bool:
        """Whether the declarer makes the contract from ``position``."""
        self._check(position)
        return self._from(position)

    def move_values(self, position: Position) -> dict[int, bool]:
        """For every legal card of the seat to play: is the contract made after it?"""
        self._check(position)
        legal = position.legal()
        values: dict[int, bool] = {}
        present = _present(position)
        hand = position.hands[position.turn]
        for card in bits_of(legal):
            rep = representative(card, hand, present)
            if rep in values:
                values[card] = values[rep]
                continue
            child = position.copy()
            child.play(card)
            values[card] = self._from(child)
            values.setdefault(rep, values[card])
        return {c: values[c] for c in bits_of(legal)}

    # ---- search ------------------------------------------------------------

    def _check(self, position: Position) -> None:
        if (position.declarer, position.level, position.trump) != (
            self.declarer,
            self.level,
            self.trump,
        ):
            raise ValueError("this solver was made for another contract")

    def _from(self, p: Position) -> bool:
        tricks = tuple(p.tricks)
        if not p.trick:
            return self._boundary(list(p.hands), p.leader, tricks, p.race_won)
        led, winner = trick_led_winner(p.trick, self.trump)
        wseat = (p.leader + p.trick.index(winner)) % SEATS
        trick_mask = 0
        for card in p.trick:
            trick_mask |= 1 << card
        return self._node(
            list(p.hands),
            p.leader,
            len(p.trick),
            led,
            winner,
            wseat,
            trick_mask,
            tricks,
            p.race_won,
        )

    def _boundary(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], race_won: bool
    ) -> bool:
        """A position at the start of a trick."""
        declarer = self.declarer
        taken = tricks[declarer]
        max_opp = max(t for s, t in enumerate(tricks) if s != declarer)
        remaining = hands[0].bit_count()
        result = decided(self.level, taken, max_opp, race_won, remaining)
        if result is not None:
            return result
        if remaining == 1:
            return self._last_trick(hands, leader, tricks, race_won)
        if self.level >= 3:
            key: tuple[int, ...] = (hands[0], hands[1], hands[2], hands[3], leader, taken)
        else:
            key = (hands[0], hands[1], hands[2], hands[3], leader, *tricks, race_won)
        cached = self.table.get(key)
        if cached is not None:
            return cached
        value = self._node(hands, leader, 0, -1, -1, -1, 0, tricks, race_won)
        self.table[key] = value
        return value

    def _last_trick(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], race_won: bool
    ) -> bool:
        """Every play is forced: find the winner and judge the contract."""
        self.nodes += 1
        trump = self.trump
        winner = hands[leader].bit_length() - 1
        wseat = leader
        for step in range(1, SEATS):
            seat = (leader + step) % SEATS
            card = hands[seat].bit_length() - 1
            if beats(card, winner, trump):
                winner = card
                wseat = seat
        return self._after_trick(wseat, tricks, race_won, 0)

    def _after_trick(
        self, wseat: int, tricks: tuple[int, ...], race_won: bool, remaining: int
    ) -> bool:
        declarer = self.declarer
        counts = list(tricks)
        counts[wseat] += 1
        max_opp = max(t for s, t in enumerate(counts) if s != declarer)
        if wseat == declarer and counts[wseat] == 2:
            race_won = max_opp < 2
        result = decided(self.level, counts[declarer], max_opp, race_won, remaining)
        assert result is not None  # with no trick left the result is known
        return result

    def _node(
        self,
        hands: list[int],
        leader: int,
        n: int,
        led: int,
        winner: int,
        wseat: int,
        trick_mask: int,
        tricks: tuple[int, ...],
        race_won: bool,
    ) -> bool:
        """A position inside a trick: ``n`` cards played, ``winner`` winning it."""
        self.nodes += 1
        declarer = self.declarer
        trump = self.trump
        seat = (leader + n) % SEATS
        hand = hands[seat]
        legal = legal_plays(hand, led, winner, trump, True)
        maximizing = seat == declarer
        present = hands[0] | hands[1] | hands[2] | hands[3] | trick_mask
        moves = ordered_moves(
            legal, hand, present, n, winner, wseat, trump, maximizing, declarer, SEATS
        )
        for card in moves:
            hands[seat] = hand ^ (1 << card)
            if n == 0:
                new_led, new_winner, new_wseat = card >> 4, card, seat
            elif beats(card, winner, trump):
                new_led, new_winner, new_wseat = led, card, seat
            else:
                new_led, new_winner, new_wseat = led, winner, wseat
            if n == SEATS - 1:
                value = self._trick_done(hands, new_wseat, tricks, race_won)
            else:
                value = self._node(
                    hands,
                    leader,
                    n + 1,
                    new_led,
                    new_winner,
                    new_wseat,
                    trick_mask | (1 << card),
                    tricks,
                    race_won,
                )
            hands[seat] = hand
            if value is maximizing:
                return value
        return not maximizing

    def _trick_done(
        self, hands: list[int], wseat: int, tricks: tuple[int, ...], race_won: bool
    ) -> bool:
        counts = list(tricks)
        counts[wseat] += 1
        if wseat == self.declarer and counts[wseat] == 2:
            race_won = max(t for s, t in enumerate(counts) if s != self.declarer) < 2
        return self._boundary(list(hands), wseat, tuple(counts), race_won)


def ordered_moves(
    legal: int,
    hand: int,
    present: int,
    n: int,
    winner: int,
    wseat: int,
    trump: int,
    maximizing: bool,
    declarer: int,
    seats: int,
) -> list[int]:
    """One card per class of equivalent legal cards, the likeliest best first.

    ``n`` cards of the trick are played, ``winner`` (seat ``wseat``) wins it
    so far; ``declarer`` is the seat whose side maximises (the solver's
    target), ``seats`` how many play to a trick.  Shared by the La Bête solver.
    """
    cards: list[int] = []
    mask = legal
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        # skip a card equivalent to a stronger one already kept: same suit,
        # nothing of another hand between them
        if cards:
            prev = cards[-1]
            if prev >> 4 == card >> 4:
                between = ((1 << card) - 1) & ~((2 << prev) - 1)
                if not present & between & ~hand:
                    continue
        cards.append(card)
    if len(cards) <= 1:
        return cards
    if n == 0:
        # lead: strong cards first, trumps before side suits of equal rank
        cards.sort(key=lambda c: (c & RANK_MASK) * 2 + (0 if c >> 4 == trump else 1))
        return cards
    partner_wins = (wseat == declarer) == maximizing
    if partner_wins:
        # let the partner's trick run: cheapest cards first
        cards.sort(key=lambda c: -((c & RANK_MASK) + (8 if c >> 4 != trump else 0)))
        return cards
    winning = [c for c in cards if beats(c, winner, trump)]
    losing = [c for c in cards if not beats(c, winner, trump)]
    # the cheapest winning card first (weakest rank, side suits before trump), then discards
    winning.sort(key=lambda c: -(c & RANK_MASK))
    losing.sort(key=lambda c: -((c & RANK_MASK) + (8 if c >> 4 != trump else 0)))
    if n == seats - 1:
        return winning + losing
    # a later seat may still overtake: try the strongest winner first
    return winning[::-1] + losing


def _present(p: Position) -> int:
    mask = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
    for card in p.trick:
        mask |= 1 << card
    return mask


def representative(card: int, hand: int, present: int) -> int:
    """The strongest card of ``hand`` equivalent to ``card`` (itself if none)."""
    rep = card
    suit_base = card & ~RANK_MASK
    c = card - 1
    while c >= suit_base:
        if present >> c & 1:
            if hand >> c & 1:
                rep = c
            else:
                break
        c -= 1
    return rep


def solve(position: Position) -> bool:
    """Whether the declarer makes the contract from ``position`` (fresh table)."""
    return Solver.for_position(position).solve(position)

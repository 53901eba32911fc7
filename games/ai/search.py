"""The double-dummy search every trick game's players share.

Every card known, one seat (the *target*) plays for a goal and every other
seat plays against it as one team: does the target reach its goal?  A game
brings what differs (``TrickSolver``'s hooks): the rules object of its trick
play (``games.tricks.TrickRules``: legal cards, who beats whom), when the goal
is settled, what of the tricks played so far the goal still needs (its *memo*:
La Bête Hombrée's race for the first two tricks, La Bête's winners of the
first two) and the transposition key.

The search is a boolean alpha-beta (a node is won as soon as one move wins for
the side to move), with

* a transposition table at trick boundaries (the hands, the leader, the
  trick counts and the memo, or less when the game's goal needs less),
* equivalent-card pruning: two cards of one hand and suit with no card of
  another hand still in play between them are the same move,
* move ordering by simple trick-winning rules,
* early decisions when the goal is reached or out of reach, and a direct
  evaluation of the last trick, where every play is forced,
* a deadline (``time.perf_counter()``), looked at every 256 nodes,
* a horizon a game may set (``estimate``): past it a position is judged, not
  searched, when the whole play does not fit the time of a decision,
* the cards of each trick taken, for a game whose goal counts them (Bésigue's
  brisques): its solver sets ``counts_cards`` and its memo follows them
  (``trick_taken``); the other games' memo only needs the winner.

Cards are bit numbers of ``games.cards``: a suit is ``card >> 4`` and, inside
a suit, a lower bit is a stronger card (the order of the games here; a game
ranking its cards otherwise overrides ``ordered_moves`` and ``representative``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Final, Generic, Protocol, Self, TypeVar

from games.cards import bits_of
from games.tricks import TrickRules

RANK_MASK: Final = 15

MemoT = TypeVar("MemoT", bound=Hashable)


class SearchTimeout(Exception):
    """The solver's deadline passed before the answer was known."""


class InCardPlay(Protocol):
    """A game's state in its card play, as a position starts from it."""

    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> Sequence[tuple[int, int]]: ...
    @property
    def tricks(self) -> Sequence[int]: ...


def card_play(state: InCardPlay) -> tuple[list[int], int, list[int], list[int]]:
    """The hands, the leader, the trick's cards and the tricks won of ``state``: the
    card play every game's position (``Position.of``) starts from."""
    return list(state.hands), state.leader, [index for _, index in state.trick], list(state.tricks)


@dataclass(slots=True)
class Position(Generic[MemoT]):
    """A card-play position, all hands known.

    ``trick`` holds the cards (bit numbers) of the trick in progress, in play
    order from ``leader``; ``tricks`` the tricks each seat has won; ``memo``
    what the game's goal needs of the tricks played (see ``TrickSolver``).
    A game's position adds its contract and says how a trick changes the memo
    (``after_trick``).
    """

    hands: list[int]
    leader: int
    trick: list[int]
    tricks: list[int]
    rules: TrickRules
    memo: MemoT

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    def copy(self) -> Self:
        return replace(
            self, hands=list(self.hands), trick=list(self.trick), tricks=list(self.tricks)
        )

    def after_trick(self, tricks: list[int], memo: MemoT, winner: int) -> MemoT:
        """The memo once ``winner`` has taken a trick (``tricks`` counts it already)."""
        return memo

    def trick_taken(self, tricks: list[int], memo: MemoT, winner: int, cards: int) -> MemoT:
        """The memo once ``winner`` has taken the trick of ``cards`` (a bit set): by
        default ``after_trick``'s, for a game whose memo needs only the winner."""
        return self.after_trick(tricks, memo, winner)

    def legal(self) -> int:
        """The legal cards of the seat to play, as a bit set."""
        lead = self.trick[0] if self.trick else -1
        winner = trick_winner(self.trick, self.rules)
        return self.rules.legal(self.hands[self.turn], lead, winner)

    def play(self, card: int) -> None:
        """Play a card (bit number) for the seat to play; completes tricks."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < len(self.hands):
            return
        winner = trick_winner(self.trick, self.rules)
        wseat = (self.leader + self.trick.index(winner)) % len(self.hands)
        self.tricks[wseat] += 1
        cards = 0
        for c in self.trick:
            cards |= 1 << c
        self.memo = self.trick_taken(self.tricks, self.memo, wseat, cards)
        self.trick = []
        self.leader = wseat

    def present(self) -> int:
        """Every card still in a hand or on the table."""
        mask = 0
        for hand in self.hands:
            mask |= hand
        for card in self.trick:
            mask |= 1 << card
        return mask


def trick_winner(trick: list[int], rules: TrickRules) -> int:
    """The card winning a trick in progress (-1 when empty)."""
    if not trick:
        return -1
    winner = trick[0]
    for card in trick[1:]:
        if rules.beats(card, winner):
            winner = card
    return winner


@dataclass(slots=True)
class TrickSolver(Generic[MemoT]):
    """Solves positions for one target and goal; keep one to reuse its table.

    A game subclasses it with ``settled``, ``key`` and ``after_trick`` (the
    latter usually its position's), or ``trick_taken`` with ``counts_cards``
    set when its memo follows the cards of the tricks.  Past ``deadline`` a
    search raises ``SearchTimeout``.
    """

    counts_cards: ClassVar[bool] = False  # the memo follows the tricks' cards (``trick_taken``)

    target: int
    seats: int
    trump: int
    rules: TrickRules
    deadline: float
    nodes: int = 0
    table: dict[Hashable, bool] = field(default_factory=dict)
    # the rules' methods, bound once: the search's inner loop calls them
    _legal: Callable[[int, int, int], int] = field(init=False, repr=False, compare=False)
    _beats: Callable[[int, int], bool] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._legal = self.rules.legal
        self._beats = self.rules.beats

    # ---- the game's part -----------------------------------------------------

    def settled(self, tricks: tuple[int, ...], memo: MemoT, left: int) -> bool | None:
        """Whether the target reaches its goal if that can no longer change, else None
        (``left`` tricks still to play)."""
        raise NotImplementedError

    def key(self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: MemoT) -> Hashable:
        """The transposition key of a position at a trick boundary."""
        return (*hands, leader, *tricks, memo)

    def after_trick(self, tricks: list[int], memo: MemoT, winner: int) -> MemoT:
        """The memo once ``winner`` has taken a trick (``tricks`` counts it already)."""
        return memo

    def trick_taken(self, tricks: list[int], memo: MemoT, winner: int, cards: int) -> MemoT:
        """The memo once ``winner`` has taken the trick of ``cards`` (a bit set), for a
        solver with ``counts_cards``."""
        return self.after_trick(tricks, memo, winner)

    def estimate(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: MemoT, left: int
    ) -> bool | None:
        """A judgement of a position at a trick boundary instead of searching it (a
        game's shallower search, past its horizon), or None: search it."""
        return None

    def fits(self, position: Position[MemoT]) -> bool:
        """Whether ``position`` is one this solver was made for."""
        return position.seats == self.seats and position.rules == self.rules

    # ---- public ------------------------------------------------------------

    def solve(self, position: Position[MemoT]) -> bool:
        """Whether the target reaches its goal from ``position``."""
        self._check(position)
        return self._from(position)

    def move_values(self, position: Position[MemoT], cards: int = -1) -> dict[int, bool]:
        """For every legal card of the seat to play (of ``cards`` only, a mask: the others
        cost nothing): does the target reach its goal after it?"""
        self._check(position)
        legal = position.legal() & cards
        values: dict[int, bool] = {}
        present = position.present()
        hand = position.hands[position.turn]
        for card in bits_of(legal):
            rep = self.representative(card, hand, present)
            if rep in values:
                values[card] = values[rep]
                continue
            child = position.copy()
            child.play(card)
            values[card] = self._from(child)
            values.setdefault(rep, values[card])
        return {c: values[c] for c in bits_of(legal)}

    # ---- search ------------------------------------------------------------

    def _check(self, position: Position[MemoT]) -> None:
        if not self.fits(position):
            raise ValueError("this solver was made for another deal or contract")

    def _from(self, p: Position[MemoT]) -> bool:
        tricks = tuple(p.tricks)
        if not p.trick:
            return self._boundary(list(p.hands), p.leader, tricks, p.memo)
        winner = trick_winner(p.trick, self.rules)
        wseat = (p.leader + p.trick.index(winner)) % self.seats
        trick_mask = 0
        for card in p.trick:
            trick_mask |= 1 << card
        return self._node(
            list(p.hands),
            p.leader,
            len(p.trick),
            p.trick[0],
            winner,
            wseat,
            trick_mask,
            tricks,
            p.memo,
        )

    def _boundary(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: MemoT
    ) -> bool:
        """A position at the start of a trick."""
        left = hands[leader].bit_count()
        result = self.settled(tricks, memo, left)
        if result is not None:
            return result
        if left == 1:
            return self._last_trick(hands, leader, tricks, memo)
        guess = self.estimate(hands, leader, tricks, memo, left)
        if guess is not None:
            return guess
        key = self.key(hands, leader, tricks, memo)
        cached = self.table.get(key)
        if cached is not None:
            return cached
        value = self._node(hands, leader, 0, -1, -1, -1, 0, tricks, memo)
        self.table[key] = value
        return value

    def _last_trick(
        self, hands: list[int], leader: int, tricks: tuple[int, ...], memo: MemoT
    ) -> bool:
        """Every play is forced: find the winner and judge the goal."""
        self.nodes += 1
        beats = self._beats
        winner = hands[leader].bit_length() - 1
        wseat = leader
        for step in range(1, self.seats):
            seat = (leader + step) % self.seats
            card = hands[seat].bit_length() - 1
            if beats(card, winner):
                winner = card
                wseat = seat
        counts = list(tricks)
        counts[wseat] += 1
        if self.counts_cards:
            cards = 0
            for hand in hands:
                cards |= hand
            memo = self.trick_taken(counts, memo, wseat, cards)
        else:
            memo = self.after_trick(counts, memo, wseat)
        result = self.settled(tuple(counts), memo, 0)
        assert result is not None  # with no trick left the result is known
        return result

    def _node(
        self,
        hands: list[int],
        leader: int,
        n: int,
        lead: int,
        winner: int,
        wseat: int,
        trick_mask: int,
        tricks: tuple[int, ...],
        memo: MemoT,
    ) -> bool:
        """A position inside a trick: ``n`` cards played (``lead`` first), ``winner``
        winning it."""
        self.nodes += 1
        if not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise SearchTimeout
        target = self.target
        seats = self.seats
        beats = self._beats
        seat = (leader + n) % seats
        hand = hands[seat]
        legal = self._legal(hand, lead, winner)
        maximizing = seat == target
        present = trick_mask
        for h in hands:
            present |= h
        moves = self.ordered_moves(legal, hand, present, n, winner, wseat, maximizing)
        for card in moves:
            hands[seat] = hand ^ (1 << card)
            if n == 0:
                new_lead, new_winner, new_wseat = card, card, seat
            elif beats(card, winner):
                new_lead, new_winner, new_wseat = lead, card, seat
            else:
                new_lead, new_winner, new_wseat = lead, winner, wseat
            if n == seats - 1:
                counts = list(tricks)
                counts[new_wseat] += 1
                if self.counts_cards:
                    new_memo = self.trick_taken(counts, memo, new_wseat, trick_mask | (1 << card))
                else:
                    new_memo = self.after_trick(counts, memo, new_wseat)
                value = self._boundary(list(hands), new_wseat, tuple(counts), new_memo)
            else:
                value = self._node(
                    hands,
                    leader,
                    n + 1,
                    new_lead,
                    new_winner,
                    new_wseat,
                    trick_mask | (1 << card),
                    tricks,
                    memo,
                )
            hands[seat] = hand
            if value is maximizing:
                return value
        return not maximizing

    # ---- moves -------------------------------------------------------------

    def ordered_moves(
        self, legal: int, hand: int, present: int, n: int, winner: int, wseat: int, maximizing: bool
    ) -> list[int]:
        """One card per class of equivalent legal cards, the likeliest best first.

        ``n`` cards of the trick are played, ``winner`` (seat ``wseat``) wins it
        so far; ``maximizing``: the seat to play is the target.
        """
        trump = self.trump
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
        partner_wins = (wseat == self.target) == maximizing
        if partner_wins:
            # let the partner's trick run: cheapest cards first
            cards.sort(key=lambda c: -((c & RANK_MASK) + (8 if c >> 4 != trump else 0)))
            return cards
        beats = self._beats
        winning: list[int] = []
        losing: list[int] = []
        for c in cards:
            (winning if beats(c, winner) else losing).append(c)
        # the cheapest winning card first (weakest rank, side suits before trump), then discards
        winning.sort(key=lambda c: -(c & RANK_MASK))
        losing.sort(key=lambda c: -((c & RANK_MASK) + (8 if c >> 4 != trump else 0)))
        if n == self.seats - 1:
            return winning + losing
        # a later seat may still overtake: try the strongest winner first
        return winning[::-1] + losing

    @staticmethod
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

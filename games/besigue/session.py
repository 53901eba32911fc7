"""A game of Bésigue (RULES.md §4 "Game"): deals until a side reaches the target.

The session keeps the scores by side (each seat's, or each partnership's),
passes the deal to the next seat after every deal, and ends the game when a
deal ends it (``games.besigue.score``).  Bésigue moves no money: ``balances``
stay at zero (the tables of every game read them); the result is the winner,
and *en bas table* when every loser is under 750 (it counts double on the
scoreboard, which is the table's business).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Final, Generic, TypeVar

from games.besigue.flow import DealFlow
from games.besigue.haiti.match import Match
from games.besigue.melds import MeldKind
from games.besigue.rules import MAX_SEATS, MIN_SEATS, Rules, Variant, deck_for
from games.besigue.score import Outcome, reached
from games.besigue.state import DealState
from games.register import Crossing, Entry

# cards per packet, dealt round the table from the dealer's right, by hand size
PACKETS: Final = {8: (3, 2, 3), 9: (3, 3, 3), 10: (3, 2, 3, 2)}
MANY_DEALS: Final = 1000  # deals_left of a game that goes on: as many as it takes


def deal_order(
    order: Sequence[int], seats: int, dealer: int, hand_size: int
) -> tuple[list[int], int, list[int]]:
    """Hands (bit sets), the turned card and the stock (top first) of a deck order:
    packets round the table from the dealer's right (8 cards: 3-2-3), then the
    next card turned for trump; the rest is the stock."""
    hands = [0] * seats
    n = 0
    for size in PACKETS[hand_size]:
        for step in range(1, seats + 1):
            seat = (dealer + step) % seats
            for index in order[n : n + size]:
                hands[seat] |= 1 << index
            n += size
    return hands, order[n], list(order[n + 1 :])


@dataclass(frozen=True, slots=True)
class SettledDeal:
    """A counted deal, for the table: its outcome (``outcome.net`` zeros, no
    transfers: Bésigue moves no money) and, as every game's, the register's
    changes (none).  In Haiti, also the match after it (``games.besigue.haiti.match``:
    the parties counted toward a hundred, the head starts, and the side that has
    just given a hundred)."""

    dealer: int
    outcome: Outcome
    net: dict[str, int] = field(default_factory=dict)
    crossings: tuple[Crossing, ...] = ()
    new_entries: tuple[Entry, ...] = ()
    match: Match | None = None
    cent_points: int | None = None

    @property
    def melds(self) -> tuple[int, ...]:
        return self.outcome.melds

    @property
    def last_trick(self) -> int | None:
        return self.outcome.last_trick

    @property
    def brisques(self) -> tuple[int, ...]:
        return self.outcome.brisques

    @property
    def brisques_lost(self) -> tuple[str | None, ...]:
        return self.outcome.brisques_lost

    @property
    def points(self) -> tuple[int, ...]:
        return self.outcome.points

    @property
    def scores(self) -> tuple[int, ...]:
        return self.outcome.scores

    @property
    def over(self) -> bool:
        return self.outcome.over

    @property
    def winner(self) -> int | None:
        return self.outcome.winner

    @property
    def en_bas_table(self) -> bool:
        return self.outcome.en_bas_table

    @property
    def best(self) -> tuple[tuple[MeldKind, int] | None, ...]:
        return self.outcome.best


DealT = TypeVar("DealT", bound=DealFlow)


def first_dealer(players: Sequence[str], seed: int, dealer: int | None) -> tuple[int, int]:
    """A new game's first dealer (drawn from ``seed`` unless given) and the seed of
    its deals' generator."""
    rng = random.Random(seed)
    drawn = rng.randrange(len(players))
    return drawn if dealer is None else dealer, rng.getrandbits(64)


class SessionBase(ABC, Generic[DealT]):
    """What every Bésigue game keeps between deals: the players, the options, the
    sides, the scores by side, the deals dealt, the dealer passing, the stop."""

    variant: ClassVar[Variant] = Variant.CLASSIC  # the only one a session of the class plays

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: Rules | None = None,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        seed: int = 0,
    ) -> None:
        """``scores``: by side, to resume a game stopped earlier (zeros by default)."""
        seats = len(players)
        if not MIN_SEATS <= seats <= MAX_SEATS or len(set(players)) != seats:
            raise ValueError(f"Bésigue has 2 to 4 different players, not {seats}")
        if not 0 <= dealer < seats:
            raise ValueError(f"the dealer is a seat 0-{seats - 1}, not {dealer}")
        self.players = tuple(players)
        self.rules = rules or Rules()
        if self.rules.variant is not self.variant:
            raise ValueError(f"a {type(self).__name__} plays variant={self.variant}")
        self.teams = self.rules.teams_for(seats)
        self.sides = max(self.teams) + 1
        self.target = self.rules.target_for(seats)
        start = list(scores) if scores is not None else [0] * self.sides
        if len(start) != self.sides:
            raise ValueError(f"the scores are {self.sides} (one per side), not {len(start)}")
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in start):
            raise ValueError(f"scores are whole numbers from 0, not {start}")
        if reached(start, self.target)[0]:
            raise ValueError(f"the scores {start} have already reached the target {self.target}")
        self.dealer = dealer
        self.first_dealer = dealer
        self.scores_start = tuple(start)
        self.scores = start
        self.balances = dict.fromkeys(self.players, 0)
        self.stop_requested = False
        self.in_deal = False
        self.over = False
        self.winner: int | None = None
        self.en_bas_table = False
        self.rng = random.Random(seed)
        self.settled: list[SettledDeal] = []
        self.states: list[DealT] = []  # every deal dealt, in order

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def partie_over(self) -> bool:
        """The last deal counted ended the game (in Haiti: a partie)."""
        return bool(self.settled) and self.settled[-1].over

    def _deal_rng(self, seed: int | None) -> random.Random:
        return random.Random(seed) if seed is not None else self.rng

    # ---- deals ---------------------------------------------------------------------

    @abstractmethod
    def shuffle(self, seed: int | None = None) -> tuple[list[int], int, list[int]]:
        """The cards of the next deal (hands, the turned card or -1, the stock top
        first), shuffled from ``seed`` (else the session's generator), without
        dealing them: the table writes them in its log first, then deals them
        (``deal_hands``)."""

    @abstractmethod
    def deal_hands(self, hands: Sequence[int], stock: Sequence[int], turned: int) -> DealT:
        """A deal of these cards (bit sets by seat; the stock's bit numbers top first;
        the turned card's); ``ValueError`` if they do not fit the game."""

    def deal(self, seed: int | None = None) -> DealT:
        """Shuffle (from ``seed``, else the session's generator) and deal."""
        hands, turned, stock = self.shuffle(seed)
        return self.deal_hands(hands, stock, turned)

    def _may_deal(self, hands: Sequence[int]) -> None:
        """``ValueError`` unless a deal of ``hands`` may start now."""
        if self.over:
            raise ValueError("the game is over")
        if len(hands) != self.seats:
            raise ValueError(f"the game has {self.seats} players, not {len(hands)} hands")

    def _dealt(self, state: DealT) -> DealT:
        self.states.append(state)
        self.in_deal = True
        return state

    def _counted(self, state: DealT) -> Outcome:
        """The outcome of ``state``, a deal to settle; ``ValueError`` if not over."""
        if state.outcome is None:
            raise ValueError("the deal is not over")
        return state.outcome

    def _passed(self, settled: SettledDeal) -> SettledDeal:
        """``settled`` counted into the game, and the deal passed to the next dealer."""
        self.settled.append(settled)
        self.dealer = (self.dealer + 1) % self.seats
        self.in_deal = False
        return settled

    # ---- the end ---------------------------------------------------------------------

    def request_stop(self) -> None:
        """Stop once the deal in progress is counted (the scores may resume later)."""
        self.stop_requested = True

    @property
    def finished(self) -> bool:
        """The game is won, or stopped between deals."""
        return self.over or (self.stop_requested and not self.in_deal)

    @property
    def deals_left(self) -> int:
        """0 once finished; 1 for the deal in progress of a game stopping; else as
        many as the game takes."""
        if self.finished:
            return 0
        return 1 if self.stop_requested else MANY_DEALS


class Session(SessionBase[DealState]):
    """One game of the classic Bésigue: its deals in turn to the target."""

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        seed: int,
        rules: Rules | None = None,
        scores: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> Session:
        """A new game (or a stopped one resumed at ``scores``), the first dealer drawn
        from ``seed`` unless given."""
        dealer, seed = first_dealer(players, seed, dealer)
        return cls(players, rules=rules, dealer=dealer, scores=scores, seed=seed)

    # ---- deals ---------------------------------------------------------------------

    def shuffle(self, seed: int | None = None) -> tuple[list[int], int, list[int]]:
        rng = self._deal_rng(seed)
        order = list(deck_for(self.seats).order())
        rng.shuffle(order)
        return deal_order(order, self.seats, self.dealer, self.rules.hand_size)

    def deal_hands(self, hands: Sequence[int], stock: Sequence[int], turned: int) -> DealState:
        self._may_deal(hands)
        return self._dealt(DealState(self.rules, self.dealer, hands, turned, stock, self.scores))

    def settle(self, state: DealState) -> SettledDeal:
        """Count a finished deal into the game and pass the deal."""
        outcome = self._counted(state)
        self.scores = list(outcome.scores)
        if outcome.over:
            self.over = True
            self.winner = outcome.winner
            self.en_bas_table = outcome.en_bas_table
        return self._passed(SettledDeal(state.dealer, outcome, dict.fromkeys(self.players, 0)))

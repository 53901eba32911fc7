"""The strong La Bête player: Perfect Information Monte Carlo over consistent deals.

The hidden cards (the other hands and the talon under the turned card) are
drawn uniformly among the deals consistent with what the seat has seen
(``games.ai.knowledge.Knowledge``: cards seen, voids and failures to beat or
trump shown in the play), and weighted by how well they explain the speaking
(``SpeakingReading``: a seat that said je joue or contrer holds a hand the
rules of thumb would play, one that passed does not, read with the trump of
the moment).  Every deal is then solved double-dummy (``games.bete.ai.solver``):
the declarer, or a contreur, against everybody else.

* Card play: each legal card is valued over the deals by what the deal is
  worth to the seat (``games.bete.ai.value``) when the card keeps or loses
  the goal double-dummy: the declarer's success (and, when it is out of reach,
  a trick against the dévole, or when it is sure, the vole), a contreur's, and
  for everybody else the failure of both.  Ties go to the rules of thumb.
* Je joue and contrer: the chance to succeed is the share of deals made
  double-dummy, a failing deal counting as made in ``FAIL_MADE`` of cases
  (the others do not see every card either), weighed as the heuristic does.
* En curieuse: for each suit the next talon card may turn up, the chance that
  trump then gives; the seat will speak once it sees it, so each suit counts
  by the better of passing and je joue.

Every decision stops drawing deals when its time budget is spent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from games.ai.base import ChoosingPlayer, deadlines
from games.ai.knowledge import Knowledge
from games.ai.sampling import Sampler, played_by_seat, tricks_seen
from games.ai.thumb import card_of, play_of
from games.bete.actions import Action, Kind
from games.bete.state import DECK, DealView, Phase
from games.cards import bits_of
from games.obligations import FollowBeatTrump

from .heuristic import (
    DECLARER_CHANCE,
    choose_call,
    contre_worth,
    declare_worth,
    play_rule_of_thumb,
    stakes_of,
    success_chance,
    trump_of,
)
from .solver import BetePosition, BeteSolver, Goal, SearchTimeout, start_of_play
from .value import Stakes

MISFIT: Final = 0.2  # weight factor of a deal for each call it does not explain
FAIL_MADE: Final = 0.15  # share of deals failing double-dummy that succeed all the same


def knowledge_of(view: DealView) -> Knowledge:
    """What the seat of ``view`` knows of the other hands and the talon."""
    unknown = DECK & ~view.visible_cards()
    rules = FollowBeatTrump(trump_of(view), view.rules.bete_must_underruff)
    tricks = tricks_seen(view.tricks_played, view.trick)
    return Knowledge.of(view.seat, view.hand, view.hand_counts, unknown, tricks, rules)


@dataclass(frozen=True, slots=True)
class SpeakingReading:
    """What the calls say of the hands that made them, by the rules of thumb.

    Each entry is (seat, trump then, strong): a seat that said je joue or
    contrer is taken to hold a hand of at least an even chance with that trump
    (``strong``), one that passed before any je joue a hand below it.
    """

    seats: int
    first: int
    readings: tuple[tuple[int, int, bool], ...]
    played: tuple[int, ...]  # cards each seat has played, to rebuild its hand

    @classmethod
    def from_view(cls, view: DealView) -> SpeakingReading:
        seats = view.seats
        first_trump = int((view.set_aside or view.trump_card).suit)
        readings = []
        declared = False
        for i, (seat, action) in enumerate(view.calls):
            trump = first_trump if i < 2 * seats else trump_of(view)
            if seat == view.seat or action.kind is Kind.CURIEUSE:
                continue
            if action.kind in (Kind.PLAY_CONTRACT, Kind.CONTRE):
                readings.append((seat, trump, True))
                declared = True
            elif not declared and (i < seats or i >= 2 * seats):  # a pass
                readings.append((seat, trump, False))
        played = played_by_seat(seats, view.tricks_played, view.trick)
        return cls(seats, (view.dealer + 1) % seats, tuple(readings), played)

    def weight(self, hands: list[int]) -> float:
        weight = 1.0
        for seat, trump, strong in self.readings:
            hand = hands[seat] | self.played[seat]
            p = success_chance(hand, trump, self.seats, 0, seat == self.first)
            if (p >= 0.5) is not strong:
                weight *= MISFIT
        return weight


class BetePimcPlayer(ChoosingPlayer[DealView, Action]):
    """Sampling and double-dummy solving: the strong La Bête player."""

    name = "pimc"

    def __init__(self, max_deals: int = 64) -> None:
        self.sampler = Sampler(max_deals)

    def choose(self, view: DealView, rng: random.Random, budget: float) -> Action:
        deadline, hard = deadlines(budget, 0.8, 0.95)
        if view.phase is Phase.PLAY:
            return self._play(view, rng, deadline, hard)
        return self._speak(view, rng, deadline, hard)

    # ---- deals ---------------------------------------------------------------

    def deals(
        self, view: DealView, rng: random.Random, deadline: float
    ) -> Iterator[tuple[float, list[int]]]:
        """Consistent deals (the hands, then the talon's unseen cards) with their
        weights (``games.ai.sampling``), weighed by the speaking."""
        reading = SpeakingReading.from_view(view)
        weigh = reading.weight if reading.readings else None
        return self.sampler.deals(knowledge_of(view), weigh, rng, deadline)

    # ---- speaking ------------------------------------------------------------

    def _speak(self, view: DealView, rng: random.Random, deadline: float, hard: float) -> Action:
        kinds = {a.kind: a for a in view.legal}
        seat = view.seat
        seats = view.seats
        first = (view.dealer + 1) % seats
        trump = trump_of(view)
        underruff = view.rules.bete_must_underruff
        stakes = stakes_of(view)
        if Kind.CURIEUSE in kinds:
            return self._curieuse(view, rng, deadline, hard, kinds)
        mine = BeteSolver.of(seat, Goal.SUCCEED, trump, seats, underruff, hard)
        theirs = BeteSolver.of(view.declarer, Goal.SUCCEED, trump, seats, underruff, hard)
        made = declarer_made = total = 0.0
        try:
            for weight, deal in self.deals(view, rng, deadline):
                position = start_of_play(deal[:seats], first, trump, underruff)
                mine_made = mine.solve(position.copy())
                theirs_made = Kind.CONTRE in kinds and theirs.solve(position.copy())
                total += weight
                made += weight * mine_made
                declarer_made += weight * theirs_made
        except SearchTimeout:
            pass
        if not total:
            return choose_call(view)
        p = contract_chance(made / total)
        if Kind.PLAY_CONTRACT in kinds:
            if declare_worth(stakes, p, view.hand, trump) > 0:
                return kinds[Kind.PLAY_CONTRACT]
            return kinds[Kind.PASS]
        q = contract_chance(declarer_made / total) if total else DECLARER_CHANCE
        if contre_worth(stakes, p, q) > 0:
            return kinds[Kind.CONTRE]
        return kinds[Kind.PASS]

    def _curieuse(
        self,
        view: DealView,
        rng: random.Random,
        deadline: float,
        hard: float,
        kinds: dict[Kind, Action],
    ) -> Action:
        tally = CurieuseTally(view, hard)
        try:
            for weight, deal in self.deals(view, rng, deadline):
                tally.add(weight, deal, rng)
        except SearchTimeout:
            pass
        if not tally.total:
            return choose_call(view)
        worth = tally.worth()
        return kinds[Kind.CURIEUSE] if worth > 0 else kinds[Kind.PASS]

    # ---- card play -----------------------------------------------------------

    def _play(self, view: DealView, rng: random.Random, deadline: float, hard: float) -> Action:
        worths_in = card_worths(view, hard)
        legal_cards = [card_of(a) for a in view.legal]
        worth = dict.fromkeys(legal_cards, 0.0)
        try:
            for weight, deal in self.deals(view, rng, deadline):
                for c, v in worths_in(deal).items():
                    worth[c] += weight * v
        except SearchTimeout:
            pass
        top = max(worth.values())
        best = [c for c in legal_cards if worth[c] >= top - 1e-9]
        card = best[0] if len(best) == 1 else play_rule_of_thumb(view, best)
        return play_of(view.legal, card)


def card_worths(view: DealView, hard: float) -> Callable[[list[int]], dict[int, float]]:
    """What each legal card is worth to the seat in a sampled deal (the hidden
    hands first), solved double-dummy; the solvers, kept across deals, give up at
    ``hard`` (``math.inf``: never)."""
    seats = view.seats
    trump = trump_of(view)
    underruff = view.rules.bete_must_underruff
    stakes = stakes_of(view)
    base = play_position(view, [0] * seats)
    played = len(view.tricks_played)
    solvers: dict[tuple[int, Goal], BeteSolver] = {}

    def values(target: int, goal: Goal, position: BetePosition) -> dict[int, bool]:
        solver = solvers.get((target, goal))
        if solver is None:
            solver = BeteSolver.of(target, goal, trump, seats, underruff, hard)
            solvers[(target, goal)] = solver
        return solver.move_values(position)

    def worths(deal: list[int]) -> dict[int, float]:
        position = base.copy()
        position.hands = deal[:seats]
        return _deal_worths(view, stakes, position, played, values)

    return worths


def _deal_worths(
    view: DealView,
    stakes: Stakes,
    position: BetePosition,
    played: int,
    values: Callable[[int, Goal, BetePosition], dict[int, bool]],
) -> dict[int, float]:
    """What each legal card is worth to the seat in one deal, solved double-dummy."""
    me, declarer, contreur = view.seat, view.declarer, view.contreur
    d_made = values(declarer, Goal.SUCCEED, position)
    c_made = values(contreur, Goal.SUCCEED, position) if contreur >= 0 else None
    if me == declarer:
        return _declarer_worths(stakes, d_made, view, position, played, values)
    if c_made is not None and me == contreur:
        return {c: stakes.contreur(c_made[c], d_made[c] and not c_made[c]) for c in d_made}
    per_card = {}
    for c, made in d_made.items():
        v = stakes.defender(made)
        if c_made is not None and not c_made[c]:
            v += 2 * stakes.stake / view.seats  # the contreur's double bête
        per_card[c] = v
    if view.tricks_won[declarer] == 0 and not any(d_made.values()):
        # he fails whatever is played: without a trick he makes a dévole
        for c, took in values(declarer, Goal.ANY_TRICK, position).items():
            if not took:
                per_card[c] += 2 * stakes.stake / view.seats
    return per_card


def _declarer_worths(
    stakes: Stakes,
    made: dict[int, bool],
    view: DealView,
    position: BetePosition,
    played: int,
    values: Callable[[int, Goal, BetePosition], dict[int, bool]],
) -> dict[int, float]:
    """The declarer's worth of each card in one deal: success, else no dévole,
    and a vole when success is sure and every trick so far is his."""
    out = {c: stakes.declarer(m) for c, m in made.items()}
    me = view.seat
    if not any(made.values()) and view.tricks_won[me] == 0:
        for c, took in values(me, Goal.ANY_TRICK, position).items():
            if not took:
                out[c] = stakes.declarer(False, devole=True)
    elif all(made.values()) and view.tricks_won[me] == played:
        for c, swept in values(me, Goal.ALL, position).items():
            if swept:
                out[c] = stakes.declarer(True, vole=True)
    return out


def contract_chance(dd_share: float) -> float:
    """The chance to succeed from the share of deals made double-dummy."""
    return dd_share + FAIL_MADE * (1 - dd_share)


def play_position(view: DealView, hands: list[int]) -> BetePosition:
    """The card-play position of ``view`` with the given hands."""
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else view.turn
    opening = tuple(t.winner for t in view.tricks_played[:2])
    rules = FollowBeatTrump(trump_of(view), view.rules.bete_must_underruff)
    return BetePosition(list(hands), leader, trick, list(view.tricks_won), rules, opening)


__all__ = ["BetePimcPlayer", "SpeakingReading", "knowledge_of", "play_position"]


class CurieuseTally:
    """En curieuse, deal by deal: the suit the talon's next card would turn for trump,
    whether the contract would be made with it, and at the end what playing en
    curieuse is worth against passing (the strong player's choice and the teacher's
    value of it)."""

    def __init__(self, view: DealView, hard: float) -> None:
        self.view = view
        self.seats = view.seats
        self.first = (view.dealer + 1) % view.seats
        self.underruff = view.rules.bete_must_underruff
        self.stakes = stakes_of(view, 1)
        self.solvers = [
            BeteSolver.of(view.seat, Goal.SUCCEED, s, self.seats, self.underruff, hard)
            for s in range(4)
        ]
        self.made = [0.0] * 4
        self.weights = [0.0] * 4

    @property
    def total(self) -> float:
        return sum(self.weights)

    def add(self, weight: float, deal: list[int], rng: random.Random) -> None:
        talon = bits_of(deal[self.seats])
        if not talon:
            return
        suit = rng.choice(talon) >> 4  # the next card of the talon, turned for trump
        position = start_of_play(deal[: self.seats], self.first, suit, self.underruff)
        self.made[suit] += weight * self.solvers[suit].solve(position)
        self.weights[suit] += weight

    def worth(self) -> float:
        """Playing en curieuse against passing: the stake kept, and each suit's declaring
        worth where it is worth declaring, weighted by how often it turns."""
        total = self.total
        worth = -self.stakes.keep
        for suit in range(4):
            if self.weights[suit]:
                p = contract_chance(self.made[suit] / self.weights[suit])
                declared = declare_worth(self.stakes, p, self.view.hand, suit)
                worth += self.weights[suit] / total * max(0.0, declared)
        return worth

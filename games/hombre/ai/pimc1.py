"""The first strong L'Hombre player, kept as ``pimc1`` for the duel (``pimc`` against it):
Perfect Information Monte Carlo over consistent deals.

The hidden cards (the other hands, the talon and the discards) are drawn
uniformly among the deals consistent with what the seat has seen
(``games.ai.knowledge.Knowledge``: its hand and discards, the cards played,
voids and the matador privilege's refusals shown in the play, the rest of the
talon when shown, the partner's hand when the vole lets defenders see it),
weighted by how well they explain the calls (``CallReading``).

* Card play: every legal card is valued over the deals by what the deal's
  result is worth to the seat (``value.Payoffs``), each deal solved
  double-dummy (``solver``): does the hombre win, else does he avoid the
  codille; in a vole, does he take every trick.  At the stop after five
  tricks, stopping is a sure win and each card undertakes the vole.  Early in
  the play the search looks ``DEPTH`` tricks ahead and judges the rest by a
  playout.  Ties go to the rules of thumb.
* Auction, trump and exchange: on each deal (the talon's order drawn too) the
  exchanges are played out (the seat's candidate, the others' by the rules of
  thumb) and the deal by the solver's playout; each choice is valued by the
  mean worth to the seat.  Passing is worth what the deal gives the seat as a
  defender of whoever would call instead (the standing caller, or a later
  speaker whose hand the rules of thumb would take with), nothing if all
  pass (each pays 2 jetons his share of the poule gives back).  The exchange
  tries the rules of thumb's discard and those of up to two cards more or
  fewer, and leaves the rule's only for a clear gain.

Signals (gano, knock) are never given.  Every decision stops drawing deals
when its time budget is spent.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from games.ai.base import ChoosingPlayer, deadlines
from games.ai.sampling import Sampler, played_by_seat
from games.ai.thumb import play_of
from games.cards import Suit, bits_of
from games.hombre.actions import HIDE, PASS, STOP, Action, Kind, discard, trump
from games.hombre.rules import ESPADILLE, SEATS, trick_rules
from games.hombre.state import DealView, Mode, Phase

from .contract import Contract, after_exchanges, exchange_range
from .exchange import weakest_first
from .heuristic import (
    PRENDRE_SCORE,
    best_trump,
    play_rule_of_thumb,
    trump_score,
    weak_discard,
)
from .inference import knowledge_of
from .play import sampled_worths
from .solver import playout
from .value import Payoffs

MISFIT: Final = 0.2  # weight factor of a deal for each call it does not explain
CALLS: Final = (Kind.PRENDRE, Kind.SANS_PRENDRE)  # the vole is never announced
EXCHANGE_SPREAD: Final = 2  # cards more or fewer than the rules of thumb discard, tried
EXCHANGE_MARGIN: Final = 0.5  # jetons by which a discard must beat the rule's to be chosen


@dataclass(frozen=True, slots=True)
class CallReading:
    """What the calls say of the hands that made them, by the rules of thumb.

    Before any exchange each call is read with the seat's best trump: a seat
    that called holds a hand worth ``PRENDRE_SCORE``, one that passed does not.
    After the exchange only the hombre's hand is read, with his trump (the
    cards he has played put back).
    """

    readings: tuple[tuple[int, bool], ...]  # (seat, strong)
    trump: int  # -1: each hand's best suit
    played: tuple[int, ...]

    @classmethod
    def from_view(cls, view: DealView) -> CallReading:
        played = played_by_seat(SEATS, view.tricks_played, view.trick)
        if view.exchanged:
            readings = [] if view.hombre in (view.seat, -1) else [(view.hombre, True)]
            return cls(tuple(readings), view.trump, played)
        calls = tuple((s, a.kind is not Kind.PASS) for s, a in view.calls if s != view.seat)
        return cls(calls, -1, played)

    def weight(self, hands: list[int]) -> float:
        weight = 1.0
        for seat, strong in self.readings:
            hand = hands[seat] | self.played[seat]
            score = best_trump(hand)[1] if self.trump < 0 else trump_score(hand, Suit(self.trump))
            if (score >= PRENDRE_SCORE) is not strong:
                weight *= MISFIT
        return weight


# ---- the fast evaluation of a whole deal: exchanges, then a playout -----------


Table = Contract  # who plays and how, for the evaluation of deals from the auction on


def hombre_if_passing(view: DealView, hands: Sequence[int]) -> Table | None:
    """Who plays, and how, if the seat passes (None: all pass): the standing caller,
    else the first later speaker whose hand the rules of thumb would take with,
    else the espadille's holder when the table forces him."""
    first = (view.dealer + 1) % SEATS
    standing = [(s, a.kind) for s, a in view.calls if a.kind is not Kind.PASS]
    if standing:
        seat, kind = standing[-1]
        return Table(first, seat, Mode(int(kind)), best_trump(hands[seat])[0])
    spoken = {s for s, _ in view.calls}
    for step in range(SEATS):
        seat = (first + step) % SEATS
        if seat == view.seat or seat in spoken:
            continue
        suit, score = best_trump(hands[seat])
        if score >= PRENDRE_SCORE:
            return Table(first, seat, Mode.PRENDRE, suit)
    if view.rules.espadille_forcee:
        holder = next((s for s in range(SEATS) if hands[s] >> ESPADILLE & 1), -1)
        if holder >= 0:
            return Table(first, holder, Mode.FORCED, best_trump(hands[holder])[0])
    return None


def play_out(
    table: Table,
    hands: Sequence[int],
    talon: Sequence[int],
    chosen: dict[int, int],
    done: int = 0,
) -> tuple[list[int], int]:
    """The trick counts and the hombre's hand after the exchanges still to come and
    a playout: ``chosen`` discards by seat, the others' by the rules of thumb;
    ``talon`` in drawing order; ``done`` exchangers already past."""
    hands = after_exchanges(table, hands, talon, chosen, done)
    counts = playout(trick_rules(table.trump), hands, table.first, [0] * SEATS, table.hombre)
    return counts, hands[table.hombre]


def result_of(counts: Sequence[int], hombre: int) -> str:
    best = max(t for s, t in enumerate(counts) if s != hombre)
    own = counts[hombre]
    return "win" if own > best else "remise" if own == best else "codille"


class Worths:
    """A seat's payoffs per table (hombre, mode), made once per decision."""

    def __init__(self, view: DealView) -> None:
        self.view = view
        self.first = (view.dealer + 1) % SEATS
        self._payoffs: dict[tuple[int, Mode], Payoffs] = {}

    def payoffs(self, hombre: int, mode: Mode) -> Payoffs:
        key = (hombre, mode)
        found = self._payoffs.get(key)
        if found is None:
            found = Payoffs(self.view.pool, self.first, hombre, mode, self.view.seat)
            self._payoffs[key] = found
        return found

    def of_deal(
        self,
        table: Table,
        hands: Sequence[int],
        talon: Sequence[int],
        chosen: dict[int, int],
        done: int = 0,
    ) -> float:
        counts, hand = play_out(table, hands, talon, chosen, done)
        matadors = trick_rules(table.trump).matador_run(hand)
        payoffs = self.payoffs(table.hombre, table.mode)
        return payoffs.value(result_of(counts, table.hombre), matadors)


def discard_candidates(hand: int, trump: int, least: int, most: int) -> list[int]:
    """Discards of the j weakest cards for each j allowed: plain cards first,
    then kings, then trumps (the rules of thumb's order of weakness)."""
    order = weakest_first(hand, trump)
    out = []
    mask = 0
    for j in range(most + 1):
        if j >= least:
            out.append(mask)
        if j < len(order):
            mask |= 1 << order[j]
    return out


# ---- the player -----------------------------------------------------------------


class HombrePimc1Player(ChoosingPlayer[DealView, Action]):
    """Sampling and double-dummy solving, its calls and exchange judged by one
    playout a deal: the first strong L'Hombre player."""

    name = "pimc1"

    def __init__(self, max_deals: int = 48) -> None:
        self.sampler = Sampler(max_deals)

    def choose(self, view: DealView, rng: random.Random, budget: float) -> Action:
        deadline, hard = deadlines(budget, 0.75, 0.9)
        phase = view.phase
        if phase is Phase.PLAY:
            return self._play(view, rng, deadline, hard)
        if phase is Phase.TALON:
            return HIDE  # showing helps the defenders read the hands more than it helps us
        if phase is Phase.AUCTION:
            return self._auction(view, rng, deadline)
        if phase is Phase.TRUMP:
            return self._trump(view, rng, deadline)
        return self._exchange(view, rng, deadline)

    def deals(
        self, view: DealView, rng: random.Random, deadline: float
    ) -> Iterator[tuple[float, list[int]]]:
        """Consistent deals (the hands, then the unseen rest) with their weights."""
        reading = CallReading.from_view(view)
        weigh = reading.weight if reading.readings else None
        return self.sampler.deals(knowledge_of(view), weigh, rng, deadline)

    # ---- auction, trump, exchange ------------------------------------------------

    def _auction(self, view: DealView, rng: random.Random, deadline: float) -> Action:
        calls = [a for a in view.legal if a.kind in CALLS]
        if not calls:
            return PASS
        worths = Worths(view)
        sums = {(a.kind, s): 0.0 for a in calls for s in range(4)}
        total = passing = 0.0
        for weight, deal in self.deals(view, rng, deadline):
            talon = _shuffled(deal[SEATS], rng)
            hands = deal[:SEATS]
            total += weight
            for kind, suit in sums:
                table = Table(worths.first, view.seat, Mode(int(kind)), suit)
                sums[(kind, suit)] += weight * worths.of_deal(table, hands, talon, {})
            other = hombre_if_passing(view, hands)
            if other is not None:
                passing += weight * worths.of_deal(other, hands, talon, {})
        if not total:
            return PASS
        best: tuple[float, Action] = (passing / total, PASS)
        for action in calls:
            value = max(sums[(action.kind, s)] for s in range(4)) / total
            if value > best[0]:
                best = (value, action)
        return best[1]

    def _trump(self, view: DealView, rng: random.Random, deadline: float) -> Action:
        assert view.mode is not None
        worths = Worths(view)
        sums = [0.0] * 4
        for weight, deal in self.deals(view, rng, deadline):
            talon = _shuffled(deal[SEATS], rng)
            for suit in range(4):
                table = Table(worths.first, view.seat, view.mode, suit)
                sums[suit] += weight * worths.of_deal(table, deal[:SEATS], talon, {})
        return trump(max(range(4), key=lambda s: sums[s]))

    def _exchange(self, view: DealView, rng: random.Random, deadline: float) -> Action:
        assert view.mode is not None
        worths = Worths(view)
        table = Table(worths.first, view.hombre, view.mode, view.trump)
        least, most = exchange_range(table, view.seat, view.talon_left, False)
        # the rules of thumb's discard, and others of nearly as many cards
        rule = weak_discard(
            view.hand, view.trump, *exchange_range(table, view.seat, view.talon_left, True)
        )
        n = rule.bit_count()
        candidates = [rule] + [
            c
            for c in discard_candidates(view.hand, view.trump, least, most)
            if abs(c.bit_count() - n) <= EXCHANGE_SPREAD and c != rule
        ]
        done = len(view.exchanged)
        sums = [0.0] * len(candidates)
        total = 0.0
        for weight, deal in self.deals(view, rng, deadline):
            total += weight
            # the talon's rest lies among the unseen cards out of the hands
            talon = _shuffled(deal[SEATS], rng)[: view.talon_left]
            for i, cards in enumerate(candidates):
                chosen = {view.seat: cards}
                sums[i] += weight * worths.of_deal(table, deal[:SEATS], talon, chosen, done)
        best = max(range(len(candidates)), key=lambda i: sums[i])
        # another discard must beat the rule's clearly: the playouts judge the
        # exchanges roughly, and the best of many noisy sums is flattered
        if sums[best] - sums[0] < EXCHANGE_MARGIN * total:
            best = 0
        return discard(candidates[best])

    # ---- card play ---------------------------------------------------------------

    def _play(self, view: DealView, rng: random.Random, deadline: float, hard: float) -> Action:
        assert view.mode is not None
        payoffs = Worths(view).payoffs(view.hombre, view.mode)
        sums = sampled_worths(view, payoffs, self.deals(view, rng, deadline), hard)
        cards, worth, total = sums.cards, sums.worth, sums.total
        if not total:
            return play_of(view.legal, play_rule_of_thumb(view, cards))
        top = max(worth.values())
        if STOP in view.legal and sums.stop_worth >= top:
            return STOP
        best = [c for c in cards if worth[c] >= top - 1e-9 * total]
        card = best[0] if len(best) == 1 else play_rule_of_thumb(view, best)
        return play_of(view.legal, card)


def _shuffled(mask: int, rng: random.Random) -> list[int]:
    cards = bits_of(mask)
    rng.shuffle(cards)
    return cards


__all__ = [
    "CallReading",
    "HombrePimc1Player",
    "Table",
    "Worths",
    "discard_candidates",
    "play_out",
]

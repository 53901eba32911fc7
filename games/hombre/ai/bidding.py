"""The call and the trump of L'Hombre's strong player (RULES.md §3 "Auction").

On deals drawn consistently with the view (the other hands weighed by the
calls made, the talon's order drawn too) every call open to the seat is
valued by the seat's worth of the whole deal (``contract.Judge``: its
payment, its share of the poule's change, the bêtes as debts, so the poule
and the bêtes at stake count):

* a call that makes the seat hombre: with each trump worth trying, and en
  prenant with each of the discards tried at the auction
  (``exchange.weakest_discards``), the best of them on the same deals (the
  trump and the discard are chosen once for all deals, as they will be, before
  the talon is seen);
* passing: the seat defends against whoever would call instead (the standing
  caller, or a seat still to speak whose hand the rules of thumb would take
  with; the espadille's holder when the table forces him), or nothing moves
  if all pass (each pays 2 jetons that his share of the poule gives back);
* a call that a seat still to speak would outbid by the rules of thumb makes
  the seat a defender of that one.

The seat bids when bidding is worth more than passing.  The value of a
choice of trump and discard is not the best sum over the deals, which luck
flatters, but the choice one half of the deals prefers valued on the other
half, both ways (``Options.fair``).  The trump, named after the auction, is
chosen the same way with the seat's mode.  A sans-prendre vole is judged made
on a deal only when the playout takes every trick and the solver confirms it
(``contract.vole_made``), and it is announced only when made in at least
``VOLE_CALL`` of the deals: a failed vole costs the hombre no more than his
share of the poule (RULES.md §3 "Money": no bête, no bonus paid), which would
make the announcement the cheapest way to play any doubtful hand, leaving the
poule to the defenders more often than not.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from games.cards import Suit, bits_of
from games.hombre.actions import Kind
from games.hombre.rules import ESPADILLE, HAND_SIZE, SEATS, TALON_SIZE
from games.hombre.state import DealView, Mode

from .contract import Contract, Judge, after_exchanges
from .exchange import weakest_discards
from .heuristic import PRENDRE_SCORE, SANS_PRENDRE_SCORE, best_trump, trump_score

CALLS: Final = (Kind.PRENDRE, Kind.SANS_PRENDRE, Kind.SANS_PRENDRE_VOLE)
VOLE_CALL: Final = 0.5  # the least share of the deals drawn a vole must be made in to be announced
TRUMP_SPREAD: Final = 4  # trumps tried at the auction: within this of the best ``trump_score``


def rule_call(hand: int) -> Kind:
    """The call the rules of thumb make with ``hand`` when nothing stands."""
    score = best_trump(hand)[1]
    if score >= SANS_PRENDRE_SCORE:
        return Kind.SANS_PRENDRE
    return Kind.PRENDRE if score >= PRENDRE_SCORE else Kind.PASS


def auction_end(view: DealView, hands: list[int], call: Kind) -> tuple[int, Kind] | None:
    """The hombre and his call once the seat of ``view`` says ``call``, the seats
    still to speak calling by the rules of thumb (None: all pass)."""
    standing: tuple[int, Kind] | None = None
    for seat, action in view.calls:
        if action.kind is not Kind.PASS:
            standing = (seat, action.kind)
    if call is not Kind.PASS:
        standing = (view.seat, call)
    spoken = {seat for seat, _ in view.calls} | {view.seat}
    for step in range(1, SEATS):
        seat = (view.seat + step) % SEATS
        if seat in spoken:
            continue
        wanted = rule_call(hands[seat])
        if wanted is not Kind.PASS and (standing is None or wanted > standing[1]):
            standing = (seat, wanted)
    return standing


def other_contract(view: DealView, judge: Judge, hands: list[int], call: Kind) -> Contract | None:
    """The contract another seat plays after the seat's ``call`` (None: the seat is
    hombre by its call, or all pass); the espadille's holder forced to play may be
    the seat itself, exchanging as the rules of thumb would."""
    end = auction_end(view, hands, call)
    if end is None:
        holder = next((s for s in range(SEATS) if hands[s] >> ESPADILLE & 1), -1)
        if not view.rules.espadille_forcee or holder < 0:
            return None
        return judge.contract(holder, Mode.FORCED, best_trump(hands[holder])[0])
    seat, kind = end
    if seat == view.seat:
        return None
    return judge.contract(seat, Mode(int(kind)), best_trump(hands[seat])[0])


@dataclass(slots=True)
class Options:
    """The seat's contracts being valued on the same deals: (mode, trump, discard)."""

    judge: Judge
    seat: int
    choices: list[tuple[Mode, int, int]]
    sums: list[float]
    halves: tuple[list[float], list[float]]  # the sums over every other deal
    made: list[float]  # the weight of the deals whose announced vole is made
    deals: int = 0

    @classmethod
    def of(
        cls, view: DealView, judge: Judge, modes: Iterable[Mode], suits: Iterable[int]
    ) -> Options:
        choices = []
        for mode in modes:
            for suit in suits:
                if mode.takes:
                    for cards in weakest_discards(view.hand, suit, 1, HAND_SIZE):
                        choices.append((mode, suit, cards))
                else:
                    choices.append((mode, suit, 0))
        n = len(choices)
        return cls(judge, view.seat, choices, [0.0] * n, ([0.0] * n, [0.0] * n), [0.0] * n)

    def add(self, weight: float, hands: list[int], talon: list[int], modes: set[Mode]) -> None:
        """One deal: the seat's worth of each of its contracts of ``modes``."""
        judge = self.judge
        half = self.halves[self.deals % 2]
        self.deals += 1
        for i, (mode, suit, cards) in enumerate(self.choices):
            if mode not in modes:
                continue
            contract = judge.contract(self.seat, mode, suit)
            chosen = {self.seat: cards} if mode.takes else {}
            after = after_exchanges(contract, hands, talon, chosen)
            voles = judge.voles_made
            worth = weight * judge.worth(contract, after)
            self.sums[i] += worth
            half[i] += worth
            if judge.voles_made > voles:
                self.made[i] += weight

    def best(self, mode: Mode) -> tuple[float, int]:
        """The highest sum of ``mode``'s choices and its trump."""
        found = max((s, c[1]) for s, c in zip(self.sums, self.choices, strict=True) if c[0] is mode)
        return found

    def most_made(self, mode: Mode) -> float:
        """The most weight of deals in which one of ``mode``'s choices makes the vole."""
        return max((m for m, c in zip(self.made, self.choices, strict=True) if c[0] is mode))

    def fair(self, mode: Mode) -> float:
        """The sum of ``mode``'s best choice, not flattered by the choosing: the
        choice the deals of one half prefer, valued on the other half, both ways.
        (The best of many sums on the same deals is the one luck favoured most:
        compared with passing, a single sum, it would bid too often.)"""
        mine = [i for i, c in enumerate(self.choices) if c[0] is mode]
        total = 0.0
        for chooser, judged in ((0, 1), (1, 0)):
            sums = self.halves[chooser]
            best = max(mine, key=lambda i: sums[i])
            total += self.halves[judged][best]
        return total


def trumps_worth_trying(hand: int) -> list[int]:
    """The suits whose ``trump_score`` is within ``TRUMP_SPREAD`` of the best."""
    scores = {int(s): trump_score(hand, s) for s in Suit}
    top = max(scores.values())
    return [s for s, v in scores.items() if v >= top - TRUMP_SPREAD]


def call_values(
    view: DealView, judge: Judge, deals: Iterable[tuple[float, list[int]]], rng: random.Random
) -> dict[Kind, float]:
    """The seat's mean worth of the deal after each call it may make (pass first)."""
    calls = [a.kind for a in view.legal if a.kind in CALLS]
    options = Options.of(view, judge, [Mode(int(k)) for k in calls], trumps_worth_trying(view.hand))
    passing = 0.0
    defending = dict.fromkeys(calls, 0.0)  # sums over the deals where the call is outbid
    total = 0.0
    for weight, deal in deals:
        hands = deal[:SEATS]
        talon = shuffled_talon(deal[SEATS], rng)
        total += weight
        other = other_contract(view, judge, hands, Kind.PASS)
        if other is not None:
            passing += weight * judge.worth(other, after_exchanges(other, hands, talon, {}))
        playing = set()
        for kind in calls:
            outbid = other_contract(view, judge, hands, kind)
            if outbid is None:
                playing.add(Mode(int(kind)))
            else:
                after = after_exchanges(outbid, hands, talon, {})
                defending[kind] += weight * judge.worth(outbid, after)
        options.add(weight, hands, talon, playing)
    if not total:
        return {Kind.PASS: 0.0}
    values = {Kind.PASS: passing / total}
    for kind in calls:
        mode = Mode(int(kind))
        if mode is Mode.SANS_PRENDRE_VOLE and options.most_made(mode) < VOLE_CALL * total:
            continue  # not announced on a doubtful vole (see the module docstring)
        values[kind] = (options.fair(mode) + defending[kind]) / total
    return values


def choose_call(
    view: DealView, judge: Judge, deals: Iterable[tuple[float, list[int]]], rng: random.Random
) -> Kind:
    """The seat's call: pass, or the call worth most if more than passing."""
    if not any(a.kind in CALLS for a in view.legal):
        return Kind.PASS
    values = call_values(view, judge, deals, rng)
    return max(values, key=lambda k: (values[k], -k))


def choose_trump(
    view: DealView, judge: Judge, deals: Iterable[tuple[float, list[int]]], rng: random.Random
) -> int:
    """The hombre's trump: the suit his mode is worth most with."""
    assert view.mode is not None
    options = Options.of(view, judge, [view.mode], range(4))
    modes = {view.mode}
    for weight, deal in deals:
        options.add(weight, deal[:SEATS], shuffled_talon(deal[SEATS], rng), modes)
    return options.best(view.mode)[1]


def shuffled_talon(mask: int, rng: random.Random) -> list[int]:
    cards = bits_of(mask)
    rng.shuffle(cards)
    return cards[:TALON_SIZE]


__all__ = ["CALLS", "auction_end", "call_values", "choose_call", "choose_trump", "rule_call"]

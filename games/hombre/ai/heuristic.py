"""L'Hombre's rule-of-thumb player: it bids on trump length and matadors,
keeps trumps and kings at the exchange, and in play wins a trick cheaply when
its side is not winning it, else throws its weakest card."""

from __future__ import annotations

import random
from typing import Final

from games.ai.base import DEFAULT_BUDGET
from games.cards import Rank, Suit, bits_of
from games.hombre.actions import HIDE, PASS, Action, Kind, discard, play, trump
from games.hombre.rules import trick_rules
from games.hombre.state import DealView, Phase

KINGS: Final = sum(1 << (16 * s + Rank.K) for s in Suit)
PRENDRE_SCORE: Final = 8  # the least ``trump_score`` the rules of thumb take with
SANS_PRENDRE_SCORE: Final = 12  # and play without exchanging with
DEFENDER_MOST: Final = 5  # cards a defender exchanges at most (fewer when the talon has fewer)


def trump_score(hand: int, suit: Suit) -> int:
    """A hand's worth with ``suit`` for trump: trumps, matadors counted thrice, kings."""
    rules = trick_rules(suit)
    trumps = hand & rules.trump_mask
    return (
        trumps.bit_count()
        + 2 * (trumps & rules.matadors).bit_count()
        + (hand & KINGS & ~trumps).bit_count()
    )


def best_trump(hand: int) -> tuple[Suit, int]:
    return max(((s, trump_score(hand, s)) for s in Suit), key=lambda p: p[1])


class HombreHeuristicPlayer:
    name = "heuristic"

    def act(self, view: DealView, rng: random.Random, budget: float = DEFAULT_BUDGET) -> Action:
        if not view.legal:
            raise ValueError("it is not this seat's turn")
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._bid(view)
        if phase is Phase.TRUMP:
            return trump(best_trump(view.hand)[0])
        if phase is Phase.EXCHANGE:
            return self._exchange(view)
        if phase is Phase.TALON:
            return HIDE
        return self._play(view)

    def _bid(self, view: DealView) -> Action:
        _, score = best_trump(view.hand)
        wanted = Kind.PASS
        if score >= SANS_PRENDRE_SCORE:
            wanted = Kind.SANS_PRENDRE
        elif score >= PRENDRE_SCORE:
            wanted = Kind.PRENDRE
        for action in sorted(view.legal, key=lambda a: -a.kind):
            if action.kind <= wanted and action.kind is not Kind.SANS_PRENDRE_VOLE:
                return action
        return PASS

    def _exchange(self, view: DealView) -> Action:
        least = min(1, view.talon_left) if view.seat == view.hombre else 0
        most = min(9, view.talon_left)
        if view.seat != view.hombre:
            most = min(most, DEFENDER_MOST)
        return discard(weak_discard(view.hand, view.trump, least, most))

    def _play(self, view: DealView) -> Action:
        if any(a.kind is Kind.STOP for a in view.legal):
            return next(a for a in view.legal if a.kind is Kind.STOP)
        cards = [
            a.cards.bit_length() - 1 for a in view.legal if a.kind is Kind.PLAY and not a.signal
        ]
        return play(play_rule_of_thumb(view, cards))


def weak_discard(hand: int, trump: int, least: int, most: int) -> int:
    """The cards the rules of thumb discard: the weakest that are neither trumps
    nor kings, at most ``most``; at least ``least`` of the weakest cards."""
    rules = trick_rules(trump)
    weak = [i for i in bits_of(hand & ~rules.trump_mask & ~KINGS)]
    weak.sort(key=lambda i: rules.power[i])
    chosen = weak[:most]
    if len(chosen) < least:
        chosen = sorted(bits_of(hand), key=lambda i: rules.power[i])[:least]
    mask = 0
    for i in chosen:
        mask |= 1 << i
    return mask


def play_rule_of_thumb(view: DealView, cards: list[int]) -> int:
    """The rules of thumb's card among ``cards`` (legal ones): the hombre leads
    his best trump, a defender his best plain card; a card wins the trick as
    cheaply as it can when the side is not winning it, else the weakest goes."""
    rules = trick_rules(view.trump)
    power = rules.power
    cards = sorted(cards, key=lambda i: power[i])
    if not view.trick:
        if view.seat == view.hombre and view.hand & rules.trump_mask:
            return max(cards, key=lambda i: (rules.is_trump(i), power[i]))
        plain = [i for i in cards if not rules.is_trump(i)]
        return max(plain or cards, key=lambda i: power[i])
    winner_seat = view.winning
    partner_wins = view.seat != view.hombre and winner_seat != view.hombre
    if partner_wins:
        return cards[0]
    winning_card = next(c.index for s, c in view.trick if s == winner_seat)
    for i in cards:
        if rules.beats(i, winning_card):
            return i
    return min(cards, key=lambda i: (rules.is_trump(i), power[i]))

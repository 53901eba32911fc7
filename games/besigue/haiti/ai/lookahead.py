"""Phase 1 of the strong Haitian player: one trick ahead over sampled deals.

While the stock lasts any card may be played, and what a trick is worth lies
mostly beyond it: the combination its winner may lay (and before trump is
fixed, the first marriage that fixes it), the 7 of trump it scores, the cards
each seat keeps.  On each deal drawn consistently with the view each card the
seat may play is played out to the end of its trick: with two players the
other answers with the card worst for the seat (every card of his is tried),
with more the later seats follow rules of thumb.  The winner then lays his
largest combination, and each seat is judged by its points so far (its
combinations and 7s, the brisques of its tricks) plus what its cards are worth
(``games.besigue.haiti.ai.value``).  A card's value is its side's judgement
minus the other sides', averaged over the deals.  The draws are left out:
every card of the stock is as likely to come to each seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from games.besigue.actions import Action
from games.besigue.ai.lookahead import (
    choices,
    follow_card,
    legal_cards,
    played_out,
    side_judgement,
    trick_values,
    winner_seat,
)
from games.besigue.ai.solver import card_points
from games.besigue.haiti.ai.heuristic import keep_value
from games.besigue.haiti.ai.value import WEIGHTS, Weights, best_meld, worth
from games.besigue.haiti.deal import HaitiView
from games.besigue.haiti.tricks import haiti_tricks
from games.besigue.melds import Laid, Meld
from games.besigue.rules import HAITI_PACKS, Seven
from games.cards import Card, Rank, Suit

SEVEN_POINTS: Final = 10
NO_TRUMP: Final = -1


class HaitiLookahead:
    """One decision's trick played out on the deals drawn."""

    def __init__(self, view: HaitiView, moves: Sequence[int], weights: Weights = WEIGHTS) -> None:
        seats = len(view.hand_sizes)
        self.view = view
        self.weights = weights
        self.seat = view.seat
        self.seats = seats
        self.trump = NO_TRUMP if view.trump is None else int(view.trump)
        self.rules = haiti_tricks(view.trump, False)
        self.teams = view.teams
        self.sides = max(view.teams) + 1
        self.laid = [view.laid_of(s) for s in range(seats)]
        self.own: list[list[Meld]] = [list(m) for m in view.melds]
        banked = [float(p) for p in view.deal_points]
        for played in view.tricks_played:
            banked[played.winner] += card_points(sum(c.bit for _, c in played.cards))
        self.banked = banked
        self.trick = [(s, c.index) for s, c in view.trick]
        self.sevens = (
            0
            if self.trump < 0 or view.rules.seven is Seven.NONE
            else sum(Card(Suit(self.trump), Rank.SEVEN, c).bit for c in range(HAITI_PACKS))
        )
        self.moves = list(moves)
        self.sums = [0.0] * len(self.moves)
        self.deals = 0
        self._melds: dict[tuple[int, int, int], int] = {}

    def judge(self, scores: Sequence[float]) -> float:
        return side_judgement(scores, self.teams, self.seat, self.sides)

    def add_drawn(self, deal: Sequence[int], rng: random.Random) -> None:
        """Value every move on one deal drawn (each seat's cards first): the
        stock's order does not matter one trick ahead."""
        self.add(deal[: self.seats])

    def add(self, cards: Sequence[int]) -> None:
        """Value every move on one deal: each seat's cards (laid or not)."""
        values = trick_values(
            self.moves,
            self.trick,
            self.seat,
            cards,
            self.laid,
            HAITI_PACKS,
            lambda plays: self._after(cards, plays),
            self._follow,
        )
        for i, value in enumerate(values):
            self.sums[i] += value
        self.deals += 1

    def _meld(self, seat: int, cards: int, laid: Laid) -> int:
        key = (seat, cards, laid.cards)
        if key not in self._melds:
            view = self.view
            self._melds[key] = best_meld(cards, laid, self.own[seat], self.trump, view.rules,
                                         view.besigue_laid)  # fmt: skip
        return self._melds[key]

    def _follow(self, seat: int, cards: int, plays: list[tuple[int, int]]) -> int:
        """A later seat's card, by rules of thumb (``follow_card``)."""
        laid, trump = self.laid[seat], self.trump
        return follow_card(
            choices(cards, laid, HAITI_PACKS),
            plays,
            self.rules,
            self.teams[winner_seat(plays, self.rules)] != self.teams[seat],
            lambda c: keep_value(Card.from_index(c), trump),
            lambda: bool(self._meld(seat, cards, laid)),
        )

    def _after(self, cards: Sequence[int], plays: list[tuple[int, int]]) -> float:
        """The judgement once the trick of ``plays`` is taken and declared."""
        seats = self.seats
        hands, laid, trick = played_out(cards, self.laid, plays)
        w = winner_seat(plays, self.rules)
        gain = [0.0] * seats
        gain[w] += card_points(trick)
        if trick & self.sevens:
            for seat, card in plays:
                if self.sevens >> card & 1:
                    scorer = seat if self.view.rules.seven is Seven.PLAYER else w
                    gain[scorer] += SEVEN_POINTS
        gain[w] += self._meld(w, hands[w], laid[w])
        rules = self.view.rules
        scores = [
            self.banked[s] + gain[s] + worth(hands[s], laid[s], self.trump, rules, self.weights)
            for s in range(seats)
        ]
        return self.judge(scores)

    def values(self) -> list[float]:
        """Each move's mean judgement over the deals played."""
        n = max(1, self.deals)
        return [s / n for s in self.sums]


def move_cards(view: HaitiView) -> tuple[list[Action], list[int]]:
    """The seat's legal plays and the card (bit number) each plays."""
    return legal_cards(view, HAITI_PACKS)

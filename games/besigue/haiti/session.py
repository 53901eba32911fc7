"""A Haitian game of Bésigue (RULES.md §4.1): parties in turn, each to the target,
and the match of two sides toward *donner cent points* (``match``).

The session deals (9 cards each by threes, from the dealer's right; no card
turned, or with ``trump=turned`` the top card of the stock, a joker going back
into the stock at a place drawn from the deal's seed), passes the deal to the
next seat after every deal, and when a deal wins a partie counts it into the
match and starts the next partie at the head starts.  It goes on until stopped:
a table plays parties one after another (``over`` stays False); a record holds
one partie, so its replay stops at the partie's end (``partie_over``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.match import Match
from games.besigue.rules import HAITI_HAND, Rules, TrumpBy, Variant, deck_for
from games.besigue.session import SessionBase, SettledDeal, deal_order
from games.cards import is_joker


class HaitiSession(SessionBase):
    """Parties of Haitian Bésigue at one table, and their match."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: Rules | None = None,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        seed: int = 0,
        match: Match | None = None,
    ) -> None:
        """``scores``: the marque by side, to resume a partie stopped earlier (by
        default the head starts); ``match``: the match so far (a new one by default)."""
        rules = rules or Rules(variant=Variant.HAITI)
        if not rules.haiti:
            raise ValueError("a HaitiSession plays variant=haiti")
        sides = max(rules.teams_for(len(players))) + 1
        self.match = match or Match(counted=sides == 2)
        if self.match.counted != (sides == 2):
            raise ValueError("the match of parties is between two sides only")
        start = scores if scores is not None else self.match.start_scores(sides)
        super().__init__(players, rules=rules, dealer=dealer, scores=start, seed=seed)
        self.match_start = self.match
        self.states: list[HaitiDeal] = []  # every deal dealt, in order
        self.parties_won: list[SettledDeal] = []  # the deal that won each partie

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        seed: int,
        rules: Rules | None = None,
        scores: Sequence[int] | None = None,
        dealer: int | None = None,
        match: Match | None = None,
    ) -> HaitiSession:
        """A new match (or one resumed), the first dealer drawn from ``seed`` unless
        given."""
        rng = random.Random(seed)
        drawn = rng.randrange(len(players))
        return cls(
            players,
            rules=rules,
            dealer=drawn if dealer is None else dealer,
            scores=scores,
            seed=rng.getrandbits(64),
            match=match,
        )

    # ---- deals ---------------------------------------------------------------------

    def shuffle(self, seed: int | None = None) -> tuple[list[int], int, list[int]]:
        """The cards of the next deal (hands, the turned card or -1, the stock top
        first), shuffled from ``seed`` (else the session's generator)."""
        rng = self._deal_rng(seed)
        order = list(deck_for(self.seats, Variant.HAITI).order())
        rng.shuffle(order)
        hands, first, rest = deal_order(order, self.seats, self.dealer, HAITI_HAND)
        stock = [first, *rest]
        if self.rules.trump is not TrumpBy.TURNED:
            return hands, -1, stock
        put_back = []
        while is_joker(stock[0]):
            put_back.append(stock.pop(0))
        turned = stock.pop(0)
        for joker in put_back:
            stock.insert(rng.randrange(len(stock) + 1), joker)
        return hands, turned, stock

    def deal(self, seed: int | None = None) -> HaitiDeal:
        """Shuffle (from ``seed``, else the session's generator) and deal."""
        hands, turned, stock = self.shuffle(seed)
        return self.deal_hands(hands, stock, turned)

    def deal_hands(self, hands: Sequence[int], stock: Sequence[int], turned: int = -1) -> HaitiDeal:
        """A deal of these cards (bit sets by seat; the stock's bit numbers top first;
        the turned card's, or -1); ``ValueError`` if they do not fit the game."""
        if self.over:
            raise ValueError("the game is over")
        if len(hands) != self.seats:
            raise ValueError(f"the game has {self.seats} players, not {len(hands)} hands")
        state = HaitiDeal(self.rules, self.dealer, hands, stock, self.scores, turned)
        self.states.append(state)
        self.in_deal = True
        return state

    def settle(self, state: HaitiDeal) -> SettledDeal:
        """Count a finished deal into the partie, pass the deal, and when it won the
        partie count it into the match and start the next partie."""
        outcome = state.outcome
        if outcome is None:
            raise ValueError("the deal is not over")
        cent_points = None
        if outcome.over:
            assert outcome.winner is not None
            self.match, cent_points = self.match.after(outcome.winner, outcome.en_bas_table)
            self.scores = self.match.start_scores(self.sides)
        else:
            self.scores = list(outcome.scores)
        settled = SettledDeal(
            state.dealer,
            outcome,
            dict.fromkeys(self.players, 0),
            match=self.match,
            cent_points=cent_points,
        )
        self.settled.append(settled)
        if outcome.over:
            self.parties_won.append(settled)
        self.dealer = (self.dealer + 1) % self.seats
        self.in_deal = False
        return settled

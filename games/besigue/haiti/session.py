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

from collections.abc import Sequence

from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.match import Match
from games.besigue.rules import HAITI_HAND, Rules, TrumpBy, Variant, deck_for
from games.besigue.session import SessionBase, SettledDeal, deal_order, first_dealer
from games.cards import is_joker


class HaitiSession(SessionBase[HaitiDeal]):
    """Parties of Haitian Bésigue at one table, and their match."""

    variant = Variant.HAITI

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
        dealer, seed = first_dealer(players, seed, dealer)
        return cls(players, rules=rules, dealer=dealer, scores=scores, seed=seed, match=match)

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

    def deal_hands(self, hands: Sequence[int], stock: Sequence[int], turned: int = -1) -> HaitiDeal:
        """A deal of these cards (bit sets by seat; the stock's bit numbers top first;
        the turned card's, or -1); ``ValueError`` if they do not fit the game."""
        self._may_deal(hands)
        return self._dealt(HaitiDeal(self.rules, self.dealer, hands, stock, self.scores, turned))

    def settle(self, state: HaitiDeal) -> SettledDeal:
        """Count a finished deal into the partie, pass the deal, and when it won the
        partie count it into the match and start the next partie."""
        outcome = self._counted(state)
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
        if outcome.over:
            self.parties_won.append(settled)
        return self._passed(settled)

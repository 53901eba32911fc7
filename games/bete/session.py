"""A session of La Bête: deal after deal at one table of 2 to 5 players.

The session owns what outlives a deal: the dealer's turn, the round of deals
(each player deals once per round, and a round opens with the reserve ante),
the pot's three parts, whether a bête is in play, the register of waiting
bêtes and each player's balance.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games import dealing
from games.bete.rules import FICHE, MAX_SEATS, MIN_SEATS, Rules
from games.bete.state import DECK, Bete, DealState, Outcome, Pot
from games.cards import iter_bits
from games.register import BeteOrder, Crossing, Entry, Register

_DECK_ORDER = tuple(iter_bits(DECK))


@dataclass(frozen=True, slots=True)
class SettledDeal:
    deal_no: int
    outcome: Outcome
    net: dict[str, int]
    crossed: tuple[Crossing, ...]  # the bête put in play, and those collected on a vole
    new_entries: tuple[Entry, ...]
    pot_after: Pot

    @property
    def crossings(self) -> tuple[Crossing, ...]:
        return self.crossed


class Session:
    """Deal after deal; ``players`` are identities in seat order."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: int,
        rules: Rules | None = None,
        register: Register | None = None,
        pot: Pot | None = None,
        bete_in_play: bool = False,
        deals_in_round: int = 0,
    ) -> None:
        if not MIN_SEATS <= len(players) <= MAX_SEATS or len(set(players)) != len(players):
            raise ValueError(f"La Bête is played by {MIN_SEATS} to {MAX_SEATS} different players")
        self.players = tuple(players)
        self.rules = rules or Rules()
        self.register = register if register is not None else Register()
        self.pot = pot or Pot()
        self.bete_in_play = bete_in_play
        self.dealer = dealer
        self.deals_in_round = deals_in_round
        self.balances = dict.fromkeys(self.players, 0)
        self.deal_no = 0
        self.stop_requested = False
        self.in_deal = False  # a deal is dealt and not yet settled
        self._waiting: list[Entry] = []
        # the bête paid into the stake at this table, until a deal's winner takes it
        self.stake_bete: Entry | None = None
        self.stake_taken: Crossing | None = None  # the last deal's winner took it: by whom
        self._before: tuple[list[Entry], Pot, bool, bool] = ([], self.pot, False, False)

    @classmethod
    def start(
        cls, players: Sequence[str], seed: int, rules: Rules | None = None, **kwargs: object
    ) -> Session:
        """A new session; chance picks the first dealer."""
        dealer = random.Random(seed).randrange(len(players))
        return cls(players, dealer=dealer, rules=rules, **kwargs)  # type: ignore[arg-type]

    @property
    def seats(self) -> int:
        return len(self.players)

    def waiting(self) -> list[Entry]:
        """Waiting bêtes of the players seated here, oldest first."""
        return [e for e in self.register.entries if e.owner in self.players]

    def contradiction(self) -> str | None:
        """Why the next deal cannot be dealt as things stand, or None.

        Each deal moves one fiche from the reserve into the stake, and a round
        (one deal per player) starts by each player paying a fiche into the
        reserve: inside a round the reserve always holds that fiche.  One that
        does not (a record written by hand, say) does not go with its pot.
        """
        if self.deals_in_round != 0 and self.pot.reserve < FICHE:
            return (
                f"this deal does not open a round, yet the reserve ({self.pot.reserve} jetons)"
                f" cannot give the stake its fiche ({FICHE} jetons)"
            )
        return None

    def deal(self, seed: int) -> DealState:
        hands, talon = dealing.shuffled_deal(
            random.Random(seed), _DECK_ORDER, self.seats, self.dealer, self.rules.deal_pattern
        )
        return self.deal_hands(hands, talon)

    def deal_hands(self, hands: Sequence[int], talon: Sequence[int]) -> DealState:
        if len(hands) != self.seats:
            raise ValueError(f"{len(hands)} hands dealt to {self.seats} players")
        round_start = self.deals_in_round == 0
        self.in_deal = True
        self._waiting = self.waiting()
        self._before = (list(self.register.entries), self.pot, self.bete_in_play, round_start)
        waiting = [Bete(self.players.index(e.owner or ""), e.amount) for e in self._waiting]
        entering = -1
        if not self.bete_in_play:
            # the largest waiting bête enters (the oldest of equals)
            entry = self.register.in_play(self.players, BeteOrder.LARGEST)
            if entry is not None:
                entering = self._waiting.index(entry)
        return DealState(
            self.rules,
            self.dealer,
            hands,
            talon,
            pot=self.pot,
            bete_in_play=self.bete_in_play,
            waiting=waiting,
            entering=entering,
            round_start=round_start,
        )

    @property
    def before(self) -> tuple[list[Entry], Pot, bool, bool]:
        """(register, pot, bête in play, round start) as when the current deal was dealt."""
        return self._before

    def settle(self, state: DealState) -> SettledDeal:
        outcome = state.outcome
        if outcome is None:
            raise ValueError("the deal is not over")
        self.deal_no += 1
        net = {}
        for seat, amount in enumerate(outcome.net):
            self.balances[self.players[seat]] += amount
            net[self.players[seat]] = amount
        crossed = []
        if outcome.entered >= 0:
            entry = self._waiting[outcome.entered]
            crossed.append(self.register.cross_out(entry.id, None, entry.amount))
            self.stake_bete = entry  # paid in: whoever takes the stake collects it
        self.stake_taken = None
        if outcome.stake_winner >= 0 and self.stake_bete is not None:
            taker = self.players[outcome.stake_winner]
            self.stake_taken = Crossing(self.stake_bete, taker, self.stake_bete.amount)
            self.stake_bete = None
        by = self.players[outcome.declarer] if outcome.declarer >= 0 else None
        for index in outcome.collected:
            entry = self._waiting[index]
            paid = 0 if entry.owner == by else entry.amount
            crossed.append(self.register.cross_out(entry.id, by, paid))
        new_entries = tuple(
            self.register.append(self.players[b.owner], b.amount) for b in outcome.new_betes
        )
        self.pot = outcome.pot
        self.bete_in_play = outcome.bete_in_play
        self.dealer = (self.dealer + 1) % self.seats
        self.deals_in_round = (self.deals_in_round + 1) % self.seats
        self.in_deal = False
        return SettledDeal(self.deal_no, outcome, net, tuple(crossed), tuple(new_entries), self.pot)

    # ---- the end of a session ------------------------------------------------

    def request_stop(self) -> None:
        """Stop once the round of deals in progress is complete.

        Each player deals once per round, and the reserve's ante is paid per
        round: ending on a round's boundary keeps it fair.  The pot and the
        waiting bêtes carry over.
        """
        self.stop_requested = True

    @property
    def deals_left(self) -> int:
        """Deals still to settle before the round ends (the one in progress included):
        every deal of a round during its first, none between two rounds."""
        if self.in_deal:
            return self.seats - self.deals_in_round
        return (self.seats - self.deals_in_round) % self.seats

    @property
    def finished(self) -> bool:
        return self.stop_requested and self.deals_left == 0

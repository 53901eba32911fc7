"""What a deal of La Bête is worth to a seat, in jetons: the one measure its players
maximise and the duel scores.

Money in the pot is nobody's yet but will be somebody's: every seat is taken
to own an equal share ``1/n`` of whatever the pot holds, and a bête is a debt
its owner will pay into the stake.  So a seat's worth of a deal is its net
payment, plus its share of the pot's change, plus for every bête made its
debt (owner: ``-(1 - 1/n)`` of it; each other seat: ``+1/n``), minus the same
for every waiting bête paid off (the one put in play, those a vole collects).
Over the seats the worths sum to zero.

With ``e = 1/n`` and ``S`` the stake when the deal ends, a declarer who
succeeds gains ``S(1-e)`` and one who fails loses as much (his bête is the
stake): he should speak when his chance is above one half, less what a
dévole would cost and more what the king jetons or a vole would bring.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bete.state import DealState


def debt(amount: int, owner: int, seat: int, seats: int) -> float:
    """What a bête of ``amount`` owed by ``owner`` is worth to ``seat``."""
    return -amount * (1 - 1 / seats) if owner == seat else amount / seats


def deal_score(state: DealState, seat: int) -> float:
    """The worth to ``seat`` of a finished deal (see the module docstring)."""
    outcome = state.outcome
    if outcome is None:
        raise ValueError("the deal is not over")
    seats = state.seats
    score = outcome.net[seat] + outcome.pot_delta / seats
    for bete in outcome.new_betes:
        score += debt(bete.amount, bete.owner, seat, seats)
    paid = list(outcome.collected)
    if outcome.entered >= 0:
        paid.append(outcome.entered)
    for index in paid:
        bete = state.waiting[index]
        score -= debt(bete.amount, bete.owner, seat, seats)
    return score


@dataclass(frozen=True, slots=True)
class Stakes:
    """What the outcomes of a deal are worth to one seat, from its view.

    ``stake``: the stake as it will stand in the play; ``kings``: the king
    jetons; ``waiting``: the amounts of the waiting bêtes (not in play) with
    ``own_waiting`` the seat's own among them.
    """

    seats: int
    stake: int
    kings: int = 0
    waiting: int = 0
    own_waiting: int = 0

    @property
    def keep(self) -> float:
        """The share of pot money a seat that takes it does not already own."""
        return 1 - 1 / self.seats

    def declarer(self, succeeds: bool, devole: bool = False, vole: bool = False) -> float:
        """The declarer's worth (king jetons apart)."""
        s, keep = self.stake, self.keep
        if vole:
            return (s + self.waiting) * keep + self.seats - 1
        if succeeds:
            return s * keep
        if devole:
            return -(2 * s + self.waiting) * keep - (self.seats - 1)
        return -s * keep

    def defender(self, declarer_succeeds: bool) -> float:
        """A seat that neither plays nor contre: a share of the stake or of the bête."""
        return (-1 if declarer_succeeds else 1) * self.stake / self.seats

    def contreur(self, succeeds: bool, declarer_succeeds: bool) -> float:
        """The contreur's worth: the stake (and a share of the declarer's bête), or a
        double bête."""
        s, e = self.stake, 1 / self.seats
        if succeeds:
            return s * self.keep + s * e
        return -2 * s * self.keep + (-1 if declarer_succeeds else 1) * s * e

    @property
    def king_value(self) -> float:
        return self.kings * self.keep

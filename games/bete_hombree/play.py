"""The card play of a hand of La Bête Hombrée and its settlement (RULES.md §1.5, §1.6).

The trick loop is ``games.tricks.TrickPlay``'s; here is what this game adds
to it: the race of the simple demande, the end as soon as the result is
decided (``stop_when_decided``), the stake and the register's entry in play.
"""

from __future__ import annotations

from games.bete_hombree.hand import (
    PINANDELE_ANTE,
    SEATS,
    TRICKS,
    Contract,
    EntryInPlay,
    HandBase,
    Outcome,
    Phase,
    taken_from_pot,
)
from games.bete_hombree.rules import PinandeleRule, stake
from games.cards import Suit
from games.money import POT, Transfer, net_of


class Play(HandBase):
    """Playing the cards once trump is declared, then settling the hand."""

    __slots__ = ()

    @property
    def contract(self) -> Contract | None:
        if self.trump < 0:
            return None
        return Contract(
            self.declarer,
            self.call,
            self.level,
            Suit(self.trump),
            self.trump == self.belle,
            self.matadors,
        )

    # ---- play ----------------------------------------------------------------

    def _do_play(self, seat: int, index: int) -> None:
        winner = self._play_card(seat, index)
        if winner < 0:
            return
        tricks = self.tricks
        if winner == self.declarer:
            if tricks[winner] == 2:
                self.race_won = self.max_opp < 2
        elif tricks[winner] > self.max_opp:
            self.max_opp = tricks[winner]
        played = len(self.history)
        if played == TRICKS:
            self._settle_contract(self._made())
        elif self.rules.stop_when_decided:
            decided = self._decided(TRICKS - played)
            if decided is not None:
                self._settle_contract(decided)

    def _made(self) -> bool:
        taken = self.tricks[self.declarer]
        if self.level >= 3:
            return taken >= self.level
        # simple demande: 3 tricks, or 2 won before any opponent had 2 and no opponent took 3
        return taken >= 3 or (taken == 2 and self.race_won and self.max_opp < 3)

    def _decided(self, remaining: int) -> bool | None:
        """The result if it can no longer change with ``remaining`` tricks to play, else None."""
        taken = self.tricks[self.declarer]
        if self.level >= 3:
            if taken >= self.level:
                return True
            return False if taken + remaining < self.level else None
        if taken >= 3:
            return True
        # can the declarer still make it?  Only by taking every remaining trick,
        # unless 3 tricks are within reach.
        can_make = taken + remaining >= 3 or (
            taken + remaining == 2 and (self.race_won or self.max_opp < 2) and self.max_opp < 3
        )
        # can he still fail?  Opponents taking every remaining trick.
        can_fail = taken < 2 or not self.race_won or self.max_opp + remaining >= 3
        if can_make and can_fail:
            return None
        return can_make

    # ---- settlement ----------------------------------------------------------

    def _settle_pinandele(self) -> None:
        transfers = tuple(Transfer(s, POT, PINANDELE_ANTE, "ante") for s in range(SEATS))
        pot_delta = PINANDELE_ANTE * SEATS
        new_entry = None
        if self.rules.pinandele is PinandeleRule.QUEUE:
            new_entry = EntryInPlay(None, pot_delta)
        self._finish(None, None, 0, transfers, None, new_entry)

    def _settle_contract(self, made: bool) -> None:
        declarer = self.declarer
        belle = self.trump == self.belle
        p = stake(self.rules, self.level, belle, self.matadors)
        opponents = [s for s in range(SEATS) if s != declarer]
        entry = self.entry
        transfers: list[Transfer] = []
        crossed = None
        new_entry = None
        if made:
            transfers.extend(Transfer(o, declarer, p, "contract") for o in opponents)
            if entry is not None:
                crossed = entry
                if entry.owner is not None and entry.owner != declarer:
                    transfers.append(Transfer(entry.owner, declarer, entry.amount, "bete"))
            taken = taken_from_pot(entry, self.pending_pinandele)
            transfers.extend(Transfer(POT, declarer, amount, "pinandele") for amount in taken)
        else:
            transfers.extend(Transfer(declarer, o, p, "contract") for o in opponents)
            new_entry = EntryInPlay(declarer, 4 * p + (entry.amount if entry else 0))
        self._finish(made, self.contract, p, tuple(transfers), crossed, new_entry)

    def _finish(
        self,
        made: bool | None,
        contract: Contract | None,
        p: int,
        transfers: tuple[Transfer, ...],
        crossed: EntryInPlay | None,
        new_entry: EntryInPlay | None,
    ) -> None:
        net, pot_delta = net_of(transfers, SEATS)
        belle_after = self.belle
        if contract is not None and contract.matadors and (made or self.rules.belle_on_announce):
            belle_after = contract.trump
        self.outcome = Outcome(
            contract,
            made,
            tuple(self.tricks),
            p,
            transfers,
            net,
            pot_delta,
            crossed,
            new_entry,
            belle_after,
        )
        self.phase = Phase.DONE
        self.turn = -1

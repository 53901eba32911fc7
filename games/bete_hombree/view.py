"""What one seat may see of a hand of La Bête Hombrée: everything drawn comes from it."""

from __future__ import annotations

from dataclasses import dataclass

from games.bete_hombree.actions import Action
from games.bete_hombree.hand import (
    Contract,
    EntryInPlay,
    Outcome,
    Phase,
    pending_of,
    taken_from_pot,
)
from games.bete_hombree.rules import Rules
from games.cards import Card, Suit, cards_of
from games.duties import Duty
from games.tricks import PlayedTrick, played_mask


@dataclass(frozen=True, slots=True)
class HandView:
    """What one seat may see of a hand.  Cards are bit sets, as in ``games.cards``."""

    rules: Rules
    seat: int
    dealer: int
    belle: Suit
    phase: Phase
    turn: int  # -1 when the hand is over
    hand: int
    hand_counts: tuple[int, ...]
    calls: tuple[tuple[int, Action], ...]  # the auction, public
    call_ranks: tuple[int, ...]  # the rank the auction stood at before each call (0: none)
    standing: Action | None  # the standing call, if any
    standing_rank: int  # the rank it stands as: what the next call must beat (0: none)
    cagnote_over: int  # the rank the dealer's je cagnote overcalled (0: nothing, or no cagnote)
    holder: int  # seat holding it, or -1
    face_down: bool  # this seat keeps its hand face down, for a blind call still open
    declarer: int
    contract: Contract | None  # once declared
    discarded: int  # own discards only (0 for others)
    cagnot_seen: int  # cagnot cards this seat has seen
    trick: tuple[tuple[int, Card], ...]
    winning: int  # the seat whose card wins the trick in progress now (-1: no card yet)
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    duty: Duty | None  # what keeps some of this seat's cards from the trick now
    entry_in_play: EntryInPlay | None
    pot: int  # the sous in the pot, public: nothing moves in or out before the settlement
    legal: tuple[Action, ...]  # this seat's legal actions (empty if not its turn)
    outcome: Outcome | None

    @property
    def pending_pinandele(self) -> int:
        """Pinandèles waiting in the pot for the next bête won (``HandBase``'s)."""
        return pending_of(self.rules, self.pot)

    @property
    def pot_in_play(self) -> int:
        """The sous of the pot a declarer who makes his contract takes (the settlement's
        ``taken_from_pot``): what of the pot is at stake in this hand."""
        return sum(taken_from_pot(self.entry_in_play, self.pending_pinandele))

    @property
    def cards(self) -> list[Card]:
        return cards_of(self.hand)

    def visible_cards(self) -> int:
        """Every card this view shows: own hand, own discards and cagnot, cards played."""
        own = self.hand | self.discarded | self.cagnot_seen
        return own | played_mask(self.trick, self.tricks_played)

"""The value types of a hand of La Bête Hombrée, and the fields of its state.

``HandBase`` holds every field of a hand's state with its type; the state is
then built by concept, each a layer over the one before: the card play and its
settlement (``games.bete_hombree.play``), the auction (``auction``), the
exchange and the declaration (``declaration``), and ``HandState``
(``state``), where legality has its one entry point.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.rules import PinandeleRule, Rules, rank_belle, rank_level
from games.cards import Rank, Suit, deck_mask
from games.money import Transfer
from games.tricks import TrickPlay

SEATS: Final = 4
TRICKS: Final = 5
HAND_SIZE: Final = 5
CAGNOT_SIZE: Final = 3
PINANDELE_ANTE: Final = 2  # each seat's payment into the pot when all pass

FULL_DECK: Final = deck_mask([Rank.K, Rank.Q, Rank.J, Rank.A, Rank.TEN, Rank.NINE])


def deck_for(belle: Suit | int) -> int:
    """The 23 cards in play: 24 minus the 9 of the belle."""
    return FULL_DECK & ~(1 << (16 * int(belle) + Rank.NINE))


class Refused(StrEnum):
    """La Bête Hombrée's own rules an action may break (``games.refusals``)."""

    BELOW_STANDING = "below-standing"  # a bid lower than the standing one
    EQUALS_STANDING = "equals-standing"  # a bid only equal to the standing one
    SANS_PREJUDICE = "sans-prejudice"  # only first hand's first call, blind
    RETIENS = "retiens"  # only second hand's answer to sans préjudice, blind
    LOOKED = "looked"  # a blind call from a hand that has been looked at
    CAGNOTE = "cagnote"  # only the dealer cagnote, over a standing that leaves some
    TOUT = "tout"  # only the dealer prend le tout, over a lower standing
    CALL_EXPECTED = "call-expected"  # the auction waits for a call
    DISCARD_EXPECTED = "discard-expected"  # the dealer discards first
    DISCARD_COUNT = "discard-count"  # not as many cards as the discard takes
    DECLARE_EXPECTED = "declare-expected"  # the declarer declares first
    NOT_OPEN = "not-open"  # a level or suit the contract does not open
    MATADORS = "matadors"  # matadors announced that are not held


class Phase(IntEnum):
    AUCTION = 0
    DISCARD = 1  # the dealer's exchange after je cagnote / je prends le tout
    DECLARE = 2
    PLAY = 3
    DONE = 4


@dataclass(frozen=True, slots=True)
class EntryInPlay:
    """The register entry in play for this hand; ``owner`` is a seat, None for a pinandèle."""

    owner: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class Contract:
    declarer: int
    call: Kind  # the winning call: BID, SANS_PREJUDICE, RETIENS, CAGNOTE or TOUT
    level: int
    trump: Suit
    belle: bool
    matadors: int

    def __str__(self) -> str:
        text = f"{self.level} {self.trump.name}" + (" (belle)" if self.belle else "")
        return f"{text}, {self.matadors} matadors" if self.matadors else text


@dataclass(frozen=True, slots=True)
class Outcome:
    """The settlement of a finished hand.  ``contract`` is None after a pinandèle."""

    contract: Contract | None
    made: bool | None
    tricks: tuple[int, ...]
    stake: int
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]  # per seat; sum(net) + pot_delta == 0
    pot_delta: int
    crossed: EntryInPlay | None  # the entry crossed out
    new_entry: EntryInPlay | None  # the entry appended (a bête, or a pinandèle)
    belle_after: Suit


def taken_from_pot(entry: EntryInPlay | None, pending_pinandele: int) -> tuple[int, ...]:
    """What a declarer who makes his contract takes from the pot (RULES.md §1.6): a
    pinandèle in play, and with ``pinandele=with_next_bete`` the pinandèles waiting in
    the pot, which go with the entry won."""
    if entry is None:
        return ()
    taken = (entry.amount,) if entry.owner is None else ()
    return (*taken, pending_pinandele) if pending_pinandele else taken


def pending_of(rules: Rules, pot: int) -> int:
    """What of the pot goes with the next bête won: all of it under
    ``pinandele=with_next_bete``, nothing under the other options."""
    return pot if rules.pinandele is PinandeleRule.WITH_NEXT_BETE else 0


def matadors_held(hand: int, trump: int) -> int:
    """How many of K Q J A 10 of trump the hand holds as an unbroken run from the king."""
    count = 0
    base = 16 * trump
    while count < 5 and hand >> (base + count) & 1:
        count += 1
    return count if count >= 3 else 0


def rank_text(rank: int) -> str:
    """A standing rank in words: ``3``, ``2 en belle``, ``nothing``."""
    if rank == 0:
        return "nothing"
    return f"{rank_level(rank)}{' en belle' if rank_belle(rank) else ''}"


class HandBase(TrickPlay):
    """The fields of a hand's state, beside the card play's (``TrickPlay``)."""

    done = Phase.DONE

    __slots__ = (
        "actions",
        "allowed_ranks",
        "auction_ranks",
        "belle",
        "cagnot",
        "cagnot_taken",
        "cagnote_over",
        "call",
        "declarer",
        "discarded",
        "entry",
        "holder",
        "level",
        "looked",
        "matadors",
        "max_opp",
        "outcome",
        "passed",
        "passes_in_row",
        "phase",
        "pot",
        "race_won",
        "rules",
        "standing",
        "trump",
    )
    rules: Rules
    belle: Suit
    trump: int  # -1 until declared
    cagnot: tuple[int, ...]
    cagnot_taken: int
    discarded: int
    entry: EntryInPlay | None
    pot: int  # the sous in the pot as dealt: nothing moves in or out before the settlement
    actions: list[tuple[int, Action]]
    auction_ranks: list[int]  # the standing rank before each auction call
    looked: int  # seats (bits) that turned up their hand: no blind call for them
    phase: Phase
    passed: int
    passes_in_row: int
    standing: int
    holder: int
    call: Kind
    cagnote_over: int
    declarer: int
    allowed_ranks: int
    level: int
    matadors: int
    race_won: bool  # the simple-demande race
    max_opp: int
    outcome: Outcome | None

    @property
    def pending_pinandele(self) -> int:
        """The pinandèles waiting in the pot that go with the next bête won (RULES.md
        §1.6, option ``pinandele=with_next_bete``); none under the other options."""
        return pending_of(self.rules, self.pot)

    @property
    def pot_at_stake(self) -> int:
        """The sous of the pot a declarer who makes his contract takes."""
        return sum(taken_from_pot(self.entry, self.pending_pinandele))

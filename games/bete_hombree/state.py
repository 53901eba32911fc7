"""One hand of La Bête Hombrée: auction, exchange, declaration, play, settlement.

``HandState`` is the whole truth of a hand; ``HandState.view(seat)`` is what one
seat may see, and everything shown to a player is built from a view.  Legality
lives in one place, ``HandState.check``: ``apply`` verifies with it and raises
``IllegalActionError``, ``is_legal`` wraps it, and ``legal_actions`` lists in a
deterministic order exactly the actions it accepts.

Cards are bit numbers (see ``games.cards``) and hands are bit sets, because this
class is also the computer players' inner loop.

The hand is built by concept, each a module: its value types and fields
(``hand``), the card play and settlement (``play``), the auction
(``auction``), the exchange and declaration (``declaration``) and the view
(``view``); this module holds the dispatch, the one place of legality.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.bete_hombree.actions import PLAYS, Action, Kind
from games.bete_hombree.declaration import Declaration
from games.bete_hombree.hand import (
    CAGNOT_SIZE,
    FULL_DECK,
    HAND_SIZE,
    PINANDELE_ANTE,
    SEATS,
    TRICKS,
    Contract,
    EntryInPlay,
    HandBase,
    Outcome,
    Phase,
    Refused,
    deck_for,
    matadors_held,
)
from games.bete_hombree.rules import Rules
from games.bete_hombree.view import HandView
from games.cards import Suit, bits_of
from games.dealing import validate_deal, validate_shape
from games.obligations import FollowBeatTrump
from games.refusals import IllegalActionError, Refusal, Rule, turn_refusal
from games.tricks import TrickPlay

__all__ = [
    "CAGNOT_SIZE",
    "FULL_DECK",
    "HAND_SIZE",
    "PINANDELE_ANTE",
    "SEATS",
    "TRICKS",
    "Contract",
    "EntryInPlay",
    "HandState",
    "HandView",
    "IllegalActionError",
    "Outcome",
    "Phase",
    "deck_for",
    "matadors_held",
]


class HandState(Declaration):
    """The full state of one hand.  Mutable: ``apply`` advances it, ``copy`` forks it.

    The card play itself (hands, trick, tricks won, history) is ``TrickPlay``'s.
    """

    __slots__ = ()

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        belle: Suit | int,
        hands: Sequence[int],
        cagnot: Sequence[int],
        entry_in_play: EntryInPlay | None = None,
        pot: int = 0,
    ) -> None:
        """A hand just dealt.  ``hands`` are bit sets by seat, ``cagnot`` bit numbers in
        order; ``pot``: the sous in the pot, shown to every seat (``pending_pinandele``
        is what of it goes with the next bête won)."""
        belle = Suit(belle)
        _validate_deal(dealer, belle, hands, cagnot, entry_in_play)
        self.rules = rules
        self._deal(dealer, hands)
        self.belle = belle
        self.trump = -1
        self.trick_rules = FollowBeatTrump(-1, True)  # trump is named at the declaration
        self._start_play(self.first)
        self.cagnot = tuple(cagnot)
        self.cagnot_taken = 0
        self.discarded = 0
        self.entry = entry_in_play
        self.pot = pot
        self.actions = []
        self.auction_ranks = []
        self.looked = 0
        self.phase = Phase.AUCTION
        # auction
        self.passed = 0
        self.passes_in_row = 0
        self.standing = 0
        self.holder = -1
        self.call = Kind.PASS
        self.cagnote_over = 0
        # contract
        self.declarer = -1
        self.allowed_ranks = 0
        self.level = 0
        self.matadors = 0
        # the simple-demande race
        self.race_won = False
        self.max_opp = 0
        self.outcome = None

    @property
    def net_so_far(self) -> tuple[int, ...]:
        """Each seat's net payment in this hand so far: nothing moves before the
        settlement (a pinandèle is paid then), then the whole hand's (``Outcome.net``)."""
        return (0,) * SEATS if self.outcome is None else self.outcome.net

    # ---- copying -----------------------------------------------------------------

    def copy(self) -> HandState:
        return self._copied(_ALL_SLOTS, ("actions", "auction_ranks"))

    # ---- legality: the one place -------------------------------------------------

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None."""
        refused = turn_refusal(self, seat, "the hand is over")
        if refused is not None:
            return refused
        kind = action.kind
        phase = self.phase
        if phase is Phase.PLAY:
            if kind is not Kind.PLAY:
                return Refusal(
                    Rule.PLAY_EXPECTED, "the cards are being played: only 'play C' is possible"
                )
            return self._check_play(action.cards)
        if phase is Phase.AUCTION:
            return self._check_auction(action)
        if phase is Phase.DISCARD:
            if kind is not Kind.DISCARD:
                return Refusal(Refused.DISCARD_EXPECTED, "the dealer must first discard")
            return self._check_discard(action.cards)
        if kind is not Kind.DECLARE:
            return Refusal(
                Refused.DECLARE_EXPECTED,
                "the declarer must now declare trump (and level, matadors)",
            )
        return self._check_declare(action)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, in a fixed order."""
        phase = self.phase
        if phase is Phase.PLAY:
            return [PLAYS[i] for i in bits_of(self._legal_play_mask())]
        if phase is Phase.AUCTION:
            return self._auction_legal()
        if phase is Phase.DISCARD:
            return self._discard_candidates()
        if phase is Phase.DECLARE:
            return self._declare_candidates()
        return []

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Verify then perform ``action`` by the seat to act (or ``seat``, which must be it)."""
        turn = self.turn
        # the computer players' hot path: the same legality, without the dispatch
        if (
            action.kind is Kind.PLAY
            and self.phase is Phase.PLAY
            and (seat is None or seat == turn)
            and action.cards & self._legal_play_mask()
        ):
            self.actions.append((turn, action))
            self._do_play(turn, action.cards.bit_length() - 1)
            return
        reason = self.check(action, seat)
        if reason is not None:  # inline: this is the engine benchmark's hot path
            raise IllegalActionError(reason)
        self._do(action)

    def _do(self, action: Action) -> None:
        """Perform an action already verified."""
        seat = self.turn
        self.actions.append((seat, action))
        kind = action.kind
        if kind is Kind.PLAY:
            self._do_play(seat, action.cards.bit_length() - 1)
        elif self.phase is Phase.AUCTION:
            self._do_auction(seat, action)
        elif kind is Kind.DISCARD:
            self._do_discard(action.cards)
        else:
            self._do_declare(action)

    # ---- views ---------------------------------------------------------------

    def view(self, seat: int) -> HandView:
        """What ``seat`` may see: its own cards, every public call and card played."""
        calls = tuple((s, a) for s, a in self.actions if a.kind <= Kind.TOUT)
        standing = None
        if self.holder >= 0:
            standing = next(a for s, a in reversed(calls) if a.kind is not Kind.PASS)
        own_declarer = seat == self.declarer
        return HandView(
            **self.seen_by(seat),
            rules=self.rules,
            belle=self.belle,
            phase=self.phase,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            calls=calls,
            call_ranks=tuple(self.auction_ranks),
            standing=standing,
            standing_rank=self.standing,
            cagnote_over=self.cagnote_over,
            holder=self.holder,
            face_down=self.face_down(seat),
            declarer=self.declarer,
            contract=self.contract,
            discarded=self.discarded if own_declarer else 0,
            cagnot_seen=self.cagnot_taken if own_declarer else 0,
            entry_in_play=self.entry,
            pot=self.pot,
            legal=tuple(self.legal_actions()) if seat == self.turn else (),
            outcome=self.outcome,
        )


def _validate_deal(
    dealer: int,
    belle: Suit,
    hands: Sequence[int],
    cagnot: Sequence[int],
    entry: EntryInPlay | None,
) -> None:
    validate_shape(dealer, SEATS, hands, cagnot, CAGNOT_SIZE, "cagnot")
    validate_deal(deck_for(belle), hands, cagnot, HAND_SIZE, "cagnot")
    if entry is not None and entry.owner is not None and not 0 <= entry.owner < SEATS:
        raise ValueError(f"the entry in play belongs to seat {entry.owner}, not a seat 0-3")


_ALL_SLOTS: Final = (*TrickPlay.__slots__, *HandBase.__slots__)

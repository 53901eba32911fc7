"""One hand of La Bête Hombrée: auction, exchange, declaration, play, settlement.

``HandState`` is the whole truth of a hand; ``HandState.view(seat)`` is what one
seat may see, and everything shown to a player is built from a view.  Legality
lives in one place, ``HandState.check``: ``apply`` verifies with it and raises
``IllegalActionError``, ``is_legal`` wraps it, and ``legal_actions`` lists in a
deterministic order exactly the actions it accepts.

Cards are bit numbers (see ``games.cards``) and hands are bit sets, because this
class is also the computer players' inner loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from games.bete_hombree.actions import (
    BIDS,
    CAGNOTE,
    PASS,
    PLAYS,
    RETIENS,
    SANS_PREJUDICE,
    TOUT,
    Action,
    Kind,
    declare,
)
from games.bete_hombree.rules import (
    MAX_RANK,
    MIN_RANK,
    CagnoteDiscard,
    PinandeleRule,
    Rules,
    bid_rank,
    rank_belle,
    rank_level,
    stake,
    stands_as,
)
from games.cards import Card, Rank, Suit, bits_of, cards_of, deck_mask
from games.dealing import validate_deal
from games.money import POT, Transfer, net_of
from games.obligations import FollowBeatTrump
from games.tricks import PlayedTrick, TrickPlay, played_mask

SEATS: Final = 4
TRICKS: Final = 5
HAND_SIZE: Final = 5
CAGNOT_SIZE: Final = 3
PINANDELE_ANTE: Final = 2  # each seat's payment into the pot when all pass

# Legal bids from a lowest rank upwards, in order.
_BIDS_FROM: Final = {
    low: [BIDS[r] for r in range(max(low, MIN_RANK), MAX_RANK + 1)] for low in range(MAX_RANK + 2)
}

FULL_DECK: Final = deck_mask([Rank.K, Rank.Q, Rank.J, Rank.A, Rank.TEN, Rank.NINE])


def deck_for(belle: Suit | int) -> int:
    """The 23 cards in play: 24 minus the 9 of the belle."""
    return FULL_DECK & ~(1 << (16 * int(belle) + Rank.NINE))


class IllegalActionError(ValueError):
    """An action the rules forbid now; the message says which rule."""


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
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    entry_in_play: EntryInPlay | None
    pending_pinandele: int  # pinandèles waiting in the pot (option pinandele=with_next_bete)
    legal: tuple[Action, ...]  # this seat's legal actions (empty if not its turn)
    outcome: Outcome | None

    @property
    def cards(self) -> list[Card]:
        return cards_of(self.hand)

    def visible_cards(self) -> int:
        """Every card this view shows: own hand, own discards and cagnot, cards played."""
        own = self.hand | self.discarded | self.cagnot_seen
        return own | played_mask(self.trick, self.tricks_played)


def matadors_held(hand: int, trump: int) -> int:
    """How many of K Q J A 10 of trump the hand holds as an unbroken run from the king."""
    count = 0
    base = 16 * trump
    while count < 5 and hand >> (base + count) & 1:
        count += 1
    return count if count >= 3 else 0


class HandState(TrickPlay):
    """The full state of one hand.  Mutable: ``apply`` advances it, ``copy`` forks it.

    The card play itself (hands, trick, tricks won, history) is ``TrickPlay``'s.
    """

    __slots__ = (
        "actions",
        "allowed_ranks",
        "auction_ranks",
        "belle",
        "cagnot",
        "cagnot_taken",
        "cagnote_over",
        "call",
        "dealer",
        "declarer",
        "discarded",
        "entry",
        "first",
        "holder",
        "initial_hands",
        "level",
        "looked",
        "matadors",
        "max_opp",
        "outcome",
        "passed",
        "passes_in_row",
        "pending_pinandele",
        "phase",
        "race_won",
        "rules",
        "standing",
        "trump",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        belle: Suit | int,
        hands: Sequence[int],
        cagnot: Sequence[int],
        entry_in_play: EntryInPlay | None = None,
        pending_pinandele: int = 0,
    ) -> None:
        """A hand just dealt.  ``hands`` are bit sets by seat, ``cagnot`` bit numbers in order."""
        belle = Suit(belle)
        _validate_deal(dealer, belle, hands, cagnot, entry_in_play)
        self.rules = rules
        self.dealer = dealer
        self.belle = belle
        self.first = (dealer + 1) % SEATS
        self.seats = SEATS
        self.trump = -1
        self.trick_rules = FollowBeatTrump(-1, True)  # trump is named at the declaration
        self.hands = list(hands)
        self._start_play(self.first)
        self.initial_hands = tuple(hands)
        self.cagnot = tuple(cagnot)
        self.cagnot_taken = 0
        self.discarded = 0
        self.entry = entry_in_play
        self.pending_pinandele = pending_pinandele
        self.actions: list[tuple[int, Action]] = []
        self.auction_ranks: list[int] = []  # the standing rank before each auction call
        self.looked = 0  # seats (bits) that turned up their hand: no blind call for them
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
        self.outcome: Outcome | None = None

    # ---- copying -----------------------------------------------------------------

    def copy(self) -> HandState:
        other = object.__new__(HandState)
        for name in _ALL_SLOTS:
            setattr(other, name, getattr(self, name))
        self._copy_play_to(other)
        other.actions = list(self.actions)
        other.auction_ranks = list(self.auction_ranks)
        return other

    # ---- legality: the one place -------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    def check(self, action: Action, seat: int | None = None) -> str | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None."""
        if self.phase is Phase.DONE:
            return "the hand is over"
        if seat is not None and seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        kind = action.kind
        phase = self.phase
        if phase is Phase.PLAY:
            if kind is not Kind.PLAY:
                return "the cards are being played: only 'play C' is possible"
            return self._check_play(action.cards)
        if phase is Phase.AUCTION:
            return self._check_auction(action)
        if phase is Phase.DISCARD:
            if kind is not Kind.DISCARD:
                return "the dealer must first discard"
            return self._check_discard(action.cards)
        if kind is not Kind.DECLARE:
            return "the declarer must now declare trump (and level, matadors)"
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
        if reason is not None:
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

    # ---- auction -------------------------------------------------------------

    def position(self, seat: int) -> int:
        """Place in the rotation counted from first hand (0) to the dealer (3)."""
        return (seat - self.first) % SEATS

    def _lowest_bid(self) -> int:
        """The lowest rank a bid may have now: above the standing bid, or equal to it
        when *premier* (an earlier seat than its holder, over a plain bid)."""
        standing = self.standing
        if standing == 0:
            return MIN_RANK
        if self.position(self.turn) < self.position(self.holder) and (
            not standing & 1 or self.rules.premier_in_belle
        ):
            return standing
        return standing + 1

    def _may_sans_prejudice(self) -> bool:
        return self.turn == self.first and not self.actions and not self.looked >> self.turn & 1

    def _may_retiens(self) -> bool:
        actions = self.actions
        return (
            self.turn == (self.first + 1) % SEATS
            and len(actions) == 1
            and actions[0][1].kind is Kind.SANS_PREJUDICE
            and not self.looked >> self.turn & 1
        )

    def _may_cagnote(self) -> bool:
        return self.turn == self.dealer and self.standing < bid_rank(5, False)

    def _may_tout(self) -> bool:
        return self.turn == self.dealer and self.standing < bid_rank(5, False)

    def blind_call_open(self, seat: int) -> bool:
        """Could ``seat`` still say sans préjudice or je retiens this hand (whose
        turn it is or not)?  Only first hand before any call, and second hand
        before any call or right after first hand's sans préjudice."""
        if self.phase is not Phase.AUCTION:
            return False
        actions = self.actions
        if seat == self.first:
            return not actions
        if seat == (self.first + 1) % SEATS:
            return not actions or (len(actions) == 1 and actions[0][1].kind is Kind.SANS_PREJUDICE)
        return False

    def face_down(self, seat: int) -> bool:
        """Whether ``seat`` still keeps its hand face down: a blind call may still be
        open to it and it has not looked."""
        return not self.looked >> seat & 1 and self.blind_call_open(seat)

    def look(self, seat: int) -> None:
        """``seat`` turns up its hand: from now on it may make no blind call.

        Not an action of the record: it changes nothing but what the seat may
        call, so a seat may look whenever it likes, its turn or not.
        """
        if not 0 <= seat < SEATS:
            raise IllegalActionError(f"no seat {seat}")
        self.looked |= 1 << seat

    def _auction_legal(self) -> list[Action]:
        out = [PASS]
        if self._may_sans_prejudice():
            out.append(SANS_PREJUDICE)
        if self._may_retiens():
            out.append(RETIENS)
        out.extend(_BIDS_FROM[self._lowest_bid()])
        if self.turn == self.dealer:
            if self._may_cagnote():
                out.append(CAGNOTE)
            if self._may_tout():
                out.append(TOUT)
        return out

    def _check_auction(self, action: Action) -> str | None:
        seat = self.turn
        kind = action.kind
        if kind is Kind.PASS:
            return None
        standing = _rank_text(self.standing)
        if kind is Kind.BID:
            rank = bid_rank(action.level, action.belle)
            if rank >= self._lowest_bid():
                return None
            if rank < self.standing:
                return f"{action} is lower than the standing {standing}"
            if rank_belle(rank) and not self.rules.premier_in_belle:
                return (
                    f"{action} only equals a belle bid ({standing}): only a higher level beats it"
                )
            return (
                f"{action} only equals the standing {standing}; 'premier' needs a seat"
                " earlier in the rotation than its holder"
            )
        if kind is Kind.SANS_PREJUDICE:
            if self._may_sans_prejudice():
                return None
            if seat != self.first:
                return "only first hand (the dealer's right) may say sans préjudice"
            if self.looked >> seat & 1:
                return "sans préjudice is said blind: this hand has been looked at"
            return "sans préjudice is only first hand's first call"
        if kind is Kind.RETIENS:
            if self._may_retiens():
                return None
            if seat != (self.first + 1) % SEATS:
                return "only second hand may say je retiens"
            if self.looked >> seat & 1:
                return "je retiens is said blind: this hand has been looked at"
            return "je retiens only answers first hand's sans préjudice, as a first call"
        if kind is Kind.CAGNOTE:
            if self._may_cagnote():
                return None
            if seat != self.dealer:
                return "only the dealer may cagnoter"
            return f"nothing is left to cagnoter over the standing {standing}"
        if kind is Kind.TOUT:
            if self._may_tout():
                return None
            if seat != self.dealer:
                return "only the dealer may prendre le tout"
            return f"je prends le tout (5) does not beat the standing {standing}"
        return f"'{action}' is not a call of the auction"

    def _do_auction(self, seat: int, action: Action) -> None:
        kind = action.kind
        self.auction_ranks.append(self.standing)
        if kind is Kind.PASS:
            self.passed |= 1 << seat
            self.passes_in_row += 1
        else:
            self.passes_in_row = 0
            self.holder = seat
            self.call = kind
            if kind is Kind.CAGNOTE:
                self.cagnote_over = self.standing
            self.standing = stands_as(action, self.standing)
        if self._auction_over():
            self._close_auction()
            return
        self.turn = self._next_bidder(seat)

    def _auction_over(self) -> bool:
        if self.rules.pass_reentry:
            if self.holder >= 0:
                return self.passes_in_row >= SEATS - 1
            return self.passes_in_row >= SEATS
        passed = self.passed.bit_count()
        return passed == SEATS or (passed == SEATS - 1 and self.holder >= 0)

    def _next_bidder(self, seat: int) -> int:
        for step in range(1, SEATS + 1):
            nxt = (seat + step) % SEATS
            if self.rules.pass_reentry or not self.passed >> nxt & 1:
                return nxt
        raise AssertionError("no bidder left")  # _auction_over() prevents this

    def _close_auction(self) -> None:
        if self.holder < 0:
            self._settle_pinandele()
            return
        declarer = self.holder
        self.declarer = declarer
        self.turn = declarer
        call = self.call
        all_ranks = sum(1 << r for r in range(MIN_RANK, MAX_RANK + 1))
        if call is Kind.BID:
            self.allowed_ranks = 1 << self.standing
        elif call is Kind.SANS_PREJUDICE:
            self.allowed_ranks = all_ranks
        elif call is Kind.RETIENS:
            self.allowed_ranks = all_ranks & ~((1 << bid_rank(2, True)) - 1)
        elif call is Kind.CAGNOTE:
            self.allowed_ranks = all_ranks & ~((1 << (self.cagnote_over + 1)) - 1)
        else:  # TOUT: takes the cagnot now, discards after
            self.allowed_ranks = (1 << bid_rank(5, False)) | (1 << bid_rank(5, True))
            for index in self.cagnot:
                self.cagnot_taken |= 1 << index
            self.hands[declarer] |= self.cagnot_taken
        self.phase = Phase.DISCARD if call in (Kind.CAGNOTE, Kind.TOUT) else Phase.DECLARE

    # ---- exchange ------------------------------------------------------------

    def _discard_counts(self) -> tuple[int, ...]:
        if self.call is Kind.CAGNOTE and self.rules.cagnote_discard is CagnoteDiscard.UP_TO_3:
            return (1, 2, 3)
        return (CAGNOT_SIZE,)

    def _check_discard(self, cards: int) -> str | None:
        hand = self.hands[self.turn]
        if cards & ~hand:
            return (
                f"cannot discard cards not in hand: {' '.join(map(str, cards_of(cards & ~hand)))}"
            )
        counts = self._discard_counts()
        if cards.bit_count() not in counts:
            wanted = "exactly 3" if counts == (3,) else "1 to 3"
            return f"discard {wanted} cards, not {cards.bit_count()}"
        return None

    def _discard_candidates(self) -> list[Action]:
        hand = self.hands[self.turn]
        bits = [1 << i for i in range(64) if hand >> i & 1]
        out: list[Action] = []
        for count in self._discard_counts():
            for combo in _combinations(bits, count):
                out.append(Action(Kind.DISCARD, cards=combo))
        return out

    def _do_discard(self, cards: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~cards
        self.discarded = cards
        if self.call is Kind.CAGNOTE:
            # blind discard first, then as many cagnot cards, in the cagnot's order
            for index in self.cagnot[: cards.bit_count()]:
                self.cagnot_taken |= 1 << index
            self.hands[seat] |= self.cagnot_taken
        self.phase = Phase.DECLARE

    # ---- declaration ---------------------------------------------------------

    def _check_declare(self, action: Action) -> str | None:
        rank = bid_rank(action.level, action.suit == self.belle)
        if not self.allowed_ranks >> rank & 1:
            return f"{action} is not open to this contract; allowed: {self._allowed_text()}"
        if action.matadors:
            held = matadors_held(self.hands[self.turn], action.suit)
            if action.matadors not in (3, 4, 5) or action.matadors > held:
                return (
                    f"cannot announce {action.matadors} matadors: "
                    f"{'none are' if not held else f'{held} are'} held in {Suit(action.suit).name}"
                )
        return None

    def _allowed_text(self) -> str:
        return ", ".join(
            _rank_text(r) for r in range(MIN_RANK, MAX_RANK + 1) if self.allowed_ranks >> r & 1
        )

    def _declare_candidates(self) -> list[Action]:
        hand = self.hands[self.turn]
        out = []
        for rank in range(MIN_RANK, MAX_RANK + 1):
            if not self.allowed_ranks >> rank & 1:
                continue
            level = rank_level(rank)
            suits = [self.belle] if rank_belle(rank) else [s for s in Suit if s != self.belle]
            for suit in suits:
                out.append(declare(level, suit, 0))
                out.extend(declare(level, suit, m) for m in range(3, matadors_held(hand, suit) + 1))
        return out

    def _do_declare(self, action: Action) -> None:
        self.level = action.level
        self.trump = action.suit
        self.trick_rules = FollowBeatTrump(action.suit, True)
        self.matadors = action.matadors
        self.phase = Phase.PLAY
        self.turn = self.first
        self.leader = self.first

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
                if entry.owner is None:
                    transfers.append(Transfer(POT, declarer, entry.amount, "pinandele"))
                elif entry.owner != declarer:
                    transfers.append(Transfer(entry.owner, declarer, entry.amount, "bete"))
                if self.pending_pinandele:
                    transfers.append(Transfer(POT, declarer, self.pending_pinandele, "pinandele"))
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

    # ---- views ---------------------------------------------------------------

    def view(self, seat: int) -> HandView:
        """What ``seat`` may see: its own cards, every public call and card played."""
        calls = tuple((s, a) for s, a in self.actions if a.kind <= Kind.TOUT)
        standing = None
        if self.holder >= 0:
            standing = next(a for s, a in reversed(calls) if a.kind is not Kind.PASS)
        own_declarer = seat == self.declarer
        return HandView(
            rules=self.rules,
            seat=seat,
            dealer=self.dealer,
            belle=self.belle,
            phase=self.phase,
            turn=self.turn,
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
            trick=self._trick_cards(),
            tricks_played=tuple(self.history),
            tricks_won=tuple(self.tricks),
            entry_in_play=self.entry,
            pending_pinandele=self.pending_pinandele,
            legal=tuple(self.legal_actions()) if seat == self.turn else (),
            outcome=self.outcome,
        )


def _rank_text(rank: int) -> str:
    if rank == 0:
        return "nothing"
    return f"{rank_level(rank)}{' en belle' if rank_belle(rank) else ''}"


def _combinations(bits: list[int], count: int) -> list[int]:
    """Bit sets of ``count`` of the given single bits, in a fixed order."""
    if count == 0:
        return [0]
    out: list[int] = []
    for i in range(len(bits) - count + 1):
        out.extend(bits[i] | rest for rest in _combinations(bits[i + 1 :], count - 1))
    return out


def _validate_deal(
    dealer: int,
    belle: Suit,
    hands: Sequence[int],
    cagnot: Sequence[int],
    entry: EntryInPlay | None,
) -> None:
    if not 0 <= dealer < SEATS:
        raise ValueError(f"dealer must be a seat 0-3, not {dealer}")
    if len(hands) != SEATS:
        raise ValueError(f"a deal has {SEATS} hands, not {len(hands)}")
    if len(cagnot) != CAGNOT_SIZE:
        raise ValueError(f"the cagnot holds {CAGNOT_SIZE} cards, not {len(cagnot)}")
    validate_deal(deck_for(belle), hands, cagnot, HAND_SIZE, "cagnot")
    if entry is not None and entry.owner is not None and not 0 <= entry.owner < SEATS:
        raise ValueError(f"the entry in play belongs to seat {entry.owner}, not a seat 0-3")


_ALL_SLOTS: Final = (*TrickPlay.__slots__, *HandState.__slots__)

"""One deal of L'Hombre (RULES.md §3): antes, auction, trump, exchanges, the
talon shown or hidden, the play with its matador privilege, the vole, and the
settlement (``games.hombre.settle``).

Legality lives in ``check`` only.  ``legal_actions`` lists what ``check``
accepts, except at the exchange: any set of cards within ``exchange_range``
may be discarded, too many sets to list, so it lists keeping one's hand (when
allowed) and each single card, and a player composes larger discards itself.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from games.cards import Card, Suit, bits_of
from games.dealing import validate_deal, validate_shape
from games.duties import Duty
from games.hombre.actions import CALLS, HIDE, PASS, SHOW, STOP, Action, Kind, Signal
from games.hombre.actions import play as play_action
from games.hombre.actions import trump as trump_action
from games.hombre.pool import Pool
from games.hombre.rules import (
    DECK_MASK,
    ESPADILLE,
    HAND_SIZE,
    SEATS,
    TALON_SIZE,
    TRICKS,
    Rules,
    defenders_of,
    trick_rules,
)
from games.hombre.settle import FinishedDeal, Outcome, ante_transfers, settle, settle_all_pass
from games.money import Transfer, net_of
from games.refusals import Refusal, Rule, turn_refusal, verified_turn
from games.tricks import PlayedTrick, TrickPlay

VOLE_FROM: Final = 5  # tricks the hombre must have won to stop or undertake the vole


class Refused(StrEnum):
    """L'Hombre's own rules an action may break (``games.refusals``)."""

    CALL_EXPECTED = "call-expected"  # the auction waits for a call
    BELOW_STANDING = "below-standing"  # a call no higher than the standing one
    TRUMP_EXPECTED = "trump-expected"  # the hombre names trump first
    DISCARD_EXPECTED = "discard-expected"  # the exchange waits for a discard
    DISCARD_TOO_FEW = "discard-too-few"  # the hombre en prenant discards one card or more
    DISCARD_TOO_MANY = "discard-too-many"  # more than the talon gives
    SHOW_OR_HIDE = "show-or-hide"  # the rest of the talon is shown or hidden first
    STOP = "stop"  # only the hombre with the first five tricks, on lead, stops
    SIGNAL = "signal"  # only a defender signals


class Phase(IntEnum):
    AUCTION = 0
    TRUMP = 1
    EXCHANGE = 2
    TALON = 3  # the last who drew shows or hides the rest of the talon
    PLAY = 4
    DONE = 5


class Mode(IntEnum):
    """How the hombre plays (the record's ``mode``)."""

    PRENDRE = 1
    SANS_PRENDRE = 2
    SANS_PRENDRE_VOLE = 3
    FORCED = 4  # espadille forcée: en prenant without a word

    @property
    def word(self) -> str:
        return self.name.lower().replace("_", "-")

    @property
    def takes(self) -> bool:
        """Whether the hombre exchanges (en prenant)."""
        return self in (Mode.PRENDRE, Mode.FORCED)

    @property
    def sans_prendre(self) -> bool:
        return self in (Mode.SANS_PRENDRE, Mode.SANS_PRENDRE_VOLE)


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may see of a deal."""

    rules: Rules
    seat: int
    dealer: int
    phase: Phase
    turn: int
    hand: int
    hand_counts: tuple[int, ...]
    calls: tuple[tuple[int, Action], ...]
    hombre: int
    mode: Mode | None
    trump: int  # -1 before it is named
    talon_left: int
    talon_shown: int | None  # the rest of the talon once shown, else None
    discarded: int  # this seat's own discards
    exchanged: tuple[tuple[int, int], ...]  # (seat, cards drawn), in order
    partner_hand: int | None  # the other defender's hand, when defenders see each other's
    trick: tuple[tuple[int, Card], ...]
    winning: int
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    duty: Duty | None  # what keeps some of this seat's cards from the trick now
    signals: tuple[tuple[int, int, Signal], ...]  # (seat, card index, signal)
    vole: bool  # the vole is undertaken
    matadors: int  # the hombre's run from the espadille, once it counts (>= 3) at the end
    pool: Pool  # before the deal
    legal: tuple[Action, ...]
    outcome: Outcome | None
    # how many cards the seat may discard (least, most), while it is to exchange: what
    # is offered and said of the exchange comes from here (``DealState.exchange_range``)
    exchange: tuple[int, int] | None = None

    @property
    def partner(self) -> int:
        """The other defender, for a defender (-1 for the hombre, or before there is one)."""
        if self.seat == self.hombre or self.hombre < 0:
            return -1
        return next(s for s in range(SEATS) if s not in (self.seat, self.hombre))

    def signal_asks(self) -> bool:
        """Whether a signal of the seat (RULES.md §3) can ask its partner something: he
        has still to play to this trick, with a choice (not his last card)."""
        partner = self.partner
        if partner < 0 or self.hand_counts[partner] < 2:
            return False
        return all(seat != partner for seat, _ in self.trick)


class DealState(TrickPlay):
    """A deal being played, from the antes to the settlement."""

    done = Phase.DONE
    phase: Phase

    def __init__(
        self, rules: Rules, dealer: int, hands: Sequence[int], talon: Sequence[int], pool: Pool
    ) -> None:
        """``hands`` are bit sets by seat; ``talon`` the 13 undealt cards, top first."""
        validate_shape(dealer, SEATS, hands, talon, TALON_SIZE, "talon")
        validate_deal(DECK_MASK, hands, talon, HAND_SIZE, "talon")
        for bete in pool.register:
            if not 0 <= bete.owner < SEATS:
                raise ValueError(f"a bête's owner is a seat 0-{SEATS - 1}, not {bete.owner}")
        self.rules = rules
        self._deal(dealer, hands)
        self.talon = tuple(talon)
        self.drawn = 0  # cards drawn from the talon's top so far
        self.pool = pool
        self.transfers: list[Transfer] = []
        self.entered = pool.entering
        self.transfers.extend(ante_transfers(pool))
        self.actions: list[tuple[int, Action]] = []
        self.phase = Phase.AUCTION
        self.turn = self.first
        self.speakers_left = 3
        self.hombre = -1
        self.mode: Mode | None = None
        self.trump = -1
        self.tricks_rules = trick_rules(Suit.S)  # replaced when trump is named
        self.trick_rules = self.tricks_rules
        self.exchangers: list[int] = []
        self.discards = [0] * SEATS
        self.exchanged: list[tuple[int, int]] = []
        self.last_drawer = -1
        self.talon_shown = False
        self.vole = False
        self.stopped = False
        self.matadors = 0
        self.signals: list[tuple[int, int, Signal]] = []
        self.outcome: Outcome | None = None
        self._start_play(self.first)

    def copy(self) -> DealState:
        other = _copy.copy(self)
        self._copy_play_to(other)
        other.actions = list(self.actions)
        other.transfers = list(self.transfers)
        other.exchangers = list(self.exchangers)
        other.discards = list(self.discards)
        other.exchanged = list(self.exchanged)
        other.signals = list(self.signals)
        return other

    # ---- state -------------------------------------------------------------------

    @property
    def talon_left(self) -> int:
        return TALON_SIZE - self.drawn

    @property
    def net_so_far(self) -> tuple[int, ...]:
        """Each seat's net payment in this deal so far, the poule's counterpart: from
        the start the antes and the bête entering the poule (``ante_transfers``), once
        settled the whole deal's (``Outcome.net``)."""
        if self.outcome is not None:
            return self.outcome.net
        return net_of(self.transfers, SEATS)[0]

    def defenders(self) -> tuple[int, int]:
        return defenders_of(self.hombre)

    def finished(self) -> FinishedDeal:
        """What the settlement reads of this deal, once it is over."""
        return FinishedDeal(
            self.first,
            self.hombre,
            self.matadors,
            self.vole,
            self.entered,
            self.pool,
            self.tricks,
            self.transfers,
            self.mode,
        )

    def _standing(self) -> Kind:
        return max((a.kind for _, a in self.actions if a.kind in CALLS), default=Kind.PASS)

    def exchange_range(self) -> tuple[int, int]:
        """How many cards the seat to exchange may discard: (least, most)."""
        most = min(HAND_SIZE, self.talon_left)
        least = 1 if self.turn == self.hombre and self.mode is not None and self.mode.takes else 0
        return min(least, most), most

    def can_stop(self) -> bool:
        """The hombre, on lead after winning the first five tricks, may stop or play on."""
        return (
            self.phase is Phase.PLAY
            and not self.vole
            and not self.trick
            and len(self.history) == VOLE_FROM
            and self.tricks[self.hombre] == VOLE_FROM
            and self.turn == self.hombre
        )

    def partners_see(self) -> bool:
        """Whether the defenders see each other's hands: a vole undertaken in play,
        or a sans-prendre vole from the end of the auction."""
        if self.phase is Phase.AUCTION:
            return False
        return self.vole or self.mode is Mode.SANS_PRENDRE_VOLE

    # ---- legality: the one place -------------------------------------------------

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None."""
        refused = turn_refusal(self, seat)
        if refused is not None:
            return refused
        kind, phase = action.kind, self.phase
        if phase is Phase.AUCTION:
            if kind is Kind.PLAY:
                return Refusal(Rule.CALLS_FIRST, "no card before the auction is over")
            if kind not in CALLS:
                return Refusal(
                    Refused.CALL_EXPECTED,
                    "the auction: say pass, prendre, sans-prendre or sans-prendre-vole",
                )
            if kind is not Kind.PASS and kind <= self._standing():
                return Refusal(
                    Refused.BELOW_STANDING,
                    f"a call must be higher than the standing {self._standing().name.lower()}",
                )
            return None
        if phase is Phase.TRUMP:
            if kind is not Kind.TRUMP:
                return Refusal(
                    Refused.TRUMP_EXPECTED, "the hombre names trump first: 'trump S|H|D|C'"
                )
            return None
        if phase is Phase.EXCHANGE:
            if kind is not Kind.DISCARD:
                return Refusal(
                    Refused.DISCARD_EXPECTED,
                    "the exchange: 'discard C…' (nothing after it to keep one's hand)",
                )
            foreign = action.cards & ~self.hands[self.turn]
            if foreign:
                card = Card.from_index(bits_of(foreign)[0])
                return Refusal(Rule.NOT_HELD, f"{card} is not in this hand")
            least, most = self.exchange_range()
            n = action.cards.bit_count()
            if n < least:
                return Refusal(
                    Refused.DISCARD_TOO_FEW, "the hombre en prenant discards at least one card"
                )
            if n > most:
                return Refusal(Refused.DISCARD_TOO_MANY, f"the talon gives only {most} cards")
            return None
        if phase is Phase.TALON:
            if kind not in (Kind.SHOW, Kind.HIDE):
                return Refusal(
                    Refused.SHOW_OR_HIDE,
                    "the last who drew shows or hides the rest of the talon: 'show' or 'hide'",
                )
            return None
        if kind is Kind.STOP:
            if self.can_stop():
                return None
            return Refusal(
                Refused.STOP, "only the hombre who won the first five tricks, on lead, may stop"
            )
        if kind is not Kind.PLAY:
            return Refusal(Rule.PLAY_EXPECTED, "the cards are being played: 'play C'")
        if action.signal is not Signal.NONE and self.turn == self.hombre:
            return Refusal(Refused.SIGNAL, "only a defender may say gano or knock")
        return self._check_play(action.cards)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def legal_actions(self) -> list[Action]:
        """The legal actions (at the exchange: keeping one's hand when allowed and
        each single card; any discard within ``exchange_range`` is legal)."""
        phase = self.phase
        if phase is Phase.DONE:
            return []
        if phase is Phase.AUCTION:
            standing = self._standing()
            return [PASS, *(Action(k) for k in CALLS if k > standing)]
        if phase is Phase.TRUMP:
            return [trump_action(s) for s in Suit]
        if phase is Phase.EXCHANGE:
            least, most = self.exchange_range()
            out = [Action(Kind.DISCARD, 0)] if least == 0 else []
            if most:
                out.extend(Action(Kind.DISCARD, 1 << i) for i in bits_of(self.hands[self.turn]))
            return out
        if phase is Phase.TALON:
            return [SHOW, HIDE]
        signals = (Signal.NONE,) if self.turn == self.hombre else tuple(Signal)
        out = [play_action(i, s) for i in bits_of(self._legal_play_mask()) for s in signals]
        if self.can_stop():
            out.append(STOP)
        return out

    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = verified_turn(self, action, seat)
        self.actions.append((turn, action))
        kind = action.kind
        if kind in CALLS:
            self._call(turn, action)
        elif kind is Kind.TRUMP:
            self._name_trump(action.suit)
        elif kind is Kind.DISCARD:
            self._exchange(turn, action.cards)
        elif kind in (Kind.SHOW, Kind.HIDE):
            self.talon_shown = kind is Kind.SHOW
            self._start_cards()
        elif kind is Kind.STOP:
            self.stopped = True
            self._settle()
        else:
            self._play(turn, action)

    # ---- the steps -----------------------------------------------------------

    def _call(self, seat: int, action: Action) -> None:
        self.speakers_left -= 1
        if action.kind is not Kind.PASS:
            self.hombre = seat
            self.mode = Mode(int(action.kind))
        if self.speakers_left:
            self.turn = (seat + 1) % SEATS
            return
        if self.hombre < 0 and self.rules.espadille_forcee:
            holder = next((s for s in range(SEATS) if self.hands[s] >> ESPADILLE & 1), -1)
            if holder >= 0:
                self.hombre = holder
                self.mode = Mode.FORCED
        if self.hombre < 0:
            self.outcome = settle_all_pass(self.finished())
            self.phase = Phase.DONE
            return
        self.phase = Phase.TRUMP
        self.turn = self.hombre

    def _name_trump(self, suit: int) -> None:
        self.trump = suit
        self.tricks_rules = trick_rules(suit)
        self.trick_rules = self.tricks_rules
        assert self.mode is not None
        first = [self.hombre] if self.mode.takes else []
        self.exchangers = [*first, *self.defenders()]
        self.phase = Phase.EXCHANGE
        self.turn = self.exchangers[0]

    def _exchange(self, seat: int, cards: int) -> None:
        n = cards.bit_count()
        drawn = 0
        for index in self.talon[self.drawn : self.drawn + n]:
            drawn |= 1 << index
        self.drawn += n
        self.hands[seat] = self.hands[seat] & ~cards | drawn
        self.discards[seat] |= cards
        self.exchanged.append((seat, n))
        if n:
            self.last_drawer = seat
        self.exchangers.pop(0)
        if self.exchangers:
            self.turn = self.exchangers[0]
        elif self.last_drawer >= 0:
            self.phase = Phase.TALON
            self.turn = self.last_drawer
        else:
            self._start_cards()

    def _start_cards(self) -> None:
        self.phase = Phase.PLAY
        self.matadors = self.tricks_rules.matador_run(self.hands[self.hombre])
        self._start_play(self.first)
        self.vole = self.mode is Mode.SANS_PRENDRE_VOLE

    def _play(self, seat: int, action: Action) -> None:
        if self.can_stop():
            self.vole = True  # playing on undertakes the vole
        index = action.cards.bit_length() - 1
        if action.signal is not Signal.NONE:
            self.signals.append((seat, index, action.signal))
        if self._play_card(seat, index) >= 0 and len(self.history) == TRICKS:
            self._settle()

    def _settle(self) -> None:
        self.outcome = settle(self.finished())
        self.phase = Phase.DONE

    # ---- what a seat sees --------------------------------------------------------

    def view(self, seat: int) -> DealView:
        partner: int | None = None
        if self.hombre >= 0 and seat != self.hombre and self.partners_see() and not self.is_over:
            other = next(d for d in self.defenders() if d != seat)
            partner = self.hands[other]
        shown: int | None = None
        if self.talon_shown:
            shown = 0
            for index in self.talon[self.drawn :]:
                shown |= 1 << index
        legal = tuple(self.legal_actions()) if seat == self.turn else ()
        exchanging = self.phase is Phase.EXCHANGE and seat == self.turn
        return DealView(
            **self.seen_by(seat),
            rules=self.rules,
            phase=self.phase,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            calls=tuple((s, a) for s, a in self.actions if a.kind in CALLS),
            hombre=self.hombre,
            mode=self.mode,
            trump=self.trump,
            talon_left=self.talon_left,
            talon_shown=shown,
            discarded=self.discards[seat],
            exchanged=tuple(self.exchanged),
            partner_hand=partner,
            signals=tuple(self.signals),
            vole=self.vole,
            matadors=self.matadors if self.is_over and self.matadors >= 3 else 0,
            pool=self.pool,
            legal=legal,
            outcome=self.outcome,
            exchange=self.exchange_range() if exchanging else None,
        )

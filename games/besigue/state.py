"""One deal of Bésigue (RULES.md §4): the two phases of tricks, the combinations
and sevens of each phase-1 trick's winner, the draws, and the count.

Legality lives in ``check`` only; ``legal_actions`` lists what it accepts,
``apply`` verifies first.  The flow:

- ``PLAY1``: tricks while the stock lasts, any card.  After each, its winner
  *declares* (``DECLARE``): at most one combination and one seven action, in
  either order.  The declaring is skipped when he can do neither, ends by
  itself once nothing more is possible, and ends with ``draw`` or with his
  ``play`` of the next trick (the draws first: RULES.md §5 records leave them
  out).  The draws: the winner first, then the others in play order from him;
  the turned card (or the 7 exchanged for it) lies under the stock and is the
  last card drawn.  The stock always divides evenly among the players, so the
  last round of draws ends phase 1 (with two: one hidden card left beside the
  turned card, the winner of that last trick takes the hidden one).
- ``PLAY2``: the stock empty, the laid cards are back in the hands (they were
  always the player's: laid means face up); follow suit, trump, overtrump
  (``games.besigue.rules``).  The last trick scores 10, then the brisques are
  counted (``games.besigue.score``).
- A combination or a seven that takes a side to the target ends the deal and
  the game at once (``DONE``).

Cards are bit numbers of ``games.cards``, one per pack, so identical cards are
distinct bits; actions name cards by their shared codes and the physical copy
is found here (``_play_index``, ``games.besigue.melds.resolve``).

Decisions where RULES.md is silent: each physical 7 of trump scores once
(shown or exchanged); a shown 7 stays in the hand (a 7 is in no combination,
so it is never laid); the exchange takes the 7 from the hand and gives the
turned card; a turned 7 gives the dealer 10 at once, and like any seven it
ends the game at once if it takes his side to the target.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from games.besigue.actions import DRAW, SEVEN_EXCHANGE, SEVEN_SHOW, Action, Kind, meld_of, play
from games.besigue.melds import KINDS, Laid, Meld, MeldKind, legal_melds, resolve
from games.besigue.rules import Rules, card_order, deck_for, trick_rules
from games.besigue.score import Outcome, count_deal, side_totals
from games.cards import (
    MAX_PACKS,
    PACK_BITS,
    Card,
    Rank,
    Suit,
    bits_of,
    card_mask,
    cards_of,
    face_of,
    number_copies,
)
from games.tricks import PlayedTrick, TrickPlay

SEVEN_POINTS = 10


def canonical_copies(
    hands: Sequence[int], turned: int, stock: Sequence[int], packs: int
) -> tuple[list[int], int, list[int]]:
    """The same deal with the copies of identical cards numbered in reading order
    (the hands by seat, then the turned card, then the stock from the top), as a
    record written with shared codes numbers them (``games.cards.number_copies``):
    copies are alike when dealt, and so a deal replays from its record exactly."""
    groups = [[c.face for c in cards_of(h)] for h in hands]
    groups.append([Card.from_index(turned).face])
    groups.append([Card.from_index(i).face for i in stock])
    *numbered, (turned_card,), rest = number_copies(groups, packs)
    return [card_mask(h) for h in numbered], turned_card.index, [c.index for c in rest]


class IllegalActionError(ValueError):
    """An action the rules forbid now; the message says which rule."""


class Phase(IntEnum):
    PLAY1 = 0  # tricks while the stock lasts
    DECLARE = 1  # the winner of a phase-1 trick lays a combination, shows a seven...
    PLAY2 = 2  # the stock is empty
    DONE = 3


@dataclass(frozen=True, slots=True)
class LaidCard:
    """A card laid face up, with the kinds of combination it has served in."""

    card: Card
    kinds: tuple[MeldKind, ...]


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may see of a deal: its own hand, and what is face up.

    Nothing of the others' hidden cards or of the stock's order; ``melds`` is
    the deal's public record of the combinations laid (in phase 2 their cards
    are back in the hands, as every player saw them go).
    """

    rules: Rules
    seat: int
    phase: Phase
    turn: int  # -1 once the deal is over
    dealer: int
    trump: Suit
    turned: Card | None  # the card under the stock (None once drawn)
    stock: int  # hidden cards left in the stock
    hand: int  # this seat's cards that are not laid (a bit set)
    laid: tuple[tuple[LaidCard, ...], ...]  # each seat's laid cards
    melds: tuple[tuple[Meld, ...], ...]  # each seat's combinations of this deal, in order
    sevens: tuple[tuple[int, Kind], ...]  # (seat, SEVEN_SHOW or SEVEN_EXCHANGE), in order
    turned_seven: bool  # the turned card was a 7: 10 to the dealer
    declarer: int  # the seat declaring (phase DECLARE), else -1
    melded: bool  # the declarer has laid his combination for this trick
    seven_done: bool  # ...and done his seven action
    trick: tuple[tuple[int, Card], ...]
    winning: int
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    legal: tuple[Action, ...]
    deal_points: tuple[int, ...]  # per seat so far (combinations and sevens; all at the end)
    teams: tuple[int, ...]  # each seat's side
    scores: tuple[int, ...]  # by side: the game's scores with this deal's points so far
    target: int
    hand_sizes: tuple[int, ...]  # every seat's cards, laid or not
    outcome: Outcome | None

    def laid_of(self, seat: int) -> Laid:
        """A seat's laid cards as ``games.besigue.melds`` reads them."""
        cards = 0
        served = [0] * len(KINDS)
        for laid in self.laid[seat]:
            cards |= laid.card.bit
            for kind in laid.kinds:
                served[kind.number] |= laid.card.bit
        return Laid(cards, tuple(served))

    @property
    def cards(self) -> int:
        """This seat's cards, laid or not (a bit set)."""
        return self.hand | sum(laid.card.bit for laid in self.laid[self.seat])


class DealState(TrickPlay):
    """A deal being played, from the deal to the count."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        turned: int,
        stock: Sequence[int],
        scores: Sequence[int] | None = None,
    ) -> None:
        """``hands`` are bit sets by seat (2 to 4 seats, one pack each); ``turned`` the
        card turned up for trump (a bit number); ``stock`` the hidden cards, top first;
        ``scores`` the game's scores before the deal, by side (zeros by default)."""
        seats = len(hands)
        if not 2 <= seats <= MAX_PACKS:
            raise ValueError(f"Bésigue has 2 to 4 players, not {seats}")
        if not 0 <= dealer < seats:
            raise ValueError(f"the dealer is a seat 0-{seats - 1}, not {dealer}")
        deck_for(seats).validate(hands, [*stock, turned], rules.hand_size, "stock")
        hands, turned, stock = canonical_copies(hands, turned, stock, seats)
        self.rules = rules
        self.seats = seats
        self.teams = rules.teams_for(seats)
        sides = max(self.teams) + 1
        before = tuple(scores) if scores is not None else (0,) * sides
        if len(before) != sides:
            raise ValueError(f"the scores are {sides} (one per side), not {len(before)}")
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in before):
            raise ValueError(f"scores are whole numbers from 0, not {list(before)}")
        self.scores_before = before
        self.target = rules.target_for(seats)
        self.dealer = dealer
        self.hands = list(hands)
        self.initial_hands = tuple(hands)
        self.initial_turned = turned
        self.turned = turned  # -1 once drawn
        self.trump = Suit(Card.from_index(turned).suit)
        self.stock = tuple(stock)
        self.drawn = 0  # hidden cards drawn so far
        self.laid = [Laid()] * seats
        self.melds: list[list[Meld]] = [[] for _ in range(seats)]
        self.meld_points = [0] * seats
        self.sevens: list[tuple[int, Kind]] = []
        self.sevens_scored = 0  # the physical 7s of trump that scored
        self.exchanged = False
        self.turned_seven = Card.from_index(turned).rank == Rank.SEVEN
        self.declarer = -1
        self.melded = False
        self.seven_done = False
        self.actions: list[tuple[int, Action]] = []
        self.outcome: Outcome | None = None
        self.phase = Phase.PLAY1
        self.trick_rules = trick_rules(self.trump, False)
        self._start_play((dealer + 1) % seats)
        self.sevens_mask = sum(Card(self.trump, Rank.SEVEN, c).bit for c in range(seats))
        if self.turned_seven:
            self._score(dealer, SEVEN_POINTS)

    def copy(self) -> DealState:
        """A copy to play on (cheap: the immutable parts are shared)."""
        other = _copy.copy(self)
        self._copy_play_to(other)
        other.laid = list(self.laid)
        other.melds = [list(m) for m in self.melds]
        other.meld_points = list(self.meld_points)
        other.sevens = list(self.sevens)
        other.actions = list(self.actions)
        return other

    # ---- state -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def stock_left(self) -> int:
        """Hidden cards left in the stock (the turned card apart)."""
        return len(self.stock) - self.drawn

    def unlaid(self, seat: int) -> int:
        """A seat's cards that are not laid."""
        return self.hands[seat] & ~self.laid[seat].cards

    def side_scores(self) -> tuple[int, ...]:
        """The game's scores by side with this deal's points so far."""
        if self.outcome is not None:
            return self.outcome.scores
        gained = side_totals(self.meld_points, self.teams, len(self.scores_before))
        return tuple(b + g for b, g in zip(self.scores_before, gained, strict=True))

    def _sevens_held(self, seat: int) -> int:
        """The seat's 7s of trump that have not scored."""
        return self.hands[seat] & self.sevens_mask & ~self.sevens_scored

    def legal_melds(self) -> list[Meld]:
        """The combinations the declarer may lay now (none outside his declaring)."""
        if self.phase is not Phase.DECLARE or self.melded:
            return []
        seat = self.declarer
        return legal_melds(self.hands[seat], self.laid[seat], self.trump, self.rules.reuse)

    # ---- legality: the one place -------------------------------------------------

    def check(self, action: Action, seat: int | None = None) -> str | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None."""
        if self.phase is Phase.DONE:
            return "the deal is over"
        if seat is not None and seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        kind = action.kind
        if self.phase is Phase.DECLARE:
            if kind is Kind.PLAY:  # the draws first, then the card of the next trick
                probe = self.copy()
                probe._draw()
                return probe.check(action)
            if kind is Kind.MELD:
                return self._check_meld(action)
            if kind in (Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE):
                return self._check_seven(kind)
            return None  # draw
        if kind is not Kind.PLAY:
            if kind is Kind.DRAW:
                return "the draws follow a trick of phase 1 by themselves"
            if self.phase is Phase.PLAY2:
                return "the stock is empty: no more combinations or sevens"
            return "only the winner of a trick, after it, lays a combination or a seven"
        index = self._play_index(self.turn, action)
        if isinstance(index, str):
            return index
        return self._check_play(1 << index)

    def _check_meld(self, action: Action) -> str | None:
        if self.melded:
            return "one combination per trick won"
        assert action.meld is not None
        seat = self.declarer
        try:
            resolve(action.meld, action.cards, self.hands[seat], self.laid[seat], self.trump,
                    self.rules.reuse)  # fmt: skip
        except ValueError as error:
            return str(error)
        return None

    def _check_seven(self, kind: Kind) -> str | None:
        # (only while the turned card is under the stock: always so while declaring,
        # since the draws come after)
        if self.seven_done:
            return "one seven (show or exchange) per trick won"
        held = self._sevens_held(self.declarer)
        seven = Card(self.trump, Rank.SEVEN)
        if kind is Kind.SEVEN_SHOW:
            return None if held else f"no 7 of trump ({seven}) to show that has not scored"
        if self.exchanged:
            return "one exchange of the 7 per deal"
        if self.turned_seven:
            return "the turned card is a 7: it is not exchanged"
        return None if held else f"no 7 of trump ({seven}) to exchange that has not scored"

    def _play_index(self, seat: int, action: Action) -> int | str:
        """The physical card ``action`` plays (a bit number), or why there is none:
        the hand's copy (the lowest), else, or with ``laid``, the laid copy that
        served in the most kinds (then the lowest)."""
        assert action.card is not None
        face = action.card.index
        copies = [face + PACK_BITS * c for c in range(self.seats)]
        laid = self.laid[seat]
        if not action.laid:
            unlaid = self.unlaid(seat)
            for index in copies:
                if unlaid >> index & 1:
                    return index
        on_table = [i for i in copies if laid.cards >> i & 1]
        if on_table:
            on_table.sort(key=lambda i: (-len(laid.kinds_of(Card.from_index(i))), i))
            return on_table[0]
        if action.laid:
            return f"no {action.card} is laid"
        return f"{action.card} is not in this hand"

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def legal_actions(self) -> list[Action]:
        """In order: in ``DECLARE`` the combinations (best first), the seven actions,
        then ``draw``; else each card by its code (``play C``, then ``play C laid``
        where the player holds the card both in hand and laid)."""
        phase = self.phase
        if phase is Phase.DONE:
            return []
        if phase is Phase.DECLARE:
            out = [meld_of(m) for m in self.legal_melds()]
            for seven in (SEVEN_SHOW, SEVEN_EXCHANGE):
                if self._check_seven(seven.kind) is None:
                    out.append(seven)
            out.append(DRAW)
            return out
        seat = self.turn
        legal = self._legal_play_mask()
        unlaid, laid = self.unlaid(seat), self.laid[seat].cards
        out = []
        for card in sorted({Card.from_index(face_of(i)) for i in bits_of(legal)}, key=card_order):
            copies = sum(1 << (card.index + PACK_BITS * c) for c in range(self.seats)) & legal
            out.append(play(card))
            if copies & unlaid and copies & laid:
                out.append(play(card, laid=True))
        return out

    def apply(self, action: Action, seat: int | None = None) -> None:
        reason = self.check(action, seat)
        if reason is not None:
            raise IllegalActionError(reason)
        turn = self.turn
        self.actions.append((turn, action))
        kind = action.kind
        if kind is Kind.PLAY:
            if self.phase is Phase.DECLARE:
                self._draw()
            index = self._play_index(turn, action)
            assert isinstance(index, int)
            self._play(turn, index)
        elif kind is Kind.MELD:
            self._meld(turn, action)
        elif kind is Kind.SEVEN_SHOW:
            self._show_seven(turn)
        elif kind is Kind.SEVEN_EXCHANGE:
            self._exchange_seven(turn)
        else:
            self._draw()

    # ---- the steps ---------------------------------------------------------------

    def _play(self, seat: int, index: int) -> None:
        bit = 1 << index
        if self.laid[seat].cards & bit:
            self.laid[seat] = self.laid[seat].without(bit)
        self._play_card(seat, index)

    def _after_trick(self, played: PlayedTrick) -> None:
        if self.phase is Phase.PLAY2:
            if not any(self.hands):
                self._finish()
            return
        self.phase = Phase.DECLARE
        self.declarer = played.winner
        self.melded = False
        self.seven_done = False
        self._declaring_goes_on()

    def _declaring_goes_on(self) -> None:
        """Draw at once when the declarer can do nothing more."""
        if self.phase is not Phase.DECLARE:
            return
        if self.legal_melds():
            return
        if any(self._check_seven(k) is None for k in (Kind.SEVEN_SHOW, Kind.SEVEN_EXCHANGE)):
            return
        self._draw()

    def _meld(self, seat: int, action: Action) -> None:
        assert action.meld is not None
        meld = resolve(action.meld, action.cards, self.hands[seat], self.laid[seat], self.trump,
                       self.rules.reuse)  # fmt: skip
        self.laid[seat] = self.laid[seat].lay(meld)
        self.melds[seat].append(meld)
        self.melded = True
        self._score(seat, meld.points)
        self._declaring_goes_on()

    def _lowest_seven(self, seat: int) -> int:
        return bits_of(self._sevens_held(seat))[0]

    def _show_seven(self, seat: int) -> None:
        self.sevens_scored |= 1 << self._lowest_seven(seat)
        self.sevens.append((seat, Kind.SEVEN_SHOW))
        self.seven_done = True
        self._score(seat, SEVEN_POINTS)
        self._declaring_goes_on()

    def _exchange_seven(self, seat: int) -> None:
        seven = self._lowest_seven(seat)
        self.sevens_scored |= 1 << seven
        self.hands[seat] = self.hands[seat] & ~(1 << seven) | 1 << self.turned
        self.turned = seven
        self.exchanged = True
        self.sevens.append((seat, Kind.SEVEN_EXCHANGE))
        self.seven_done = True
        self._score(seat, SEVEN_POINTS)
        self._declaring_goes_on()

    def _score(self, seat: int, points: int) -> None:
        """Points from a combination or a seven; the game ends at once if they take
        the seat's side to the target."""
        self.meld_points[seat] += points
        side = self.teams[seat]
        if self.side_scores()[side] >= self.target:
            self._finish(reached=side)

    def _draw(self) -> None:
        """The winner, then the others in play order from him, draw one card each;
        the last round empties the stock and starts phase 2."""
        leader = self.turn
        for step in range(self.seats):
            seat = (leader + step) % self.seats
            if self.drawn < len(self.stock):
                self.hands[seat] |= 1 << self.stock[self.drawn]
                self.drawn += 1
            else:
                assert self.turned >= 0, "the stock divides evenly among the players"
                self.hands[seat] |= 1 << self.turned
                self.turned = -1
        self.declarer = -1
        if self.turned >= 0:
            self.phase = Phase.PLAY1
            return
        self.phase = Phase.PLAY2
        self.laid = [Laid()] * self.seats
        self.trick_rules = trick_rules(self.trump, True, self.rules.phase2_must_win)

    def _finish(self, reached: int | None = None) -> None:
        self.outcome = count_deal(
            trump=self.trump,
            melds=self.meld_points,
            laid=self.melds,
            history=self.history,
            tricks=self.tricks,
            teams=self.teams,
            scores_before=self.scores_before,
            target=self.target,
            reached_at_once=reached,
        )
        self.phase = Phase.DONE
        self.declarer = -1

    # ---- what a seat sees --------------------------------------------------------

    def view(self, seat: int) -> DealView:
        legal = tuple(self.legal_actions()) if seat == self.turn else ()
        outcome = self.outcome
        points = outcome.points if outcome is not None else tuple(self.meld_points)
        return DealView(
            rules=self.rules,
            seat=seat,
            phase=self.phase,
            turn=-1 if self.is_over else self.turn,
            dealer=self.dealer,
            trump=self.trump,
            turned=None if self.turned < 0 else Card.from_index(self.turned),
            stock=self.stock_left,
            hand=self.unlaid(seat),
            laid=tuple(
                tuple(LaidCard(c, laid.kinds_of(c)) for c in cards_of(laid.cards))
                for laid in self.laid
            ),
            melds=tuple(tuple(m) for m in self.melds),
            sevens=tuple(self.sevens),
            turned_seven=self.turned_seven,
            declarer=self.declarer,
            melded=self.melded and self.phase is Phase.DECLARE,
            seven_done=self.seven_done and self.phase is Phase.DECLARE,
            trick=self._trick_cards(),
            winning=self._winning_seat(),
            tricks_played=tuple(self.history),
            tricks_won=tuple(self.tricks),
            legal=legal if not self.is_over else (),
            deal_points=points,
            teams=self.teams,
            scores=self.side_scores(),
            target=self.target,
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            outcome=outcome,
        )

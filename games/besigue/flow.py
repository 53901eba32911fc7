"""The course of a Bésigue deal, the same in the classic game (RULES.md §4) and in
Haiti (§4.1): the two phases of tricks, the winner's declaring after each trick
of phase 1, the draws, and the count.

Legality lives in ``check`` only; ``legal_actions`` lists what it accepts,
``apply`` verifies first.  The flow:

- ``PLAY1``: tricks while the stock lasts, any card.  After each, its winner
  *declares* (``DECLARE``): at most one combination (and, in the classic game,
  one seven action), in either order.  The declaring is skipped when he can
  do nothing, ends by itself once nothing more is possible, and ends with
  ``draw`` or with his ``play`` of the next trick (the draws first: RULES.md
  §5 records leave them out).  The draws: the winner first, then the others
  in play order from him; a card turned lies under the stock and is the last
  card drawn.  The stock always divides evenly among the players, so the last
  round of draws ends phase 1.
- ``PLAY2``: the stock empty, the laid cards are back in the hands (they were
  always the player's: laid means face up); the obligations of phase 2.
- A combination that takes a side to the target ends the deal (and the game,
  or the partie) at once (``DONE``).

What differs between the games is each one's: the cards (``_setup``'s deck
and packs), the combinations (``_melds_for``, ``_resolve``, ``_laid``), the
other calls of the declaring (``_calls``, ``_check_call``, ``_apply_call``),
what a finished trick scores (``_trick_scored``), the card play's rules
(``_rules_for``) and how the brisques count (``_brisques``).

Cards are bit numbers of ``games.cards``, one per pack, so identical cards are
distinct bits; actions name cards by their shared codes and the physical copy
is found here (``_play_index``) and by the combinations' ``resolve``.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from games.besigue.actions import DRAW, Action, Kind, meld_of, play
from games.besigue.melds import KINDS, Laid, Meld, MeldKind
from games.besigue.refusals import Refused as R
from games.besigue.rules import MAX_SEATS, MIN_SEATS, Rules, card_order
from games.besigue.score import BrisqueRule, Outcome, classic_brisques, count_deal, side_totals
from games.cards import PACK_BITS, Card, Suit, bits_of, card_mask, cards_of, face_of, number_copies
from games.dealing import Deck
from games.refusals import IllegalActionError, Refusal, Rule, turn_refusal, verified_turn
from games.tricks import PlayedTrick, TrickPlay, TrickRules


class Phase(IntEnum):
    PLAY1 = 0  # tricks while the stock lasts
    DECLARE = 1  # the winner of a phase-1 trick lays a combination, shows a seven...
    PLAY2 = 2  # the stock is empty
    DONE = 3


def canonical_copies(
    hands: Sequence[int], turned: int, stock: Sequence[int], packs: int
) -> tuple[list[int], int, list[int]]:
    """The same deal with the copies of identical cards numbered in reading order
    (the hands by seat, then the turned card if any (-1: none), then the stock from
    the top), as a record written with shared codes numbers them
    (``games.cards.number_copies``): copies are alike when dealt, and so a deal
    replays from its record exactly."""
    groups = [[c.face for c in cards_of(h)] for h in hands]
    groups.append([Card.from_index(turned).face] if turned >= 0 else [])
    groups.append([Card.from_index(i).face for i in stock])
    *numbered, turned_cards, rest = number_copies(groups, packs)
    turned_index = turned_cards[0].index if turned_cards else -1
    return [card_mask(h) for h in numbered], turned_index, [c.index for c in rest]


@dataclass(frozen=True, slots=True)
class LaidCard:
    """A card laid face up, with the kinds of combination it has served in."""

    card: Card
    kinds: tuple[MeldKind, ...]


def laid_from(cards: Sequence[LaidCard]) -> Laid:
    """Laid cards as ``games.besigue.melds`` reads them."""
    mask = 0
    served = [0] * len(KINDS)
    for laid in cards:
        mask |= laid.card.bit
        for kind in laid.kinds:
            served[kind.number] |= laid.card.bit
    return Laid(mask, tuple(served))


def laid_cards(laid: Laid) -> tuple[LaidCard, ...]:
    """Laid cards as a view shows them."""
    return tuple(LaidCard(c, laid.kinds_of(c)) for c in cards_of(laid.cards))


class DealFlow(TrickPlay):
    """A deal of either game being played, from the deal to the count."""

    done = Phase.DONE
    phase: Phase

    rules: Rules
    packs: int
    trump: Suit | None  # in Haiti, None until the first marriage fixes it
    outcome: Outcome | None
    # what a trick's winner may lay, in a refusal's words (one, and several)
    declared: tuple[str, str] = ("a combination", "combinations")

    def _setup(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        turned: int,
        stock: Sequence[int],
        scores: Sequence[int] | None,
        deck: Deck,
    ) -> None:
        """``hands`` are bit sets by seat; ``turned`` the card turned up (a bit number,
        -1: none); ``stock`` the hidden cards, top first; ``scores`` the scores before
        the deal, by side (zeros by default); ``deck`` the cards the game plays with."""
        seats = len(hands)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"Bésigue has {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
        if not 0 <= dealer < seats:
            raise ValueError(f"the dealer is a seat 0-{seats - 1}, not {dealer}")
        rest = [*stock, turned] if turned >= 0 else list(stock)
        deck.validate(hands, rest, rules.hand_size, "stock")
        if len(stock) % seats != (seats - 1 if turned >= 0 else 0):
            raise ValueError(f"a stock of {len(rest)} cards does not divide among {seats}")
        hands, turned, stock = canonical_copies(hands, turned, stock, deck.packs)
        self.rules = rules
        self._deal(dealer, hands)
        self.packs = deck.packs
        self.teams = rules.teams_for(seats)
        sides = max(self.teams) + 1
        before = tuple(scores) if scores is not None else (0,) * sides
        if len(before) != sides:
            raise ValueError(f"the scores are {sides} (one per side), not {len(before)}")
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in before):
            raise ValueError(f"scores are whole numbers from 0, not {list(before)}")
        self.scores_before = before
        self.target = rules.target_for(seats)
        self.initial_turned = turned
        self.turned = turned  # -1 once drawn (or when none is turned)
        self.stock = tuple(stock)
        self.drawn = 0  # hidden cards drawn so far
        self.laid = [Laid()] * seats
        self.melds: list[list[Meld]] = [[] for _ in range(seats)]
        self.meld_points = [0] * seats
        self.declarer = -1
        self.melded = False
        self.actions: list[tuple[int, Action]] = []
        self.outcome = None
        self.phase = Phase.PLAY1
        self._start_play(self.first)

    def copy(self) -> DealFlow:
        """A copy to play on (cheap: the immutable parts are shared)."""
        other = _copy.copy(self)
        self._copy_play_to(other)
        other.laid = list(self.laid)
        other.melds = [list(m) for m in self.melds]
        other.meld_points = list(self.meld_points)
        other.actions = list(self.actions)
        return other

    # ---- what each game says -------------------------------------------------------

    def _rules_for(self, phase2: bool) -> TrickRules:
        raise NotImplementedError

    def _melds_for(self, seat: int) -> list[Meld]:
        """The combinations ``seat`` may lay now, best first."""
        raise NotImplementedError

    def _resolve(self, seat: int, action: Action) -> Meld:
        """The combination ``action`` lays for ``seat``; ``ValueError`` naming the rule."""
        raise NotImplementedError

    def _laid(self, seat: int, meld: Meld) -> None:
        """What laying ``meld`` changes besides the laid cards and the points."""

    def _calls(self) -> list[Action]:
        """The declarer's other legal calls now (the classic game's sevens)."""
        return []

    def _check_call(self, kind: Kind) -> Refusal | None:
        return Refusal(R.NO_SUCH_CALL, "no such call in this game")

    def _apply_call(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _trick_scored(self, played: PlayedTrick) -> None:
        """What a finished trick scores by itself (Haiti's 7 of trump)."""

    def _brisques(self) -> BrisqueRule:
        """How this game counts the brisques won (``games.besigue.score``)."""
        return classic_brisques

    def _count(self, reached: int | None) -> Outcome:
        """The count of the deal, played out or ended at once by side ``reached``."""
        return count_deal(
            trump=self.trump,
            melds=self.meld_points,
            laid=self.melds,
            history=self.history,
            tricks=self.tricks,
            teams=self.teams,
            scores_before=self.scores_before,
            target=self.target,
            reached_at_once=reached,
            brisques=self._brisques(),
        )

    # ---- state -------------------------------------------------------------------

    @property
    def stock_left(self) -> int:
        """Hidden cards left in the stock (a turned card apart)."""
        return len(self.stock) - self.drawn

    def unlaid(self, seat: int) -> int:
        """A seat's cards that are not laid."""
        return self.hands[seat] & ~self.laid[seat].cards

    def side_scores(self) -> tuple[int, ...]:
        """The scores by side with this deal's points so far."""
        if self.outcome is not None:
            return self.outcome.scores
        gained = side_totals(self.meld_points, self.teams, len(self.scores_before))
        return tuple(b + g for b, g in zip(self.scores_before, gained, strict=True))

    def legal_melds(self) -> list[Meld]:
        """The combinations the declarer may lay now (none outside his declaring)."""
        if self.phase is not Phase.DECLARE or self.melded:
            return []
        return self._melds_for(self.declarer)

    # ---- legality: the one place -------------------------------------------------

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None."""
        refused = turn_refusal(self, seat)
        if refused is not None:
            return refused
        kind = action.kind
        if self.phase is Phase.DECLARE:
            if kind is Kind.PLAY:  # the draws first, then the card of the next trick
                probe = self.copy()
                probe._draw()
                return probe.check(action)
            if kind is Kind.MELD:
                if self.melded:
                    return Refusal(R.ONE_MELD, "one combination per trick won")
                try:
                    self._resolve(self.declarer, action)
                except IllegalActionError as error:
                    return error.refusal
                return None
            if kind is Kind.DRAW:
                return None
            return self._check_call(kind)
        if kind is not Kind.PLAY:
            if kind is Kind.DRAW:
                return Refusal(
                    R.DRAWS_BY_THEMSELVES, "the draws follow a trick of phase 1 by themselves"
                )
            if self.phase is Phase.PLAY2:
                return Refusal(R.STOCK_EMPTY, f"the stock is empty: no more {self.declared[1]}")
            return Refusal(
                R.WINNER_ONLY, f"only the winner of a trick, after it, lays {self.declared[0]}"
            )
        index = self._play_index(self.turn, action)
        if isinstance(index, Refusal):
            return index
        return self._check_play(1 << index)

    def _play_index(self, seat: int, action: Action) -> int | Refusal:
        """The physical card ``action`` plays (a bit number), or why there is none:
        the hand's copy (the lowest), else, or with ``laid``, the laid copy that
        served in the most kinds (then the lowest)."""
        assert action.card is not None
        face = action.card.index
        copies = [face + PACK_BITS * c for c in range(self.packs)]
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
            return Refusal(R.NOT_LAID, f"no {action.card} is laid")
        return Refusal(Rule.NOT_HELD, f"{action.card} is not in this hand")

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def legal_actions(self) -> list[Action]:
        """In order: in ``DECLARE`` the combinations (best first), the other calls,
        then ``draw``; else each card by its code (``play C``, then ``play C laid``
        where the player holds the card both in hand and laid)."""
        phase = self.phase
        if phase is Phase.DONE:
            return []
        if phase is Phase.DECLARE:
            return [*(meld_of(m) for m in self.legal_melds()), *self._calls(), DRAW]
        seat = self.turn
        legal = self._legal_play_mask()
        unlaid, laid = self.unlaid(seat), self.laid[seat].cards
        out = []
        for card in sorted({Card.from_index(face_of(i)) for i in bits_of(legal)}, key=card_order):
            copies = sum(1 << (card.index + PACK_BITS * c) for c in range(self.packs)) & legal
            out.append(play(card))
            if copies & unlaid and copies & laid:
                out.append(play(card, laid=True))
        return out

    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = verified_turn(self, action, seat)
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
        elif kind is Kind.DRAW:
            self._draw()
        else:
            self._apply_call(turn, action)
            self._declaring_goes_on()

    # ---- the steps ---------------------------------------------------------------

    def _play(self, seat: int, index: int) -> None:
        bit = 1 << index
        if self.laid[seat].cards & bit:
            self.laid[seat] = self.laid[seat].without(bit)
        self._play_card(seat, index)

    def _after_trick(self, played: PlayedTrick) -> None:
        self._trick_scored(played)
        if self.phase is Phase.PLAY2:
            if not any(self.hands):
                self._finish()
            return
        self.phase = Phase.DECLARE
        self.declarer = played.winner
        self.melded = False
        self._new_declaring()
        self._declaring_goes_on()

    def _new_declaring(self) -> None:
        """A trick's winner starts declaring (each game's calls start afresh)."""

    def _declaring_goes_on(self) -> None:
        """Draw at once when the declarer can do nothing more."""
        if self.phase is not Phase.DECLARE:
            return
        if self.legal_melds() or self._calls():
            return
        self._draw()

    def _meld(self, seat: int, action: Action) -> None:
        meld = self._resolve(seat, action)
        self.laid[seat] = self.laid[seat].lay(meld)
        self.melds[seat].append(meld)
        self.melded = True
        self._laid(seat, meld)
        self._score(seat, meld.points)
        self._declaring_goes_on()

    def _score(self, seat: int, points: int, at_once: bool = True) -> None:
        """Points won now; ``at_once``: the deal ends at once if they take the seat's
        side to the target, ahead of every other side already there.  (Another side is
        there in a deal after a tie past the target, or by a 7 of the classic game: a
        side behind it does not win at once; the deal's end decides, as it does the tie.)"""
        self.meld_points[seat] += points
        side = self.teams[seat]
        reaching, marque = self._reaching(side), self.side_scores()
        there = [o for o in set(self.teams) - {side} if self._reaching(o) >= self.target]
        # ahead of their marque as it shows (its 7s included: they are on it); the 7s
        # of a side not there yet count toward the target at the end only (§4.1)
        ahead = all(reaching > marque[other] for other in there)
        if at_once and reaching >= self.target and ahead:
            self._finish(reached=side)

    def _reaching(self, side: int) -> int:
        """What a side's score is when a combination may end the deal at once."""
        return self.side_scores()[side]

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
        if self.turned >= 0 or self.stock_left:
            self.phase = Phase.PLAY1
            return
        self.phase = Phase.PLAY2
        self.laid = [Laid()] * self.seats
        self.trick_rules = self._rules_for(True)

    def _finish(self, reached: int | None = None) -> None:
        self.outcome = self._count(reached)
        self.phase = Phase.DONE
        self.declarer = -1

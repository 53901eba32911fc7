"""One deal of La Bête (1792), RULES.md §2: antes, speaking, curieuse, play, settlement.

Money is in jetons (1 fiche = 10).  The pot has three parts: the *reserve*
(one fiche from each player at the start of each round of deals), the *stake*
(what a deal's winner takes) and the *king jetons*.  Every movement between a
player and the pot is a ``Transfer``; moves inside the pot (the fiche that
goes from the reserve to the stake at each deal) are not.

The card play (hands, tricks, obligation) is ``games.tricks.TrickPlay``'s, as
in La Bête Hombrée; legality lives in ``check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from games.bete.actions import CONTRE, CURIEUSE, PASS, PLAY_CONTRACT, PLAYS, Action, Kind
from games.bete.rules import FICHE, MAX_SEATS, MIN_SEATS, Rules
from games.cards import Card, Rank, bits_of, deck_mask
from games.dealing import validate_deal, validate_shape
from games.duties import Duty
from games.money import POT, Transfer, net_of
from games.money import Bete as Bete  # the waiting bêtes
from games.obligations import FollowBeatTrump
from games.refusals import Refusal, Rule, turn_refusal, verified_turn
from games.tricks import PlayedTrick, TrickPlay, played_mask

TRICKS: Final = 5
HAND_SIZE: Final = 5
DECK: Final = deck_mask(
    [Rank.K, Rank.Q, Rank.J, Rank.A, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN]
)


class Refused(StrEnum):
    """La Bête's own rules an action may break (``games.refusals``)."""

    PLAY_OR_PASS = "play-or-pass"  # the first to speak plays the contract or passes
    CONTRE_OR_PASS = "contre-or-pass"  # once one plays, the others contrent or pass
    CURIEUSE_OR_PASS = "curieuse-or-pass"  # once all passed, each goes en curieuse or passes


class Phase(IntEnum):
    SPEAKING = 0  # pass / play-contract, then pass / contre
    CURIEUSE = 1  # everyone passed: curieuse / pass
    PLAY = 2
    DONE = 3


@dataclass(frozen=True, slots=True)
class Pot:
    """The three parts of the pot, in jetons."""

    reserve: int = 0
    stake: int = 0
    kings: int = 0

    @property
    def total(self) -> int:
        return self.reserve + self.stake + self.kings


@dataclass(frozen=True, slots=True)
class Outcome:
    """The settlement of a deal; ``declarer`` is -1 when nobody played (a void deal)."""

    declarer: int
    contreur: int
    tricks: tuple[int, ...]
    declarer_won: bool
    contreur_won: bool
    vole: bool
    devole: bool
    transfers: tuple[Transfer, ...]  # the whole deal's, antes included
    net: tuple[int, ...]
    pot_delta: int
    pot: Pot  # after the deal
    bete_in_play: bool  # after the deal
    entered: int  # index in ``waiting`` of the bête put in play at the start, or -1
    collected: tuple[int, ...]  # indexes in ``waiting`` of bêtes paid on a vole
    new_betes: tuple[Bete, ...]
    king_holder: int  # who took the king jetons, -1 if they stayed

    @property
    def void(self) -> bool:
        return self.declarer < 0

    @property
    def stake_winner(self) -> int:
        """Who took the stake (with the bête in it, if one was): the declarer who won,
        or the contreur who did; -1 when it stays for the next deal."""
        if self.declarer >= 0 and self.declarer_won:
            return self.declarer
        return self.contreur if self.contreur >= 0 and self.contreur_won else -1


@dataclass(frozen=True, slots=True)
class DealView:
    """What one seat may see of a deal."""

    rules: Rules
    seat: int
    seats: int
    dealer: int
    phase: Phase
    turn: int
    hand: int
    hand_counts: tuple[int, ...]
    trump_card: Card  # the card turned up for trump
    set_aside: Card | None  # the first trump card, set aside by a curieuse
    calls: tuple[tuple[int, Action], ...]
    declarer: int
    contreur: int
    curieux: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    winning: int  # the seat whose card wins the trick in progress now (-1: no card yet)
    tricks_played: tuple[PlayedTrick, ...]
    tricks_won: tuple[int, ...]
    duty: Duty | None  # what keeps some of this seat's cards from the trick now
    pot: Pot
    bete_in_play: bool
    waiting: tuple[Bete, ...]  # bêtes waiting (not counting one put in play this deal)
    legal: tuple[Action, ...]
    outcome: Outcome | None
    entered: Bete | None = None  # the bête its owner paid into the stake as this deal began

    def visible_cards(self) -> int:
        """Every card this view shows: own hand, the turned cards, cards played."""
        mask = self.hand | self.trump_card.bit | played_mask(self.trick, self.tricks_played)
        if self.set_aside is not None:
            mask |= self.set_aside.bit
        return mask

    def speaking_rounds(self) -> tuple[tuple[tuple[int, Action], ...], ...]:
        """The calls by round of speaking (RULES.md §2), a round begun with no call yet
        included: the first round; once everyone passed it, the offers to go en
        curieuse (one per player); once some went, the curieux speaking again."""
        calls, seats = self.calls, self.seats
        starts = [0]
        if len(calls) > seats or self.phase is Phase.CURIEUSE:  # the first round all passed
            starts.append(seats)
        if self.set_aside is not None:  # a curieuse turned a new trump
            starts.append(2 * seats)
        ends = [*starts[1:], len(calls)]
        return tuple(calls[start:end] for start, end in zip(starts, ends, strict=True))


def succeeded(tricks: Sequence[int], history: Sequence[PlayedTrick], seat: int) -> bool:
    """3 tricks, or exactly 2 that are the first two while nobody else took 3."""
    taken = tricks[seat]
    if taken >= 3:
        return True
    return (
        taken == 2
        and history[0].winner == seat
        and history[1].winner == seat
        and max(t for s, t in enumerate(tricks) if s != seat) < 3
    )


class DealState(TrickPlay):
    """The full state of one deal of La Bête."""

    done = Phase.DONE
    phase: Phase

    __slots__ = (
        "actions",
        "bete_in_play",
        "calls_left",
        "contreur",
        "curieux",
        "declarer",
        "entered",
        "outcome",
        "phase",
        "pot",
        "rules",
        "speakers",
        "talon",
        "transfers",
        "trump",
        "turned",
        "waiting",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[int],
        talon: Sequence[int],
        *,
        pot: Pot | None = None,
        bete_in_play: bool = False,
        waiting: Sequence[Bete] = (),
        entering: int = -1,
        round_start: bool = False,
    ) -> None:
        """A deal just dealt: the antes are paid and a waiting bête may enter the stake.

        ``hands`` are bit sets by seat, ``talon`` the undealt cards (bit numbers)
        in order: the first is turned up for trump, the next is a curieuse's.
        ``waiting`` lists the bêtes of seated players, oldest first; ``entering``
        is the index of the one put in play now (the session picks the largest),
        or -1.
        """
        seats = len(hands)
        _validate_deal(seats, dealer, hands, talon, waiting)
        if entering >= 0 and (bete_in_play or entering >= len(waiting)):
            raise ValueError("a bête enters only when none is in play, from those waiting")
        self.rules = rules
        self._deal(dealer, hands)
        self.talon = tuple(talon)
        self.turned = 0  # index in the talon of the trump card
        self.trump = talon[0] >> 4
        self.trick_rules = FollowBeatTrump(self.trump, rules.bete_must_underruff)
        self.waiting = tuple(waiting)
        self.actions: list[tuple[int, Action]] = []
        self.declarer = -1
        self.contreur = -1
        self.curieux: tuple[int, ...] = ()
        self.outcome: Outcome | None = None
        self._start_play(self.first)
        self.phase = Phase.SPEAKING
        self.speakers = tuple((self.first + i) % seats for i in range(seats))
        self.calls_left = list(self.speakers)
        self.turn = self.first
        self.transfers: list[Transfer] = []
        self.entered = entering
        self._pay_antes(pot or Pot(), bete_in_play, round_start)

    def _pay_antes(self, pot: Pot, bete_in_play: bool, round_start: bool) -> None:
        seats = range(self.seats)
        transfers = self.transfers
        reserve, stake, kings = pot.reserve, pot.stake, pot.kings
        if round_start:
            transfers.extend(Transfer(s, POT, FICHE, "reserve") for s in seats)
            reserve += FICHE * self.seats
        if self.entered >= 0:  # its owner pays it into the stake
            bete = self.waiting[self.entered]
            transfers.append(Transfer(bete.owner, POT, bete.amount, "bete"))
            stake += bete.amount
            bete_in_play = True
        moved = min(FICHE, reserve)  # a round's reserve always holds the fiche
        reserve -= moved
        stake += moved
        if not bete_in_play:
            transfers.extend(Transfer(s, POT, 1, "game") for s in seats)
            stake += self.seats
        transfers.append(Transfer(self.dealer, POT, 1, "dealer"))
        stake += 1
        transfers.extend(Transfer(s, POT, 1, "kings") for s in seats)
        kings += self.seats
        self.pot = Pot(reserve, stake, kings)
        self.bete_in_play = bete_in_play

    @property
    def net_so_far(self) -> tuple[int, ...]:
        """Each seat's net payment in this deal so far, the pot's counterpart: from the
        start the antes and the bête entering the stake (``_pay_antes``), then the
        curieuses, once settled the whole deal's (``Outcome.net``)."""
        if self.outcome is not None:
            return self.outcome.net
        return net_of(self.transfers, self.seats)[0]

    # ---- copying -----------------------------------------------------------------

    def copy(self) -> DealState:
        return self._copied(_ALL_SLOTS, ("actions", "calls_left", "transfers"))

    # ---- legality: the one place -------------------------------------------------

    @property
    def trump_card(self) -> Card:
        return Card.from_index(self.talon[self.turned])

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` is illegal now (for ``seat``, default the seat to act), or None."""
        kind = action.kind
        if self.phase is Phase.PLAY and kind is not Kind.PLAY:  # whoever says it
            # a record that goes on speaking after a contre is told why it may not
            ended = " (the first contre ends the speaking)" if self.contreur >= 0 else ""
            return Refusal(
                Rule.PLAY_EXPECTED,
                f"the cards are being played: only 'play C' is possible{ended}",
            )
        refused = turn_refusal(self, seat)
        if refused is not None:
            return refused
        if self.phase is Phase.PLAY:
            return self._check_play(action.cards)
        if action.kind is Kind.PLAY:
            return Refusal(Rule.CALLS_FIRST, "no card before the speaking is over")
        if action in self._calls():
            return None
        if self.phase is Phase.CURIEUSE:
            return Refusal(
                Refused.CURIEUSE_OR_PASS,
                "everyone passed: each player may now go en curieuse, or pass",
            )
        if self.declarer >= 0:
            return Refusal(
                Refused.CONTRE_OR_PASS, "a player plays already: the others may contrer, or pass"
            )
        return Refusal(Refused.PLAY_OR_PASS, "say 'play-contract' (je joue) or 'pass'")

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        return self.check(action, seat) is None

    def _calls(self) -> tuple[Action, ...]:
        if self.phase is Phase.CURIEUSE:
            return (PASS, CURIEUSE)
        if self.declarer >= 0:
            return (PASS, CONTRE)
        return (PASS, PLAY_CONTRACT)

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.PLAY:
            return [PLAYS[i] for i in bits_of(self._legal_play_mask())]
        if self.phase is Phase.DONE:
            return []
        return list(self._calls())

    def apply(self, action: Action, seat: int | None = None) -> None:
        turn = verified_turn(self, action, seat)
        self.actions.append((turn, action))
        if action.kind is Kind.PLAY:
            if (
                self._play_card(turn, action.cards.bit_length() - 1) >= 0
                and len(self.history) == TRICKS
            ):
                self._settle()
        else:
            self._speak(turn, action)

    # ---- speaking ------------------------------------------------------------

    def _speak(self, seat: int, action: Action) -> None:
        kind = action.kind
        self.calls_left.pop(0)
        if kind is Kind.PLAY_CONTRACT:
            self.declarer = seat
        elif kind is Kind.CONTRE:
            self.contreur = seat
            self.calls_left.clear()  # at most one contreur
        elif kind is Kind.CURIEUSE:
            self.curieux = (*self.curieux, seat)
            self.transfers.append(Transfer(seat, POT, 1, "curieuse"))
            pot = self.pot
            self.pot = Pot(pot.reserve, pot.stake + 1, pot.kings)
        if self.calls_left:
            self.turn = self.calls_left[0]
            return
        if self.declarer >= 0:
            self.phase = Phase.PLAY
            self.turn = self.first
        elif self.phase is Phase.SPEAKING and self.turned == 0:
            self.phase = Phase.CURIEUSE
            self.calls_left = list(self.speakers)
            self.turn = self.first
        elif self.phase is Phase.CURIEUSE and self.curieux:
            # the turned card is set aside and the next one is trump; the curieux speak again
            self.turned = 1
            self.trump = self.talon[1] >> 4
            self.trick_rules = FollowBeatTrump(self.trump, self.rules.bete_must_underruff)
            self.phase = Phase.SPEAKING
            self.calls_left = list(self.curieux)
            self.turn = self.calls_left[0]
        else:
            self._finish_void()

    # ---- settlement ----------------------------------------------------------

    def _finish_void(self) -> None:
        """Nobody plays: the stake and the king jetons stay for the next deal."""
        self._finish(-1, False, False, (), (), False)

    def _settle(self) -> None:
        declarer, contreur = self.declarer, self.contreur
        transfers = self.transfers
        reserve, stake, kings = self.pot.reserve, self.pot.stake, self.pot.kings
        others = [s for s in range(self.seats) if s != declarer]
        at_end = stake  # what a bête is worth: the stake now, king jetons excluded
        taken = self.tricks[declarer]
        declarer_won = taken == TRICKS or succeeded(self.tricks, self.history, declarer)
        contreur_won = contreur >= 0 and succeeded(self.tricks, self.history, contreur)
        # a contreur who succeeds leaves the declarer a simple bête, whatever he took
        vole, devole = taken == TRICKS, taken == 0 and not contreur_won
        new_betes: list[Bete] = []
        collected: tuple[int, ...] = ()
        waiting = [i for i in range(len(self.waiting)) if i != self.entered]
        if devole:
            # he doubles the stake, makes a bête of it and one more for each waiting bête
            transfers.append(Transfer(declarer, POT, stake, "devole"))
            stake += stake
            new_betes.append(Bete(declarer, at_end))
            new_betes.extend(Bete(declarer, self.waiting[i].amount) for i in waiting)
            transfers.extend(Transfer(declarer, o, 1, "devole") for o in others)
        elif not declarer_won:
            new_betes.append(Bete(declarer, at_end))
        winner = declarer if declarer_won else contreur if contreur_won else -1
        if winner >= 0:
            transfers.append(Transfer(POT, winner, stake, "stake"))
            stake = 0
        if vole:
            collected = tuple(waiting)
            for i in waiting:
                bete = self.waiting[i]
                if bete.owner != declarer:
                    transfers.append(Transfer(bete.owner, declarer, bete.amount, "bete"))
            transfers.extend(Transfer(o, declarer, 1, "vole") for o in others)
        if contreur >= 0 and not contreur_won:
            new_betes.append(Bete(contreur, 2 * at_end))
        king_holder = self._king_holder(declarer_won)
        if king_holder >= 0:
            transfers.append(Transfer(POT, king_holder, kings, "kings"))
            kings = 0
        self.pot = Pot(reserve, stake, kings)
        if winner >= 0:
            self.bete_in_play = False
        self._finish(king_holder, declarer_won, contreur_won, collected, tuple(new_betes), devole)

    def _king_holder(self, declarer_won: bool) -> int:
        """Who takes the king jetons: its holder (the dealer, if he turned it up),
        unless he is the declarer and failed; -1 if they stay."""
        holder = self.king_of_trump_seat()
        if holder == self.declarer and not declarer_won:
            return -1
        return holder

    def king_turned(self) -> bool:
        """The dealer turned up the king of trump: as trump, or set aside by a curieuse
        whose next card turned the same suit (RULES §2: "if the dealer turned up a king";
        a card he turned up is not "in the talon")."""
        king = 16 * self.trump + Rank.K
        return any(card == king for card in self.talon[: self.turned + 1])

    def king_of_trump_seat(self) -> int:
        """Who holds the king of trump: the dealer if he turned it up, else the seat
        dealt it; -1 if it lies in the talon."""
        if self.king_turned():
            return self.dealer
        king = 1 << (16 * self.trump + Rank.K)
        for seat, hand in enumerate(self.initial_hands):
            if hand & king:
                return seat
        return -1  # in the talon

    def _finish(
        self,
        king_holder: int,
        declarer_won: bool,
        contreur_won: bool,
        collected: tuple[int, ...],
        new_betes: tuple[Bete, ...],
        devole: bool,
    ) -> None:
        transfers = tuple(self.transfers)
        net, pot_delta = net_of(transfers, self.seats)
        taken = self.tricks[self.declarer] if self.declarer >= 0 else -1
        self.outcome = Outcome(
            declarer=self.declarer,
            contreur=self.contreur,
            tricks=tuple(self.tricks),
            declarer_won=declarer_won,
            contreur_won=contreur_won,
            vole=taken == TRICKS,
            devole=devole,
            transfers=transfers,
            net=net,
            pot_delta=pot_delta,
            pot=self.pot,
            bete_in_play=self.bete_in_play,
            entered=self.entered,
            collected=collected,
            new_betes=new_betes,
            king_holder=king_holder,
        )
        self.phase = Phase.DONE
        self.turn = -1

    # ---- views ---------------------------------------------------------------

    def view(self, seat: int) -> DealView:
        return DealView(
            **self.seen_by(seat),
            rules=self.rules,
            seats=self.seats,
            phase=self.phase,
            hand=self.hands[seat],
            hand_counts=tuple(h.bit_count() for h in self.hands),
            trump_card=self.trump_card,
            set_aside=Card.from_index(self.talon[0]) if self.turned else None,
            calls=tuple((s, a) for s, a in self.actions if a.kind is not Kind.PLAY),
            declarer=self.declarer,
            contreur=self.contreur,
            curieux=self.curieux,
            pot=self.pot,
            bete_in_play=self.bete_in_play,
            waiting=tuple(b for i, b in enumerate(self.waiting) if i != self.entered),
            legal=tuple(self.legal_actions()) if seat == self.turn else (),
            outcome=self.outcome,
            entered=self.waiting[self.entered] if self.entered >= 0 else None,
        )


def _validate_deal(
    seats: int, dealer: int, hands: Sequence[int], talon: Sequence[int], waiting: Sequence[Bete]
) -> None:
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"La Bête is played by {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
    validate_shape(dealer, seats, hands, talon, 32 - HAND_SIZE * seats, "talon")
    validate_deal(DECK, hands, talon, HAND_SIZE, "talon")
    for bete in waiting:
        if not 0 <= bete.owner < seats or bete.amount <= 0:
            raise ValueError(f"a waiting bête must belong to a seat and be positive: {bete}")


_ALL_SLOTS: Final = (*TrickPlay.__slots__, *DealState.__slots__)

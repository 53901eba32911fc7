"""Phase 1 of the strong Bésigue player: one trick ahead over sampled deals.

While the stock lasts any card may be played, and what a trick is worth lies
mostly beyond it: the combination its winner may lay, the cards each seat
keeps for later combinations and for phase 2, the cards each draws.  On each
deal drawn consistently with the view (the other hands, the stock's order;
``games.besigue.ai.pimc.knowledge_of``) each card the seat may play is played
out to the end of its trick: with two players the other answers with the card
worst for the seat (every card of his is tried), with more the later seats
follow rules of thumb.  Its winner then exchanges or shows the 7 of trump and
lays his largest combination, and each seat is judged by its points so far
(combinations, sevens, brisques of its tricks) plus what its cards are worth
(``games.besigue.ai.value.Valuer``).  A card's value is its side's judgement
minus the other sides', averaged over the deals.

The draws of the trick are counted in expectation, every card of the stock as
likely to come to each seat: nobody knows the stock's order, and letting each
deal drawn decide who gets its top card made the other seat's answer follow a
card it cannot know (a duel of the two readings: +30 points a deal for this
one).  At the last trick of phase 1 the draws are known (the hidden card to
the winner, the turned card to the other), and the cheater, who sees the
stock, draws its true cards (``known_draws``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from games.besigue.actions import Action, Kind
from games.besigue.melds import Laid
from games.besigue.rules import BesigueTricks, trick_rules
from games.besigue.state import DealView
from games.cards import PACK_BITS, Card, Rank, Suit, bits_of
from games.tricks import TrickRules, trick_winner

from .heuristic import keep_value
from .solver import card_points
from .value import COPIES, WEIGHTS, Valuer, Weights, pool_of
from .views import SeatView

SEVEN_POINTS: Final = 10
SEVENS: Final = tuple(COPIES[Card(suit, Rank.SEVEN).index] for suit in Suit)  # by trump


def physical(face: int, laid_copy: bool, unlaid: int, laid: Laid, packs: int) -> int:
    """The card ``play C`` (``laid_copy``: ``play C laid``) takes, as the deal state
    finds it: the hand's lowest copy, else the laid copy that served in the most
    kinds (then the lowest); -1 if none."""
    copies = [face + PACK_BITS * c for c in range(packs)]
    if not laid_copy:
        for index in copies:
            if unlaid >> index & 1:
                return index
    on_table = [i for i in copies if laid.cards >> i & 1]
    if not on_table:
        return -1
    return min(on_table, key=lambda i: (-sum(s >> i & 1 for s in laid.served), i))


def choices(cards: int, laid: Laid, packs: int) -> list[int]:
    """The different cards a seat holding ``cards`` may play in phase 1 (one per
    card code from the hand, and the laid copy where it differs)."""
    unlaid = cards & ~laid.cards
    faces = sorted({i % PACK_BITS for i in bits_of(cards)})
    out = []
    for face in faces:
        first = physical(face, False, unlaid, laid, packs)
        out.append(first)
        if laid.cards and unlaid >> first & 1:
            other = physical(face, True, unlaid, laid, packs)
            if other >= 0:
                out.append(other)
    return out


Plays = list[tuple[int, int]]  # (seat, card) in play order


def trick_values(
    moves: Sequence[int],
    trick: Plays,
    seat: int,
    cards: Sequence[int],
    laid: Sequence[Laid],
    packs: int,
    after: Callable[[Plays], float],
    follow: Callable[[int, int, Plays], int],
) -> Iterator[float]:
    """Each move's judgement on one deal (each seat's ``cards``, laid or not), either
    Bésigue: the trick played out and judged (``after``): with two players the
    other answers with the card worst for the seat (every card of his is tried),
    with more the later seats follow rules of thumb (``follow``)."""
    seats = len(cards)
    start = trick[0][0] if trick else seat
    order = [(start + k) % seats for k in range(seats)]
    later = order[len(trick) + 1 :]
    for move in moves:
        plays = [*trick, (seat, move)]
        if not later:
            yield after(plays)
        elif seats == 2:
            other = later[0]
            yield min(
                after([*plays, (other, card)]) for card in choices(cards[other], laid[other], packs)
            )
        else:
            for later_seat in later:
                plays.append((later_seat, follow(later_seat, cards[later_seat], plays)))
            yield after(plays)


def follow_card(
    options: list[int],
    plays: Plays,
    rules: TrickRules,
    rival: bool,
    keep: Callable[[int], int],
    meld_waits: Callable[[], bool],
) -> int:
    """A later seat's card among ``options``, by rules of thumb: the cheapest card that
    wins when the trick (won by a ``rival`` now) holds brisques or a combination waits
    to be laid, else its least useful card (``keep``); nothing over a partner winning."""
    values = {c: keep(c) for c in options}
    if rival:
        winner = trick_winner([c for _, c in plays], rules)
        beating = [c for c in options if rules.beats(c, winner)]
        worth = any(card_points(1 << c) for _, c in plays)
        if beating and (worth or meld_waits()):
            return min(beating, key=lambda c: values[c])
    return min(options, key=lambda c: (values[c], c))


def winner_seat(plays: Plays, rules: TrickRules) -> int:
    """The seat whose card wins the trick of ``plays``."""
    winner = trick_winner([c for _, c in plays], rules)
    return next(s for s, c in plays if c == winner)


def played_out(
    cards: Sequence[int], laid: Sequence[Laid], plays: Plays
) -> tuple[list[int], list[Laid], int]:
    """Each seat's cards and laid cards once the trick of ``plays`` is played, and
    the trick's cards."""
    hands = list(cards)
    after = list(laid)
    trick = 0
    for seat, card in plays:
        bit = 1 << card
        hands[seat] &= ~bit
        trick |= bit
        if after[seat].cards & bit:
            after[seat] = after[seat].without(bit)
    return hands, after, trick


def side_judgement(scores: Sequence[float], teams: Sequence[int], seat: int, sides: int) -> float:
    """The seat's side's total minus the mean of the other sides'."""
    totals = [0.0] * sides
    for scorer, score in enumerate(scores):
        totals[teams[scorer]] += score
    own = teams[seat]
    return totals[own] - (sum(totals) - totals[own]) / (sides - 1)


def legal_cards(view: SeatView, packs: int) -> tuple[list[Action], list[int]]:
    """Either Bésigue's legal plays of the seat and the card (bit number) each plays."""
    laid = view.laid_of(view.seat)
    plays = [a for a in view.legal if a.kind is Kind.PLAY]
    cards = []
    for action in plays:
        assert action.card is not None
        cards.append(physical(action.card.index, action.laid, view.hand, laid, packs))
    return plays, cards


@dataclass(slots=True)
class Table:
    """What the view says of the deal, the same on every deal drawn."""

    seat: int
    seats: int
    packs: int
    trump: int
    rules: BesigueTricks
    teams: tuple[int, ...]
    laid: list[Laid]
    banked: list[float]  # points so far: combinations, sevens, brisques of the tricks
    trick: list[tuple[int, int]]  # (seat, card) in play order
    shown: list[int]  # sevens of trump each seat has shown (they stay in the hand)
    exchange_open: bool
    view: DealView
    sides: int = field(init=False)

    def __post_init__(self) -> None:
        self.sides = max(self.teams) + 1

    @classmethod
    def of(cls, view: DealView) -> Table:
        seats = len(view.hand_sizes)
        banked = [float(p) for p in view.deal_points]
        for played in view.tricks_played:
            banked[played.winner] += card_points(sum(c.bit for _, c in played.cards))
        shown = [0] * seats
        for seat, kind in view.sevens:
            if kind is Kind.SEVEN_SHOW:
                shown[seat] += 1
        exchanged = any(kind is Kind.SEVEN_EXCHANGE for _, kind in view.sevens)
        return cls(
            seat=view.seat,
            seats=seats,
            packs=seats,
            trump=int(view.trump),
            rules=trick_rules(view.trump, False),
            teams=view.teams,
            laid=[view.laid_of(s) for s in range(seats)],
            banked=banked,
            trick=[(s, c.index) for s, c in view.trick],
            shown=shown,
            exchange_open=not exchanged and not view.turned_seven,
            view=view,
        )

    def judge(self, scores: Sequence[float]) -> float:
        return side_judgement(scores, self.teams, self.seat, self.sides)


class Lookahead:
    """One decision's trick played out on the deals drawn."""

    def __init__(
        self,
        view: DealView,
        moves: Sequence[int],
        known_draws: bool = False,
        weights: Weights = WEIGHTS,
    ) -> None:
        """``moves``: the seat's cards to value (bit numbers); ``known_draws``: each
        seat draws its card of the deal's stock (the cheater), rather than every
        card of the stock being as likely to come (the stock's order is hidden)."""
        self.known_draws = known_draws
        self.weights = weights
        self.table = Table.of(view)
        self.turned = view.turned.index if view.turned is not None else -1
        self.moves = list(moves)
        self.sums = [0.0] * len(self.moves)
        self.deals = 0

    def add_drawn(self, deal: Sequence[int], rng: random.Random) -> None:
        """Value every move on one deal drawn (each seat's cards, then the unseen
        cards of the stock): the stock in an order drawn from ``rng``, the turned
        card under it."""
        seats = self.table.seats
        stock = bits_of(deal[seats])
        rng.shuffle(stock)
        stock.append(self.turned)
        self.add(deal[:seats], stock)

    def add(self, cards: Sequence[int], stock: Sequence[int]) -> None:
        """Value every move on one deal: each seat's cards (laid or not) and the
        stock's order, top first, the card under it last."""
        table = self.table
        seats = table.seats
        future = len(stock) / seats - 1
        # the draws of this trick: known at the last trick of phase 1 (the turned
        # card goes to the seat that does not take it); otherwise in expectation
        drawing = self.known_draws or len(stock) == seats
        pool = pool_of(stock[seats:] if drawing else stock)
        valuer = Valuer(table.trump, table.view.rules.reuse, table.packs, pool, 1 / seats, future,
                        self.weights, drawing=drawing)  # fmt: skip
        values = trick_values(
            self.moves,
            table.trick,
            table.seat,
            cards,
            table.laid,
            table.packs,
            lambda plays: self._after(cards, stock, plays, valuer),
            lambda seat, held, plays: self._follow(seat, held, plays, valuer),
        )
        for i, value in enumerate(values):
            self.sums[i] += value
        self.deals += 1

    def _follow(self, seat: int, cards: int, plays: list[tuple[int, int]], valuer: Valuer) -> int:
        """A later seat's card, by rules of thumb (``follow_card``)."""
        table = self.table
        laid, trump = table.laid[seat], table.trump
        return follow_card(
            choices(cards, laid, table.packs),
            plays,
            table.rules,
            table.teams[winner_seat(plays, table.rules)] != table.teams[seat],
            lambda c: keep_value(Card.from_index(c), trump),
            lambda: valuer.best_meld(cards, laid) is not None,
        )

    def _after(
        self,
        cards: Sequence[int],
        stock: Sequence[int],
        plays: list[tuple[int, int]],
        valuer: Valuer,
    ) -> float:
        """The judgement once the trick of ``plays`` is taken, declared and drawn."""
        table = self.table
        seats = table.seats
        hands, laid, trick = played_out(cards, table.laid, plays)
        w = winner_seat(plays, table.rules)
        gain = [0.0] * seats
        gain[w] += card_points(trick)
        drawn = list(stock[:seats])
        sevens = hands[w] & SEVENS[table.trump]
        if sevens:
            turned = stock[-1]
            if table.exchange_open and len(stock) > seats:
                seven = sevens & -sevens
                hands[w] = hands[w] & ~seven | 1 << turned
                gain[w] += SEVEN_POINTS
            elif sevens.bit_count() > table.shown[w]:
                gain[w] += SEVEN_POINTS
            elif table.exchange_open and len(stock) == seats:
                # the last trick of phase 1: the turned card goes to the other seat anyway
                pass
        meld = valuer.best_meld(hands[w], laid[w])
        if meld is not None:
            gain[w] += meld[0]
            laid[w] = meld[1]
        if valuer.drawing:
            for k in range(seats):
                hands[(w + k) % seats] |= 1 << drawn[k]
        scores = [table.banked[s] + gain[s] + valuer.worth(hands[s], laid[s]) for s in range(seats)]
        return table.judge(scores)

    def values(self) -> list[float]:
        """Each move's mean judgement over the deals played."""
        n = max(1, self.deals)
        return [s / n for s in self.sums]


def move_cards(view: DealView) -> tuple[list[Action], list[int]]:
    """The seat's legal plays and the card (bit number) each plays."""
    return legal_cards(view, len(view.hand_sizes))


__all__ = ["Lookahead", "Table", "choices", "move_cards", "physical"]

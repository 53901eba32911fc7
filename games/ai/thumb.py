"""Card sense the rules of thumb of every trick game here share.

Cards are bit numbers of ``games.cards`` (suit ``card >> 4``; inside a suit a
lower bit is a stronger card), hands bit sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

from games.cards import SUIT_BITS, SUIT_MASKS, Card, bits_of
from games.tricks import TrickRules

RANK_MASK: Final = 15


class PlaysCards(Protocol):
    """An action that may be a card played: ``cards`` its bit set."""

    @property
    def cards(self) -> int: ...


ActionT = TypeVar("ActionT", bound=PlaysCards)


def suit_ranks(hand: int, suit: int) -> list[int]:
    """Ranks held in a suit, strongest first."""
    return bits_of((hand >> (SUIT_BITS * suit)) & 0xFFFF)


def is_master(card: int, unseen: int) -> bool:
    """No unseen card of the suit beats it."""
    return not unseen & SUIT_MASKS[card >> 4] & ((1 << card) - 1)


def cheap(card: int, trump: int) -> int:
    """How cheap a card is to give away: low ranks, side suits before trump."""
    return -(card & RANK_MASK) + (-10 if card >> 4 != trump else 0)


def card_of(action: PlaysCards) -> int:
    """The card (bit number) an action plays."""
    return action.cards.bit_length() - 1


def play_of(legal: Sequence[ActionT], card: int) -> ActionT:
    """The legal action playing ``card``."""
    return next(a for a in legal if a.cards == 1 << card)


def winning_card(trick: Sequence[tuple[int, Card]], rules: TrickRules) -> tuple[int, int]:
    """The card (bit number) winning a trick in progress and its seat ((-1, -1): empty)."""
    if not trick:
        return -1, -1
    wseat, card = trick[0]
    winner = card.index
    for seat, card in trick[1:]:
        if rules.beats(card.index, winner):
            winner, wseat = card.index, seat
    return winner, wseat


def take_trick(winning: list[int], last: bool, unseen: int, trump: int) -> int:
    """Which of the ``winning`` cards to take the trick with: the cheapest when no
    opponent plays after (``last``) or when a master is cheap enough, else the
    strongest."""
    if last:
        return min(winning, key=lambda c: cheap(c, trump))
    masters = [c for c in winning if is_master(c, unseen)]
    if masters:
        return min(masters, key=lambda c: cheap(c, trump))
    return min(winning)  # the strongest winner


def trump_tricks(
    total: float, ranks: list[int], gone_ranks: set[int], long: float, short: tuple[float, float]
) -> float:
    """``total`` plus the probable tricks of trumps of ``ranks`` (strongest first):
    a master is a trick, a trump guarded by as many lower ones as there are
    higher ones out three quarters of one; otherwise ``long`` in a suit of three
    or more, else ``short[0]`` with one higher trump out and ``short[1]`` with more."""
    for i, r in enumerate(ranks):
        higher = sum(1 for x in range(r) if x not in ranks and x not in gone_ranks)
        if higher == 0:
            total += 1.0
        elif i >= higher:
            total += 0.75
        elif len(ranks) >= 3:
            total += long
        else:
            total += short[0] if higher == 1 else short[1]
    return total

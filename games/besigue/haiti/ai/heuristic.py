"""The Haitian game's rule-of-thumb player.

Declaring: it lays the best combination (the first marriage at once: it fixes
trump and opens every other combination).  In phase 1 it keeps combination
material (jokers, kings and queens, the bésigue's Q♠ and J♦, trumps, aces,
the quinte's A 10 J of trump) and leads or throws its least useful card; it
takes a trick when there are brisques in it, when winning would let it lay a
combination, or late in the stock, with the cheapest card that wins it (a
joker led wins unless trumped: it leads one to take the trick it needs when
no trump is fixed yet or nobody may have trumps left).  In phase 2 it takes a
trick as cheaply as it can when the trick is worth it or it plays last, leads
its aces, gives brisques to a partner who is winning, and otherwise throws
its smallest card.
"""

from __future__ import annotations

from typing import Final

from games.besigue.actions import DRAW, Action, Kind
from games.besigue.ai.heuristic import (
    ThumbPlayer,
    Thumbs,
    choose,
    material_value,
    partner_winning,
    phase_two_card,
    power,
    winners,
)
from games.besigue.haiti.deal import HaitiView
from games.besigue.haiti.melds import legal_melds
from games.besigue.haiti.tricks import haiti_tricks
from games.besigue.rules import is_brisque
from games.cards import Card, Rank

LATE: Final = 3  # rounds of draws left under which phase 1's tricks are fought for
NO_TRUMP: Final = -1


def keep_value(card: Card, trump: int) -> int:
    """How much a card is worth keeping in phase 1 (higher: keep it)."""
    if card.is_joker:
        return 60
    value = material_value(card)
    if card.suit == trump:
        value += 20 if card.rank is not Rank.SEVEN else 4
    if card.rank in (Rank.K, Rank.Q):
        value += 12 if trump == NO_TRUMP else 8
    if card.rank in (Rank.A, Rank.J):
        value += 4  # quartets
    return value


def trump_of(view: HaitiView) -> int:
    return NO_TRUMP if view.trump is None else int(view.trump)


def declare(view: HaitiView) -> Action:
    """The best combination (listed first), else draw."""
    melds = [a for a in view.legal if a.kind is Kind.MELD]
    return melds[0] if melds else DRAW


def play_one(view: HaitiView, plays: list[Action]) -> Action:
    """The rules of thumb's card of phase 1 among ``plays`` (legal plays of the view)."""
    trump = trump_of(view)
    hand_plays = [a for a in plays if not a.laid] or plays
    cards = [a.card for a in hand_plays if a.card is not None]
    late = view.stock < LATE * len(view.hand_sizes)
    if not view.trick:
        jokers = [c for c in cards if c.is_joker]
        if jokers and can_declare(view) and (trump == NO_TRUMP or late):
            return choose(plays, jokers[0])
        junk = min(cards, key=lambda c: (keep_value(c, trump), c.index))
        return choose(plays, junk)
    beating = winners(view, cards, haiti_tricks(view.trump, False))
    worth = any(is_brisque(c.index) for _, c in view.trick) or late or can_declare(view)
    if beating and worth and not partner_winning(view):
        cheapest = min(beating, key=lambda c: (keep_value(c, trump), power(c, trump)))
        return choose(plays, cheapest)
    plain = [c for c in cards if not c.is_joker] or cards
    junk = min(plain, key=lambda c: (keep_value(c, trump), c.index))
    return choose(plays, junk)


def play_two(view: HaitiView, plays: list[Action]) -> Action:
    """The rules of thumb's card of phase 2 among ``plays`` (legal plays of the view)."""
    return phase_two_card(view, plays, trump_of(view), haiti_tricks(view.trump, True))


def can_declare(view: HaitiView) -> bool:
    """Whether winning the trick would let this seat lay a combination."""
    seat = view.seat
    return bool(legal_melds(view.cards, view.laid_of(seat), view.melds[seat], view.context))


class HaitiHeuristicPlayer(ThumbPlayer[HaitiView]):
    thumbs = Thumbs(declare, play_one, play_two)

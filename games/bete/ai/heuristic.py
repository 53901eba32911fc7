"""Rules of thumb for La Bête (RULES.md §2): a baseline player, and the card sense
the sampling player borrows.

Speaking weighs the hand's chance to succeed (``success_chance``: probable
tricks for the turned trump, read for the number of players and whether the
seat leads the first trick) against the stake it would take or the bête it
would make (``games.bete.ai.value``): je joue above an even chance, less the
dévole's risk, more the king jetons; contrer when the hand succeeds often
enough to risk a double bête; en curieuse when some other trump would make a
hand worth more than the jeton it costs.

Card play: the declarer and a contreur cash master trumps and side kings and
take every trick they can, cheaply when the last to play; the other players
take tricks from them, leave a trick to a fellow defender, and throw the
lowest card when the trick is lost.
"""

from __future__ import annotations

import random
from typing import Final

from games.ai import thumb
from games.ai.base import ChoosingPlayer
from games.bete.actions import Action, Kind
from games.bete.state import DECK, DealView, Phase
from games.cards import SUIT_BITS, SUIT_MASKS
from games.obligations import FollowBeatTrump, beats

from .value import Stakes

# a side king's chance to make its trick, by number of players (more players, more ruffs)
SIDE_KING: Final = {2: 0.9, 3: 0.8, 4: 0.7, 5: 0.6}
# probable tricks -> chance to succeed (3 tricks or the first two), by players:
# (tricks at an even chance, chance gained per trick); fitted to double-dummy deals
CHANCE_CURVE: Final = {2: (0.9, 0.21), 3: (2.05, 0.4), 4: (2.4, 0.45), 5: (2.45, 0.45)}
LEAD_BONUS: Final = 0.2  # leading the first trick: a master is cashed at once


def trump_of(view: DealView) -> int:
    return int(view.trump_card.suit)


def estimate_tricks(hand: int, trump: int, seats: int, gone: int = 0) -> float:
    """Probable tricks of ``hand`` with ``trump``; ``gone`` are cards out of play
    (the turned card, cards played)."""
    total = 0.0
    trumps = thumb.suit_ranks(hand, trump)
    spare = max(0, len(trumps) - 1)
    for suit in range(4):
        ranks = thumb.suit_ranks(hand, suit)
        gone_ranks = set(thumb.suit_ranks(gone, suit))
        if suit == trump:
            total = thumb.trump_tricks(total, ranks, gone_ranks, 0.4, (0.15, 0.05))
            continue
        if not ranks:
            if spare:  # a void with a trump to spare: a ruff
                total += 0.35
                spare -= 1
            continue
        king = SIDE_KING[seats]
        for i, r in enumerate(ranks):
            higher = sum(1 for x in range(r) if x not in ranks and x not in gone_ranks)
            if higher == 0:
                total += king if i == 0 else king * 0.6
            elif higher <= i:
                total += king * 0.45
            elif higher == 1 and len(ranks) >= 2:
                total += 0.2
    return total


def success_chance(hand: int, trump: int, seats: int, gone: int = 0, leads: bool = False) -> float:
    """A rough chance that ``hand`` succeeds (3 tricks, or the first two) with ``trump``."""
    estimate = estimate_tricks(hand, trump, seats, gone) + (LEAD_BONUS if leads else 0.0)
    even, slope = CHANCE_CURVE[seats]
    return min(0.98, max(0.02, 0.5 + slope * (estimate - even)))


def stakes_of(view: DealView, extra: int = 0) -> Stakes:
    """The outcomes' worth for the seat of ``view``, the stake raised by ``extra``."""
    waiting = sum(b.amount for b in view.waiting)
    own = sum(b.amount for b in view.waiting if b.owner == view.seat)
    return Stakes(view.seats, view.pot.stake + extra, view.pot.kings, waiting, own)


def holds_trump_king(hand: int, trump: int) -> bool:
    return bool(hand >> (SUIT_BITS * trump) & 1)


def declare_worth(stakes: Stakes, p: float, hand: int, trump: int) -> float:
    """Expected worth of je joue with a chance ``p`` to succeed (a dévole now and then)."""
    devole = max(0.0, 0.25 - p) * 0.4  # a hand without a trick: the weakest hands only
    worth = p * stakes.declarer(True) + (1 - p - devole) * stakes.declarer(False)
    worth += devole * stakes.declarer(False, devole=True)
    if holds_trump_king(hand, trump):
        worth += p * stakes.king_value  # a failing declarer leaves them in the pot
    return worth


def contre_worth(stakes: Stakes, p: float, q: float) -> float:
    """Contrer with chance ``p`` to succeed, the declarer's chance being ``q``,
    against staying a plain defender."""
    worth = p * stakes.contreur(True, False)
    worth += (1 - p) * (q * stakes.contreur(False, True) + (1 - q) * stakes.contreur(False, False))
    defend = q * stakes.defender(True) + (1 - q) * stakes.defender(False)
    return worth - defend


DECLARER_CHANCE: Final = 0.6  # what a contreur expects of a declarer's hand


def curieuse_worth(view: DealView, leads: bool) -> float:
    """The worth of going en curieuse: the best of passing or je joue with the next
    trump, over the suit it may be, less the jeton it costs."""
    unseen = DECK & ~view.visible_cards()
    total = unseen.bit_count()
    if not total:
        return -1.0
    stakes = stakes_of(view, 1)
    worth = 0.0
    gone = view.trump_card.bit
    for suit in range(4):
        count = (unseen & SUIT_MASKS[suit]).bit_count()
        if not count:
            continue
        p = success_chance(view.hand, suit, view.seats, gone, leads)
        worth += count / total * max(0.0, declare_worth(stakes, p, view.hand, suit))
    return worth - stakes.keep


class BeteHeuristicPlayer(ChoosingPlayer[DealView, Action]):
    """Rules of thumb for every decision of La Bête."""

    name = "heuristic"

    def choose(self, view: DealView, rng: random.Random, budget: float) -> Action:
        if view.phase is Phase.PLAY:
            return choose_play(view)
        return choose_call(view)


def leads_first(view: DealView) -> bool:
    return view.seat == (view.dealer + 1) % view.seats


def choose_call(view: DealView) -> Action:
    """Pass, je joue, contrer or en curieuse, by the rough worth of each."""
    kinds = {a.kind: a for a in view.legal}
    trump = trump_of(view)
    leads = leads_first(view)
    gone = view.trump_card.bit | (view.set_aside.bit if view.set_aside else 0)
    p = success_chance(view.hand, trump, view.seats, gone, leads)
    stakes = stakes_of(view)
    if Kind.PLAY_CONTRACT in kinds and declare_worth(stakes, p, view.hand, trump) > 0:
        return kinds[Kind.PLAY_CONTRACT]
    if Kind.CONTRE in kinds and contre_worth(stakes, p, DECLARER_CHANCE) > 0:
        return kinds[Kind.CONTRE]
    if Kind.CURIEUSE in kinds and curieuse_worth(view, leads) > 0:
        return kinds[Kind.CURIEUSE]
    return kinds[Kind.PASS]


# ---- card play ---------------------------------------------------------------


def attackers(view: DealView) -> tuple[int, ...]:
    """The seats playing for themselves: the declarer and a contreur."""
    return tuple(s for s in (view.declarer, view.contreur) if s >= 0)


def choose_play(view: DealView) -> Action:
    card = play_rule_of_thumb(view, [thumb.card_of(a) for a in view.legal])
    return thumb.play_of(view.legal, card)


def play_rule_of_thumb(view: DealView, legal: list[int]) -> int:
    """The card a sensible player would play, from the view."""
    trump = trump_of(view)
    me = view.seat
    unseen = DECK & ~view.visible_cards()
    trumps_out = unseen & SUIT_MASKS[trump]
    attacking = me in attackers(view)

    def cheapest(cards: list[int]) -> int:
        return min(cards, key=lambda c: thumb.cheap(c, trump))

    def friend(seat: int) -> bool:
        return seat == me or (not attacking and seat not in attackers(view))

    if not view.trick:
        masters = [c for c in legal if thumb.is_master(c, unseen)]
        my_trumps = [c for c in legal if c >> 4 == trump]
        side_masters = [c for c in masters if c >> 4 != trump]
        if attacking:
            master_trumps = [c for c in my_trumps if c in masters]
            if trumps_out and master_trumps:
                return min(master_trumps)
            if side_masters:
                return min(side_masters)
            if len(my_trumps) >= 2 and trumps_out:
                return min(my_trumps)
            return cheapest(legal)
        if side_masters:
            return min(side_masters)
        side = [c for c in legal if c >> 4 != trump]
        return cheapest(side or legal)
    winner, wseat = thumb.winning_card(
        view.trick, FollowBeatTrump(trump, view.rules.bete_must_underruff)
    )
    after = [(me + k) % view.seats for k in range(1, view.seats - len(view.trick))]
    last = all(friend(s) for s in after)
    winning = [c for c in legal if beats(c, winner, trump)]
    if friend(wseat) and (last or thumb.is_master(winner, unseen & ~view.hand)):
        return cheapest(legal)
    if winning and (attacking or not friend(wseat)):
        return thumb.take_trick(winning, last, unseen, trump)
    return cheapest(legal)


__all__ = [
    "BeteHeuristicPlayer",
    "choose_call",
    "estimate_tricks",
    "play_rule_of_thumb",
    "success_chance",
]

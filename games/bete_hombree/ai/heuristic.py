"""Rules of thumb: a baseline player, and the card sense other players borrow.

Hand evaluation counts probable tricks for a trump suit (top trumps, guarded
trumps, length, side kings); bidding bids what that count supports; the
exchange keeps trumps and high cards; card play draws trumps with the top
trump, cashes masters, lets a partner's winning trick run, wins as cheaply as
possible and otherwise throws the smallest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.ai.base import ChoosingPlayer
from games.ai.thumb import (
    card_of,
    cheap,
    is_master,
    play_of,
    suit_ranks,
    take_trick,
    trump_tricks,
    winning_card,
)
from games.bete_hombree import HandView, Phase
from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.rules import bid_rank, rank_belle, rank_level, stake
from games.bete_hombree.state import deck_for, matadors_held
from games.cards import SUIT_MASKS
from games.obligations import FollowBeatTrump, beats

RANKS_IN_PLAY = 6  # K Q J A 10 9
SIDE_VALUES = (0.85, 0.35, 0.1, 0.0, 0.0, 0.0)
BID_THRESHOLD = 0.5  # the rough value of a contract worth bidding


def estimate_tricks(hand: int, trump: int, gone: int = 0) -> float:
    """Probable tricks of ``hand`` with ``trump``; ``gone`` are cards out of play."""
    total = 0.0
    for suit in range(4):
        ranks = suit_ranks(hand, suit)
        if not ranks:
            if suit != trump:
                extra_trumps = len(suit_ranks(hand, trump)) - 1
                total += 0.3 * max(0, min(extra_trumps, 2))
            continue
        gone_ranks = set(suit_ranks(gone, suit))
        if suit == trump:
            total = trump_tricks(total, ranks, gone_ranks, 0.45, (0.2, 0.2))
        else:
            for i, r in enumerate(ranks):
                higher_missing = sum(1 for x in range(r) if x not in ranks and x not in gone_ranks)
                if higher_missing == 0:
                    total += 0.85 if i < 2 else 0.3
                elif higher_missing <= i:
                    total += 0.4
                else:
                    total += SIDE_VALUES[min(r, 5)] * 0.5
    return total


def make_chance(estimate: float, level: int) -> float:
    """A rough chance of making ``level`` with ``estimate`` probable tricks."""
    need = 2.6 if level == 2 else float(level)
    x = estimate - need + 0.35
    return min(0.97, max(0.03, 0.5 + 0.45 * x))


def best_contract(
    hand: int, belle: int, ranks: Sequence[int], gone: int = 0
) -> tuple[float, int, int]:
    """(expected value, rank, trump) of the best contract among ``ranks``."""
    best = (-1e9, -1, -1)
    # a hand's estimate and matadors per suit do not depend on the rank
    estimates = [estimate_tricks(hand, suit, gone) for suit in range(4)]
    matadors = [matadors_held(hand, suit) for suit in range(4)]
    for rank in ranks:
        level = rank_level(rank)
        suits = [belle] if rank_belle(rank) else [s for s in range(4) if s != belle]
        for suit in suits:
            p = make_chance(estimates[suit], level)
            s = stake_of(level, rank_belle(rank), matadors[suit])
            value = p * 3 * s - (1 - p) * 6 * s
            if value > best[0]:
                best = (value, rank, suit)
    return best


def stake_of(level: int, belle: bool, matadors: int) -> int:
    base = 10 if level == 5 else level
    return (base + matadors) * (2 if belle else 1)


class HeuristicPlayer(ChoosingPlayer[HandView, Action]):
    """Sensible rules of thumb for every decision."""

    name = "heuristic"

    def choose(self, view: HandView, rng: random.Random, budget: float) -> Action:
        if view.phase is Phase.PLAY:
            return choose_play(view)
        if view.phase is Phase.AUCTION:
            return self._auction(view)
        if view.phase is Phase.DISCARD:
            return choose_discard(view)
        return choose_declare(view)

    def _auction(self, view: HandView) -> Action:
        legal = view.legal
        hand = view.hand
        belle = int(view.belle)
        bids = [a for a in legal if a.kind is Kind.BID]
        # what this hand supports, for any contract of at least 2
        all_ranks = [bid_rank(lv, b) for lv in range(2, 6) for b in (False, True)]
        value, rank, _ = best_contract(hand, belle, all_ranks)
        if value > BID_THRESHOLD:
            affordable = [a for a in bids if bid_rank(a.level, a.belle) <= rank]
            if affordable:
                return min(affordable, key=lambda a: bid_rank(a.level, a.belle))
        for action in legal:
            if action.kind is Kind.CAGNOTE:
                # the cagnot brings about half a trick to a hand that is nearly there
                over = [r for r in all_ranks if r > view.standing_rank]
                v, _, _ = best_contract(hand, belle, over)
                if v > -1.5 and estimate_best(hand, belle) >= 1.9:
                    return action
        return next(a for a in legal if a.kind is Kind.PASS)


def estimate_best(hand: int, belle: int) -> float:
    return max(estimate_tricks(hand, s) for s in range(4))


def keep_score(card: int, trump: int) -> float:
    """How much a card is worth keeping with ``trump``: trumps, then high side cards."""
    rank = card & 15
    if card >> 4 == trump:
        return 20 - rank
    return 6 - rank * 1.5


def choose_discard(view: HandView) -> Action:
    """Discard the cards least useful for the best trump suit."""
    hand = view.hand
    belle = int(view.belle)
    best: tuple[float, Action] | None = None
    for action in view.legal:
        kept = hand & ~action.cards
        value = max(estimate_tricks(kept, s) + (0.3 if s == belle else 0.0) for s in range(4))
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


def choose_declare(view: HandView) -> Action:
    """The declaration of best rough value; matadors announced when held."""
    hand = view.hand
    gone = view.discarded
    best: tuple[float, Action] | None = None
    for action in view.legal:
        belle = action.suit == int(view.belle)
        est = estimate_tricks(hand, action.suit, gone)
        p = make_chance(est, action.level)
        s = stake(view.rules, action.level, belle, action.matadors)
        value = p * 3 * s - (1 - p) * 6 * s
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


def unseen_cards(view: HandView) -> int:
    return deck_for(view.belle) & ~view.visible_cards()


def choose_play(view: HandView) -> Action:
    card = play_rule_of_thumb(view, [card_of(a) for a in view.legal])
    return play_of(view.legal, card)


def play_rule_of_thumb(view: HandView, legal: list[int]) -> int:
    """The card a sensible player would play, from the view."""
    contract = view.contract
    assert contract is not None
    trump = int(contract.trump)
    declarer = contract.declarer
    me = view.seat
    unseen = unseen_cards(view) & ~view.hand
    trumps_out = unseen & SUIT_MASKS[trump]

    def cheapest(cards: list[int]) -> int:
        return min(cards, key=lambda c: cheap(c, trump))

    if not view.trick:
        masters = [c for c in legal if is_master(c, unseen)]
        if me == declarer:
            my_trumps = [c for c in legal if c >> 4 == trump]
            if trumps_out and any(c in masters for c in my_trumps):
                return min(c for c in my_trumps if c in masters)
            side_masters = [c for c in masters if c >> 4 != trump]
            if side_masters:
                return min(side_masters, key=lambda c: c & 15)
            if my_trumps and trumps_out:
                return min(my_trumps)
            return cheapest(legal)
        side_masters = [c for c in masters if c >> 4 != trump]
        if side_masters:
            return min(side_masters, key=lambda c: c & 15)
        side = [c for c in legal if c >> 4 != trump]
        if side:
            return cheapest(side)
        return cheapest(legal)
    winner, wseat = winning_card(view.trick, FollowBeatTrump(trump, True))
    partner_winning = (wseat == declarer) == (me == declarer)
    last = len(view.trick) == 3
    winning = [c for c in legal if beats(c, winner, trump)]
    if partner_winning:
        if last or is_master(winner, unseen) or not winning:
            return cheapest(legal)
        # partner may be overtaken: defenders leave it, declarer has no partner
        return cheapest(legal)
    if winning:
        return take_trick(winning, last, unseen, trump)
    return cheapest(legal)

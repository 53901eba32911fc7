"""The strong player: Perfect Information Monte Carlo over consistent deals.

Card play: draw deals of the hidden cards uniformly among those consistent with
everything this seat has seen (``Knowledge``; every deal when there are few),
solve each exactly with the double-dummy solver for the contract's goal, and
play the card that makes (declarer) or defeats (defender) the contract in the
most deals; ties go to the card a sensible player would choose.

Auction and the declarer's choices: each candidate (a bid, je cagnote, je
prends le tout, a discard, a declaration with or without matadors) is valued
by its expected payment over sampled deals, each deal judged double-dummy,
counting the stake, the register's entry in play and the bête a failure makes
(``games.bete_hombree.ai.value``).  A choice made before seeing more cards (the trump,
after the auction; the contract, after the cagnot) is taken once for all deals,
never per deal, so the evaluation does not assume knowledge the player lacks.

Deals are weighted by how well they explain the auction (``AuctionReading``:
a seat that passed is weak, one that bid is strong).  A contract failing
double-dummy still counts as made in a share ``FAIL_MADE`` of deals, as it is
against defenders who do not see every card.

Blind calls are made without looking at the hand: first hand always says sans
préjudice (a 2 that keeps every contract open); je retiens, which binds to 2
en belle or 3, is never said.

Every decision stops drawing deals when its time budget is spent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from games.ai.base import ChoosingPlayer
from games.ai.sampling import Sampler
from games.ai.thumb import card_of, play_of
from games.bete_hombree import HandView, Phase
from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.rules import bid_rank, rank_belle, rank_level
from games.bete_hombree.state import SEATS, matadors_held
from games.cards import bits_of

from .heuristic import best_contract, estimate_tricks, keep_score, play_rule_of_thumb
from .inference import OUT, AuctionReading, knowledge_of
from .solver import HombreePosition, Solver, race_after
from .value import DEFAULT_BETE_WEIGHT, contract_value

# share of the contracts failing double-dummy that are made all the same: the
# defenders do not see every card either (measured against the rules of thumb)
FAIL_MADE = 0.2
LEVELS = (2, 3, 4, 5)


@dataclass(slots=True)
class Contracts:
    """Double-dummy judgements of contracts for one declarer, solvers kept per contract."""

    declarer: int
    leader: int
    solvers: dict[tuple[int, int], Solver] = field(default_factory=dict)

    def made(self, hands: list[int], level: int, trump: int) -> bool:
        solver = self.solvers.get((level, trump))
        if solver is None:
            solver = Solver.of(self.declarer, level, trump)
            self.solvers[(level, trump)] = solver
        position = HombreePosition.of(
            list(hands), self.leader, [], [0] * SEATS, self.declarer, level, trump
        )
        return solver.solve(position)

    def best_level(self, hands: list[int], trump: int, low: int = 2) -> int:
        """The highest level from ``low`` made with ``trump`` (0 if not even ``low``)."""
        best = 0
        for level in range(low, 6):
            if not self.made(hands, level, trump):
                break
            best = level
        return best


class PimcPlayer(ChoosingPlayer[HandView, Action]):
    """Sampling and double-dummy solving: the strong computer player."""

    name = "pimc"

    def __init__(
        self,
        max_deals: int = 48,
        bete_weight: float = DEFAULT_BETE_WEIGHT,
    ) -> None:
        self.sampler = Sampler(max_deals)
        self.bete_weight = bete_weight

    def choose(self, view: HandView, rng: random.Random, budget: float) -> Action:
        deadline = time.perf_counter() + budget * 0.8
        if view.phase is Phase.PLAY:
            return self._play(view, rng, deadline)
        if view.phase is Phase.AUCTION:
            return self._auction(view, rng, deadline)
        if view.phase is Phase.DISCARD:
            return self._discard(view, rng, deadline)
        return self._declare(view, rng, deadline)

    # ---- deals ---------------------------------------------------------------

    def _deals(
        self, view: HandView, rng: random.Random, deadline: float
    ) -> Iterator[tuple[float, list[int]]]:
        """Consistent deals with their weights (``games.ai.sampling``), weighed by
        how well they explain the auction (``AuctionReading``)."""
        reading = AuctionReading.from_view(view)
        # in the card play the cards played say more than the auction, and time is short
        informative = reading.informative and view.phase is not Phase.PLAY
        weigh = reading.weight if informative else None
        return self.sampler.deals(knowledge_of(view), weigh, rng, deadline)

    def _value(self, view: HandView, level: int, belle: bool, matadors: int, made: bool) -> float:
        """The seat's expected gain as declarer (``expected_gain``)."""
        return expected_gain(view, view.seat, level, belle, matadors, made, self.bete_weight)

    # ---- card play -----------------------------------------------------------

    def _play(self, view: HandView, rng: random.Random, deadline: float) -> Action:
        contract = view.contract
        assert contract is not None
        declarer = contract.declarer
        trump = int(contract.trump)
        solver = Solver.of(declarer, contract.level, trump)
        base = play_position(view, [0] * SEATS)
        legal_cards = [card_of(a) for a in view.legal]
        wins = dict.fromkeys(legal_cards, 0.0)
        want = view.seat == declarer
        for weight, deal in self._deals(view, rng, deadline):
            position = base.copy()
            position.hands = deal[:SEATS]
            for card, made in solver.move_values(position).items():
                if made is want:
                    wins[card] += weight
        top = max(wins.values())
        best = [c for c in legal_cards if wins[c] == top]
        card = best[0] if len(best) == 1 else play_rule_of_thumb(view, best)
        return play_of(view.legal, card)

    # ---- declaration ---------------------------------------------------------

    def _declare(self, view: HandView, rng: random.Random, deadline: float) -> Action:
        legal = view.legal
        contracts = Contracts(view.seat, (view.dealer + 1) % SEATS)
        # per (level, trump): how many deals make it
        keys = sorted({(a.level, a.suit) for a in legal})
        made_count = dict.fromkeys(keys, 0.0)
        levels_by_suit: dict[int, list[int]] = {}
        for level, suit in keys:
            levels_by_suit.setdefault(suit, []).append(level)
        deals = 0.0
        for weight, deal in self._deals(view, rng, deadline):
            deals += weight
            hands = deal[:SEATS]
            for suit, levels in levels_by_suit.items():
                best = contracts.best_level(hands, suit, min(levels))
                for level in levels:
                    if best >= level:
                        made_count[(level, suit)] += weight
        belle = int(view.belle)

        def expected(action: Action) -> float:
            p = made_count[(action.level, action.suit)] / deals if deals else 0.0
            is_belle = action.suit == belle
            v_made = self._value(view, action.level, is_belle, action.matadors, True)
            v_fail = self._value(view, action.level, is_belle, action.matadors, False)
            return p * v_made + (1 - p) * v_fail

        return max(legal, key=expected)

    # ---- exchange ------------------------------------------------------------

    def _discard(self, view: HandView, rng: random.Random, deadline: float) -> Action:
        candidates = discard_candidates(view)
        scores = self.discard_values(view, candidates, self._deals(view, rng, deadline), rng)
        return candidates[max(range(len(candidates)), key=lambda i: scores[i])]

    def discard_values(
        self,
        view: HandView,
        candidates: list[Action],
        deals: Iterable[tuple[float, list[int]]],
        rng: random.Random,
    ) -> list[float]:
        """Each candidate discard's summed value over ``deals`` (the teacher's
        evaluation values the candidates with it too)."""
        hand = view.hand
        belle = int(view.belle)
        contracts = Contracts(view.seat, (view.dealer + 1) % SEATS)
        if view.standing is not None and view.standing.kind is Kind.TOUT:
            # hand known: value each candidate by its best contract, chosen once for all deals
            totals: dict[tuple[int, int, int], float] = {}
            for weight, deal in deals:
                for i, action in enumerate(candidates):
                    hands = list(deal[:SEATS])
                    kept = hand & ~action.cards
                    hands[view.seat] = kept
                    for suit in range(4):
                        made = contracts.made(hands, 5, suit)
                        m = matadors_held(kept, suit)
                        for ann in {0, m}:
                            key = (i, suit, ann)
                            v = weight * self._value(view, 5, suit == belle, ann, made)
                            totals[key] = totals.get(key, 0.0) + v
            return [
                max((t for (ci, _, _), t in totals.items() if ci == i), default=0.0)
                for i in range(len(candidates))
            ]
        over = view.cagnote_over
        ranks = [r for r in range(bid_rank(2, False), bid_rank(5, True) + 1) if r > over]
        # blind discard: the cagnot comes after; judge each deal's new hand by
        # the contract a sensible declarer would then choose
        score = [0.0] * len(candidates)
        for weight, deal in deals:
            cagnot = _ordered_bits(deal[OUT], rng)
            for i, action in enumerate(candidates):
                taken = 0
                for card in cagnot[: action.cards.bit_count()]:
                    taken |= 1 << card
                new_hand = (hand & ~action.cards) | taken
                hands = list(deal[:SEATS])
                hands[view.seat] = new_hand
                score[i] += weight * self._judge_heuristic_contract(
                    view, contracts, hands, new_hand, ranks, action.cards
                )
        return score

    def _judge_heuristic_contract(
        self,
        view: HandView,
        contracts: Contracts,
        hands: list[int],
        hand: int,
        ranks: list[int],
        gone: int,
    ) -> float:
        belle = int(view.belle)
        _, rank, suit = best_contract(hand, belle, ranks, gone)
        level = rank_level(rank)
        made = contracts.made(hands, level, suit)
        # matadors are announced when held (the choice is made before the play)
        return self._value(view, level, rank_belle(rank), matadors_held(hand, suit), made)

    # ---- auction -------------------------------------------------------------

    def _auction(self, view: HandView, rng: random.Random, deadline: float) -> Action:
        legal = view.legal
        passing = next(a for a in legal if a.kind is Kind.PASS)
        blind = next((a for a in legal if a.kind is Kind.SANS_PREJUDICE), None)
        if blind is not None:
            # blind, it stands as a 2 that keeps every contract open; a hand too
            # weak for any loses about what a pinandèle costs when all pass
            return blind
        if not any(a.kind in (Kind.BID, Kind.CAGNOTE, Kind.TOUT) for a in legal):
            return passing
        choices = self.auction_values(view, self._deals(view, rng, deadline))
        if not choices:
            return passing
        return max(choices, key=lambda c: c[0])[1]

    def auction_values(
        self, view: HandView, deals: Iterable[tuple[float, list[int]]]
    ) -> list[tuple[float, Action]]:
        """The mean value over ``deals`` of passing, each bid, je cagnote and je prends
        le tout, as legal (none when no deal is given; the teacher's evaluation
        values the calls with it too)."""
        legal = view.legal
        hand = view.hand
        seat = view.seat
        belle = int(view.belle)
        bids = [a for a in legal if a.kind is Kind.BID]
        cagnote = next((a for a in legal if a.kind is Kind.CAGNOTE), None)
        tout = next((a for a in legal if a.kind is Kind.TOUT), None)
        passing = next(a for a in legal if a.kind is Kind.PASS)
        contracts = Contracts(seat, (view.dealer + 1) % SEATS)
        suits = range(4)
        # per suit: the value of each level summed over deals (matadors or not)
        sums: dict[tuple[int, int, bool], float] = {}
        cagnote_sum = 0.0
        tout_sum = 0.0
        standing = view.standing_rank
        over = [r for r in range(bid_rank(2, False), bid_rank(5, True) + 1) if r > standing]
        keep = _blind_keep(hand, belle, view)
        low = min((a.level for a in bids), default=2)  # no lower level can be bid
        deals_weight = 0.0
        for weight, deal in deals:
            deals_weight += weight
            hands = list(deal[:SEATS])
            if bids:
                for suit in suits:
                    best = contracts.best_level(hands, suit, low)
                    m = matadors_held(hand, suit)
                    for level in LEVELS[LEVELS.index(low) :]:
                        for ann in {0, m}:
                            v = weight * self._value(view, level, suit == belle, ann, best >= level)
                            key = (suit, level, ann > 0)
                            sums[key] = sums.get(key, 0.0) + v
            cagnot = deal[OUT]
            if cagnote is not None:
                new_hand = keep | cagnot  # the full exchange: 3 discarded, 3 taken
                hands_c = list(hands)
                hands_c[seat] = new_hand
                cagnote_sum += weight * self._judge_heuristic_contract(
                    view, contracts, hands_c, new_hand, over, hand & ~keep
                )
            if tout is not None:
                tout_sum += weight * self._judge_tout(view, contracts, hands, hand | cagnot)
        if deals_weight == 0:
            return []
        choices: list[tuple[float, Action]] = [(0.0, passing)]
        for action in bids:
            suits_for = [belle] if action.belle else [s for s in suits if s != belle]
            value = max(
                sums.get((s, action.level, ann), -1e9) for s in suits_for for ann in (False, True)
            )
            choices.append((value / deals_weight, action))
        if cagnote is not None:
            choices.append((cagnote_sum / deals_weight, cagnote))
        if tout is not None:
            choices.append((tout_sum / deals_weight, tout))
        return choices

    def _judge_tout(
        self, view: HandView, contracts: Contracts, hands: list[int], eight: int
    ) -> float:
        """Prendre le tout in one deal: the sensible keep of 5 from 8, level 5."""
        belle = int(view.belle)
        best: tuple[float, int, int] | None = None
        for suit in range(4):
            kept = _keep_best(eight, suit, 5)
            est = estimate_tricks(kept, suit)
            if best is None or est > best[0]:
                best = (est, suit, kept)
        assert best is not None
        _, suit, kept = best
        hands = list(hands)
        hands[view.seat] = kept
        made = contracts.made(hands, 5, suit)
        return self._value(view, 5, suit == belle, matadors_held(kept, suit), made)


def play_position(view: HandView, hands: list[int]) -> HombreePosition:
    """The card-play position of ``view`` with the given hands."""
    contract = view.contract
    assert contract is not None
    declarer = contract.declarer
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else view.turn
    counts = [0] * SEATS
    race_won = False
    for played in view.tricks_played:
        counts[played.winner] += 1
        race_won = race_after(counts, race_won, played.winner, declarer)
    return HombreePosition.of(
        list(hands),
        leader,
        trick,
        counts,
        declarer,
        contract.level,
        int(contract.trump),
        race_won,
    )


def _keep_best(cards: int, trump: int, count: int) -> int:
    ranked = sorted(bits_of(cards), key=lambda c: -keep_score(c, trump))
    kept = 0
    for card in ranked[:count]:
        kept |= 1 << card
    return kept


def _blind_keep(hand: int, belle: int, view: HandView) -> int:
    """The cards a blind cagnote keeps: the best two for the hand's best suit."""
    suit = max(range(4), key=lambda s: (estimate_tricks(hand, s), s == belle))
    return _keep_best(hand, suit, 2)  # the full exchange: 3 discarded


def discard_candidates(view: HandView) -> list[Action]:
    """The discards the strong player weighs: at most six promising ones."""
    return _discard_candidates(view.legal, view.hand, int(view.belle), 6)


def _discard_candidates(legal: tuple[Action, ...], hand: int, belle: int, k: int) -> list[Action]:
    """At most ``k`` promising discards: the sensible keeps for each trump first."""
    scored = []
    for action in legal:
        kept = hand & ~action.cards
        value = max(estimate_tricks(kept, s) + (0.25 if s == belle else 0.0) for s in range(4))
        scored.append((value, action))
    scored.sort(key=lambda x: -x[0])
    out = [a for _, a in scored[:k]]
    for suit in range(4):
        kept = _keep_best(hand, suit, hand.bit_count() - 3)
        for action in legal:
            if action.cards == hand & ~kept and action not in out:
                out.append(action)
    return out


def _ordered_bits(mask: int, rng: random.Random) -> list[int]:
    bits = bits_of(mask)
    rng.shuffle(bits)
    return bits


__all__ = ["Contracts", "PimcPlayer", "discard_candidates", "play_position"]


def expected_gain(
    view: HandView,
    declarer: int,
    level: int,
    belle: bool,
    matadors: int,
    made: bool,
    bete_weight: float = DEFAULT_BETE_WEIGHT,
) -> float:
    """The declarer's expected gain when the contract is made double-dummy or not.

    A contract that fails double-dummy is still made now and then (in ``FAIL_MADE``
    of cases): the defenders do not see every card either.
    """

    def gain(made: bool) -> float:
        return contract_value(
            view.rules,
            declarer,
            level,
            belle,
            matadors,
            made,
            view.entry_in_play,
            view.pending_pinandele,
            bete_weight,
        )

    if made:
        return gain(True)
    return FAIL_MADE * gain(True) + (1 - FAIL_MADE) * gain(False)

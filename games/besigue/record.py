"""Bésigue records (RULES.md §5 "Bésigue records"): one game, its deals in order
until it ends (or stops), read and checked, replayed exactly and written.

Identical cards share one code in a record; the copies are numbered in
reading order (each deal's hands by seat, its turned card, then its stock from
the top), as the deal state numbers them (``state.canonical_copies``), so a
deal written and read back is the same deal.  ``draw`` is accepted in the
actions but never written: the draws follow by themselves (RULES.md §5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.besigue.actions import Action, Kind
from games.besigue.rules import MAX_SEATS, MIN_SEATS, Rules, deck_for, packs_for
from games.besigue.session import Session, SettledDeal
from games.besigue.state import DealState
from games.cards import Card, card_mask, cards_of, number_copies, parse_cards
from games.records import RecordError, reading_record, replay_deals

GAME = "besigue"


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a record: the physical cards (copies numbered) and the action lines."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turned: Card
    stock: tuple[Card, ...]
    actions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "turned": str(self.turned),
            "stock": [str(c) for c in self.stock],
            "actions": list(self.actions),
        }


@dataclass(frozen=True, slots=True)
class BesigueRecord:
    players: tuple[str, ...]
    deals: tuple[Deal, ...]
    scores: tuple[int, ...] = ()  # by side before the first deal (empty: zeros)
    options: Rules = field(default_factory=Rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BesigueRecord:
        """Read and check a record; ``RecordError`` for a bad or self-contradicting one."""
        with reading_record():
            if data.get("game") != GAME:
                raise RecordError(f"not a {GAME} record: game is {data.get('game')!r}")
            players = tuple(str(p) for p in data["players"])
            if not MIN_SEATS <= len(players) <= MAX_SEATS or len(set(players)) != len(players):
                raise RecordError(f"Bésigue has 2 to 4 different players, not {len(players)}")
            try:
                options = Rules.from_dict(dict(data.get("options", {})))
            except ValueError as error:
                raise RecordError(f"bad options: {error}") from None
            sides = max(options.teams_for(len(players))) + 1
            scores = data.get("scores", [0] * sides)
            if not isinstance(scores, list) or len(scores) != sides:
                by = "team" if sides != len(players) else "player"
                raise RecordError(f"the scores are {sides} (one per {by}), not {scores!r}")
            if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores):
                raise RecordError(f"scores are whole numbers from 0, not {scores!r}")
            deals = data["deals"]
            if not isinstance(deals, list) or not deals:
                raise RecordError("a record holds at least one deal in 'deals'")
            return cls(
                players=players,
                deals=tuple(_read_deal(n, d, len(players), options) for n, d in enumerate(deals)),
                scores=tuple(scores),
                options=options,
            )

    def to_json(self) -> dict[str, Any]:
        sides = max(self.options.teams_for(len(self.players))) + 1
        return {
            "game": GAME,
            "options": self.options.to_dict(only_changed=False),
            "players": list(self.players),
            "scores": list(self.scores or (0,) * sides),
            "deals": [d.to_json() for d in self.deals],
        }


def _read_deal(n: int, data: Mapping[str, Any], seats: int, options: Rules) -> Deal:
    packs = packs_for(seats)
    try:
        hands_text = data["hands"]
        if not isinstance(hands_text, list) or len(hands_text) != seats:
            raise RecordError(f"{seats} hands are dealt, one per player")
        for seat, hand in enumerate(hands_text):
            if not isinstance(hand, list) or len(hand) != options.hand_size:
                size = len(hand) if isinstance(hand, list) else hand
                raise RecordError(f"hand {seat} holds {size} cards, not {options.hand_size}")
        if not isinstance(data["stock"], list) or not isinstance(data["turned"], str):
            raise RecordError("the stock is a list of cards and the turned card one card")
        groups = [parse_cards(hand, packs) for hand in hands_text]
        groups.append([Card.parse(data["turned"], packs)])
        groups.append(parse_cards(data["stock"], packs))
        *hands, (turned,), stock = number_copies(groups, packs)
        deck_for(seats).validate(
            [card_mask(h) for h in hands],
            [*(c.index for c in stock), turned.index],
            options.hand_size,
            "stock",
        )
        dealer = data["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise RecordError(f"the dealer is a seat 0-{seats - 1}, not {dealer!r}")
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions must be a list of strings like '1 play AS'")
        return Deal(dealer, tuple(map(tuple, hands)), turned, tuple(stock), tuple(actions))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, RecordError):
            raise RecordError(f"deal {n}: {error}") from None
        if isinstance(error, KeyError):
            raise RecordError(f"deal {n} lacks {error}") from None
        raise RecordError(f"deal {n} is impossible: {error}") from None


def deal_of(state: DealState) -> Deal:
    """A deal as dealt and played so far (``draw`` left out: the draws are automatic)."""
    return Deal(
        dealer=state.dealer,
        hands=tuple(tuple(cards_of(h)) for h in state.initial_hands),
        turned=Card.from_index(state.initial_turned),
        stock=tuple(Card.from_index(i) for i in state.stock),
        actions=tuple(f"{seat} {a}" for seat, a in state.actions if a.kind is not Kind.DRAW),
    )


def record_of(session: Session, state: DealState) -> BesigueRecord:
    """The record of the game ``session`` plays, up to the deal ``state`` (as far
    as it went): the scores before the first deal, then each deal in order."""
    states = list(session.states)
    upto = next((n for n, s in enumerate(states) if s is state), None)
    states = states[: upto + 1] if upto is not None else [*states, state]
    return BesigueRecord(
        session.players, tuple(deal_of(s) for s in states), session.scores_start, session.rules
    )


@dataclass(slots=True)
class Replay:
    record: BesigueRecord
    session: Session
    states: list[DealState]
    settled: list[SettledDeal]

    @property
    def state(self) -> DealState:
        """The last deal replayed."""
        return self.states[-1]


def replay(record: BesigueRecord) -> Replay:
    """Replay every deal in order; a bad one raises ``RecordError`` naming the deal,
    the action's index and the rule."""
    seats = len(record.players)
    try:
        session = Session(
            record.players,
            rules=record.options,
            dealer=record.deals[0].dealer,
            scores=record.scores or None,
        )
    except ValueError as error:
        raise RecordError(f"impossible game: {error}") from None
    states, settled = replay_deals(
        record.deals,
        seats,
        Action.parse,
        dealer=lambda: session.dealer,
        deal=lambda deal: session.deal_hands(
            [card_mask(h) for h in deal.hands], [c.index for c in deal.stock], deal.turned.index
        ),
        settle=session.settle,
        over=lambda: session.over,
    )
    return Replay(record, session, states, settled)


def deal_result(state: DealState) -> dict[str, Any]:
    """One deal's result (RULES.md §5): an unfinished one says whose turn it is."""
    data: dict[str, Any] = {"finished": state.is_over, "trump": state.trump.name}
    outcome = state.outcome
    if outcome is None:
        data["turn"] = state.turn
        data["phase"] = state.phase.name.lower()
        data["melds"] = list(state.meld_points)
        data["scores"] = list(state.side_scores())
        return data
    data["melds"] = list(outcome.melds)
    data["last_trick"] = outcome.last_trick
    data["brisques"] = list(outcome.brisques)
    data["points"] = list(outcome.points)
    data["scores"] = list(outcome.scores)
    data["over"] = outcome.over
    if outcome.over:
        data["winner"] = outcome.winner
        data["en_bas_table"] = outcome.en_bas_table
    data["payments"] = list(outcome.net)  # Bésigue moves no money
    return data


def result_json(result: Replay) -> list[dict[str, Any]]:
    """The printed result: one object per deal (RULES.md §5)."""
    return [deal_result(state) for state in result.states]

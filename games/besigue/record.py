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

from games.besigue.actions import DRAW, Action, Kind
from games.besigue.flow import Phase
from games.besigue.haiti.deal import HaitiDeal
from games.besigue.haiti.match import Match
from games.besigue.haiti.session import HaitiSession
from games.besigue.rules import MAX_SEATS, MIN_SEATS, Rules, TrumpBy, deck_for, packs_for
from games.besigue.session import Session, SettledDeal
from games.besigue.state import DealState
from games.cards import Card, card_mask, number_copies, parse_cards
from games.records import (
    RecordError,
    Records,
    action_lines,
    cards_json,
    hands_json,
    reading_record,
    record_head,
    recorded_actions,
    recorded_cards,
    recorded_hands,
    recorded_players,
    replay_deals,
)

GAME = "besigue"
HAITI_GAME = "besigue-haiti"  # the Haitian game's table and records (variant=haiti)
AnySession = Session | HaitiSession
AnyDeal = DealState | HaitiDeal


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a record: the physical cards (copies numbered) and the action lines."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None  # None: no card turned (Haiti, trump fixed by a marriage)
    stock: tuple[Card, ...]
    actions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": hands_json(self.hands),
        }
        if self.turned is not None:
            data["turned"] = str(self.turned)
        data["stock"] = cards_json(self.stock)
        data["actions"] = list(self.actions)
        return data


@dataclass(frozen=True, slots=True)
class BesigueRecord:
    players: tuple[str, ...]
    deals: tuple[Deal, ...]
    scores: tuple[int, ...] = ()  # by side before the first deal (empty: zeros)
    options: Rules = field(default_factory=Rules)
    match: Match | None = None  # Haiti: the match before the partie
    game: str = GAME

    @classmethod
    def from_json(cls, data: Mapping[str, Any], game: str = GAME) -> BesigueRecord:
        """Read and check a record of ``game`` (``besigue``, or ``besigue-haiti``: the
        Haitian game's table); ``RecordError`` for a bad or self-contradicting one."""
        with reading_record():
            seats = range(MIN_SEATS, MAX_SEATS + 1)
            players = recorded_players(data, game, "Bésigue", seats, distinct=True)
            written = dict(data.get("options", {}))
            if game == HAITI_GAME and written.setdefault("variant", "haiti") != "haiti":
                raise RecordError(f"a {HAITI_GAME} record plays variant=haiti")
            try:
                options = Rules.from_dict(written)
            except ValueError as error:
                raise RecordError(f"bad options: {error}") from None
            sides = max(options.teams_for(len(players))) + 1
            scores = data.get("scores", [0] * sides)
            if not isinstance(scores, list) or len(scores) != sides:
                by = "team" if sides != len(players) else "player"
                raise RecordError(f"the scores are {sides} (one per {by}), not {scores!r}")
            if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores):
                raise RecordError(f"scores are whole numbers from 0, not {scores!r}")
            match = None
            if options.haiti:
                try:
                    match = Match.from_json(data.get("match"), sides)
                except ValueError as error:
                    raise RecordError(f"bad match: {error}") from None
                short = [s for s, head in enumerate(match.start_scores(sides)) if scores[s] < head]
                if short:  # RULES §5: a record's starting scores hold any head start
                    raise RecordError(
                        f"the record contradicts itself: side {short[0]} starts the partie"
                        f" with {match.head_start[short[0]]}, its score is {scores[short[0]]}"
                    )
            elif "match" in data:
                raise RecordError("only a record of variant=haiti holds a match")
            deals = data["deals"]
            if not isinstance(deals, list) or not deals:
                raise RecordError("a record holds at least one deal in 'deals'")
            return cls(
                players=players,
                deals=tuple(_read_deal(n, d, len(players), options) for n, d in enumerate(deals)),
                scores=tuple(scores),
                options=options,
                match=match,
                game=game,
            )

    def to_json(self) -> dict[str, Any]:
        sides = max(self.options.teams_for(len(self.players))) + 1
        data: dict[str, Any] = {
            **record_head(self.game, self.options.to_dict(only_changed=False), self.players),
            "scores": list(self.scores or (0,) * sides),
        }
        if self.match is not None:
            data["match"] = self.match.to_json()
        data["deals"] = [d.to_json() for d in self.deals]
        return data


def _read_deal(n: int, data: Mapping[str, Any], seats: int, options: Rules) -> Deal:
    packs = packs_for(seats, options.variant)
    turns = not options.haiti or options.trump is TrumpBy.TURNED
    try:
        hands_text = data["hands"]
        if not isinstance(hands_text, list) or len(hands_text) != seats:
            raise RecordError(f"{seats} hands are dealt, one per player")
        for seat, hand in enumerate(hands_text):
            if not isinstance(hand, list) or len(hand) != options.hand_size:
                size = len(hand) if isinstance(hand, list) else hand
                raise RecordError(f"hand {seat} holds {size} cards, not {options.hand_size}")
        if turns != ("turned" in data):
            says = "a card is turned" if turns else "no card is turned (trump=marriage)"
            raise RecordError(f"{says}: 'turned' is {'missing' if turns else 'not written'}")
        if not isinstance(data["stock"], list) or not isinstance(data.get("turned", ""), str):
            raise RecordError("the stock is a list of cards and the turned card one card")
        groups = [parse_cards(hand, packs) for hand in hands_text]
        groups.append([Card.parse(data["turned"], packs)] if turns else [])
        groups.append(parse_cards(data["stock"], packs))
        *hands, turned_cards, stock = number_copies(groups, packs)
        turned = turned_cards[0] if turned_cards else None
        deck_for(seats, options.variant).validate(
            [card_mask(h) for h in hands],
            [*(c.index for c in stock), *(c.index for c in turned_cards)],
            options.hand_size,
            "stock",
        )
        dealer = data["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise RecordError(f"the dealer is a seat 0-{seats - 1}, not {dealer!r}")
        actions = recorded_actions(data, "1 play AS")
        return Deal(dealer, tuple(map(tuple, hands)), turned, tuple(stock), actions)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, RecordError):
            raise RecordError(f"deal {n}: {error}") from None
        if isinstance(error, KeyError):
            raise RecordError(f"deal {n} lacks {error}") from None
        raise RecordError(f"deal {n} is impossible: {error}") from None


def deal_of(state: AnyDeal) -> Deal:
    """A deal as dealt and played so far (``draw`` left out: the draws are automatic)."""
    turned = state.initial_turned
    return Deal(
        dealer=state.dealer,
        hands=recorded_hands(state.initial_hands),
        turned=Card.from_index(turned) if turned >= 0 else None,
        stock=recorded_cards(state.stock),
        actions=action_lines((seat, a) for seat, a in state.actions if a.kind is not Kind.DRAW),
    )


def record_of(session: AnySession, state: AnyDeal) -> BesigueRecord:
    """The record of the game ``session`` plays, up to the deal ``state`` (as far
    as it went): the scores before the first deal, then each deal in order.  In
    Haiti, the partie of ``state``: from the deal after the last partie won
    before it, with the match as it stood then."""
    states: list[AnyDeal] = list(session.states)
    upto = next((n for n, s in enumerate(states) if s is state), None)
    states = states[: upto + 1] if upto is not None else [*states, state]
    if isinstance(session, Session):
        scores = session.scores_start
        return BesigueRecord(
            session.players, tuple(deal_of(s) for s in states), scores, session.rules
        )
    first, match, scores = 0, session.match_start, session.scores_start
    for n, settled in enumerate(session.settled[: len(states) - 1]):
        if settled.over:  # a partie won: the next starts after it
            first = n + 1
            assert settled.match is not None
            match = settled.match
            scores = tuple(match.start_scores(session.sides))
    deals = tuple(deal_of(s) for s in states[first:])
    return BesigueRecord(session.players, deals, scores, session.rules, match)


@dataclass(slots=True)
class Replay:
    record: BesigueRecord
    session: AnySession
    states: list[AnyDeal]
    settled: list[SettledDeal]

    @property
    def state(self) -> AnyDeal:
        """The last deal replayed."""
        return self.states[-1]


def replay(record: BesigueRecord) -> Replay:
    """Replay every deal in order; a bad one raises ``RecordError`` naming the deal,
    the action's index and the rule."""
    seats = len(record.players)
    session: AnySession
    try:
        if record.options.haiti:
            session = HaitiSession(
                record.players,
                rules=record.options,
                dealer=record.deals[0].dealer,
                scores=record.scores or None,
                match=record.match,
            )
        else:
            session = Session(
                record.players,
                rules=record.options,
                dealer=record.deals[0].dealer,
                scores=record.scores or None,
            )
    except ValueError as error:
        raise RecordError(f"impossible game: {error}") from None

    def deal(recorded: Deal) -> AnyDeal:
        hands = [card_mask(h) for h in recorded.hands]
        stock = [c.index for c in recorded.stock]
        turned = recorded.turned.index if recorded.turned is not None else -1
        return session.deal_hands(hands, stock, turned)

    def settle(state: AnyDeal) -> SettledDeal:
        if isinstance(session, HaitiSession):
            assert isinstance(state, HaitiDeal)
            return session.settle(state)
        assert isinstance(state, DealState)
        return session.settle(state)

    states, settled = replay_deals(
        record.deals,
        seats,
        Action.parse,
        dealer=lambda: session.dealer,
        deal=deal,
        settle=settle,
        over=lambda: session.partie_over,
    )
    return Replay(record, session, states, settled)


def deal_result(state: AnyDeal, settled: SettledDeal | None = None) -> dict[str, Any]:
    """One deal's result (RULES.md §5): an unfinished one says whose turn it is; a
    Haitian one also the match after it (``settled``)."""
    trump = state.trump.name if state.trump is not None else None
    data: dict[str, Any] = {"finished": state.is_over, "trump": trump}
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
    if settled is not None and settled.match is not None:
        data["parties"] = list(settled.match.parties)
        data["head_start"] = list(settled.match.head_start)
        data["cent_points"] = settled.cent_points
    return data


def result_json(result: Replay) -> list[dict[str, Any]]:
    """The printed result: one object per deal (RULES.md §5)."""
    settled: list[SettledDeal | None] = [*result.settled]
    settled += [None] * (len(result.states) - len(settled))
    return [deal_result(state, s) for state, s in zip(result.states, settled, strict=True)]


def unwritten(state: AnyDeal, action: Action) -> Action | None:
    """The move a record leaves out before ``action`` (``deal_of``): the draw of a trick's
    winner who lays nothing more and leads at once, his lead's line standing for both."""
    return DRAW if action.kind is Kind.PLAY and state.phase is Phase.DECLARE else None


RECORDS = Records(BesigueRecord.from_json, replay, result_json, record_of, unwritten)

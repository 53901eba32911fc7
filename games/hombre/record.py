"""L'Hombre records (RULES.md §5 "L'Hombre records"): one or more consecutive
deals of a session, read, replayed exactly and written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.cards import Card, Suit, card_mask
from games.hombre.actions import Action
from games.hombre.pool import FIRST_ANTE, Bete, Pool
from games.hombre.rules import SEATS, Rules
from games.hombre.session import Session, SettledDeal
from games.hombre.state import DealState
from games.records import (
    RecordError,
    Records,
    action_lines,
    cards_json,
    hands_json,
    object_field,
    one_pack_deal,
    reading_record,
    record_head,
    recorded_actions,
    recorded_cards,
    recorded_hands,
    recorded_players,
    replay_deals,
    whole,
    whole_field,
)

GAME = "hombre"


@dataclass(frozen=True, slots=True)
class Deal:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    actions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": hands_json(self.hands),
            "talon": cards_json(self.talon),
            "actions": list(self.actions),
        }


@dataclass(frozen=True, slots=True)
class HombreRecord:
    players: tuple[str, ...]
    deals: tuple[Deal, ...]
    pool: Pool = field(default_factory=Pool)
    options: Rules = field(default_factory=Rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HombreRecord:
        with reading_record():
            players = recorded_players(data, GAME, "L'Hombre", range(SEATS, SEATS + 1))
            register = []
            for item in data.get("register", []):
                owner = whole(item["owner"], "a bête's owner (a seat)", 0, SEATS - 1)
                register.append(Bete(owner, whole(item["amount"], "a bête", 1)))
            bete = data.get("bete_in_play")
            pool = Pool(
                whole_field(data, "poule", default=0),
                None if bete is None else whole(bete, "bete_in_play", 1),
                tuple(register),
                whole_field(data, "ante", default=FIRST_ANTE),
            )
            if pool.ante not in pool.antes:
                raise RecordError(f"the record contradicts itself: {_ante_refused(pool)}")
            deals = data["deals"]
            if not isinstance(deals, list) or not deals:
                raise RecordError("a record holds at least one deal in 'deals'")
            return cls(
                players=players,
                deals=tuple(_read_deal(n, d) for n, d in enumerate(deals)),
                pool=pool,
                options=Rules.from_dict(dict(object_field(data, "options"))),
            )

    def to_json(self) -> dict[str, Any]:
        pool = self.pool
        return {
            **record_head(GAME, self.options.to_dict(), self.players),
            "poule": pool.poule,
            "bete_in_play": pool.bete_in_play,
            "register": [{"owner": b.owner, "amount": b.amount} for b in pool.register],
            "ante": pool.ante,
            "deals": [d.to_json() for d in self.deals],
        }


def _ante_refused(pool: Pool) -> str:
    """Why ``pool.ante`` is not one RULES.md §3 allows before the first deal."""
    if pool.poule:
        return (
            f"a poule of {pool.poule} stands (a remise or an all-pass left it), to which"
            f" nothing is added at the next deal: ante 0, not {pool.ante}"
        )
    allowed = " or ".join(map(str, pool.antes))
    why = "a bête enters the empty poule" if pool.entering >= 0 else "no bête enters the poule"
    return f"{why}: each puts in {allowed} (RULES §3), not {pool.ante}"


def _read_deal(n: int, data: Mapping[str, Any]) -> Deal:
    try:
        hands, talon = one_pack_deal(data, "talon")
        dealer = whole_field(data, "dealer", 0, SEATS - 1)
        return Deal(dealer, hands, talon, recorded_actions(data, "1 pass"))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, RecordError):
            raise RecordError(f"deal {n}: {error}") from None
        if isinstance(error, KeyError):
            raise RecordError(f"deal {n} lacks {error}") from None
        raise RecordError(f"deal {n} is malformed: {error}") from None


def deal_of(state: DealState) -> Deal:
    return Deal(
        dealer=state.dealer,
        hands=recorded_hands(state.initial_hands),
        talon=recorded_cards(state.talon),
        actions=action_lines(state.actions),
    )


def record_of(session: Session, state: DealState) -> HombreRecord:
    """The one-deal record of ``state`` as dealt by ``session`` (as far as it went)."""
    return HombreRecord(session.players, (deal_of(state),), state.pool, session.rules)


@dataclass(slots=True)
class Replay:
    record: HombreRecord
    session: Session
    states: list[DealState]
    settled: list[SettledDeal]


def replay(record: HombreRecord) -> Replay:
    """Replay every deal in order; a bad one raises ``RecordError`` naming the
    deal, the action's index and the rule."""
    first = record.deals[0].dealer
    try:
        session = Session(record.players, dealer=first, rules=record.options, pool=record.pool)
    except ValueError as error:
        raise RecordError(f"impossible session: {error}") from None
    states, settled = replay_deals(
        record.deals,
        SEATS,
        Action.parse,
        dealer=lambda: session.dealer,
        deal=lambda deal: session.deal_hands(
            [card_mask(h) for h in deal.hands], [c.index for c in deal.talon]
        ),
        settle=session.settle,
        over=lambda: session.finished,  # the agreed poules won (and the coups played)
    )
    return Replay(record, session, states, settled)


def deal_result(state: DealState) -> dict[str, Any]:
    data: dict[str, Any] = {"finished": state.is_over}
    outcome = state.outcome
    if outcome is None:
        data["turn"] = state.turn
        data["phase"] = state.phase.name.lower()
        return data
    data["hombre"] = None if state.hombre < 0 else state.hombre
    data["mode"] = "all-pass" if state.mode is None else state.mode.word
    data["trump"] = None if state.trump < 0 else Suit(state.trump).name
    data["tricks"] = list(outcome.tricks)
    data["outcome"] = outcome.result
    data["codille_to"] = outcome.codille_to
    data["payments"] = list(outcome.net)
    pool = outcome.pool
    data["poule"] = pool.poule
    data["bete_in_play"] = pool.bete_in_play
    data["register"] = [{"owner": b.owner, "amount": b.amount} for b in pool.register]
    return data


def result_json(result: Replay) -> list[dict[str, Any]]:
    """The printed result: one object per deal (RULES.md §5)."""
    return [deal_result(state) for state in result.states]


RECORDS = Records(HombreRecord.from_json, replay, result_json, record_of)

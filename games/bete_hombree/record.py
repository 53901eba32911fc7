"""Hand records of La Bête Hombrée (RULES.md §5): write, read, replay.

A record holds everything chance decided (dealer, belle, hands, cagnot in
order) and every action, so replaying it rebuilds the identical state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.bete_hombree.actions import Action
from games.bete_hombree.rules import PinandeleRule, Rules
from games.bete_hombree.session import Session, SettledHand
from games.bete_hombree.state import PINANDELE_ANTE, SEATS, HandState
from games.cards import Card, Suit
from games.records import (
    DealReplay,
    Owner,
    RecordError,
    Records,
    action_lines,
    cards_json,
    hands_json,
    object_field,
    one_pack_deal,
    read_register,
    reading_record,
    record_head,
    recorded_actions,
    recorded_cards,
    recorded_hands,
    recorded_players,
    register_in_record,
    register_json,
    register_of_record,
    replay_deal,
    result_head,
    whole,
    whole_field,
)

GAME = "bete-hombree"
__all__ = ["GAME", "HandRecord", "RecordError", "Replay", "record_of", "replay", "result_json"]


@dataclass(frozen=True, slots=True)
class HandRecord:
    players: tuple[str, ...]
    dealer: int
    belle: Suit
    hands: tuple[tuple[Card, ...], ...]
    cagnot: tuple[Card, ...]
    actions: tuple[str, ...]  # "SEAT words"; parsed during replay, to name the bad one
    register: tuple[tuple[Owner, int], ...] = ()
    pot: int | None = None
    options: Rules = field(default_factory=Rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandRecord:
        with reading_record():
            seats = range(SEATS, SEATS + 1)
            players = recorded_players(data, GAME, "La Bête Hombrée", seats, game_implied=True)
            register = read_register(data.get("register", []), SEATS)
            pot = data.get("pot")
            if pot is not None:
                pot = whole(pot, "pot")  # never negative
            hands, cagnot = one_pack_deal(data, "cagnot")
            return cls(
                players=players,
                dealer=whole_field(data, "dealer", 0, SEATS - 1),
                belle=Suit.parse(str(data["belle"])),
                hands=hands,
                cagnot=cagnot,
                actions=recorded_actions(data, "1 pass"),
                register=register,
                pot=pot,
                options=Rules.from_dict(dict(object_field(data, "options"))),
            )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            **record_head(GAME, self.options.to_dict(), self.players),
            "dealer": self.dealer,
            "belle": self.belle.name,
            "register": register_json(self.register),
            "hands": hands_json(self.hands),
            "cagnot": cards_json(self.cagnot),
            "actions": list(self.actions),
        }
        if self.pot is not None:
            data["pot"] = self.pot
        return data


def record_of(session: Session, state: HandState) -> HandRecord:
    """The record of the hand ``state`` dealt by ``session`` (as far as it went)."""
    return HandRecord(
        players=session.players,
        dealer=state.dealer,
        belle=state.belle,
        hands=recorded_hands(state.initial_hands),
        cagnot=recorded_cards(state.cagnot),
        actions=action_lines(state.actions),
        register=register_in_record(session.register_before, session.players),
        pot=session.pot_before,
        options=session.rules,
    )


Replay = DealReplay[HandRecord, Session, HandState, SettledHand]


def replay(record: HandRecord) -> Replay:
    """Replay a record exactly; a bad action raises ``RecordError`` naming it."""
    pinandele = PINANDELE_ANTE * SEATS  # the only amount an entry with no owner has (§1.6)
    odd = next((a for o, a in record.register if o is None and a != pinandele), None)
    if odd is not None:
        raise RecordError(
            f"the record contradicts itself: a pinandèle (an entry with no owner) is"
            f" {pinandele} sous, each player's {PINANDELE_ANTE}, not {odd}"
        )
    register = register_of_record(record.register, record.players)
    queue = record.options.pinandele is PinandeleRule.QUEUE
    waiting = sum(a for o, a in record.register if o is None) if queue else 0
    pot = record.pot
    if pot is None:  # the pot holds exactly the pinandèles waiting in the register
        pot = waiting
    elif pot < waiting:  # each is paid from it in its turn (§1.6): all were paid into it
        raise RecordError(
            f"the record contradicts itself: the pinandèles of the register ({waiting})"
            f" were paid into the pot, which holds only {pot}"
        )
    return replay_deal(
        record,
        lambda: Session(
            record.players,
            dealer=record.dealer,
            belle=record.belle,
            rules=record.options,
            register=register,
            pot=pot,
        ),
        record.cagnot,
        Action.parse,
    )


def result_json(result: Replay) -> dict[str, Any]:
    """The printed result of a replay (RULES.md §5), its hand settled."""
    session, state = result.session, result.state
    players, outcome = session.players, state.outcome
    data = result_head(GAME, players, state)
    if outcome is None:
        return data
    contract = outcome.contract
    data["contract"] = None
    if contract is not None:
        data["contract"] = {
            "declarer": contract.declarer,
            "player": players[contract.declarer],
            "call": contract.call.name.lower().replace("_", "-"),
            "level": contract.level,
            "trump": contract.trump.name,
            "belle": contract.belle,
            "matadors": contract.matadors,
        }
    data["made"] = outcome.made
    data["tricks"] = list(outcome.tricks)
    data["stake"] = outcome.stake
    data["payments"] = list(outcome.net)
    data["net"] = {players[s]: outcome.net[s] for s in range(SEATS)}
    data["transfers"] = [
        {
            "from": "pot" if t.payer is None else t.payer,
            "to": "pot" if t.payee is None else t.payee,
            "amount": t.amount,
            "reason": t.reason,
        }
        for t in outcome.transfers
    ]
    data["pot"] = session.pot
    data["register"] = register_json(register_in_record(session.register.entries, players))
    data["belle"] = session.belle.name
    return data


RECORDS = Records(HandRecord.from_json, replay, result_json, record_of)

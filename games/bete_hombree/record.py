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
from games.bete_hombree.state import SEATS, HandState
from games.cards import Card, Suit, cards_of, number_copies, parse_cards
from games.records import (
    DealReplay,
    Owner,
    RecordError,
    Records,
    owner_identity,
    owner_in_record,
    read_register,
    reading_record,
    recorded_players,
    replay_deal,
    result_head,
)
from games.register import Entry, Register

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
            if pot is not None and int(pot) < 0:
                raise RecordError(f"the pot is never negative, not {pot}")
            *hands, cagnot = number_copies(  # one pack: each card once
                [*(parse_cards(hand) for hand in data["hands"]), parse_cards(data["cagnot"])]
            )
            actions = data.get("actions", [])
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise RecordError("actions must be a list of strings like '1 pass'")
            return cls(
                players=players,
                dealer=int(data["dealer"]),
                belle=Suit.parse(str(data["belle"])),
                hands=tuple(tuple(hand) for hand in hands),
                cagnot=tuple(cagnot),
                actions=tuple(actions),
                register=register,
                pot=None if pot is None else int(pot),
                options=Rules.from_dict(dict(data.get("options", {}))),
            )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": GAME,
            "options": self.options.to_dict(),
            "players": list(self.players),
            "dealer": self.dealer,
            "belle": self.belle.name,
            "register": [{"owner": o, "amount": a} for o, a in self.register],
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "cagnot": [str(c) for c in self.cagnot],
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
        hands=tuple(tuple(cards_of(h)) for h in state.initial_hands),
        cagnot=tuple(Card.from_index(i) for i in state.cagnot),
        actions=tuple(f"{seat} {action}" for seat, action in state.actions),
        register=tuple(_owner_out(e, session.players) for e in session.register_before),
        pot=session.pot_before,
        options=session.rules,
    )


def _owner_out(entry: Entry, players: tuple[str, ...]) -> tuple[Owner, int]:
    return owner_in_record(entry.owner, players), entry.amount


Replay = DealReplay[HandRecord, Session, HandState, SettledHand]


def replay(record: HandRecord) -> Replay:
    """Replay a record exactly; a bad action raises ``RecordError`` naming it."""
    register = Register.of((owner_identity(o, record.players), a) for o, a in record.register)
    pot = record.pot
    if pot is None:  # the pot holds exactly the pinandèles waiting in the register
        queue = record.options.pinandele is PinandeleRule.QUEUE
        pot = sum(a for o, a in record.register if o is None) if queue else 0
    return Replay(
        record,
        *replay_deal(
            lambda: Session(
                record.players,
                dealer=record.dealer,
                belle=record.belle,
                rules=record.options,
                register=register,
                pot=pot,
            ),
            record.hands,
            record.cagnot,
            record.actions,
            Action.parse,
        ),
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
    data["register"] = [
        {"owner": o, "amount": a}
        for o, a in (_owner_out(e, players) for e in session.register.entries)
    ]
    data["belle"] = session.belle.name
    return data


RECORDS = Records(HandRecord.from_json, replay, result_json, record_of)

"""Hand records of La Bête (RULES.md §5, "La Bête records"): read, write, replay."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.bete.actions import Action
from games.bete.rules import MAX_SEATS, MIN_SEATS, Rules
from games.bete.session import Session, SettledDeal
from games.bete.state import DealState, Pot
from games.cards import Card
from games.records import (
    DealReplay,
    Owner,
    RecordError,
    Records,
    action_lines,
    cards_json,
    flag_field,
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

GAME = "bete"


@dataclass(frozen=True, slots=True)
class DealRecord:
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    actions: tuple[str, ...]
    round_start: bool = False
    pot: Pot = field(default_factory=Pot)
    bete_in_play: bool = False
    register: tuple[tuple[Owner, int], ...] = ()
    options: Rules = field(default_factory=Rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealRecord:
        with reading_record():
            players = recorded_players(data, GAME, "La Bête", range(MIN_SEATS, MAX_SEATS + 1))
            pot = object_field(data, "pot")
            parts = [
                whole(pot.get(part, 0), f"pot.{part}") for part in ("reserve", "stake", "kings")
            ]
            if flag_field(data, "bete_in_play") and not parts[1]:
                raise RecordError(
                    "the record contradicts itself: a bête in play was paid into the stake,"
                    " which holds nothing"
                )
            register = read_register(data.get("register", []), len(players))
            if any(owner is None for owner, _ in register):
                raise RecordError("La Bête has no pinandèle: every register entry has an owner")
            hands, talon = one_pack_deal(data, "talon")
            return cls(
                players=players,
                dealer=whole_field(data, "dealer", 0, len(players) - 1),
                hands=hands,
                talon=talon,
                actions=recorded_actions(data, "1 pass"),
                round_start=flag_field(data, "round_start"),
                pot=Pot(*parts),
                bete_in_play=flag_field(data, "bete_in_play"),
                register=register,
                options=Rules.from_dict(dict(object_field(data, "options"))),
            )

    def to_json(self) -> dict[str, Any]:
        return {
            **record_head(GAME, self.options.to_dict(), self.players),
            "dealer": self.dealer,
            "round_start": self.round_start,
            "pot": {"reserve": self.pot.reserve, "stake": self.pot.stake, "kings": self.pot.kings},
            "bete_in_play": self.bete_in_play,
            "register": register_json(self.register),
            "hands": hands_json(self.hands),
            "talon": cards_json(self.talon),
            "actions": list(self.actions),
        }


def record_of(session: Session, state: DealState) -> DealRecord:
    """The record of the deal ``state`` dealt by ``session`` (as far as it went)."""
    register, pot, bete_in_play, round_start = session.before
    return DealRecord(
        players=session.players,
        dealer=state.dealer,
        hands=recorded_hands(state.initial_hands),
        talon=recorded_cards(state.talon),
        actions=action_lines(state.actions),
        round_start=round_start,
        pot=pot,
        bete_in_play=bete_in_play,
        register=register_in_record(register, session.players),
        options=session.rules,
    )


Replay = DealReplay[DealRecord, Session, DealState, SettledDeal]


def replay(record: DealRecord) -> Replay:
    """Replay a record exactly; a bad action raises ``RecordError`` naming it."""
    register = register_of_record(record.register, record.players)
    return replay_deal(
        record,
        lambda: Session(
            record.players,
            dealer=record.dealer,
            rules=record.options,
            register=register,
            pot=record.pot,
            bete_in_play=record.bete_in_play,
            deals_in_round=0 if record.round_start else 1,
        ),
        record.talon,
        Action.parse,
    )


def result_json(result: Replay) -> dict[str, Any]:
    """The printed result of a replay (RULES.md §5), its deal settled."""
    session, state = result.session, result.state
    players, outcome = session.players, state.outcome
    data = result_head(GAME, players, state)
    if outcome is None:
        return data
    data["declarer"] = None if outcome.void else outcome.declarer
    data["contreur"] = None if outcome.contreur < 0 else outcome.contreur
    data["trump"] = state.trump_card.suit.name
    data["tricks"] = list(outcome.tricks)
    data["declarer_won"] = outcome.declarer_won
    data["contreur_won"] = outcome.contreur_won if outcome.contreur >= 0 else None
    data["vole"] = outcome.vole
    data["devole"] = outcome.devole
    data["king_jetons_to"] = None if outcome.king_holder < 0 else outcome.king_holder
    data["payments"] = list(outcome.net)
    data["net"] = {players[s]: outcome.net[s] for s in range(len(players))}
    pot = session.pot
    data["pot"] = {"reserve": pot.reserve, "stake": pot.stake, "kings": pot.kings}
    data["bete_in_play"] = session.bete_in_play
    data["register"] = register_json(register_in_record(session.register.entries, players))
    return data


RECORDS = Records(DealRecord.from_json, replay, result_json, record_of)

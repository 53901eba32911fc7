"""Records of the toy game, in the style of RULES.md §5: read, write, replay.

```json
{"game": "toy", "options": {"deals": 3}, "players": ["A", "B"], "dealer": 0,
 "hands": [["KS", "QH", "JD"], ["KH", "JS", "QC"]],
 "talon": ["KD", "KC", "QS", "QD", "JH", "JC"],
 "actions": ["1 play KH", "0 play KS", "..."]}
```
``talon`` is the six cards left in the shuffled order.  The result JSON gives
the tricks per seat, the winner, the amount and each seat's net payment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from examples.toy.game import GAME, SEATS, Action, DealState, Rules
from examples.toy.session import Session, SettledDeal
from games.cards import Card
from games.records import (
    DealReplay,
    RecordError,
    action_lines,
    cards_json,
    hands_json,
    reading_record,
    record_head,
    recorded_actions,
    recorded_cards,
    recorded_hands,
    replay_deal,
    result_head,
)


@dataclass(frozen=True, slots=True)
class DealRecord:
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    actions: tuple[str, ...]
    options: Rules = field(default_factory=Rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealRecord:
        with reading_record():
            if data.get("game") != GAME:
                raise RecordError(f"not a {GAME} record: game is {data.get('game')!r}")
            players = tuple(str(p) for p in data["players"])
            if len(players) != SEATS:
                raise RecordError(f"the toy game has {SEATS} players, not {len(players)}")
            return cls(
                players=players,
                dealer=int(data["dealer"]),
                hands=tuple(tuple(Card.parse(c) for c in hand) for hand in data["hands"]),
                talon=tuple(Card.parse(c) for c in data["talon"]),
                actions=recorded_actions(data, "1 play KS"),
                options=Rules.from_dict(dict(data.get("options", {}))),
            )

    def to_json(self) -> dict[str, Any]:
        return {
            **record_head(GAME, self.options.to_dict(), self.players),
            "dealer": self.dealer,
            "hands": hands_json(self.hands),
            "talon": cards_json(self.talon),
            "actions": list(self.actions),
        }


def record_of(session: Session, state: DealState) -> DealRecord:
    """The record of the deal ``state`` dealt by ``session`` (as far as it went)."""
    return DealRecord(
        players=session.players,
        dealer=state.dealer,
        hands=recorded_hands(state.initial_hands),
        talon=recorded_cards(state.talon),
        actions=action_lines(state.actions),
        options=session.rules,
    )


Replay = DealReplay[DealRecord, Session, DealState, SettledDeal]


def replay(record: DealRecord) -> Replay:
    """Replay a record exactly; a bad action raises ``RecordError`` naming it."""
    return replay_deal(
        record,
        lambda: Session(record.players, dealer=record.dealer, rules=record.options),
        record.talon,
        Action.parse,
    )


def result_json(result: Replay) -> dict[str, Any]:
    """The printed result of a replay."""
    players = result.session.players
    state = result.state
    data = result_head(GAME, players, state)
    outcome = state.outcome
    if outcome is None:
        return data
    data["tricks"] = list(outcome.tricks)
    data["winner"] = outcome.winner
    data["amount"] = outcome.amount
    data["payments"] = list(outcome.net)
    data["net"] = {players[s]: outcome.net[s] for s in range(SEATS)}
    return data

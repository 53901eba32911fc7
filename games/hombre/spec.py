"""L'Hombre's registration (``games.registry``): importing this module makes
``hombre`` known to ``python -m games replay`` and the computer players' tools."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.hombre.actions import Action
from games.hombre.record import GAME, HombreRecord, record_of, replay, result_json
from games.hombre.rules import Rules
from games.hombre.session import Session
from games.hombre.state import DealState, DealView
from games.registry import ComputerPlayer, GameSpec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    return Session.start(players, seed, rules=rules)


def _write_record(session: Session, state: DealState) -> dict[str, Any]:
    return record_of(session, state).to_json()


def _players() -> Mapping[str, Callable[[], ComputerPlayer[DealView, Action]]]:
    from games.hombre.ai import PLAYERS

    return PLAYERS


SPEC: GameSpec[Rules, Session, DealView, Action] = register(
    GameSpec(
        id=GAME,
        names={"fr": "L'Hombre", "en": "L'Hombre (Ombre)"},
        min_seats=3,
        max_seats=3,
        options=Rules,
        new_session=_new_session,
        view=DealView,
        action=Action,
        parse_action=Action.parse,
        read_record=HombreRecord.from_json,
        replay_record=replay,
        result=result_json,
        write_record=_write_record,
        players=_players,
        fair="random",
        strong="heuristic",
    )
)

__all__ = ["SPEC"]

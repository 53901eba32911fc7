"""L'Hombre's registration (``games.registry``), imported by its package."""

from collections.abc import Sequence

from games.hombre.actions import Action
from games.hombre.record import GAME, HombreRecord, record_of, replay, result_json
from games.hombre.rules import Rules
from games.hombre.session import Session
from games.hombre.state import DealView, Refused
from games.registry import GameSpec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    return Session.start(players, seed, rules=rules)


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
        record_of=record_of,
        players_module="games.hombre.ai",
        refusals=Refused,
        fair="heuristic",
        strong="pimc",
    )
)

__all__ = ["SPEC"]

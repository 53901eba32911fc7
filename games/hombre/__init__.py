"""L'Hombre (French three-player Ombre), RULES.md §3, played through the same core."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.hombre.actions import Action, Kind, Signal
from games.hombre.pool import Bete, Pool
from games.hombre.record import GAME, HombreRecord, record_of, replay, result_json
from games.hombre.rules import HombreTricks, Rules
from games.hombre.session import Session, SettledDeal
from games.hombre.settle import Outcome
from games.hombre.state import DealState, DealView, IllegalActionError, Mode, Phase
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

__all__ = [
    "GAME",
    "SPEC",
    "Action",
    "Bete",
    "DealState",
    "DealView",
    "HombreRecord",
    "HombreTricks",
    "IllegalActionError",
    "Kind",
    "Mode",
    "Outcome",
    "Phase",
    "Pool",
    "Rules",
    "Session",
    "SettledDeal",
    "Signal",
    "record_of",
    "replay",
    "result_json",
]

"""La Bête (1792), RULES.md §2: the ancestor, played through the same core."""

from collections.abc import Sequence

from games.bete.actions import Action, Kind
from games.bete.record import GAME, DealRecord, record_of, replay, result_json
from games.bete.rules import Rules, fiches
from games.bete.session import Session, SettledDeal
from games.bete.state import Bete, DealState, DealView, Outcome, Phase, Pot, Refused
from games.refusals import IllegalActionError
from games.registry import GameSpec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    return Session.start(players, seed, rules=rules)


SPEC: GameSpec[Rules, Session, DealView, Action] = register(
    GameSpec(
        id=GAME,
        names={"fr": "La Bête", "en": "La Bête"},
        min_seats=2,
        max_seats=5,
        options=Rules,
        new_session=_new_session,
        view=DealView,
        action=Action,
        parse_action=Action.parse,
        read_record=DealRecord.from_json,
        replay_record=replay,
        result=result_json,
        record_of=record_of,
        players_module="games.bete.ai",
        refusals=Refused,
    )
)

__all__ = [
    "GAME",
    "SPEC",
    "Action",
    "Bete",
    "DealRecord",
    "DealState",
    "DealView",
    "IllegalActionError",
    "Kind",
    "Outcome",
    "Phase",
    "Pot",
    "Rules",
    "Session",
    "SettledDeal",
    "fiches",
    "record_of",
    "replay",
    "result_json",
]

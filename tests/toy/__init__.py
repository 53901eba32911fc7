"""The toy game (issue step 7): a third game that lives only in the tests.

Importing this package registers it (``tests/conftest.py`` does, in one line);
nothing else names it.  Its engine part is here (``game``, ``session``,
``record``, ``players``); the bot's part of it lives beside it.
"""

from collections.abc import Sequence

from games.registry import GameSpec, register
from tests.toy.game import (
    GAME,
    Action,
    DealState,
    DealView,
    HighCard,
    IllegalActionError,
    Kind,
    Outcome,
    Phase,
    Rules,
    play,
)
from tests.toy.record import DealRecord, record_of, replay, result_json
from tests.toy.session import Session, SettledDeal


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    return Session.start(players, seed, rules)


SPEC: GameSpec[Rules, Session, DealView, Action] = register(
    GameSpec(
        id=GAME,
        names={"fr": "Jeu d'essai", "en": "Toy game"},
        min_seats=2,
        max_seats=2,
        options=Rules,
        new_session=_new_session,
        view=DealView,
        action=Action,
        parse_action=Action.parse,
        read_record=DealRecord.from_json,
        replay_record=replay,
        result=result_json,
        record_of=record_of,
        players_module="tests.toy.players",
        fair="random",
        strong="high",
    )
)

__all__ = [
    "GAME",
    "SPEC",
    "Action",
    "DealRecord",
    "DealState",
    "DealView",
    "HighCard",
    "IllegalActionError",
    "Kind",
    "Outcome",
    "Phase",
    "Rules",
    "Session",
    "SettledDeal",
    "play",
    "record_of",
    "replay",
    "result_json",
]

# the bot's side of the toy game: its port, drawings, command and texts
from tests.toy import table as table  # noqa: E402

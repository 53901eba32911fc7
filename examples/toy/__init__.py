"""The toy game: the worked example of a game added to the bot (docs/adding-a-game.md).

Two players, K Q J of four suits, three cards each, the highest rank takes the
trick.  Importing this package registers it (the tests do, in one line of
``tests/conftest.py``; the bot does not offer it); nothing else names it.  Its
engine is ``game``, ``session``, ``record`` and ``players``; its table side is
``table`` (the port, the renderer, ``/table new toy``, its texts; its moves read as
any trick game's, ``TrickRenderer``); ``bot`` runs the bot with it.
"""

from collections.abc import Sequence

from examples.toy.game import (
    GAME,
    Action,
    DealState,
    DealView,
    HighCard,
    Kind,
    Outcome,
    Phase,
    Rules,
    play,
)
from examples.toy.record import DealRecord, record_of, replay, result_json
from examples.toy.session import Session, SettledDeal
from games.refusals import IllegalActionError
from games.registry import GameSpec, register


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
        players_module="examples.toy.players",
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
from examples.toy import table as table  # noqa: E402

"""La Bête (1792), RULES.md §2: the ancestor, played through the same core."""

from games.bete.actions import Action, Kind
from games.bete.record import GAME, RECORDS, DealRecord, record_of, replay, result_json
from games.bete.rules import Rules, fiches
from games.bete.session import Session, SettledDeal
from games.bete.state import Bete, DealState, DealView, Outcome, Phase, Pot, Refused
from games.refusals import IllegalActionError
from games.registry import GameParts, GameSpec, game_spec, register

PARTS = GameParts(Rules, Session.start, DealView, Action, Refused)
SPEC: GameSpec[Rules, Session, DealView, Action] = register(
    game_spec(GAME, {"fr": "La Bête", "en": "La Bête"}, range(2, 6), PARTS, RECORDS)
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

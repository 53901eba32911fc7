"""La Bête (1792), RULES.md §2: the ancestor, played through the same core."""

from games.bete.actions import Action, Kind
from games.bete.record import GAME, DealRecord, record_of, replay, result_json
from games.bete.rules import Rules, fiches
from games.bete.session import Session, SettledDeal
from games.bete.spec import SPEC
from games.bete.state import Bete, DealState, DealView, Outcome, Phase, Pot
from games.refusals import IllegalActionError

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

"""L'Hombre (French three-player Ombre), RULES.md §3, played through the same core.

Its records hold several deals and replay to a list of results (RULES.md §5).
"""

from games.hombre.actions import Action, Kind, Signal
from games.hombre.pool import Bete, Pool
from games.hombre.record import GAME, HombreRecord, record_of, replay, result_json
from games.hombre.rules import HombreTricks, Rules
from games.hombre.session import Session, SettledDeal
from games.hombre.settle import Outcome
from games.hombre.spec import SPEC
from games.hombre.state import DealState, DealView, Mode, Phase
from games.refusals import IllegalActionError

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

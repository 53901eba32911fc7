"""Bésigue (RULES.md §4), for two to four players with one pack of 32 each,
played through the same trick core as the other games.

Its records hold one game, its deals in order, and replay to a list of
results, one per deal (RULES.md §5).  Bésigue as played in Haiti (§4.1) is a
variant of it (``Rules(variant="haiti")``, ``games.besigue.haiti``), offered at
the table under its own id, ``besigue-haiti``.
"""

from games.besigue.actions import Action, Kind
from games.besigue.melds import Laid, Meld, MeldKind, legal_melds, resolve
from games.besigue.record import GAME, BesigueRecord, record_of, replay, result_json
from games.besigue.rules import BesigueTricks, Reuse, Rules, trick_rules
from games.besigue.score import Outcome
from games.besigue.session import Session, SettledDeal
from games.besigue.spec import SPEC
from games.besigue.state import DealState, DealView, LaidCard, Phase
from games.refusals import IllegalActionError

__all__ = [
    "GAME",
    "SPEC",
    "Action",
    "BesigueRecord",
    "BesigueTricks",
    "DealState",
    "DealView",
    "IllegalActionError",
    "Kind",
    "Laid",
    "LaidCard",
    "Meld",
    "MeldKind",
    "Outcome",
    "Phase",
    "Reuse",
    "Rules",
    "Session",
    "SettledDeal",
    "legal_melds",
    "record_of",
    "replay",
    "resolve",
    "result_json",
    "trick_rules",
]

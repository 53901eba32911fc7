"""La Bête Hombrée (Berrichonne), RULES.md §1: the engine's first game."""

from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.record import (
    GAME,
    HandRecord,
    RecordError,
    record_of,
    replay,
    result_json,
)
from games.bete_hombree.rules import Rules
from games.bete_hombree.session import KingDraw, Session, SettledHand, tirer_le_roi
from games.bete_hombree.spec import SPEC
from games.bete_hombree.state import (
    Contract,
    EntryInPlay,
    HandState,
    HandView,
    Outcome,
    Phase,
)
from games.money import Transfer
from games.refusals import IllegalActionError

__all__ = [
    "GAME",
    "SPEC",
    "Action",
    "Contract",
    "EntryInPlay",
    "HandRecord",
    "HandState",
    "HandView",
    "IllegalActionError",
    "Kind",
    "KingDraw",
    "Outcome",
    "Phase",
    "RecordError",
    "Rules",
    "Session",
    "SettledHand",
    "Transfer",
    "record_of",
    "replay",
    "result_json",
    "tirer_le_roi",
]

"""La Bête Hombrée (Berrichonne), RULES.md §1: the engine's first game."""

from collections.abc import Sequence

from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.hand import Refused
from games.bete_hombree.record import (
    GAME,
    RECORDS,
    HandRecord,
    RecordError,
    record_of,
    replay,
    result_json,
)
from games.bete_hombree.rules import Rules
from games.bete_hombree.session import KingDraw, Session, SettledHand, tirer_le_roi
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
from games.registry import GameParts, GameSpec, game_spec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    return Session.start(players, seed, rules)[0]


PARTS = GameParts(Rules, _new_session, HandView, Action, Refused)
SPEC: GameSpec[Rules, Session, HandView, Action] = register(
    game_spec(GAME, {"fr": "La Bête Hombrée", "en": "La Bête Hombrée"}, range(4, 5), PARTS, RECORDS)
)

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

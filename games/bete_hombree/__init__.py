"""La Bête Hombrée (Berrichonne), RULES.md §1: the engine's first game."""

from collections.abc import Sequence

from games.bete_hombree.actions import Action, Kind
from games.bete_hombree.hand import Refused
from games.bete_hombree.record import GAME, HandRecord, RecordError, record_of, replay, result_json
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
from games.registry import GameSpec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    return Session.start(players, seed, rules)[0]


SPEC: GameSpec[Rules, Session, HandView, Action] = register(
    GameSpec(
        id=GAME,
        names={"fr": "La Bête Hombrée", "en": "La Bête Hombrée"},
        min_seats=4,
        max_seats=4,
        options=Rules,
        new_session=_new_session,
        view=HandView,
        action=Action,
        parse_action=Action.parse,
        read_record=HandRecord.from_json,
        replay_record=replay,
        result=result_json,
        record_of=record_of,
        players_module="games.bete_hombree.ai",
        refusals=Refused,
    )
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

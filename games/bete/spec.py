"""La Bête's registration (``games.registry``), imported by its package."""

from games.bete.actions import Action
from games.bete.record import GAME, RECORDS
from games.bete.rules import MAX_SEATS, MIN_SEATS, Rules
from games.bete.session import Session
from games.bete.state import DealView, Refused
from games.registry import GameParts, GameSpec, game_spec, register

PARTS = GameParts(Rules, Session.start, DealView, Action, Refused)
SEATS = range(MIN_SEATS, MAX_SEATS + 1)
SPEC: GameSpec[Rules, Session, DealView, Action] = register(
    game_spec(GAME, {"fr": "La Bête", "en": "La Bête"}, SEATS, PARTS, RECORDS)
)

__all__ = ["SPEC"]

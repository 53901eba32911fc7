"""L'Hombre's registration (``games.registry``), imported by its package."""

from games.hombre.actions import Action
from games.hombre.record import GAME, RECORDS
from games.hombre.rules import Rules
from games.hombre.session import Session
from games.hombre.state import DealView, Refused
from games.registry import GameParts, GameSpec, game_spec, register

PARTS = GameParts(Rules, Session.start, DealView, Action, Refused)
SPEC: GameSpec[Rules, Session, DealView, Action] = register(
    game_spec(GAME, {"fr": "L'Hombre", "en": "L'Hombre (Ombre)"}, range(3, 4), PARTS, RECORDS)
)

__all__ = ["SPEC"]

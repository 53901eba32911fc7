"""La Bête Hombrée's registration (``games.registry``), imported by its package."""

from collections.abc import Sequence

from games.bete_hombree.actions import Action
from games.bete_hombree.hand import Refused
from games.bete_hombree.record import GAME, RECORDS
from games.bete_hombree.rules import Rules
from games.bete_hombree.session import Session
from games.bete_hombree.state import SEATS, HandView
from games.registry import GameParts, GameSpec, game_spec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> Session:
    """A new session; the draw of the king that chose its dealer and belle is kept on it."""
    return Session.start(players, seed, rules)[0]


PARTS = GameParts(Rules, _new_session, HandView, Action, Refused)
FOUR = range(SEATS, SEATS + 1)  # four players, never more nor fewer
SPEC: GameSpec[Rules, Session, HandView, Action] = register(
    game_spec(GAME, {"fr": "La Bête Hombrée", "en": "La Bête Hombrée"}, FOUR, PARTS, RECORDS)
)

__all__ = ["SPEC"]

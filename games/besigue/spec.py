"""Bésigue's registration (``games.registry``), imported by its package."""

from collections.abc import Sequence

from games.besigue.actions import Action
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import GAME, RECORDS, AnySession
from games.besigue.refusals import Refused
from games.besigue.rules import MAX_SEATS, MIN_SEATS, Rules
from games.besigue.session import Session
from games.besigue.state import DealView
from games.registry import GameParts, GameSpec, game_spec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> AnySession:
    """A game of the classic Bésigue, or with ``variant=haiti`` of the Haitian one."""
    if rules.haiti:
        return HaitiSession.start(players, seed, rules=rules)
    return Session.start(players, seed, rules=rules)


PARTS = GameParts(Rules, _new_session, DealView, Action, Refused)
SEATS = range(MIN_SEATS, MAX_SEATS + 1)
SPEC: GameSpec[Rules, AnySession, DealView, Action] = register(
    game_spec(GAME, {"fr": "Bésigue", "en": "Bésigue (Bezique)"}, SEATS, PARTS, RECORDS)
)

__all__ = ["SPEC"]

"""Bésigue's registration (``games.registry``), imported by its package."""

from collections.abc import Sequence

from games.besigue.actions import Action
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import GAME, AnySession, BesigueRecord, record_of, replay, result_json
from games.besigue.refusals import Refused
from games.besigue.rules import MAX_SEATS, MIN_SEATS, Rules
from games.besigue.session import Session
from games.besigue.state import DealView
from games.registry import GameSpec, register


def _new_session(players: Sequence[str], seed: int, rules: Rules) -> AnySession:
    """A game of the classic Bésigue, or with ``variant=haiti`` of the Haitian one."""
    if rules.haiti:
        return HaitiSession.start(players, seed, rules=rules)
    return Session.start(players, seed, rules=rules)


SPEC: GameSpec[Rules, AnySession, DealView, Action] = register(
    GameSpec(
        id=GAME,
        names={"fr": "Bésigue", "en": "Bésigue (Bezique)"},
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        options=Rules,
        new_session=_new_session,
        view=DealView,
        action=Action,
        parse_action=Action.parse,
        read_record=BesigueRecord.from_json,
        replay_record=replay,
        result=result_json,
        record_of=record_of,
        players_module="games.besigue.ai",
        refusals=Refused,
        fair="heuristic",
        strong="pimc",
    )
)

__all__ = ["SPEC"]

"""The Haitian game's registration (``games.registry``): its own id, so that a table
offers it by name (``besigue-haiti``), its own options (``HaitiOptions``), and
Bésigue's records (RULES.md §5 "Haiti") under that id.  The classic game's id
(``besigue``) replays the same records with ``"variant": "haiti"``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.besigue.actions import Action
from games.besigue.haiti.deal import HaitiView
from games.besigue.haiti.options import HaitiOptions
from games.besigue.haiti.session import HaitiSession
from games.besigue.record import (
    HAITI_GAME,
    AnyDeal,
    AnySession,
    BesigueRecord,
    record_of,
    replay,
    result_json,
    unwritten,
)
from games.besigue.refusals import Refused
from games.besigue.spec import SEATS
from games.records import Records
from games.registry import GameParts, GameSpec, game_spec, register


def _new_session(players: Sequence[str], seed: int, options: HaitiOptions) -> HaitiSession:
    return HaitiSession.start(players, seed, rules=options.rules())


def _read(data: Mapping[str, Any]) -> BesigueRecord:
    return BesigueRecord.from_json(data, HAITI_GAME)


def _record_of(session: AnySession, state: AnyDeal) -> BesigueRecord:
    return replace(record_of(session, state), game=HAITI_GAME)


PARTS = GameParts(HaitiOptions, _new_session, HaitiView, Action, Refused)
RECORDS = Records(_read, replay, result_json, _record_of, unwritten)
NAMES = {"fr": "Bésigue haïtien", "en": "Haitian Bésigue"}
SPEC: GameSpec[HaitiOptions, HaitiSession, HaitiView, Action] = register(
    game_spec(HAITI_GAME, NAMES, SEATS, PARTS, RECORDS, "games.besigue.haiti.ai")
)

__all__ = ["SPEC"]

"""L'Hombre's engine at a table: sessions, deals, log lines, what a deal stores.

The table's money between deals is kept by the server as a pot of three parts:
the poule (every jeton on the table), the bête in play (inside the poule) and
whether the last poule was taken by a codille (3 each into the next); the
waiting bêtes are its register, largest first into a new poule (RULES.md §3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.game import HandResult, LogLine
from bot.trick_game import TrickPort
from games.cards import Suit
from games.hombre import Action, DealState, HombreRecord, Kind, Session, replay
from games.hombre.settle import ALL_PASSED, VOLE, WIN
from games.records import RecordError
from games.register import Register

PARTS: Final = ("poule", "bete", "codille")
RESULTS: Final = ("win", "remise", "codille", "vole", "vole-failed")


def parts_of(session: Session) -> dict[str, int]:
    pool = session.pool
    return {"poule": pool.poule, "bete": pool.bete_in_play or 0, "codille": int(session.codille)}


def set_parts(session: Session, register: Register, pot: Mapping[str, int]) -> None:
    """The session's money from the server's pot by part (``ValueError`` if it cannot be)."""
    poule, bete = pot.get("poule", 0), pot.get("bete", 0)
    session.set_money(register, poule, bete, pot.get("codille", 0) > 0)


class HombrePort(TrickPort):
    """L'Hombre (RULES.md §3) for the table service; a bête in play was paid into the
    poule, no longer waiting (``OpenHands``); a waiting bête is paid in by its owner,
    never from the poule (``TrickPort.playable``)."""

    action_type = Action
    session_type = Session
    start_line = "log.hombre.start"

    def with_money(self, session: Session, register: Register, pot: Mapping[str, int]) -> None:
        set_parts(session, register, pot)

    def pot_of(self, session: Session) -> dict[str, int]:
        return parts_of(session)

    def pot_for_deal(
        self,
        session: Session,
        pot: dict[str, int],
        held_elsewhere: Mapping[str, int],
        register: Register,
    ) -> dict[str, int]:
        # The poule goes with one deal at a time: while another table of the server plays
        # a deal with it, this one opens a poule of its own (its gains join the server's
        # when it is settled), so no jeton is ever taken twice.  Whether the server's
        # last poule went by codille is no jeton: every deal is dealt with it.
        held = any(amount for part, amount in held_elsewhere.items() if part != "codille")
        return {part: 0 if held and part != "codille" else pot.get(part, 0) for part in PARTS}

    def action_line(
        self, state: DealState, seat: int, action: Action, timeout: bool
    ) -> LogLine | None:
        if action.kind is Kind.DISCARD:  # how many, never which
            count = action.cards.bit_count()
            if not count:
                return LogLine.of("log.hombre.keep", seat=seat)
            return LogLine.of("log.hombre.exchange", seat=seat, count=count)
        if timeout:
            return LogLine.of("log.timeout", seat=seat, action=str(action))
        if action.kind is Kind.TRUMP:
            return LogLine.of("log.hombre.trump", seat=seat, suit=Suit(action.suit).name)
        if action.kind in (Kind.SHOW, Kind.HIDE) and not state.talon_left:
            return LogLine.of("log.hombre.talon_used", seat=seat)  # nothing to show or hide
        if action.kind in (Kind.SHOW, Kind.HIDE, Kind.STOP):
            return LogLine.of(f"log.hombre.{action.kind.name.lower()}", seat=seat)
        return None  # calls are in the auction's field, cards on the table

    def hand_result(self, session: Session, state: DealState) -> HandResult:
        outcome = state.outcome
        assert outcome is not None
        if outcome.result == ALL_PASSED:
            return HandResult(None, None, None)
        return HandResult(outcome.hombre, outcome.result, outcome.result in (WIN, VOLE))

    def replayed(self, record: Mapping[str, Any]) -> DealState:
        states = replay(HombreRecord.from_json(record)).states
        if not states:
            raise RecordError("the record holds no deal")
        return states[-1]

"""One path for a click, over every game offered: a move is checked once by the
service (the engine's ``check``), refused as a typed reason that the game's texts
word, kept the game's Action from the click to the event, and a deal is computed
from its seed without touching the live session."""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from bot.errors import MoveRefused
from bot.game import TableGame
from bot.games import table_games
from bot.tables.clicks import Click
from bot.tables.table import LiveTable
from bot.texts.i18n import t
from bot.texts.refusals import refusal_error
from games.refusals import codes
from tests.conformance.checks import snapshot
from tests.conformance.run import TableRun


def every_game() -> list[Any]:
    return [pytest.param(game, id=game.id) for game in table_games()]


async def started(tmp_path: Path, game: TableGame) -> TableRun:
    run = TableRun(str(tmp_path / "tables.db"), game, game.min_seats, random.Random(7))
    await run.open()
    return run


def wrong_move(table: LiveTable) -> Any:
    """An action of the game that the seat to act may not make now: one of the moves
    met in a random playout of a copy of the deal, refused by the engine here."""
    state = table.state
    assert state is not None
    seat, rng = state.turn, random.Random(3)
    scratch, seen = copy.deepcopy(state), []
    while not scratch.is_over:
        moves = list(scratch.legal_actions())
        seen += moves
        scratch.apply(rng.choice(moves), scratch.turn)
    wrong = [action for action in seen if state.check(action, seat) is not None]
    assert wrong, f"{table.game.id}: no move of a playout is refused now"
    return wrong[0]


@pytest.mark.parametrize("game", every_game())
async def test_an_illegal_move_is_refused_once_typed_and_never_reaches_apply(
    tmp_path: Path, game: TableGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = await started(tmp_path, game)
    try:
        table = run.table
        state, seat = table.state, table.state.turn
        action = wrong_move(table)
        reason = state.check(action, seat)
        applied: list[Any] = []
        real_apply = type(state).apply

        def apply(self: Any, move: Any, who: int | None = None) -> None:
            applied.append(move)
            real_apply(self, move, who)

        monkeypatch.setattr(type(state), "apply", apply)
        before, seq = snapshot(table), table.seq
        click = Click(table.players[seat], table.id, table.moves, action=action)
        with pytest.raises(MoveRefused) as refused:
            await run.service.play(click)
        assert applied == []  # refused by the check, before anything is applied
        assert refused.value.refusal.code == reason.code
        assert refused.value.refusal.code in codes(game.spec.refusals)
        assert snapshot(table) == before and table.seq == seq
        words = refusal_error(refused.value)  # worded by the game's texts, not the service
        for lang in ("fr", "en"):
            said = t(lang, words.key, **{k: v for k, v in words.args_.items() if k != "of"})
            assert said and reason.text not in said
    finally:
        await run.close()


@pytest.mark.parametrize("game", every_game())
async def test_a_move_stays_an_action_from_the_click_to_the_event(
    tmp_path: Path, game: TableGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = await started(tmp_path, game)
    try:
        table = run.table
        seat = table.state.turn
        action = table.state.legal_actions()[0]

        def never(text: str) -> Any:
            raise AssertionError(f"{text!r} read back from text inside the process")

        with monkeypatch.context() as patched:
            patched.setattr(game.port, "parse_action", never)
            played = await run.service.play(
                Click(table.players[seat], table.id, table.moves, action=action)
            )
        assert played == action
        async with run.db.reading() as store:
            events = await store.tables.events(table.id)
        assert events[-1].kind == "action" and events[-1].payload["action"] == str(action)
        await run.restart()  # the log keeps the notation, read back on a rebuild
        assert run.table.seq == events[-1].seq
    finally:
        await run.close()


@pytest.mark.parametrize("game", every_game())
async def test_a_deal_event_is_computed_without_touching_the_live_session(
    tmp_path: Path, game: TableGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = await started(tmp_path, game)
    try:
        table = run.table
        session = table.session
        assert session is not None
        before, written = pickle.dumps(session), []
        real_setattr = type(session).__setattr__

        def setattr_(self: Any, name: str, value: Any) -> None:
            if self is session:  # a write to the live session, not to a copy of it
                written.append(name)
            real_setattr(self, name, value)

        monkeypatch.setattr(type(session), "__setattr__", setattr_)
        kind, payload = await run.service.dealer.deal_event(table, table.hand_no + 1)
        assert kind == "deal" and payload["hand_no"] == table.hand_no + 1
        assert written == [] and pickle.dumps(session) == before
        again = await run.service.dealer.deal_event(table, table.hand_no + 1)
        assert again == (kind, payload)  # from its seed alone: the same event twice
    finally:
        await run.close()

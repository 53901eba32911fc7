"""The conformance checks find what they look for: a held card named in public, a card
played that the table does not show (or that a table message late by a few tricks
skips), a table rebuilt otherwise than it stood, and a refusal in the engine's English
(each planted at a table of the first game offered)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import bot.drawing.render
from bot.drawing.wording import card_text
from bot.errors import UserError
from bot.games import table_games
from bot.texts.i18n import MESSAGES
from games.cards import cards_of
from tests.conformance.run import TableRun


def run_of(tmp_path: Path) -> TableRun:
    game = table_games()[0]
    return TableRun(str(tmp_path / "tables.sqlite3"), game, game.min_seats, random.Random(7))


async def test_a_held_card_named_in_public_is_a_leak(tmp_path: Path) -> None:
    run = run_of(tmp_path)
    try:
        table = await run.open()
        knowledge = run.checks.knowledge
        held = cards_of(table.state.view(0).hand)[0]
        for lang in ("fr", "en"):
            assert knowledge.leaks([f"Cartes : {card_text(held, lang)}"])
            assert knowledge.leaks([f"play:{held}"])
        assert not knowledge.leaks(["Pli 1 : —"])
    finally:
        await run.close()


async def first_failures(tmp_path: Path) -> list[str]:
    """Play the first deal until the checks find something (or the deal ends)."""
    run = run_of(tmp_path)
    try:
        table = await run.open()
        while table.in_deal and not run.checks.failures:
            await run.move()
            table = run.table
        return run.checks.failures
    finally:
        await run.close()


async def test_a_card_played_and_not_shown_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.drawing.render, "trick_field", lambda *args: None)
    failures = await first_failures(tmp_path)
    assert any("played, not shown" in failure for failure in failures)


async def test_tricks_a_late_table_message_skips_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    field = bot.drawing.render.trick_field  # the last trick taken only, whatever was shown
    monkeypatch.setattr(
        bot.drawing.render, "trick_field", lambda names, view, lang, since: field(names, view, lang)
    )
    failures = await first_failures(tmp_path)
    assert any("played, not caught up" in failure for failure in failures)
    assert not any("played, not shown" in failure for failure in failures)


async def test_a_table_rebuilt_otherwise_is_found(tmp_path: Path) -> None:
    run = run_of(tmp_path)
    try:
        table = await run.open()
        table.session.dealer = (table.session.dealer + 1) % len(table.seats)  # not in its log
        with pytest.raises(AssertionError, match="rebuilt from its log, the table differs"):
            await run.restart()
    finally:
        await run.close()


async def test_a_refusal_in_the_engines_english_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(MESSAGES, "test.refused", {"fr": "Non : {reason}", "en": "No: {reason}"})
    run = run_of(tmp_path)
    try:
        table = await run.open()
        reason = "follow suit"
        run.checks.refused(table, UserError("test.refused", reason=reason), reason, "a move")
        assert run.checks.failures == [f"refusal of a move says the engine's {reason!r} in French"]
    finally:
        await run.close()

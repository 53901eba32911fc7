"""Fixtures of the bot's tests: a table service over a fresh database, and what the
bot's pictures draw (the texts Pillow is asked to draw, recorded)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from PIL import ImageDraw

from bot.tables.computer import inline_decider
from bot.tables.service import TableService
from db import Database


@pytest.fixture
def table_seed() -> int:
    """The master seed of the tables ``service`` opens (a module overrides it)."""
    return 7


@pytest.fixture
async def service(database_target: str, table_seed: int) -> AsyncIterator[TableService]:
    """A table service over a fresh database (both backends in a module so marked), its
    computer players deciding at once, each by its rules of thumb inline."""
    db = await Database.open(database_target)
    service = TableService(db, seed_source=lambda: table_seed, decider=inline_decider, ai_pause=0)
    await service.load()
    yield service
    await service.close()
    await db.close()


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Every text Pillow draws from now on, with its font (the drawing runs unchanged)."""
    calls: list[tuple[str, Any]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        calls.append((str(text), kwargs.get("font")))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return calls

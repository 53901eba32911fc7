"""What the bot's pictures draw: the texts Pillow is asked to draw, recorded."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageDraw


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

"""Whole numbers as players and records write them: in the digits 0-9 only."""

from __future__ import annotations


def digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0-9 only (``str.isdigit``
    also takes "²" or "٣", which ``int`` refuses or reads as another number)."""
    return text.isascii() and text.isdigit()


__all__ = ["digits"]

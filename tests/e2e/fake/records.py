"""What the fake keeps of each request it answered (:class:`RequestRecord`), and the rules
a test sets on requests to come: :class:`Fault` (fail them), :class:`Hold` (keep them
unanswered)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class RequestRecord:
    method: str
    path: str
    route: str
    status: int
    body: Any
    at: float
    duration: float
    error: str | None = None
    code: int | None = None
    """Discord's JSON error code of a refusal (50007, 10062, ...)."""


@dataclass
class Fault:
    """Make the next ``remaining`` matching requests fail with ``status``."""

    method: str
    route: str
    status: int
    remaining: int
    retry_after: float = 0.05
    is_global: bool = False
    hits: int = 0
    taken: bool = False  # the request is done all the same, as Discord sometimes does

    def matches(self, method: str, template: str, path: str) -> bool:
        if self.method not in ("*", method):
            return False
        return self.route in (template, path)


@dataclass(eq=False)
class Hold:
    """Hold matching requests unanswered until ``release`` (or ``drop``).

    For a bot killed while its requests are in flight: the edits it had started
    never land. ``held`` counts the requests caught so far.
    """

    method: str
    route: str
    held: int = 0
    dropped: bool = False
    opened: asyncio.Event = field(default_factory=asyncio.Event)
    spare: Callable[[str], bool] | None = None  # a path let through all the same

    def matches(self, method: str, template: str, path: str) -> bool:
        if self.method not in ("*", method):
            return False
        if self.spare is not None and self.spare(path):
            return False
        return self.route in (template, path)

    def release(self) -> None:
        """Let the held requests (and later ones) through, as if they had been slow."""
        self.opened.set()

    def drop(self) -> None:
        """Answer the held requests 503 without acting on them (their sender is gone)."""
        self.dropped = True
        self.opened.set()

"""What the fake raises: at a test (:class:`BotDied`, :class:`NotConnected`) and inside a
REST handler (:class:`DiscordError`, answered as Discord shapes a refusal)."""

from __future__ import annotations

from .model import JSON


class BotDied(AssertionError):
    """The bot under test stopped (its process exited, or its client task ended)."""


class NotConnected(RuntimeError):
    """An interaction was attempted while no bot holds a ready gateway session for its shard."""


class DiscordError(Exception):
    """Raised inside a handler: becomes a Discord-shaped JSON error response."""

    def __init__(self, status: int, code: int, message: str, errors: list[str] | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or []


def error_body(error: DiscordError) -> JSON:
    """The JSON Discord answers a refusal with: its errors, when it has any, nested by
    field as Discord nests them (``{"embeds": {"0": {"description": {"_errors":
    [...]}}}}``), which discord.py flattens back into its message; an error the fake
    names without a field stands under ``body``."""
    body: JSON = {"message": error.message, "code": error.code}
    if not error.errors:
        return body
    nested: JSON = {}
    for text in error.errors:
        field, sep, said = text.partition(": ")
        fielded = sep and " " not in field
        path = field.replace("[", ".").replace("]", "").split(".") if fielded else ["body"]
        node = nested
        for key in path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append(
            {"code": "FAKE_INVALID", "message": said if fielded else text}
        )
    body["errors"] = nested
    return body

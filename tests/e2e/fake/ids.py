"""Ids out of what tests and requests hand the fake: a number or 0, a user's, a channel's."""

from __future__ import annotations

from typing import Any

from .model import FakeChannel, FakeUser


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _user_id(user: Any) -> int:
    if isinstance(user, int):
        return user
    inner = getattr(user, "user", None)
    if isinstance(inner, FakeUser):
        return inner.id
    return int(user.id)


def _channel_id(channel: FakeChannel | int) -> int:
    return channel if isinstance(channel, int) else channel.id

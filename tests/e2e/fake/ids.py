"""Ids out of what tests and requests hand the fake: a number or 0, a user's, a channel's."""

from __future__ import annotations

from typing import Any

from .model import FakeChannel, FakeUser


def id_or_zero(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def user_id_of(user: Any) -> int:
    if isinstance(user, int):
        return user
    inner = getattr(user, "user", None)
    if isinstance(inner, FakeUser):
        return inner.id
    return int(user.id)


def channel_id_of(channel: FakeChannel | int) -> int:
    return channel if isinstance(channel, int) else channel.id

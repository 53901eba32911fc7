"""The nonce of a post that the outbox may try again. discord.py sends a post's nonce
with ``enforce_nonce``: Discord answers a post whose nonce it has seen from the bot in
the last few minutes with the message it made then, instead of a second one. discord.py
gives each call a nonce of its own, which covers its own tries; a post that Discord made
though it answered 5xx, then tried again by the outbox (or by a restarted bot), is
posted once only if each try carries the same nonce."""

from __future__ import annotations

import secrets

LENGTH = 25  # Discord takes a nonce of up to 25 characters


def fresh_nonce() -> str:
    """A nonce for one post, kept by the caller for each of its tries."""
    return secrets.token_hex(12)


def summary_nonce(table_id: int, hand_no: int) -> str:
    """The nonce of a hand's summary, the same at each try: by any process that posts it
    within Discord's few minutes (one restarted included), it is posted once."""
    return f"summary {table_id}.{hand_no}"[:LENGTH]

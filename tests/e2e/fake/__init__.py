"""A fake Discord (REST and gateway on loopback) and simulated users to drive the bot."""

from .model import FakeChannel, FakeGuild, FakeMessage, FakeUser, Sent
from .process import BotProcess
from .server import (
    BotDied,
    Callback,
    FakeDiscord,
    Fault,
    NotConnected,
    RequestRecord,
    SimInteraction,
)
from .users import NotAllowed, SimUser

__all__ = [
    "BotDied",
    "BotProcess",
    "Callback",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "Fault",
    "NotAllowed",
    "NotConnected",
    "RequestRecord",
    "Sent",
    "SimInteraction",
    "SimUser",
]

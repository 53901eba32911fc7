"""A fake Discord (REST and gateway on loopback) and simulated users to drive the bot.

Usage, with the real entry point::

    async with FakeDiscord() as server:              # 127.0.0.1, a free port
        bot = BotProcess(server, database_path=tmp_path / "bot.db")
        await bot.start()                            # identified and commands synced
        alice, bob = server.add_users("alice", "bob")
        ix = await alice.slash("table new", game="bete-hombree")
        table = ix.original                          # a FakeMessage, updated in place
        await bob.click_button(table, "S'asseoir")
        await server.settle()                        # the bot has gone quiet
        hand = await alice.wait_dm()                 # or alice.dms(), alice.ephemerals()
        await bot.restart()                          # SIGKILL, same database
        ...
        await bot.stop()

What to read back: ``server.messages(channel)`` (public messages as they are
now), ``server.dms(user)``, ``user.sees()`` (a channel with that user's
ephemerals), ``server.log`` (every create/edit/delete/modal/autocomplete, with
its audience: ``None`` for everyone, else the one user who saw it), and
``server.problems()`` (unknown routes, requests Discord would have refused).
``server.wait_for(predicate, timeout)`` waits on any of it; every wait fails at
once with :class:`BotDied` if the bot process or client task stops.

Faults: ``server.inject("POST", "/channels/{channel_id}/messages", status=429)``,
``server.limit_rate(...)``, ``server.drop_connection()``,
``server.invalidate_session()``, ``server.expire_tokens()``, ``user.dms_closed``;
``server.hold("PATCH", route)`` keeps requests unanswered until ``release()`` or
``drop()`` (to kill the bot while its edits are in flight).
Shards: ``FakeDiscord(shards=2)`` recommends two; each IDENTIFY's
``[shard_id, shard_count]`` gets its own session, and a guild's events go to
shard ``(guild_id >> 22) % shard_count`` (DMs to shard 0). ``add_guild(name,
shard=1)``, ``add_user(name, guild=...)``, ``sessions_by_shard()``,
``wait_connected(shards=[1])``, ``drop_connection(shard=1)``; ``server.session``
is shard 0's. ``BotProcess(env={"SHARD_COUNT": "2", "SHARD_IDS": "1"},
wait_for_sync=False)`` waits for its own shards; ``sync_count()`` counts syncs.

Latency: ``ix.latency``, ``server.latencies()``, ``server.latency_summary()``,
``server.callback_hooks``; ``server.change_hooks`` sees every log entry as it is made.
"""

from .errors import BotDied, NotConnected
from .interaction import Callback, SimInteraction
from .model import FakeChannel, FakeGuild, FakeMessage, FakeUser, Sent
from .process import BotProcess, InProcessBot, point_discord_at
from .records import Fault, Hold, RequestRecord
from .server import FakeDiscord
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
    "Hold",
    "InProcessBot",
    "NotAllowed",
    "NotConnected",
    "RequestRecord",
    "Sent",
    "SimInteraction",
    "SimUser",
    "point_discord_at",
]

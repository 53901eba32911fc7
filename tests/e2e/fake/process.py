"""Running the bot against the fake: as a subprocess (the real entry point) or in-process.

:class:`BotProcess` starts ``python -m bot`` (or any module run the same way)
with the environment that points it at the fake, waits until it has identified
and synced its commands, and can SIGKILL it and start it again on the same
database. While it runs, the fake's waits fail at once (``BotDied``, with the
end of its output) if the process exits.

Several processes may share one server, each holding some shards
(``env={"SHARD_COUNT": "2", "SHARD_IDS": "1"}``): each waits for its own shards
to connect, and only the one that syncs the commands should wait for the sync.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import BotDied
from .server import FakeDiscord

if TYPE_CHECKING:
    from discord import Client

REPO_ROOT = Path(__file__).resolve().parents[3]

# Variables the bot reads; never inherited from the outer environment.
BOT_VARIABLES = (
    "DISCORD_TOKEN",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "SHARD_COUNT",
    "SHARD_IDS",
)


class BotProcess:
    """The bot as a child process, talking to ``server``.

    ``module`` is run as ``sys.executable -m module`` from ``cwd`` (the repository
    root). Output goes to ``log_dir/<name>-<n>.log``, one file per start (by
    default next to ``database_path``). The database is the SQLite file
    ``database_path`` (DATABASE_PATH) or the PostgreSQL ``database_url``
    (DATABASE_URL), or both: the bot prefers the URL.
    """

    def __init__(
        self,
        server: FakeDiscord,
        *,
        database_path: Path | None = None,
        database_url: str | None = None,
        module: str = "bot",
        cwd: Path = REPO_ROOT,
        log_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        wait_for_sync: bool = True,
        name: str = "bot",
    ) -> None:
        if database_path is None and database_url is None:
            raise ValueError("a bot needs a database_path or a database_url")
        if log_dir is None:
            if database_path is None:
                raise ValueError("without a database_path, say where the logs go (log_dir)")
            log_dir = database_path.parent
        self.server = server
        self.database_path = database_path
        self.database_url = database_url
        self.module = module
        self.cwd = cwd
        self.log_dir = log_dir
        self.extra_env = dict(env or {})
        self.wait_for_sync = wait_for_sync
        self.name = name
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.log_files: list[Path] = []

    # ------------------------------------------------------------------ environment

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in BOT_VARIABLES}
        env.update(self.server.bot_env())
        if self.database_path is not None:
            env["DATABASE_PATH"] = str(self.database_path)
        if self.database_url is not None:
            env["DATABASE_URL"] = self.database_url
        env["PYTHONUNBUFFERED"] = "1"
        env["NO_PROXY"] = "127.0.0.1,localhost"
        env["no_proxy"] = env["NO_PROXY"]
        env.update(self.extra_env)
        return env

    @property
    def shard_ids(self) -> list[int]:
        """The shards this process holds: SHARD_IDS, else all of SHARD_COUNT, else all of
        the server's count (what a bot that asks ``GET /gateway/bot`` runs)."""
        ids = self.extra_env.get("SHARD_IDS", "").strip()
        if ids:
            return sorted({int(part) for part in ids.split(",")})
        count = self.extra_env.get("SHARD_COUNT", "").strip()
        return list(range(int(count) if count else self.server.shard_count))

    # ------------------------------------------------------------------ lifecycle

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    async def start(self, timeout: float = 30.0) -> None:
        """Start the bot; return once each of its shards has identified (and, unless
        ``wait_for_sync`` is false, once it has synced its commands, to any scope)."""
        if self.running:
            raise RuntimeError(f"{self.name} is already running")
        identified = len(self.server.identifies)
        synced = self.server.sync_count(everywhere=True)
        self.starts += 1
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log_path = self.log_dir / f"{self.name}-{self.starts}.log"
        self.log_files.append(log_path)
        with log_path.open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                self.module,
                cwd=self.cwd,
                env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.server.watch(self._liveness)
        await self.server.wait_connected(timeout, after=identified, shards=self.shard_ids)
        if self.wait_for_sync:
            await self.server.wait_synced(timeout, after=synced)

    def _liveness(self) -> str | None:
        if self.proc is None or self.proc.returncode is None:
            return None
        status = self.proc.returncode
        return f"{self.name} exited with status {status}; its output ends:\n{self.tail()}"

    def kill_now(self) -> None:
        """SIGKILL the bot from a plain callback (a hook the fake calls as a request of the
        bot lands, before its answer leaves): no longer watched; ``kill`` waits for the end."""
        self.server.unwatch(self._liveness)
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def kill(self, timeout: float = 10.0) -> None:
        """SIGKILL the bot (no cleanup on its side) and wait until the fake sees its
        shards gone (other processes' shards stay)."""
        self.server.unwatch(self._liveness)
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(self.proc.wait(), timeout)
        mine = self.shard_ids
        await self.server.wait_for(
            lambda: not any(self.server.shards.live(k) for k in mine),
            timeout,
            f"the gateway to notice shards {mine} gone",
        )

    async def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM, then SIGKILL after ``timeout``; returns the exit status."""
        self.server.unwatch(self._liveness)
        if self.proc is None:
            return None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.proc.send_signal(signal.SIGKILL)
                await asyncio.wait_for(self.proc.wait(), timeout)
        return self.proc.returncode

    async def restart(self, timeout: float = 30.0) -> None:
        """SIGKILL and start again on the same database."""
        await self.kill()
        await self.start(timeout)

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------ output

    def output(self, start: int | None = None) -> str:
        """What the bot printed: of one start (1-based), or of all of them."""
        files = self.log_files if start is None else [self.log_files[start - 1]]
        return "\n".join(p.read_text(errors="replace") for p in files if p.exists())

    def tail(self, lines: int = 40) -> str:
        if not self.log_files:
            return ""
        text = self.log_files[-1].read_text(errors="replace") if self.log_files[-1].exists() else ""
        return "\n".join(text.splitlines()[-lines:])


class _ErrorLog(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]!r}"
        self.into.append(text)


class InProcessBot:
    """A discord.py client run in the test's own event loop, watched by the fake.

    The caller points discord.py at the fake first (``point_discord_at``).
    Errors logged by discord.py (an exception in a command or a view, which
    discord.py swallows) are collected in ``errors``; ``stop`` fails if any
    are left, so a test cannot pass over a bot-side traceback unnoticed.
    """

    def __init__(self, server: FakeDiscord, client: Client, *, token: str = "fake-token") -> None:
        self.server = server
        self.client = client
        self.token = token
        self.task: asyncio.Task[None] | None = None
        self.errors: list[str] = []
        self._handler = _ErrorLog(self.errors)

    def _liveness(self) -> str | None:
        task = self.task
        if task is None or not task.done():
            return None
        if task.cancelled():
            return "the bot's client task was cancelled"
        exc = task.exception()
        return f"the bot's client task ended: {exc!r}" if exc else "the bot's client task ended"

    async def start(
        self,
        timeout: float = 10.0,
        *,
        wait_for_sync: bool = True,
        shards: Iterable[int] | None = None,
    ) -> None:
        """Start the client; return once its shards (``shards``, by default those it
        launches) have identified and, with ``wait_for_sync``, it synced its commands."""
        import discord.gateway
        import discord.http

        api_base = discord.http.Route.BASE
        gateway = str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        if (api_base, gateway) != (self.server.api_base, self.server.gateway_url):
            raise RuntimeError(
                "discord.py is not pointed at the fake (it would reach the real Discord): "
                "call point_discord_at(server.api_base, server.gateway_url) first"
            )
        identified = len(self.server.identifies)
        synced = self.server.sync_count(everywhere=True)
        logging.getLogger("discord").addHandler(self._handler)
        self.task = asyncio.create_task(self.client.start(self.token), name="bot-under-test")
        self.server.watch(self._liveness)
        wanted = client_shards(self.client) if shards is None else shards
        await self.server.wait_connected(timeout, after=identified, shards=wanted)
        if wait_for_sync:
            await self.server.wait_synced(timeout, after=synced)

    async def stop(self) -> None:
        self.server.unwatch(self._liveness)
        try:
            await self.client.close()
            if self.task is not None:
                try:
                    await asyncio.wait_for(self.task, 10)
                except Exception as exc:
                    raise BotDied(f"the bot's client task failed: {exc!r}") from exc
        finally:
            logging.getLogger("discord").removeHandler(self._handler)
        if self.errors:
            raise BotDied("the bot logged errors:\n" + "\n".join(self.errors))

    async def __aenter__(self) -> InProcessBot:
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()


def client_shards(client: Client) -> list[int] | None:
    """The shard ids a discord.py client will IDENTIFY as; None: all of the server's count
    (an ``AutoShardedClient`` without ``shard_count`` asks ``GET /gateway/bot``)."""
    import discord

    if isinstance(client, discord.AutoShardedClient):
        if client.shard_ids is not None:
            return sorted(client.shard_ids)
        return None if client.shard_count is None else list(range(client.shard_count))
    return [client.shard_id or 0]  # an unsharded client is shard 0 of 1


def point_discord_at(api_base: str, gateway_url: str) -> None:
    """What the bot does with DISCORD_API_BASE and DISCORD_GATEWAY_URL."""
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

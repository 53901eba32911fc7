"""Running the bot against the fake: as a subprocess (the real entry point) or in-process.

:class:`BotProcess` starts ``python -m bot`` (or any module run the same way)
with the environment that points it at the fake, waits until it has identified
and synced its commands, and can SIGKILL it and start it again on the same
database. While it runs, the fake's waits fail at once (``BotDied``, with the
end of its output) if the process exits.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .server import BotDied, FakeDiscord

if TYPE_CHECKING:
    from discord import Client

REPO_ROOT = Path(__file__).resolve().parents[3]

# Variables the bot reads; never inherited from the outer environment.
BOT_VARIABLES = (
    "DISCORD_TOKEN",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
)


class BotProcess:
    """The bot as a child process, talking to ``server``.

    ``module`` is run as ``sys.executable -m module`` from ``cwd`` (the repository
    root). Output goes to ``log_dir/<name>-<n>.log``, one file per start.
    """

    def __init__(
        self,
        server: FakeDiscord,
        *,
        database_path: Path,
        module: str = "bot",
        cwd: Path = REPO_ROOT,
        log_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        wait_for_sync: bool = True,
        name: str = "bot",
    ) -> None:
        self.server = server
        self.database_path = database_path
        self.module = module
        self.cwd = cwd
        self.log_dir = log_dir or database_path.parent
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
        env["DATABASE_PATH"] = str(self.database_path)
        env["PYTHONUNBUFFERED"] = "1"
        env["NO_PROXY"] = "127.0.0.1,localhost"
        env["no_proxy"] = env["NO_PROXY"]
        env.update(self.extra_env)
        return env

    # ------------------------------------------------------------------ lifecycle

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    async def start(self, timeout: float = 30.0) -> None:
        """Start the bot; return once it has identified (and synced its commands)."""
        if self.running:
            raise RuntimeError(f"{self.name} is already running")
        identified = len(self.server.identifies)
        synced = sum(1 for gid, _ in self.server.command_syncs if gid == self.server.guild.id)
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
        await self.server.wait_connected(timeout, after=identified)
        if self.wait_for_sync:
            await self.server.wait_commands(timeout=timeout, after=synced)

    def _liveness(self) -> str | None:
        if self.proc is None or self.proc.returncode is None:
            return None
        status = self.proc.returncode
        return f"{self.name} exited with status {status}; its output ends:\n{self.tail()}"

    async def kill(self, timeout: float = 10.0) -> None:
        """SIGKILL the bot (no cleanup on its side) and wait until the fake sees it gone."""
        self.server.unwatch(self._liveness)
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(self.proc.wait(), timeout)
        await self.server.wait_for(
            lambda: not self.server.connected, timeout, "the gateway to notice"
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

    async def start(self, timeout: float = 10.0, *, wait_for_sync: bool = True) -> None:
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
        synced = sum(1 for gid, _ in self.server.command_syncs if gid == self.server.guild.id)
        logging.getLogger("discord").addHandler(self._handler)
        self.task = asyncio.create_task(self.client.start(self.token), name="bot-under-test")
        self.server.watch(self._liveness)
        await self.server.wait_connected(timeout, after=identified)
        if wait_for_sync:
            await self.server.wait_commands(timeout=timeout, after=synced)

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


def point_discord_at(api_base: str, gateway_url: str) -> None:
    """What the bot does with DISCORD_API_BASE and DISCORD_GATEWAY_URL."""
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

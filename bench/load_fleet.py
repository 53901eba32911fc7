"""The load benchmark's bot processes and their database.

A :class:`Fleet` is ``N`` processes of ``python -m bot`` against one fake Discord and one
database: a SQLite file (one process only), or a PostgreSQL database on a throwaway server
started from the machine's binaries (``tests/db/server.py``). With more than one process
each holds one shard of ``SHARD_COUNT = N``: the tables of a guild belong to the process
holding the guild's shard.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tests.db import server as pg
from tests.e2e.fake import BotProcess, FakeDiscord, FakeGuild

BACKENDS = ("sqlite", "postgresql")


# ---- what a process costs, from /proc --------------------------------------------------


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak RSS) of a process, in KiB, from /proc."""
    out: dict[str, int] = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far, from /proc (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(parent: int) -> list[int]:
    """The processes whose parent is ``parent`` (PostgreSQL's backends and workers)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[1]) == parent:
            found.append(int(entry))
    return found


class CpuMeter:
    """CPU seconds of a changing set of processes (a process restarted, a PostgreSQL backend
    that came and went): what each pid seen so far has used, its last reading kept."""

    def __init__(self) -> None:
        self._last: dict[int, float] = {}
        self._gone = 0.0

    def read(self, pids: Iterable[int]) -> float:
        current = set(pids)
        for pid in list(self._last):
            if pid not in current:  # ended: what it used up to the last reading counts
                self._gone += self._last.pop(pid)
        for pid in current:
            used = cpu_seconds(pid)
            self._last[pid] = max(used, self._last.get(pid, 0.0))
        return self._gone + sum(self._last.values())


# ---- the database ----------------------------------------------------------------------


@dataclass
class Postgres:
    """A throwaway PostgreSQL server (or the one of ``PG_TEST_URL``) with a database per
    configuration of the run."""

    server: pg.Server
    databases: list[str] = field(default_factory=list)

    @staticmethod
    async def start() -> Postgres:
        return Postgres(await asyncio.to_thread(pg.start))

    async def new_database(self, prefix: str) -> str:
        import asyncpg

        name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        admin = await asyncpg.connect(self.server.admin_url)
        try:
            await admin.execute(f"CREATE DATABASE {name}")
        finally:
            await admin.close()
        self.databases.append(name)
        return self.server.url(name)

    def pids(self) -> list[int]:
        """The server's processes (none known for a server of ``PG_TEST_URL``)."""
        if self.server.data is None:
            return []
        try:
            first = (self.server.data / "postmaster.pid").read_text().split("\n", 1)[0]
        except FileNotFoundError:
            return []
        postmaster = int(first)
        return [postmaster, *children(postmaster)]

    def stop(self) -> None:
        self.server.stop()


async def database_target(backend: str, folder: Path, name: str, postgres: Postgres | None) -> str:
    """A fresh database: a SQLite file in ``folder``, or a new PostgreSQL database."""
    if backend == "sqlite":
        return str(folder / f"{name}.db")
    assert postgres is not None, "a PostgreSQL run needs its server"
    return await postgres.new_database(f"bench_{name.replace('-', '_')}")


# ---- the processes ---------------------------------------------------------------------


def bench_guilds(server: FakeDiscord, count: int, shards: int) -> list[FakeGuild]:
    """``count`` guilds spread over the shards in turn (guild ``i`` on shard ``i % shards``).

    One guild on one shard is the fake's own (the commands are synced there); others are
    added on their shard when the fake knows shards."""
    if count <= 1 and shards == 1:
        return [server.guild]
    if shards == 1:
        return [server.add_guild(f"bench-{number + 1}") for number in range(count)]
    return [
        server.add_guild(f"bench-{number + 1}", shard=number % shards) for number in range(count)
    ]


def share_commands(server: FakeDiscord, guilds: Iterable[FakeGuild]) -> None:
    """The commands the bot synced to its development guild, offered in the bench's other
    guilds as well (as a bot's global commands would be)."""
    synced = server.commands.get(server.guild.id, [])
    for guild in guilds:
        if guild.id != server.guild.id:
            server.commands[guild.id] = [{**c, "guild_id": str(guild.id)} for c in synced]


class Fleet:
    """``processes`` bot processes on one database; process ``k`` holds shard ``k``."""

    def __init__(
        self,
        server: FakeDiscord,
        database: str,
        folder: Path,
        *,
        processes: int = 1,
        name: str = "load-bot",
        env: dict[str, str] | None = None,
    ) -> None:
        self.server = server
        self.database = database
        self.count = processes
        url = database if database.startswith("postgres") else ""
        path = Path(database) if not url else folder / f"{name}.unused.db"
        self.bots: list[BotProcess] = []
        for shard in range(processes):
            settings = {"DATABASE_URL": url, "SHARD_COUNT": "", "SHARD_IDS": "", **(env or {})}
            if processes > 1:
                settings.update(SHARD_COUNT=str(processes), SHARD_IDS=str(shard))
            label = name if processes == 1 else f"{name}-{shard}"
            # only the process holding shard 0 syncs the commands
            self.bots.append(
                BotProcess(
                    server,
                    database_path=path,
                    log_dir=folder,
                    env=settings,
                    wait_for_sync=shard == 0,
                    name=label,
                )
            )
        self.cpu = [CpuMeter() for _ in self.bots]  # one a process, across its restarts

    def owner(self, guild_id: int) -> int:
        """The process holding the guild's shard."""
        return (guild_id >> 22) % self.count

    async def start(self, timeout: float = 60.0) -> None:
        """Every process at once; each returns once its shard has identified."""
        await self.start_some(range(self.count), timeout)

    async def kill(self, which: Iterable[int]) -> None:
        await asyncio.gather(*(self.bots[k].kill() for k in which))

    async def start_some(self, which: Iterable[int], timeout: float = 120.0) -> None:
        await asyncio.gather(*(self.bots[k].start(timeout=timeout) for k in which))

    async def stop(self) -> None:
        await asyncio.gather(*(bot.stop() for bot in self.bots))

    def pids(self, which: Iterable[int] | None = None) -> list[int]:
        """The running processes (of ``which``, else all)."""
        chosen = self.bots if which is None else [self.bots[k] for k in which]
        return [bot.proc.pid for bot in chosen if bot.proc is not None and bot.running]

    def cpu_seconds(self) -> float:
        """CPU used by every bot process so far, restarted ones included."""
        return sum(self.cpu_by_process())

    def cpu_by_process(self) -> list[float]:
        """CPU used so far by each process (with the shard it holds), restarts included."""
        return [meter.read(self.pids([k])) for k, meter in enumerate(self.cpu)]

    def memory(self, which: Iterable[int] | None = None) -> dict[str, int]:
        """VmRSS and VmHWM summed over the running processes (of ``which``), in KiB."""
        total = {"VmRSS": 0, "VmHWM": 0}
        for pid in self.pids(which):
            for key, value in memory_kib(pid).items():
                total[key] += value
        return total

    def output(self) -> str:
        return "\n".join(bot.output() for bot in self.bots)


def tracebacks(output: str, most: int = 3) -> list[str]:
    """The exception that ends each traceback in ``output`` (its last line, each once):
    a run without ``--workdir`` keeps no log to read it in afterwards."""
    found: list[str] = []
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("Traceback"):
            continue
        after = (x for x in lines[i + 1 :] if x and not x.startswith((" ", "\t")))
        last = next(after, "(cut short)")
        if last not in found:
            found.append(last)
    return found[:most]

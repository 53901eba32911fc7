"""Load on the bot's real process: live tables of four simulated players, on loopback.

The fake Discord of the end-to-end tests (REST and gateway on 127.0.0.1) runs
in this process with the simulated players; ``python -m bot`` runs as a child
process pointed at it, on a fresh SQLite file, with a fake token.

Part 1 (``--tables``): every table is opened, joined and started by clicks,
the openings spread over ``--ramp`` seconds (opened together, tables would
end their hands together too); then each table's players act every
``1 / --rate`` seconds on average (a uniform think time of 0.5 to 1.5 times
that, counted from the moment the table offers its next move): calls,
discards, declarations, cards from the private hands in DMs, *Next hand* on
the table. After ``--warmup`` seconds of play, ``--duration`` seconds are
measured: the interaction latency (INTERACTION_CREATE leaving the fake's
gateway to the callback reaching its REST), interactions per second, the
bot's CPU, peak memory and memory per live table. Then the bot is SIGKILLed
and started again, and the restart is timed from the new process's start
until a *My hand* click on every table has been answered with that hand.

The fake enforces Discord's global limit on the bot's REST requests
(``--global-limit``, 50 a second; the answers to interactions are not counted):
beyond it, 429 with ``retry_after``, which discord.py waits out; how many
requests it sent back is printed with the requests per interaction.

Part 2 (``--restart-tables``): as many tables are brought mid-hand straight
through the table service (the bot's own code, on a scratch copy of the
database), each with its table message in the fake; the bot is started,
SIGKILLed, and its restart timed the same way.

    .venv/bin/python -m bench.load [--tables 200] [--rate 0.5] [--duration 60] [--ramp 60]
                                   [--restart-tables 1000] [--no-pictures] [--global-limit 50]
                                   [--json]
                                   [--workdir DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a file: the fake Discord lives in the repository's tests
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ids import ComponentId
from bot.render import table_embed, table_view
from bot.service import TableService
from bot.table import LiveTable
from db import Database
from games.bete_hombree import Rules
from tests.e2e.fake import (
    BotProcess,
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    Sent,
    SimInteraction,
    SimUser,
)

TARGET_P99 = 0.050
TARGET_MAX = 1.0
TARGET_BYTES_PER_TABLE = 100 * 1024
TARGET_RESTART_1000 = 5.0
GLOBAL_LIMIT = 50  # REST requests a second Discord allows a bot, interaction answers aside

BUTTON = 2
UPDATE_MESSAGE = 7
ANSWER_TIMEOUT = 10.0
# what a player may do from a private hand; "decl:back" would only undo a step
PLAY_VERBS = frozenset({"call", "play", "decl", "discard", "look"})
SETUP_VERBS = frozenset({"new", "join", "start"})


# ---- the bot process's memory ----------------------------------------------------------


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
    """User and system CPU time of a process so far, from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def bot_pid(bot: BotProcess) -> int:
    assert bot.proc is not None, "the bot is not running"
    return bot.proc.pid


# ---- answers ---------------------------------------------------------------------------


@dataclass
class Answer:
    verb: str
    dispatched: float  # perf_counter
    latency: float | None  # None: no answer within ANSWER_TIMEOUT
    response: int | None
    refused: str = ""  # what the fake refused, or the text of an error answer


class Answers:
    """Interactions in flight, resolved by the fake's callback hook."""

    def __init__(self, server: FakeDiscord) -> None:
        self._pending: dict[int, asyncio.Future[None]] = {}
        self.done: list[Answer] = []
        server.callback_hooks.append(self._on_callback)

    def _on_callback(self, ix: SimInteraction) -> None:
        future = self._pending.pop(ix.id, None)
        if future is not None and not future.done():
            future.set_result(None)

    async def wait(self, ix: SimInteraction, verb: str) -> Answer:
        if not ix.acked:
            future = asyncio.get_running_loop().create_future()
            self._pending[ix.id] = future
            try:
                await asyncio.wait_for(future, ANSWER_TIMEOUT)
            except TimeoutError:
                pass
            finally:
                self._pending.pop(ix.id, None)
        assert ix.dispatched_at is not None
        refused = "; ".join(ix.rejected)
        if ix.response_type is not None and ix.response_type != UPDATE_MESSAGE:
            original = ix.original
            if original is not None and not original.embeds:
                refused = original.content[:80]
        answer = Answer(verb, ix.dispatched_at, ix.latency, ix.response_type, refused)
        self.done.append(answer)
        return answer


class LoopLag:
    """How late this process's event loop wakes up: a late loop delays the callbacks it
    timestamps, so a slow answer may be the driver's and not the bot's."""

    def __init__(self, period: float = 0.01) -> None:
        self.period = period
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.period)
            self.worst = max(self.worst, loop.time() - before - self.period)

    def start(self) -> None:
        self.worst = 0.0
        self._task = asyncio.create_task(self._tick())

    def stop(self) -> float:
        if self._task is not None:
            self._task.cancel()
        return self.worst


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class LatencyFigures:
    count: int
    unanswered: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    over_1s: int

    @staticmethod
    def of(answers: list[Answer]) -> LatencyFigures:
        times = [a.latency for a in answers if a.latency is not None]
        if not times:
            return LatencyFigures(0, len(answers), 0.0, 0.0, 0.0, 0)
        return LatencyFigures(
            count=len(times),
            unanswered=len(answers) - len(times),
            p50_ms=1000 * percentile(times, 0.50),
            p99_ms=1000 * percentile(times, 0.99),
            max_ms=1000 * max(times),
            over_1s=sum(1 for t in times if t > 1.0),
        )


# ---- one table and its four players ----------------------------------------------------


@dataclass
class Option:
    user: SimUser
    message: FakeMessage
    component: dict[str, Any]

    @property
    def key(self) -> tuple[int, str]:
        return self.message.id, str(self.component["custom_id"])


@dataclass
class TableDriver:
    """Four simulated players at one table: they do what their messages offer."""

    server: FakeDiscord
    answers: Answers
    channel: FakeChannel
    players: list[SimUser]
    rng: random.Random
    pictures: bool = True  # the table's option: cards drawn as pictures, or text only
    message: FakeMessage | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    clicked: set[tuple[int, str]] = field(default_factory=set)
    stuck: int = 0

    def table_id(self) -> int:
        assert self.message is not None
        for button in self.message.buttons():
            if "custom_id" in button:
                return ComponentId.parse(str(button["custom_id"])).table
        raise LookupError(f"no table button on {self.message!r}")

    def button(self, verb: str) -> str:
        assert self.message is not None
        for button in self.message.buttons():
            custom_id = str(button.get("custom_id", ""))
            if custom_id and ComponentId.parse(custom_id).verb == verb:
                return custom_id
        raise LookupError(f"no {verb!r} button on {self.message!r}")

    async def interact(self, user: SimUser, message: FakeMessage, custom_id: str) -> Answer:
        verb = ComponentId.parse(custom_id).verb
        ix = await user.click(message, custom_id, wait=False)
        return await self.answers.wait(ix, verb)

    async def open(self, pause: float) -> None:
        """``/table new hombree``, three *Join*, *Start*: the table is dealt its first hand."""
        opener = self.players[0]
        ix = await opener.slash(
            "table new hombree", channel=self.channel, wait=False, pictures=self.pictures
        )
        answer = await self.answers.wait(ix, "new")
        if ix.original is None:
            raise RuntimeError(f"/table new was not answered: {answer}")
        self.message = ix.original
        for player in self.players[1:]:
            await asyncio.sleep(pause)
            await self.interact(player, self.message, self.button("join"))
        await asyncio.sleep(pause)
        await self.interact(opener, self.message, self.button("start"))

    def options(self) -> list[Option]:
        """Every move on offer: *Next hand* on the table, or what a private hand enables."""
        out: list[Option] = []
        if self.message is not None:
            for button in self.message.buttons():
                custom_id = str(button.get("custom_id", ""))
                if custom_id.endswith(":next") and not button.get("disabled"):
                    out.append(Option(self.rng.choice(self.players), self.message, button))
        for player in self.players:
            # the private hand: the last DM with an embed (a turn notice is text only)
            hands = [m for m in player.dms() if m.embeds]
            if not hands:
                continue
            hand = hands[-1]
            for component in hand.interactive():
                custom_id = str(component.get("custom_id", ""))
                if not custom_id or component.get("disabled"):
                    continue
                cid = ComponentId.parse(custom_id)
                if cid.verb not in PLAY_VERBS or (cid.verb, cid.arg) == ("decl", "back"):
                    continue
                out.append(Option(player, hand, component))
        return [o for o in out if o.key not in self.clicked]

    async def next_option(self, until: Callable[[], float]) -> Option | None:
        while True:
            found = self.options()
            if found:
                return self.rng.choice(found)
            remaining = until() - time.monotonic()
            if remaining <= 0:
                return None
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(remaining, 15.0))
            except TimeoutError:
                self.stuck += 1

    async def act(self, option: Option) -> Answer:
        self.clicked.add(option.key)
        component = option.component
        custom_id = str(component["custom_id"])
        if component.get("type") == BUTTON:
            return await self.interact(option.user, option.message, custom_id)
        values = [str(o["value"]) for o in component.get("options") or []]
        count = int(component.get("min_values", 1))
        ix = await option.user.select(
            option.message, custom_id, self.rng.sample(values, count), wait=False
        )
        return await self.answers.wait(ix, ComponentId.parse(custom_id).verb)

    async def play(self, mean_think: float, until: Callable[[], float]) -> None:
        """Act until ``until()`` (monotonic): wait for a move on offer, think, make it."""
        while time.monotonic() < until():
            option = await self.next_option(until)
            if option is None:
                return
            think = mean_think * self.rng.uniform(0.5, 1.5)
            await asyncio.sleep(min(think, until() - time.monotonic()))
            if time.monotonic() >= until():
                return
            now = {o.key: o for o in self.options()}
            if option.key not in now:  # the offer changed while thinking
                continue
            await self.act(now[option.key])

    async def probe(self) -> Answer:
        """A *My hand* click on the table message: answered with the hand if the table is live."""
        assert self.message is not None
        return await self.interact(self.players[0], self.message, self.button("hand"))


# ---- the world -------------------------------------------------------------------------


def build_world(
    server: FakeDiscord, tables: int, seed: int, pictures: bool = True
) -> list[TableDriver]:
    """A channel and four members per table, before the bot connects."""
    answers = Answers(server)
    drivers = []
    for number in range(tables):
        channel = server.add_channel(f"table-{number + 1}")
        players = [server.add_user(f"p{number + 1}-{seat + 1}") for seat in range(4)]
        rng = random.Random(f"{seed}:{number}")
        drivers.append(TableDriver(server, answers, channel, players, rng, pictures))
    by_channel: dict[int, TableDriver] = {}
    for driver in drivers:
        by_channel[driver.channel.id] = driver
        for player in driver.players:
            by_channel[server.dm_channel(player).id] = driver

    def wake(sent: Sent) -> None:
        driver = by_channel.get(sent.channel_id or 0)
        if driver is not None:
            driver.changed.set()

    server.change_hooks.append(wake)
    return drivers


def answering(path: str) -> bool:
    """A request answering an interaction (its callback, or its webhook's follow-ups)."""
    return "/interactions/" in path or "/webhooks/" in path


def request_kind(request: Any, dm_channels: set[int]) -> str:
    """What a REST request did: an edit, a post or a deletion, in a DM (one of
    ``dm_channels``) or a server's channel, or another call (opening a DM channel...)."""
    parts = request.path.split("/")
    if "channels" not in parts or "messages" not in parts:
        return f"{request.method} {request.route}"
    channel_id = parts[parts.index("channels") + 1]
    in_dm = channel_id.isdigit() and int(channel_id) in dm_channels
    where = "DM" if in_dm else "channel"
    verb = {"PATCH": "edit", "POST": "post", "DELETE": "delete"}.get(request.method, request.method)
    return f"{where} {verb}"


def forget_history(server: FakeDiscord) -> None:
    """Drop what the fake keeps for tests' scans (every version of every message): not needed
    here, and it would make the driver's process grow for the whole run."""
    server.log.clear()
    server.requests.clear()
    server.rate_limit_hits.clear()
    for channel in server.channels.values():
        for message in server.messages(channel):
            del message.history[:-1]
    for user in server.users.values():
        for message in server.dms(user.id):
            del message.history[:-1]


@contextmanager
def workdir(path: str | None) -> Iterator[Path]:
    if path is not None:
        folder = Path(path)
        folder.mkdir(parents=True, exist_ok=True)
        yield folder
        return
    with tempfile.TemporaryDirectory(prefix="bench-load-") as scratch:
        yield Path(scratch)


def machine_load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min), {os.cpu_count()} CPUs"


# ---- restart ---------------------------------------------------------------------------


@dataclass
class RestartFigures:
    tables: int
    ready_s: float  # process start -> gateway identified (tables rebuilt, commands synced)
    all_answered_s: float  # process start -> a My hand click answered at every table
    answered: int
    with_hand: int  # answers that showed the hand (the table was live)
    refusals: dict[str, int]  # what the other answers said
    rss_after_kib: int
    hwm_kib: int


async def timed_restart(bot: BotProcess, drivers: list[TableDriver]) -> RestartFigures:
    await bot.kill()
    started = time.perf_counter()
    await bot.start(timeout=120)
    ready = time.perf_counter() - started
    probes = await asyncio.gather(*(driver.probe() for driver in drivers))
    answered = [p for p in probes if p.latency is not None]
    last = max((p.dispatched + (p.latency or 0.0) for p in answered), default=started)
    await bot.server.settle(quiet=0.5, timeout=120)
    memory = memory_kib(bot_pid(bot))
    return RestartFigures(
        tables=len(drivers),
        ready_s=ready,
        all_answered_s=last - started,
        answered=len(answered),
        with_hand=sum(1 for p in answered if not p.refused),
        refusals=dict(Counter(p.refused for p in probes if p.refused).most_common(3)),
        rss_after_kib=memory["VmRSS"],
        hwm_kib=memory["VmHWM"],
    )


# ---- part 1: live tables under load ----------------------------------------------------


@dataclass
class LoadFigures:
    tables: int
    rate_per_table: float
    duration_s: float
    machine_load_before: str
    machine_load_after: str
    setup: LatencyFigures
    latency: LatencyFigures
    interactions_per_s: float
    by_verb: dict[str, LatencyFigures]
    refused: int
    refusals: list[str]
    slowest: list[str]  # seconds into the window, verb, latency
    stuck_waits: int
    bot_cpu_ms_per_interaction: float
    rest_per_interaction: float  # REST calls to Discord besides the interaction's answer
    rest_by_kind: dict[str, float]  # the same, per interaction, by what they did
    global_429: int  # requests Discord's global limit sent back (429)
    bot_cpu_share: float  # of one core, during play
    driver_cpu_share: float  # this process: the fake Discord and the players
    driver_worst_lag_ms: float  # this process's event loop, during play
    rss_before_tables_kib: int
    rss_with_tables_kib: int
    hwm_kib: int
    per_table_bytes: float
    restart: RestartFigures | None
    problems: list[str]


async def live_tables(args: argparse.Namespace, folder: Path) -> LoadFigures:
    load_before = machine_load()
    async with FakeDiscord() as server:
        if args.global_limit:  # Discord's, on the bot's REST requests
            server.limit_globally(args.global_limit, 1.0)
        drivers = build_world(server, args.tables, args.seed, not args.no_pictures)
        bot = BotProcess(server, database_path=folder / "load.db", name="load-bot")
        await bot.start(timeout=60)
        try:
            await server.settle(quiet=1.0, timeout=30)
            before = memory_kib(bot_pid(bot))
            answers = drivers[0].answers

            gate = asyncio.Semaphore(args.open_concurrency)
            mean_think = 1.0 / args.rate if args.rate > 0 else 0.0
            end = [float("inf")]  # set once every table is dealt
            dealt = asyncio.Event()
            opened: list[TableDriver] = []

            async def open_and_play(index: int, driver: TableDriver) -> None:
                # tables opened all at once would end their hands all at once too
                await asyncio.sleep(args.ramp * index / len(drivers))
                async with gate:
                    await driver.open(pause=0.05)
                opened.append(driver)
                if len(opened) == len(drivers):
                    dealt.set()
                await driver.play(mean_think, lambda: end[0])

            players = asyncio.gather(*(open_and_play(i, d) for i, d in enumerate(drivers)))
            waiting: asyncio.Future[Any] = asyncio.ensure_future(dealt.wait())
            await asyncio.wait([waiting, players], return_when=asyncio.FIRST_COMPLETED)
            if players.done():  # a table failed to open: say why
                waiting.cancel()
                await players
            setup = LatencyFigures.of([a for a in answers.done if a.verb in SETUP_VERBS])
            print(
                f"{args.tables} tables dealt; {args.warmup:.0f} s of play, "
                f"then {args.duration:.0f} s measured",
                file=sys.stderr,
            )
            await asyncio.sleep(args.warmup)
            forget_history(server)
            start = time.perf_counter()
            bot_cpu, own_cpu = cpu_seconds(bot_pid(bot)), time.process_time()
            end[0] = time.monotonic() + args.duration
            lag = LoopLag()
            lag.start()
            await players
            worst_lag = lag.stop()
            elapsed = time.perf_counter() - start
            bot_cpu = cpu_seconds(bot_pid(bot)) - bot_cpu
            own_cpu = time.process_time() - own_cpu
            await server.settle(quiet=0.5, timeout=60)
            with_tables = memory_kib(bot_pid(bot))
            in_window = [a for a in answers.done if a.dispatched >= start]
            # Discord's global limit counts these, not the answers to interactions
            counted = [r for r in server.requests if not answering(r.path) and r.status != 429]
            limited = sum(1 for hit in server.rate_limit_hits if hit.is_global)
            rest = len(counted)
            dm_channels = {channel.id for channel in server.dm_channels.values()}
            kinds = Counter(request_kind(r, dm_channels) for r in counted)
            refusals = [f"{a.verb}: {a.refused}" for a in in_window if a.refused]
            problems = server.problems()
            forget_history(server)

            restart = None
            if not args.no_restart:
                print(f"restarting with {args.tables} live tables", file=sys.stderr)
                restart = await timed_restart(bot, drivers)
            problems += server.problems()
            output = bot.output()
            problems += [line for line in output.splitlines() if " ERROR " in line][:10]
            if "Traceback" in output:
                problems.append("the bot printed a traceback (see its log)")
        finally:
            await bot.stop()
    return LoadFigures(
        tables=args.tables,
        rate_per_table=args.rate,
        duration_s=elapsed,
        machine_load_before=load_before,
        machine_load_after=machine_load(),
        setup=setup,
        latency=LatencyFigures.of(in_window),
        interactions_per_s=len(in_window) / elapsed,
        by_verb={
            verb: LatencyFigures.of([a for a in in_window if a.verb == verb])
            for verb, _ in Counter(a.verb for a in in_window).most_common()
        },
        refused=len(refusals),
        refusals=refusals[:10],
        slowest=[
            f"{a.dispatched - start:.1f} s {a.verb} {1000 * (a.latency or 0):.0f} ms"
            for a in sorted(in_window, key=lambda a: -(a.latency or ANSWER_TIMEOUT))[:10]
        ],
        stuck_waits=sum(d.stuck for d in drivers),
        bot_cpu_ms_per_interaction=1000 * bot_cpu / max(1, len(in_window)),
        rest_per_interaction=rest / max(1, len(in_window)),
        global_429=limited,
        rest_by_kind={kind: count / max(1, len(in_window)) for kind, count in kinds.most_common()},
        bot_cpu_share=bot_cpu / elapsed,
        driver_cpu_share=own_cpu / elapsed,
        driver_worst_lag_ms=1000 * worst_lag,
        rss_before_tables_kib=before["VmRSS"],
        rss_with_tables_kib=with_tables["VmRSS"],
        hwm_kib=with_tables["VmHWM"],
        per_table_bytes=1024 * (with_tables["VmRSS"] - before["VmRSS"]) / max(1, args.tables),
        restart=restart,
        problems=problems[:20],
    )


# ---- part 2: many tables mid-hand, then a restart --------------------------------------


async def bring_mid_hand(
    path: Path, drivers: list[TableDriver], server: FakeDiscord, seed: int
) -> None:
    """Open, fill and start every table through the table service, then play a few moves
    of its first hand; post its table message in the fake, as the bot would have."""
    rng = random.Random(seed)
    db = await Database.open(path)
    try:
        service = TableService(db, seed_source=lambda: rng.getrandbits(62))
        guild = server.guild
        for driver in drivers:
            ids = [str(p.id) for p in driver.players]
            table = await service.open_table(
                guild_id=guild.id,
                channel_id=driver.channel.id,
                player=ids[0],
                name=driver.players[0].name,
                rules=Rules(),
                guild_name=guild.name,
                channel_name=driver.channel.name,
            )
            for player in driver.players[1:]:
                await service.join(table.id, str(player.id), player.name, "fr")
            await service.start(table.id, ids[0])
            for _ in range(rng.randint(1, 12)):
                await play_one(service, table, ids, rng)
            embed, view = (
                table_embed(table, table.public_lang),
                table_view(table, table.public_lang),
            )
            body = {"embeds": [embed.to_dict()], "components": view.to_components()}
            driver.message = server.create_message(driver.channel, body, via="bench seeding")
            await service.set_message(table, driver.message.id)
        await service.close()
    finally:
        await db.close()


async def play_one(
    service: TableService, table: LiveTable, ids: list[str], rng: random.Random
) -> None:
    state = table.state
    if table.between_hands or state is None or state.is_over:
        await service.next_hand(table.id, ids[0])
        return
    action = rng.choice(state.legal_actions())
    await service.act(table.id, ids[state.turn], action)


@dataclass
class ManyFigures:
    tables: int
    machine_load: str
    seed_s: float
    rss_empty_kib: int
    rss_with_tables_kib: int
    per_table_bytes: float
    warm: RestartFigures
    restart: RestartFigures


async def many_tables(args: argparse.Namespace, folder: Path) -> ManyFigures:
    count = args.restart_tables
    database = folder / "restart.db"
    async with FakeDiscord() as server:
        drivers = build_world(server, count, args.seed)
        bot = BotProcess(server, database_path=database, name="restart-bot")
        await bot.start(timeout=60)
        await server.settle(quiet=1.0, timeout=30)
        empty = memory_kib(bot_pid(bot))
        await bot.kill()
        for suffix in ("", "-wal", "-shm"):  # a stale WAL would win over the copy
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        # the seeding's commits need no fsync: it writes a copy in memory, moved in place after
        shm = Path("/dev/shm")
        scratch = Path(tempfile.mkdtemp(dir=shm if shm.is_dir() else folder))
        try:
            print(f"bringing {count} tables mid-hand", file=sys.stderr)
            started = time.perf_counter()
            await bring_mid_hand(scratch / "seed.db", drivers, server, args.seed)
            seeded = time.perf_counter() - started
            shutil.copyfile(scratch / "seed.db", database)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        try:
            print(
                f"starting the bot on {count} live tables, then SIGKILL and restart",
                file=sys.stderr,
            )
            warm = await timed_restart(bot, drivers)
            forget_history(server)
            restart = await timed_restart(bot, drivers)
        finally:
            await bot.stop()
    return ManyFigures(
        tables=count,
        machine_load=machine_load(),
        seed_s=seeded,
        rss_empty_kib=empty["VmRSS"],
        rss_with_tables_kib=warm.rss_after_kib,
        per_table_bytes=1024 * (warm.rss_after_kib - empty["VmRSS"]) / max(1, count),
        warm=warm,
        restart=restart,
    )


# ---- report ----------------------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def report(load: LoadFigures | None, many: ManyFigures | None) -> None:
    if load is not None:
        lat, setup = load.latency, load.setup
        verbs = ", ".join(f"{verb} {figures.count}" for verb, figures in load.by_verb.items())
        latency_ok = lat.p99_ms < 1000 * TARGET_P99 and lat.max_ms <= 1000 * TARGET_MAX
        memory_ok = load.per_table_bytes <= TARGET_BYTES_PER_TABLE
        print(f"\n== {load.tables} live tables, {load.rate_per_table:g} actions/s per table ==")
        print(f"machine load before: {load.machine_load_before}")
        print(f"machine load after:  {load.machine_load_after}")
        print(
            f"setup (open, join x3, start): {setup.count} interactions, "
            f"p50 {setup.p50_ms:.1f} ms, p99 {setup.p99_ms:.1f} ms, max {setup.max_ms:.1f} ms"
        )
        print(
            f"play: {lat.count} interactions in {load.duration_s:.1f} s = "
            f"{load.interactions_per_s:.1f} per second ({verbs})"
        )
        print(
            f"answer latency: p50 {lat.p50_ms:.1f} ms, p99 {lat.p99_ms:.1f} ms, "
            f"max {lat.max_ms:.1f} ms, {lat.over_1s} over 1 s, {lat.unanswered} unanswered"
            f"  [target p99 < 50 ms, none over 1 s: {verdict(latency_ok and not lat.unanswered)}]"
        )
        for verb, figures in load.by_verb.items():
            print(
                f"  {verb:>8}: p50 {figures.p50_ms:.1f} ms, p99 {figures.p99_ms:.1f} ms, "
                f"max {figures.max_ms:.1f} ms"
            )
        print(
            f"REST requests to Discord per interaction, besides its answer: "
            f"{load.rest_per_interaction:.2f} ("
            + ", ".join(f"{kind} {n:.2f}" for kind, n in load.rest_by_kind.items())
            + f"); sent back by the global limit (429): {load.global_429}"
        )
        print(
            f"CPU during play: bot {100 * load.bot_cpu_share:.0f} % of a core "
            f"({load.bot_cpu_ms_per_interaction:.1f} ms per interaction), "
            f"fake Discord and players {100 * load.driver_cpu_share:.0f} % "
            f"(their event loop at worst {load.driver_worst_lag_ms:.0f} ms late)"
        )
        print(
            f"bot memory: RSS {mib(load.rss_before_tables_kib)} before any table, "
            f"{mib(load.rss_with_tables_kib)} with {load.tables} live, "
            f"peak (VmHWM) {mib(load.hwm_kib)}"
        )
        print(
            f"memory per live table: {load.per_table_bytes / 1024:.1f} KiB"
            f"  [target <= 100 KiB: {verdict(memory_ok)}]"
        )
        if load.restart is not None:
            print(restart_line(load.restart))
        print(f"refused answers: {load.refused}; waits over 15 s for a move: {load.stuck_waits}")
        print(f"slowest answers: {', '.join(load.slowest)}")
        for line in load.refusals:
            print(f"  refused: {line}")
        for line in load.problems:
            print(f"  problem: {line}")
    if many is not None:
        restart = many.restart
        restart_ok = (
            restart.all_answered_s <= TARGET_RESTART_1000 and restart.with_hand == many.tables
        )
        print(f"\n== restart with {many.tables} live tables ==")
        print(f"machine load: {many.machine_load}")
        print(f"{many.tables} tables brought mid-hand by the table service in {many.seed_s:.1f} s")
        print(
            f"bot memory: RSS {mib(many.rss_empty_kib)} with no table, "
            f"{mib(many.rss_with_tables_kib)} with {many.tables} live: "
            f"{many.per_table_bytes / 1024:.1f} KiB per table"
        )
        print("first start: " + restart_line(many.warm))
        print(
            restart_line(restart)
            + f"  [target <= {TARGET_RESTART_1000:g} s: {verdict(restart_ok)}]"
        )


def mib(kib: int) -> str:
    return f"{kib / 1024:.1f} MiB"


def restart_line(r: RestartFigures) -> str:
    return (
        f"restart after SIGKILL, {r.tables} tables: identified after {r.ready_s:.2f} s, "
        f"every table answered after {r.all_answered_s:.2f} s "
        f"({r.with_hand}/{r.tables} showed the hand; RSS {mib(r.rss_after_kib)}, "
        f"peak {mib(r.hwm_kib)})"
        + "".join(f"\n  {n} answered: {text}" for text, n in r.refusals.items())
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200, help="live tables (0: skip part 1)")
    parser.add_argument(
        "--rate", type=float, default=0.5, help="actions per second per table (0: no think time)"
    )
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play measured")
    parser.add_argument(
        "--ramp", type=float, default=60.0, help="seconds over which the tables open"
    )
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds of play before measuring"
    )
    parser.add_argument(
        "--restart-tables", type=int, default=1000, help="tables of part 2 (0: skip it)"
    )
    parser.add_argument("--no-restart", action="store_true", help="no restart in part 1")
    parser.add_argument("--no-pictures", action="store_true", help="tables with cards as text")
    parser.add_argument(
        "--global-limit",
        type=int,
        default=GLOBAL_LIMIT,
        help="REST requests a second the fake allows the bot, as Discord (0: no limit)",
    )
    parser.add_argument("--open-concurrency", type=int, default=20, help="tables opened at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir", help="keep the databases and the bot's logs here")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args(argv)


@contextmanager
def no_collector_pauses() -> Iterator[None]:
    """The fake keeps every version of every message: a full collection of this process
    stops its event loop for a good part of a second, and the callbacks it timestamps
    meanwhile would count as the bot's lateness. The run is bounded: reference counting
    alone frees what it must."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with workdir(args.workdir) as folder:
        with no_collector_pauses():
            load = await live_tables(args, folder) if args.tables > 0 else None
        with no_collector_pauses():
            many = await many_tables(args, folder) if args.restart_tables > 0 else None
    if not args.json:
        report(load, many)
    return {
        "load": None if load is None else asdict(load),
        "restart": None if many is None else asdict(many),
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The load benchmark's players: tables of four simulated people who do what their messages
offer, and the answers they get, timed.

Every click is kept as an :class:`Answer`: when it left the fake's gateway, how long the
bot took to answer, whether it was refused, and whether it made a move (an action, a
deal, a hand turned up), which the move ledger (``bench/load_ledger.py``) checks against
the tables' logs in the database.
"""

from __future__ import annotations

import asyncio
import csv
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.ids import TABLE_VERBS, ComponentId
from bot.texts.i18n import t
from tests.e2e.fake import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMessage,
    NotConnected,
    Sent,
    SimInteraction,
    SimUser,
)
from tests.e2e.fake.model import walk_components
from tests.e2e.players import new_command

BUTTON = 2
UPDATE_MESSAGE = 7
ANSWER_TIMEOUT = 10.0
NOT_CONNECTED = "no gateway session for this shard"
# what a player may do from a private hand; "decl:back" would only undo a step
PLAY_VERBS = frozenset({"call", "play", "decl", "discard", "look"})
SETUP_VERBS = frozenset({"new", "join", "start"})
# a click on an older message of the table is done and said so in a line of text
DONE = frozenset(t(lang, "ok.played") for lang in ("fr", "en"))
RETRIES = 3  # clicks of one button that failed (unanswered, no gateway, refused) before giving up


# ---- answers ---------------------------------------------------------------------------


@dataclass
class Answer:
    verb: str
    dispatched: float  # perf_counter
    latency: float | None  # None: no answer within ANSWER_TIMEOUT
    response: int | None
    refused: str = ""  # what the fake refused, or the text of an error answer
    custom_id: str = ""
    user: int = 0
    values: tuple[str, ...] = ()
    made_move: bool = False  # accepted, and the table moved: an action, a deal, a look
    interaction: int = 0  # its id

    @property
    def accepted(self) -> bool:
        return self.latency is not None and not self.refused


def table_of(answer: Answer) -> int:
    """The table a click was made at (0 for a slash command)."""
    parts = answer.custom_id.split(":")
    return int(parts[1]) if len(parts) > 2 and parts[1].isdigit() else 0


def offers_same_move(cid: ComponentId, data: dict[str, Any]) -> bool:
    """Whether an answer still offers moves at the click's count: one more step of a
    declaration to choose, not a move made (a move bumps the count on every button)."""
    for component in walk_components(list(data.get("components") or [])):
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str) or component.get("disabled"):
            continue
        try:
            other = ComponentId.parse(custom_id)
        except ValueError:
            continue
        if other.table == cid.table and other.game_verb and other.moves == cid.moves:
            return True
    return False


def made_move(custom_id: str, answer: Answer, data: dict[str, Any]) -> bool:
    if not answer.accepted or not custom_id:
        return False
    try:
        cid = ComponentId.parse(custom_id)
    except ValueError:
        return False
    if cid.verb in ("next", "look"):
        return True
    if cid.verb in TABLE_VERBS:
        return False
    return not offers_same_move(cid, data)


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
            if original is not None and not original.embeds and original.content not in DONE:
                refused = original.content[:80]
        custom_id = str(ix.data.get("custom_id") or "")
        values = tuple(str(v) for v in ix.data.get("values") or ())
        answer = Answer(
            verb, ix.dispatched_at, ix.latency, ix.response_type, refused, custom_id, ix.user.id
        )
        answer.values = values
        answer.interaction = ix.id
        data = ix.callback.data if ix.callback is not None else {}
        answer.made_move = made_move(custom_id, answer, data if isinstance(data, dict) else {})
        self.done.append(answer)
        return answer

    def not_sent(self, verb: str, custom_id: str, user: int, why: str) -> Answer:
        """A click that could not reach the bot (no gateway session for its shard)."""
        answer = Answer(verb, time.perf_counter(), None, None, why, custom_id, user)
        self.done.append(answer)
        return answer


def write_answers(path: Path, answers: list[Answer]) -> None:
    """Every click, one line each (seconds from the first), for a look at when the slow
    answers came."""
    first = min((a.dispatched for a in answers), default=0.0)
    wall = time.time() - time.perf_counter()  # the bots' logs have the time of day
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(
            ["at_s", "time", "verb", "latency_ms", "refused", "made_move", "custom_id", "user"]
        )
        for a in sorted(answers, key=lambda a: a.dispatched):
            latency = "" if a.latency is None else f"{1000 * a.latency:.1f}"
            at = f"{a.dispatched - first:.3f}"
            clock = datetime.fromtimestamp(wall + a.dispatched).strftime("%H:%M:%S.%f")[:-3]
            made = int(a.made_move)
            writer.writerow([at, clock, a.verb, latency, a.refused, made, a.custom_id, a.user])


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
    game: str = "bete-hombree"  # the id of the game its table plays
    message: FakeMessage | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    clicked: dict[tuple[int, str], int] = field(default_factory=dict)  # failed tries, or -1
    stuck: int = 0

    @property
    def guild_id(self) -> int:
        return int(self.channel.guild_id or 0)

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
        try:
            ix = await user.click(message, custom_id, wait=False)
        except (NotConnected, ConnectionError, TimeoutError):  # its shard is down
            return self.answers.not_sent(verb, custom_id, user.id, NOT_CONNECTED)
        return await self.answers.wait(ix, verb)

    async def open(self, pause: float) -> None:
        """``/table new <game>``, three *Join*, *Start*: the table is dealt its first hand."""
        opener = self.players[0]
        ix = await opener.slash(
            new_command(self.game), channel=self.channel, wait=False, pictures=self.pictures
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

    def current(self) -> FakeMessage | None:
        """The table message: the bot posts it again below each summary (and when it is
        deleted), the old one deleted; the players follow it."""
        message = self.message
        if message is not None and message.deleted:
            table = self.table_id()
            for newer in reversed(self.server.messages(self.channel)):
                if any(
                    ComponentId.parse(str(b["custom_id"])).table == table
                    for b in newer.buttons()
                    if "custom_id" in b
                ):
                    self.message = newer
                    break
        return self.message

    def options(self) -> list[Option]:
        """Every move on offer: *Next hand* on the table, or what a private hand enables."""
        out: list[Option] = []
        if self.current() is not None:
            assert self.message is not None
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
        # a button is clicked once, or again after a click that failed (a process down)
        return [o for o in out if 0 <= self.clicked.get(o.key, 0) < RETRIES]

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
        tries = self.clicked.get(option.key, 0)
        self.clicked[option.key] = -1
        component = option.component
        custom_id = str(component["custom_id"])
        if component.get("type") == BUTTON:
            answer = await self.interact(option.user, option.message, custom_id)
        else:
            values = [str(o["value"]) for o in component.get("options") or []]
            count = int(component.get("min_values", 1))
            verb = ComponentId.parse(custom_id).verb
            try:
                ix = await option.user.select(
                    option.message, custom_id, self.rng.sample(values, count), wait=False
                )
            except (NotConnected, ConnectionError, TimeoutError):
                answer = self.answers.not_sent(verb, custom_id, option.user.id, NOT_CONNECTED)
            else:
                answer = await self.answers.wait(ix, verb)
        if not answer.accepted:
            self.clicked[option.key] = tries + 1
        return answer

    async def play(
        self, mean_think: Callable[[], float], until: Callable[[], float], moves: int = -1
    ) -> None:
        """Act until ``until()`` (monotonic), or ``moves`` clicks: wait for a move on offer,
        think (``mean_think()`` seconds on average, read at each move), make it."""
        while time.monotonic() < until() and moves != 0:
            moves -= 1
            option = await self.next_option(until)
            if option is None:
                return
            share, began = self.rng.uniform(0.5, 1.5), time.monotonic()
            while True:  # a new rate (the next step of a ladder) counts within a second
                left = min(began + mean_think() * share, until()) - time.monotonic()
                if left <= 0:
                    break
                await asyncio.sleep(min(left, 1.0))
            if time.monotonic() >= until():
                return
            now = {o.key: o for o in self.options()}
            if option.key not in now:  # the offer changed while thinking
                continue
            await self.act(now[option.key])

    async def probe(self) -> Answer:
        """A *My hand* click on the table message: answered with the hand if the table is live."""
        message = self.current()
        assert message is not None
        return await self.interact(self.players[0], message, self.button("hand"))


# ---- the world -------------------------------------------------------------------------


def build_world(
    server: FakeDiscord,
    tables: int,
    seed: int,
    pictures: bool = True,
    guilds: list[FakeGuild] | None = None,
    game: str = "bete-hombree",
) -> list[TableDriver]:
    """A channel and four members per table of ``game``, before the bot connects; the
    tables go to ``guilds`` in turn (the fake's one guild by default), each table's
    players members of its guild."""
    answers = Answers(server)
    chosen = guilds or [server.guild]
    drivers = []
    for number in range(tables):
        guild = chosen[number % len(chosen)]
        channel = server.add_channel(f"table-{number + 1}", guild)
        players = [server.add_user(f"p{number + 1}-{seat + 1}", guild=guild) for seat in range(4)]
        rng = random.Random(f"{seed}:{number}")
        drivers.append(TableDriver(server, answers, channel, players, rng, pictures, game))
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

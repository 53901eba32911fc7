"""Whole games of every offered game, played through the real bot process against the
fake Discord, with every text the bot sent kept: the transcripts that the suites over
every game read (``test_no_other_words``, ``test_ended_means_ended``...).

Each game is played in configurations drawn from what it declares, so a game added to
the list of games offered gets its own without a line here:

- ``fewest``: its fewest seats, its options as the rules write them, one person;
- ``most``: its most seats, every yes/no option of its ``/table new`` switched on,
  two persons where there are three seats or more;

each in French and in English (the table's ``language:`` option, and the persons'
locale for what they are answered privately). The other seats are computer players
(``computers:``, the fair ones: they answer at once, and ``AI_PAUSE`` is 0).

The persons play without knowing the game: when a private hand offers them a move,
they ask ``/play``'s autocomplete for their moves and play one of them (chosen by a
seeded draw, so a game replays alike) with ``/play move:``; between deals the first of
them clicks the table's next-deal button. After the configuration's ``stop_after``
deals the first person says ``/table stop`` at the start of the next deal, asks
``/scoreboard``, ``/history`` and ``/betes`` while the table plays on, and play goes on
until the table ends (a game whose stop is a last round plays it; after
``MOST_DEALS`` every person clicks *Stop now*). Then the same three are asked in the
table's channel and in a channel without a table.

Every configuration of every language is played at once by one bot process, each in a
guild of its own (tables, registers and scoreboards are the guild's), and kept for the
session: ``await transcripts(keys)`` plays those not played yet (all of a session's at
once: see ``tests/e2e/conftest.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import inspect
import random
import tempfile
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, get_type_hints

from bot.game import TableGame
from bot.ids import ComponentId
from bot.texts.i18n import LANGS
from tests.e2e.fake import BotProcess, FakeChannel, FakeDiscord, FakeMessage, Sent, SimUser
from tests.e2e.fake.model import BUTTON, SELECT_TYPES, walk_components
from tests.e2e.players import GAME_VERBS, component_id, new_command, refusal, taken
from tests.vocabulary import offered_games

MOST_DEALS: Final = 10  # deals after which every person clicks *Stop now*
PERSONS: Final = ("arthur", "bertrand")
LOCALES: Final = {"fr": "fr", "en": "en-US"}
SEED: Final = "1789"
BOARDS: Final = ("scoreboard", "history", "betes")
WAIT: Final = 60.0  # for one answer or one move: generous, many tables play at once
# tables playing at once. Each person clicks the moment a move is theirs, so every table
# always has a click waiting: twenty at once kept the bot's loop busy and its answers
# about 1.5 s late at p99 on two cores, close to Discord's 3 s on a slower machine. This
# suite checks what the bot shows, not how it bears a load (``bench/``)
AT_ONCE: Final = 8
FREEZE_EVERY: Final = 2.0  # seconds between two settings aside of the heap (``gc.freeze``)
QUIET: Final = 0.5  # seconds without a new text for a table's guild: the bot is done there
ENV: Final = {
    "BETE_TABLE_SEED": SEED,
    "AI_PAUSE": "0",  # computer players move at once
    "DM_WINDOW": "0",  # private hands follow every move
    "REST_RATE": "0",  # one bot, many tables: not paced like a real bot's one token
    "AI_WORKERS": "2",
    "DEV_GUILD_ID": "",  # commands synced globally: every guild has them
}


@dataclass(frozen=True)
class Config:
    """How a game is played: seats, persons among them, and its own ``/table new`` options."""

    name: str
    seats: int
    persons: int
    stop_after: int  # deals played before ``/table stop`` (a game may end before)
    options: tuple[tuple[str, object], ...] = ()


def yes_no_options(game: TableGame) -> tuple[str, ...]:
    """The game's own ``/table new`` options that are yes or no."""
    own = game.command.options
    hints = get_type_hints(own)
    return tuple(n for n in inspect.signature(own).parameters if hints[n] is bool)


def configs(game: TableGame) -> list[Config]:
    most = game.max_seats
    switched = tuple((name, True) for name in yes_no_options(game))
    return [
        Config("fewest", game.min_seats, 1, 2),
        Config("most", most, 2 if most >= 3 else 1, 4, switched),
    ]


@dataclass(frozen=True)
class Key:
    game: str
    config: str
    lang: str

    def __str__(self) -> str:
        return f"{self.game}-{self.config}-{self.lang}"


def keys() -> list[Key]:
    """Every transcript: each offered game in each of its configurations and languages."""
    return [
        Key(game.id, config.name, lang)
        for game in offered_games()
        for config in configs(game)
        for lang in LANGS
    ]


@dataclass
class Transcript:
    """A whole game as the bot showed it: every change it made visible in the game's
    guild and in its persons' DMs, in order."""

    key: Key
    game: TableGame
    config: Config
    sent: list[Sent]
    table_channel: int
    other_channel: int
    table_message: int  # the table's first message (its lobby)
    table_messages: frozenset[int]  # every message that was the table's (posted again
    # below each summary, the old one deleted)
    persons: list[int]
    stop_at: int | None  # the seq of the first change after ``/table stop``, if said
    ended_at: int  # the seq of the change that showed the table ended
    commands_at: int  # the seq from which /scoreboard, /history and /betes answered
    deals: int  # deals dealt
    voted: bool  # the table ended by everyone's *Stop now*, not by its game's end
    refused: list[str]  # what the bot answered to clicks on its table it refused
    seconds: float
    run: Run | None = None  # the bot process that played it (and others at once)

    @property
    def lang(self) -> str:
        return self.key.lang

    def finals(self) -> list[Sent]:
        """Each message as it last stood (deleted ones left out)."""
        last: dict[int, Sent] = {}
        for s in self.sent:
            if s.message_id is not None:
                last[s.message_id] = s
        return [s for s in last.values() if s.kind != "message.delete"]


_CACHE: dict[Key, Transcript] = {}


async def transcripts(wanted: Iterable[Key]) -> dict[Key, Transcript]:
    """The transcripts of ``wanted``, played now (all at once) if not played yet."""
    wanted = list(wanted)
    missing = [k for k in wanted if k not in _CACHE]
    if missing:
        with tempfile.TemporaryDirectory(prefix="transcripts-") as workdir:
            _CACHE.update(await play_all(missing, Path(workdir)))
    return {k: _CACHE[k] for k in wanted}


@dataclass(frozen=True)
class Run:
    """One bot process that played transcripts: what it printed, and what the fake saw
    that Discord would have refused."""

    output: str
    problems: list[str]
    seconds: float


@contextlib.asynccontextmanager
async def _heap_kept_aside() -> AsyncIterator[None]:
    """While the games play, what this process holds is set aside from the collector
    every few seconds (``gc.freeze``): the fake measures Discord's 3 s to answer on this
    process's clock, and a full collection of a heap this size (the pytest session, the
    fake's log of every version of every message) stalls it for seconds, which would
    count against the bot. Not unfrozen after: the transcripts stay for the session, and
    a later test would pay for scanning them (what becomes garbage among them is still
    freed, but for cycles)."""

    async def keep_aside() -> None:
        while True:
            gc.freeze()
            await asyncio.sleep(FREEZE_EVERY)

    task = asyncio.create_task(keep_aside())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def play_all(wanted: list[Key], workdir: Path) -> dict[Key, Transcript]:
    games = {game.id: game for game in offered_games()}
    began = time.monotonic()
    async with _heap_kept_aside(), FakeDiscord() as server:
        bot = BotProcess(
            server,
            database_path=workdir / "bot.db",
            module="tests.e2e.seeded_bot",
            env=ENV,
        )
        await bot.start()
        try:
            tables = []
            for key in wanted:
                game = games[key.game]
                config = next(c for c in configs(game) if c.name == key.config)
                tables.append(PlayedTable(server, key, game, config))
            seats = asyncio.Semaphore(AT_ONCE)

            async def in_turn(table: PlayedTable) -> Transcript:
                async with seats:
                    return await table.play()

            played = await asyncio.gather(*(in_turn(t) for t in tables))
        finally:
            await bot.stop()
        run = Run(bot.output(), server.problems(), time.monotonic() - began)
    for transcript in played:
        transcript.run = run
    return {t.key: t for t in played}


@dataclass
class PlayedTable:
    """One configuration of one game in one language, played in a guild of its own."""

    server: FakeDiscord
    key: Key
    game: TableGame
    config: Config
    persons: list[SimUser] = field(init=False)
    channel: FakeChannel = field(init=False)
    other: FakeChannel = field(init=False)
    first: FakeMessage | None = None  # the table's first message (its lobby)
    table_id: int = 0
    seen: FakeMessage | None = None  # the table message last found
    acted: dict[int, int] = field(default_factory=dict)  # person -> moves of their last act
    deals: int = 0
    stop_at: int | None = None
    voted: bool = False
    refused: list[str] = field(default_factory=list)  # clicks the bot refused
    refused_next: set[int] = field(default_factory=set)  # deals whose next-deal click was
    _read: int = 0  # the fake's log, read so far for the persons' offers
    _tables: dict[tuple[int, int], bool] = field(default_factory=dict)  # message versions
    _was_table: set[int] = field(default_factory=set)  # messages that carried its buttons
    # by person: the messages that may offer a move newer than their last act
    _offers: list[dict[tuple[bool, int], tuple[int, ...]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        server, key = self.server, self.key
        guild = server.add_guild(f"Cercle {key}")
        self.channel = server.add_channel("tapis-vert", guild=guild)
        self.other = server.add_channel("comptoir", guild=guild)
        names = PERSONS[: self.config.persons]
        self.persons = server.add_users(*names, locale=LOCALES[key.lang], guild=guild)
        self.rng = random.Random(str(key))
        self._dm_channels = {server.dm_channel(p).id for p in self.persons}
        self._offers = [{} for _ in self.persons]
        self._read = len(server.log)  # nothing was sent to the persons before
        self._channels = {self.channel.id, self.other.id}

    def mine(self, sent: Sent) -> bool:
        return sent.channel_id in self._channels or sent.channel_id in self._dm_channels

    # ------------------------------------------------------------------ the game

    async def play(self) -> Transcript:
        began = time.monotonic()
        first = self.persons[0]
        computers = self.config.seats - self.config.persons
        options = dict(self.config.options)
        ix = await first.slash(
            new_command(self.game.id),
            channel=self.channel,
            computers=computers,
            level="fair",
            language=self.key.lang,
            timeout=WAIT,
            **options,
        )
        table = await ix.wait_done(WAIT)
        assert table is not None and not table.ephemeral, f"{self.key}: no table: {ix.text()}"
        self.first = table
        await self.server.wait_for(lambda: self._button("start") is not None, WAIT, "Start")
        start = self._button("start")
        assert start is not None
        self.table_id = ComponentId.parse(start).table
        for person in self.persons[1:]:
            await self._press(person, "join")
        await self._press(first, "start")
        self.deals = 1
        while not self.ended():
            offer = await self.server.wait_for(
                lambda: self.ended() or self._next_deal() or self._offer(),
                WAIT,
                f"{self.key}: a move, the next deal or the end",
            )
            if offer is True:
                continue
            if isinstance(offer, str):  # the next-deal button
                await self._between_deals()
            else:
                await self._move(*offer)
        ended_at = len(self.server.log)
        await self._quiet()
        commands_at = len(self.server.log)
        for channel in (self.channel, self.other):
            await self._boards(channel)
        sent = [s for s in self.server.log if self.mine(s)]
        return Transcript(
            self.key,
            self.game,
            self.config,
            sent,
            self.channel.id,
            self.other.id,
            table.id,
            self._table_messages(sent),
            [p.id for p in self.persons],
            self.stop_at,
            self._ended_seq(sent, ended_at),
            commands_at,
            self.deals,
            self.voted,
            self.refused,
            time.monotonic() - began,
        )

    async def _boards(self, channel: FakeChannel) -> None:
        """The first person asks ``/scoreboard``, ``/history`` and ``/betes`` in ``channel``."""
        for command in BOARDS:
            done = await self.persons[0].slash(command, channel=channel, timeout=WAIT)
            await done.wait_done(WAIT)
            await self._quiet()

    @property
    def table(self) -> FakeMessage | None:
        """The table message: the latest of the channel with the table's buttons (the
        bot posts it again below each summary), else the last one seen."""
        if self.first is None or not self.table_id:
            return self.first
        current = [m for m in self.server.messages(self.channel) if self._is_table(m)]
        if current:
            self.seen = current[-1]
        return self.seen or self.first

    def _is_table(self, message: FakeMessage) -> bool:
        """Whether ``message`` carries, or once carried, the table's buttons: the ended
        table has none, yet stays the table, below any old one not deleted yet (read once
        per version: the table is looked for after every change of every table played
        at once)."""
        if message.id in self._was_table:
            return True
        version = (message.id, len(message.history))
        known = self._tables.get(version)
        if known is None:
            known = any(cid.table == self.table_id for cid, _ in game_components(message.payload))
            self._tables[version] = known
            if known:
                self._was_table.add(message.id)
        return known

    def _table_messages(self, sent: list[Sent]) -> frozenset[int]:
        """Every message that was the table's: the first, and those posted again."""
        assert self.first is not None
        return frozenset(
            {self.first.id}
            | {
                s.message_id
                for s in sent
                if s.channel_id == self.channel.id
                and s.audience is None
                and s.message_id is not None
                and any(cid.table == self.table_id for cid, _ in game_components(s.payload))
            }
        )

    def _ended_seq(self, sent: list[Sent], before: int) -> int:
        """The change that showed the table ended (its message offering nothing more)."""
        tables = self._table_messages(sent)
        shown = [
            s.seq
            for s in sent
            if s.message_id in tables and s.kind != "message.delete" and s.seq < before
        ]
        for seq in reversed(shown):
            if _interactive(self.server.log[seq].payload):
                return next(s for s in shown if s > seq)
        raise AssertionError(f"{self.key}: the table never showed its end")

    def ended(self) -> bool:
        """The table message offers nothing any more: the table has ended."""
        table = self.table
        return table is not None and self.deals > 0 and not _interactive(table.payload)

    def _button(self, verb: str) -> str | None:
        assert self.table is not None
        for component in self.table.buttons():
            cid = component_id(component)
            if cid is not None and cid.verb == verb and not component.get("disabled"):
                return str(component["custom_id"])
        return None

    def _next_deal(self) -> str | None:
        """The enabled next-deal button of the deal being played, once it is settled."""
        assert self.table is not None
        for component in self.table.buttons():
            cid = component_id(component)
            if cid is not None and cid.verb == "next" and cid.moves == self.deals:
                if component.get("disabled") or self.deals in self.refused_next:
                    return None
                return str(component["custom_id"])
        return None

    def _offer(self) -> tuple[int, int] | None:
        """A person offered a move newer than their last one: (their index, its moves),
        from their DMs first, then their private answers, each oldest first."""
        self._read_offers()
        for index, offers in enumerate(self._offers):
            acted = self.acted.get(index, 0)
            for key in sorted(offers):
                newer = [moves for moves in offers[key] if moves > acted]
                if newer:
                    return index, newer[0]
                del offers[key]  # a person's last act only grows: it never will
        return None

    def _read_offers(self) -> None:
        """The moves offered by the persons' messages the bot changed since last read
        (looked for after every change of every table played at once: each message is
        read once per change, not at every look)."""
        log = self.server.log
        persons = {person.id: index for index, person in enumerate(self.persons)}
        changed = {
            s.message_id: persons[s.audience]
            for s in log[self._read :]
            if s.audience in persons and s.message_id is not None
        }
        self._read = len(log)
        for message_id, index in changed.items():
            message = self.server.message(message_id)
            moves = () if message.deleted else moves_offered(message)
            key = (message.ephemeral, message_id)  # DMs first, then answers, oldest first
            if moves:
                self._offers[index][key] = moves
            else:
                self._offers[index].pop(key, None)

    async def _move(self, index: int, moves: int) -> None:
        """A person plays one of the moves ``/play``'s autocomplete offers them."""
        person = self.persons[index]
        choices = await person.autocomplete("play", "move", channel=self.channel, timeout=WAIT)
        self.acted[index] = moves
        if not choices:  # the offer was not theirs to take after all (it moved on)
            return
        choice = self.rng.choice(choices)
        ix = await person.slash("play", channel=self.channel, move=choice["value"], timeout=WAIT)
        await ix.wait_ack(WAIT)
        answer = ix.original
        assert answer is not None and answer.embeds, f"{self.key}: /play {choice}: {ix.text()}"

    async def _between_deals(self) -> None:
        first = self.persons[0]
        if self.deals >= MOST_DEALS and self.stop_at is not None:
            self.voted = True
            for person in self.persons:  # everyone agrees to stop at once
                await self._press(person, "stop")
            # the last vote's answer may be a line (the table posted again meanwhile):
            # the table message shows the end a moment later, and is not voted on again
            await self.server.wait_for(self.ended, WAIT, f"{self.key}: the agreed end")
            return
        if not await self._press(first, "next"):  # refused: offered, yet not to be taken
            self.refused_next.add(self.deals)
            return
        self.deals += 1
        if self.deals == self.config.stop_after + 1 and self.stop_at is None:  # it is dealt
            self.stop_at = len(self.server.log)
            ix = await first.slash("table stop", channel=self.channel, timeout=WAIT)
            await ix.wait_ack(WAIT)
            await self._boards(self.channel)  # while the table plays on

    async def _press(self, person: SimUser, verb: str) -> bool:
        """``person`` clicks the button ``verb`` of the table message: whether the bot took
        it (it redrew the table message) rather than refused it."""
        assert self.table is not None
        cid = await self.server.wait_for(lambda: self._button(verb), WAIT, f"{self.key}: {verb}")
        ix = await person.click(self.table, cid, timeout=WAIT)
        if not await taken(ix, WAIT):
            self.refused.append(refusal(ix))
            return False
        return True

    async def _quiet(self) -> None:
        """Wait until nothing new reached this game's guild or persons for ``QUIET`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while True:
            last = next((s.at for s in reversed(self.server.log) if self.mine(s)), 0.0)
            idle = time.monotonic() - last
            if idle >= QUIET:
                return
            assert loop.time() < deadline, f"{self.key}: the bot kept talking"
            await asyncio.sleep(QUIET - idle)


def _interactive(payload: dict[str, Any]) -> bool:
    """Whether a message payload holds any button or menu (enabled or not)."""
    kinds = SELECT_TYPES | {BUTTON}
    components = walk_components(list(payload.get("components") or []))
    return any(c.get("type") in kinds for c in components)


def moves_offered(message: FakeMessage) -> tuple[int, ...]:
    """The moves numbers of the game moves ``message`` offers (enabled), in reading
    order."""
    return tuple(
        cid.moves
        for cid, component in game_components(message.payload)
        if cid.verb in GAME_VERBS and not component.get("disabled")
    )


def game_components(payload: dict[str, Any]) -> list[tuple[ComponentId, dict[str, Any]]]:
    """The table components of a message payload, with their parsed ids."""
    out = []
    for component in walk_components(list(payload.get("components") or [])):
        cid = component_id(component)
        if cid is not None:
            out.append((cid, component))
    return out


WANTED: set[Key] = set()
"""The transcripts this session's tests ask for (``tests/e2e/conftest.py`` fills it at
collection): the first of them plays them all at once."""


async def played(key: Key) -> Transcript:
    """The transcript of ``key``, with every other one this session wants played with it."""
    return (await transcripts(sorted({key} | WANTED, key=str)))[key]

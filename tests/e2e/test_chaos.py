"""Chaos: a table of every offered game, all at once, on a Discord that misbehaves.

The real bot process, on a fake Discord that answers a few per cent of the bot's
requests 500, 429 or 403 (``tests.e2e.fake.misbehaviour``, seeded, every kind met),
while a moderator deletes each table's message once and the bot is SIGKILLed twice.
Each table is in a server of its own, with its own people, who play a deal from what
they see; when nothing offers them a move they do what a person would: *My hand* on the
table message, or ``/hand`` when the table message is gone.

At the end: every click was answered in time (the fake refuses an answer later than 3 s,
and that would be a problem it reports), no move was lost or doubled (each game ends
exactly as the same deal played straight through: moves, event log, money, pot), every
settled deal's summary is in its channel, and every table is reachable: the message its
row names is there, the latest of the table, with its *Next hand* button.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from tests.bot.offered import offered_games
from tests.e2e.fake import BotProcess, FakeDiscord, NotAllowed
from tests.e2e.fake.misbehaviour import KINDS
from tests.e2e.outcome import Target, database_of
from tests.e2e.outcome import table_message_id as named_message
from tests.e2e.played import SeededGame
from tests.e2e.players import WAIT, Offer, TablePlayers, find_button

SEED = "33"
NAMES = ("arthur", "bertrand", "edmond", "gaston", "hugues")
KILLS = 2  # SIGKILLs while the tables play
STUCK = 2.0  # seconds a player waits for something to do before looking again
LOOKS = 8  # times in a row they look again, nothing changing, before the test gives up
REFUSALS = frozenset({50007, 10008})  # DMs closed (a 403 of the chaos); a deleted message
PLAYED = {g.id: SeededGame(g.id, SEED, NAMES[: g.min_seats], 1) for g in offered_games()}


class Gate:
    """The players' clicks wait while the bot is down or a moderator deletes a message;
    a SIGKILL or a deletion waits for the clicks on their way (Discord would not deliver
    a click to a bot that is down, and nobody clicks a message as it disappears)."""

    def __init__(self) -> None:
        self._open = asyncio.Event()
        self._open.set()
        self._clicks = 0
        self._quiet = asyncio.Event()
        self._quiet.set()

    @contextlib.asynccontextmanager
    async def click(self) -> AsyncIterator[None]:
        while not self._open.is_set():
            await self._open.wait()
        self._clicks += 1
        self._quiet.clear()
        try:
            yield
        finally:
            self._clicks -= 1
            if not self._clicks:
                self._quiet.set()

    @contextlib.asynccontextmanager
    async def closed(self) -> AsyncIterator[None]:
        self._open.clear()
        try:
            await self._quiet.wait()
            yield
        finally:
            self._open.set()


async def unstick(players: TablePlayers, looks: int = 0) -> None:
    """Nothing offers a move: look at the table (a player's ``/hand``, each in turn,
    brings a deleted table message back), then ask for *My hand* on it, player by
    player, until one may act."""
    table = players.require_table()
    if table.deleted:
        user = players.users[looks % len(players.users)]
        ix = await user.slash("hand", channel=players.channel, timeout=WAIT)
        await ix.wait_ack(WAIT)
        return
    hand = find_button(table, "hand")
    for user in players.users:
        if hand is None or players.offer() is not None:
            return
        with contextlib.suppress(NotAllowed):  # gone meanwhile: looked at again
            ix = await user.click(table, hand, timeout=WAIT)
            await ix.wait_ack(WAIT)


def table_message_id(target: Target, players: TablePlayers) -> int:
    """The table message its row in the bot's database names."""
    message_id = named_message(target, players.table_id)
    assert message_id is not None, players.game
    return message_id


async def play_table(server: FakeDiscord, gate: Gate, players: TablePlayers) -> None:
    """Open the table, and play its deal to the summary, however long Discord takes."""
    async with gate.click():
        await players.open()
    looks = 0
    while True:
        try:
            await server.wait_for(
                lambda: players.offer() or players.hand_over(), STUCK, "a move or the deal's end"
            )
        except TimeoutError:
            looks += 1
            assert looks <= LOOKS, f"{players.game}: stuck\n{server.diagnose()}"
            async with gate.click():
                await unstick(players, looks)
            continue
        looks = 0
        async with gate.click():
            offer = players.offer()  # as it is now: the bot may have restarted meanwhile
            if isinstance(offer, Offer):
                await players.act(offer)
            elif players.hand_over():
                break
    # the bot is not quiet until every table is done (the test settles it then): the
    # others keep it busy, and a wait for it to go quiet here may run out
    await players.summarised()


async def moderate(
    server: FakeDiscord, gate: Gate, bot: BotProcess, tables: list[TablePlayers], moves: int
) -> list[str]:
    """SIGKILL the bot twice and delete each table's message once, at seeded moments (the
    moves made at all the tables so far); returns what was done."""
    rng = random.Random(int(SEED))
    plan = [(n, "kill", -1) for n in rng.sample(range(4, moves // 2), KILLS)]
    plan += [(rng.randrange(3, moves - 3), "delete", i) for i in range(len(tables))]
    done = []
    for when, what, index in sorted(plan):
        await server.wait_for(lambda w=when: sum(len(p.moves) for p in tables) >= w, 60, what)
        async with gate.closed():
            if what == "kill":
                await bot.kill()
                await bot.start()
            else:
                table = tables[index].require_table()
                if not table.deleted:
                    server.delete_message(table, via="a moderator")
        done.append(what)
    return done


async def test_every_game_at_once_on_a_misbehaving_discord(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], tmp_path: Path
) -> None:
    played = list(PLAYED.values())
    expected = await asyncio.gather(*(p.reference(tmp_path / p.game) for p in played))
    # commands synced globally: every table is in a server of its own
    bot = make_bot(module="tests.e2e.seeded_bot", env={**played[0].env, "DEV_GUILD_ID": ""})
    await bot.start()
    trouble = server.misbehave(
        seed=int(SEED), server_errors=0.03, rate_limits=0.03, refusals=0.02, each_within=8
    )
    tables = []
    for p in played:
        guild = server.add_guild(f"Chez {p.game}")
        tables.append(p.players(server, guild))
        tables[-1].channel = server.add_channel("tapis", guild=guild)
    gate = Gate()
    moves = sum(len(e.moves) for e in expected)
    done, *_ = await asyncio.gather(
        moderate(server, gate, bot, tables, moves),
        *(play_table(server, gate, players) for players in tables),
    )
    target = database_of(bot)
    for players in tables:  # a table deleted after its last change: a player looks at it
        # (the message the table's row names: an older one may still show buttons the bot
        # could not take away, an edit Discord refused)
        named = server.message(table_message_id(target, players))
        if named.deleted:
            ix = await players.users[0].slash("hand", channel=players.channel, timeout=WAIT)
            await ix.wait_ack(WAIT)
            await server.wait_for(
                lambda p=players, n=named: p.require_table().id > n.id, WAIT, "table"
            )
    await server.settle(quiet=1.0)

    assert sorted(done) == ["delete"] * len(tables) + ["kill"] * KILLS
    assert bot.starts == KILLS + 1
    assert set(trouble.counts) == set(KINDS), trouble.counts
    for p, players, reference in zip(played, tables, expected, strict=True):
        game = await p.ended(players, target)
        p.assert_as_expected(game, reference, server, players, [bot], REFUSALS)
        # every click was answered (an answer later than 3 s is refused: a problem above)
        assert all(ix.acked for ix in players.interactions), p.game
        # the table is reachable: its row names the latest table message, with Next hand
        table = players.require_table()
        assert table.id == table_message_id(target, players) and not table.deleted, p.game
        assert find_button(table, "next") is not None, p.game

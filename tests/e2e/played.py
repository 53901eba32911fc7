"""One game's table played by simulated users against the real bot process on a fixed
seed, and the same game played straight through once, as the reference a game
interrupted by SIGKILLs must end like (``test_whole_game``, ``test_bete_game``,
``test_hombre_game``).

The bot runs as ``python -m tests.e2e.seeded_bot`` (the entry point with the
table seed fixed), so two games deal the same cards; the players' policy is
deterministic (``tests.e2e.players``), so they make the same moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from db.database import Database
from tests.e2e.fake import BotProcess, FakeDiscord, FakeGuild
from tests.e2e.kills import KillPoint, arm
from tests.e2e.leaks import game_knowledge, scan, table_log
from tests.e2e.outcome import Outcome, Target, database_of, outcome
from tests.e2e.players import TablePlayers


@dataclass(frozen=True)
class Game:
    outcome: Outcome
    pot: dict[str, int]  # the ledger's pot_parts(guild, game) at the end
    moves: list[tuple[int, int, str, str]]  # hand, seat, verb, argument


async def stored_pot(target: Target, guild_id: int, game: str) -> dict[str, int]:
    """The pot by part as the bot's own store reads it (the bot may be running: WAL)."""
    database = await Database.open(target)
    try:
        async with database.reading() as store:
            return await store.ledger.pot_parts(guild_id, game)
    finally:
        await database.close()


@dataclass
class SeededGame:
    """A game of ``game`` by ``names`` on ``seed``, ``deals`` deals long."""

    game: str
    seed: str
    names: tuple[str, ...]
    deals: int
    options: tuple[tuple[str, Any], ...] = ()
    """The table's own options (``/table new <game>``'s)."""
    straight: Game | None = field(default=None, init=False)
    """The game played straight through, once some test has played it."""

    @property
    def env(self) -> dict[str, str]:
        return {"BETE_TABLE_SEED": self.seed}

    def bot(self, make_bot: Callable[..., BotProcess], **options: Any) -> BotProcess:
        return make_bot(module="tests.e2e.seeded_bot", env=self.env, **options)

    def players(self, server: FakeDiscord, guild: FakeGuild | None = None) -> TablePlayers:
        """The players, members of ``guild`` (default: the fake's main guild)."""
        return TablePlayers(server, server.add_users(*self.names, guild=guild), game=self.game)

    async def ended(self, players: TablePlayers, target: Target) -> Game:
        """What the game ``players`` played left in the database ``target`` (their
        guild's rows: other guilds' tables may share it)."""
        guild = players.users[0].guild.id
        ids = [str(u.id) for u in players.users]
        return Game(
            outcome(target, ids, guild),
            await stored_pot(target, guild, self.game),
            [(m.hand_no, m.seat, m.verb, m.arg) for m in players.moves],
        )

    async def play_through(
        self, server: FakeDiscord, bot: BotProcess, players: TablePlayers
    ) -> Game:
        await players.play(self.deals, **dict(self.options))
        await players.finish()
        game = await self.ended(players, database_of(bot))
        if self.straight is None and bot.starts == 1:
            self.straight = game
        return game

    async def reference(self, tmp_path: Path) -> Game:
        """The game played straight through, on a fake server and database of its own."""
        if self.straight is None:
            async with FakeDiscord() as server:
                bot = BotProcess(
                    server,
                    database_path=tmp_path / "reference.db",
                    module="tests.e2e.seeded_bot",
                    env=self.env,
                    name="reference",
                )
                try:
                    await bot.start()
                    await self.play_through(server, bot, self.players(server))
                finally:
                    await bot.stop()
        assert self.straight is not None
        return self.straight

    async def killed_once(
        self,
        kill: KillPoint,
        server: FakeDiscord,
        make_bot: Callable[..., BotProcess],
        tmp_path: Path,
    ) -> Game:
        """The game played with one SIGKILL at ``kill``: it ends exactly as the game played
        straight through (moves, log, money, register, pot), shows no hidden card and
        posts every summary."""
        expected = await self.reference(tmp_path)
        bot = self.bot(make_bot)
        await bot.start()
        players = self.players(server)
        chosen = arm(server, bot, players, kill)
        game = await self.play_through(server, bot, players)
        assert chosen, "the game never reached the kill point"
        assert bot.starts == 2
        self.assert_as_expected(game, expected, server, players, [bot])
        return game

    def assert_as_expected(
        self,
        game: Game,
        expected: Game,
        server: FakeDiscord,
        players: TablePlayers,
        bots: list[BotProcess],
        refusals: frozenset[int] = frozenset({50007}),
    ) -> None:
        """``game`` ended exactly as ``expected`` (moves, log, money, register, pot), its
        players were shown no card hidden from them and every summary was posted, and
        none of ``bots`` (sharing one database) printed a traceback; the fake refused
        nothing but with a code of ``refusals``."""
        assert game.moves == expected.moves
        for part in fields(Outcome):  # one at a time: a failure names the part that differs
            name = part.name
            assert getattr(game.outcome, name) == getattr(expected.outcome, name), name
        assert game.outcome == expected.outcome
        assert game.outcome.totals() == expected.outcome.totals()
        assert game.pot == expected.pot
        # what a restarted bot showed hides what it must, too
        knowledge = game_knowledge(players, database_of(bots[0]))
        leaks = scan(table_log(server.log, players), knowledge).leaks
        assert not leaks, "\n".join(str(leak) for leak in leaks[:20])
        posted = players.summaries()
        missing = sorted(set(range(1, self.deals + 1)) - set(posted))
        assert not missing, f"the summary of deal(s) {missing} was never posted ({posted})"
        for bot in bots:
            assert "Traceback" not in bot.output(), bot.name
        problems = server.problems(refusals)
        assert not problems, "\n".join(problems)

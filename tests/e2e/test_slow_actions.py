"""The real bot process, its seats taken and its deal started 3.2 s late (a busy
database, a slow machine): each click is deferred within Discord's 3 s, as an update,
the table message then edited through the click's token with its picture, and the
game plays on to its summary with nothing Discord would refuse."""

from __future__ import annotations

from collections.abc import Callable

from bot.ids import ComponentId
from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.fake.interaction import (
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    UPDATE_MESSAGE,
)
from tests.e2e.played import SeededGame
from tests.e2e.players import GAME_VERBS
from tests.e2e.seeded_bot import SLOW_VARIABLE


def component_verb(custom_id: str) -> str:
    return ComponentId.parse(custom_id).verb


SLOWED = SeededGame("bete-hombree", "20261129", ("arthur", "bertrand", "edmond", "gaston"), 1)


async def test_slow_seats_and_start_are_deferred_in_time_and_the_game_plays_on(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    bot = make_bot(
        module="tests.e2e.seeded_bot", env={**SLOWED.env, SLOW_VARIABLE: "join,start:3.2"}
    )
    await bot.start()
    players = SLOWED.players(server)
    game = await SLOWED.play_through(server, bot, players)
    lobby = [ix for ix in players.interactions if component_verb(ix.name) in ("join", "start")]
    assert len(lobby) == 4, [ix.name for ix in players.interactions]
    for ix in lobby:
        assert ix.response_type == DEFERRED_UPDATE_MESSAGE, ix
        assert ix.token_edits >= 1 and not ix.followups, ix
    assert [hand[0] for hand in game.outcome.hands] == [1]
    assert players.summaries() == [1]
    assert "Traceback" not in bot.output()
    assert server.problems() == []


async def test_slow_moves_are_deferred_in_time_privately_or_as_an_update(
    server: FakeDiscord, make_bot: Callable[..., BotProcess]
) -> None:
    """The first six moves each 3.2 s late: a call clicked on the table message is
    deferred with "thinking…" to its player alone, filled in by a line; one clicked in
    the DMs as an update, the hand then redrawn through the click's token. The deal plays
    on to its summary with nothing Discord would refuse."""
    bot = make_bot(module="tests.e2e.seeded_bot", env={**SLOWED.env, SLOW_VARIABLE: "play:3.2:6"})
    await bot.start()
    players = SLOWED.players(server)
    game = await SLOWED.play_through(server, bot, players)
    moves = [ix for ix in players.interactions if component_verb(ix.name) in GAME_VERBS]
    late = [ix for ix in moves[:6] if ix.response_type != UPDATE_MESSAGE]
    public = [ix for ix in late if ix.response_type == DEFERRED_CHANNEL_MESSAGE]
    private = [ix for ix in late if ix.response_type == DEFERRED_UPDATE_MESSAGE]
    assert public and private and len(public) + len(private) == 6, moves[:6]
    for ix in public:
        assert ix.original is not None and ix.original.ephemeral, ix
        assert ix.original.text() and not ix.original.embeds, ix  # a line, not the table
    for ix in private:
        assert ix.token_edits >= 1 and not ix.followups, ix
    assert all(ix.response_type == UPDATE_MESSAGE for ix in moves[6:]), moves[6:]
    assert [hand[0] for hand in game.outcome.hands] == [1]
    assert players.summaries() == [1]
    assert "Traceback" not in bot.output()
    assert server.problems() == []

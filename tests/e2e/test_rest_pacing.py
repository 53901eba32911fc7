"""The real bot process under Discord's global limit (the fake enforces it, smaller): paced
by ``REST_RATE``, its own requests are never sent back with a 429, and nothing waits
so long that the game suffers; unpaced, the same game meets the limit."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.fake import BotProcess, FakeDiscord
from tests.e2e.played import SeededGame

LIMIT = 8  # requests a second the fake allows the bot's token (Discord: 50)
PLAYED = SeededGame("bete-hombree", "20261126", ("arthur", "bertrand", "edmond", "gaston"), 1)


@pytest.mark.parametrize("rate", [str(LIMIT), "0"], ids=["paced", "unpaced"])
async def test_a_paced_bot_meets_no_global_limit(
    server: FakeDiscord, make_bot: Callable[..., BotProcess], rate: str
) -> None:
    server.limit_globally(LIMIT, 1.0)
    bot = make_bot(module="tests.e2e.seeded_bot", env={**PLAYED.env, "REST_RATE": rate})
    await bot.start()
    players = PLAYED.players(server)
    game = await PLAYED.play_through(server, bot, players)
    assert [hand[0] for hand in game.outcome.hands] == [1]  # the hand was played and settled
    assert players.summaries() == [1]
    hits = [hit for hit in server.rate_limit_hits if hit.is_global]
    if rate == "0":  # the same game, unpaced: the limit bites (so the paced run means it)
        assert hits
    else:
        assert hits == [], f"{len(hits)} requests sent back by the global limit"
    assert "Traceback" not in bot.output()
    assert server.problems() == []

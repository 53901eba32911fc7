"""The commands that read the database before answering (``/scoreboard``, ``/betes``,
``/stats``) answer at once when it is quick, and are deferred in time when it is slow
(a busy server, a distant PostgreSQL), the answer then filling the deferred message in,
rather than coming after Discord's three seconds ("The application did not respond")."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import pytest

from bot.delivery.in_time import ANSWER_WAIT
from tests.cogs.conftest import World
from tests.cogs.test_stats import played_and_reviewed

SLOW = 2.9  # seconds of a slow read: past the answer's wait, within Discord's three


def callbacks(world: World, mark: int) -> list[Any]:
    """The interaction callbacks (first responses) sent since request ``mark``."""
    return [r for r in world.env.http_requests[mark:] if r.path.endswith("/callback")]


def slowed(world: World, monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...]) -> list[bool]:
    """The service's ``names`` answer only after ``SLOW`` seconds; for each such read,
    whether the interaction had been answered (deferred) by the time it came."""
    service, answered = world.bot.service, []
    mark = len(world.env.http_requests)
    for name in names:
        quick = getattr(service, name)

        @functools.wraps(quick)
        async def slow(*args: Any, _quick: Any = quick, **kwargs: Any) -> Any:
            await asyncio.sleep(SLOW)  # the bot's clock: SimCord's own
            answered.append(bool(callbacks(world, mark)))
            return await _quick(*args, **kwargs)

        monkeypatch.setattr(service, name, slow)
    return answered


COMMANDS = {  # what each reads (the server's language first), its options, its title
    "scoreboard": (("guild_language", "scoreboard"), {"game": "bete"}, "Scoreboard"),
    "betes": (("guild_language", "register"), {"game": "bete"}, "Register of bêtes"),
    "stats": (("guild_language", "player_reviews"), {}, "La Bête"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("slow", [False, True], ids=["quick", "slow"])
async def test_a_command_reading_the_database_is_deferred_in_time_when_it_is_slow(
    world: World, monkeypatch: pytest.MonkeyPatch, command: str, slow: bool
) -> None:
    assert ANSWER_WAIT < SLOW < 3.0
    await world.bot.service.guild_language(world.guild.id, "en")
    await played_and_reviewed(world)
    names, options, title = COMMANDS[command]
    answered = slowed(world, monkeypatch, names) if slow else []
    mark = len(world.env.http_requests)
    answer = await world.members[0].slash(world.channel, command, **options)
    await world.env.settle()
    assert not world.env.errors
    assert len(callbacks(world, mark)) == 1  # one first response, then the answer
    if slow:  # deferred before the read came back, so within Discord's three seconds
        assert answered and all(answered), answered
        assert callbacks(world, mark)[0].json["type"] == 5
    embeds = answer.response.embeds
    assert embeds and title in str(embeds[0].title), answer.response

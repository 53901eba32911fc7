"""Background reviews through the real bot: a hand of each game played at a table with
a computer player, then, once the server asked for it, its people's seats reviewed and
stored while the bot is idle, never the computer's, and nothing while a table is busy
(a computer player to move, or a turn a moment ago)."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest

from bot.game import TableGame
from bot.teacher.background import CALM, BackgroundReviews, tables_idle
from bot.teacher.reviewer import Reviewer, inline_review
from bot.texts.i18n import t
from tests.cogs.conftest import World
from tests.cogs.helpers import live
from tests.vocabulary import offered_games

MOVES = 2000  # at most, in one deal


async def left(world: World) -> list[tuple[int, int]]:
    async with world.bot.db.reading() as store:
        seats = await store.reviews.unreviewed_seats(world.guild.id, "ai:", 100)
    return [(s.hand_id, s.seat) for s in seats]


@pytest.mark.parametrize("game", offered_games(), ids=lambda game: game.id)
async def test_the_people_of_a_hand_are_reviewed_when_the_bot_is_idle(
    world: World, game: TableGame
) -> None:
    rng = random.Random(zlib.crc32(game.id.encode()))
    sud = world.members[0]
    await sud.slash(world.channel, f"table new {game.command.name}", computers=1, level="fair")
    for member in world.members[1 : game.min_seats - 1]:
        await member.click(world.table_message(), label=t("en", "btn.join"))
    await sud.click(world.table_message(), label=t("en", "btn.start"))
    table = live(world)
    service = world.bot.service
    service.ai_pause = 0.01  # a deal is long: the computer player hurries
    members = {str(m.id): m for m in world.members}
    later = table.turn_started + 24 * 3600  # long after any turn: only a move pending counts
    seen: list[bool] = []  # whether the bot looked idle while the computer player decided
    decide = service.decider

    async def watched(game_id: str, level: str, view: Any, seed: int) -> Any:
        seen.append(tables_idle(service.tables.values(), later))
        return await decide(game_id, level, view, seed)

    service.decider = watched
    for _ in range(MOVES):
        if table.between_hands:
            break
        seat = table.state.turn
        assert table.seats[seat].human  # the computer player moves within a person's command
        assert tables_idle(service.tables.values(), later)  # a person to move: nothing to do
        member = members[table.seats[seat].player]
        choices = await member.autocomplete(world.channel, "play", "move", "")
        await member.slash(world.channel, "play", move=rng.choice(choices)["value"])
    assert table.between_hands
    assert seen and not any(seen)  # a computer player's move pending: busy
    assert not world.env.errors
    computer = next(i for i, s in enumerate(table.seats) if not s.human)
    people = [i for i, s in enumerate(table.seats) if s.human]

    await service.set_auto_review(world.guild.id, True)
    moment = [table.turn_started + 1]  # a second after the hand's last move
    reviewer = Reviewer(world.bot.db, inline_review, budget=1)
    background = BackgroundReviews(
        world.bot.db, reviewer.review_seat, service.tables, clock=lambda: moment[0]
    )
    (hand,) = {h for h, _ in await left(world)}
    assert sorted(s for _, s in await left(world)) == people  # the computer's is not left
    assert await background.review_next() is None  # people were playing a moment ago
    assert len(await left(world)) == len(people)

    moment[0] = table.turn_started + CALM + 1
    done = []
    while (seat := await background.review_next()) is not None:
        done.append(seat.seat)
    assert sorted(done) == people and await left(world) == []
    async with world.bot.db.reading() as store:
        for seat in people:
            review = await store.reviews.review(hand, seat)
            assert review is not None and review.game == game.id
            assert review.player == table.seats[seat].player
        assert await store.reviews.review(hand, computer) is None

    held = world.bot.background_reviews  # the bot's own, on its live tables
    assert held is not None and held.tables is service.tables and held.running
